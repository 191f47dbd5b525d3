import { user as userCalls } from '../api/ums/user'
import { SERVER_CLOCK_TICK_MS, useStore } from '../store'

/**
 * The server clock (SPEC.md section 4): fetched from `timestamp`, then ticked locally every
 * 1000 ms. Starting it again re-reads the server's time and keeps the one ticker.
 */
let ticker: ReturnType<typeof setInterval> | null = null

export async function startServerClock(): Promise<number> {
  const res = await userCalls.user.timestamp(undefined, { lock: true })
  const serverMs = Number(res.data)
  useStore.getState().setServerTime(serverMs)
  if (!ticker) ticker = setInterval(() => useStore.getState().tickServerTime(), SERVER_CLOCK_TICK_MS)
  return serverMs
}

export function stopServerClock(): void {
  if (ticker) clearInterval(ticker)
  ticker = null
}
