/** Test-only: jest's fake timers for the clock a page reads, every other timer real (the pages' tests). */

type FakeTimersConfig = Extract<NonNullable<Parameters<typeof jest.useFakeTimers>[0]>, { doNotFake?: unknown }>
type Fakeable = NonNullable<FakeTimersConfig['doNotFake']>[number]
const TIMERS: Fakeable[] = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
]

/**
 * Fake timers for the clock only (Date, at `now`; moved with jest.setSystemTime), and for the
 * `also` ones: every other timer runs for real, so the pages' calls and the waits go on.
 */
export function clockOnly(now: number, also: Fakeable[] = []): FakeTimersConfig {
  return { now, doNotFake: TIMERS.filter((name) => !also.includes(name)) }
}
