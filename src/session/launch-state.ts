/**
 * Whether the launch-time session work (mini-program automatic login, WeChat code exchange) has
 * finished. The guard waits for it before sending anyone to the login page, so a person who is
 * about to be signed in automatically never sees that page flash by.
 */
let settled: Promise<void> = Promise.resolve()

export function settleLaunch(work: Promise<unknown>): Promise<void> {
  settled = work.then(
    () => undefined,
    () => undefined,
  )
  return settled
}

export function launchSettled(): Promise<void> {
  return settled
}
