/**
 * The room screen's rotating check-in code (投屏签到码: a face-to-face session's, a night class's):
 * when to ask the server for the next code, how many seconds the shown one has left, and when a
 * code still on screen no longer checks anyone in. A screen counts by the server's clock (a phone's
 * or a room PC's may be minutes off): the offset between the two is measured at each answer.
 */

/** After a failed ask, the next try. */
export const ROOM_CODE_RETRY_MS = 3000
/** Asked this long after a window ends, so the server surely gives the next code. */
export const ROOM_CODE_AFTER_CHANGE_MS = 300

/** What every room screen's answer holds: the code, when it changes, the server's clock, the window. */
export interface RoomCode {
  code: string
  changesAt: string
  serverTime: string
  periodSeconds: number
}

/** The server's clock minus this device's, from an answer received between `sentAt` and `receivedAt` (local ms). */
export function serverClockOffset(serverTime: string, sentAt: number, receivedAt: number): number {
  return Date.parse(serverTime) - (sentAt + receivedAt) / 2
}

/** Whole seconds until the shown code changes (what the countdown says), never below 0. */
export function roomCodeSecondsLeft(shown: RoomCode, offsetMs: number, localNow: number): number {
  return Math.max(0, Math.ceil((Date.parse(shown.changesAt) - (localNow + offsetMs)) / 1000))
}

/** The part of the window left, 0-100 (a countdown ring). */
export function roomCodePercentLeft(shown: RoomCode, offsetMs: number, localNow: number): number {
  const left = Date.parse(shown.changesAt) - (localNow + offsetMs)
  return Math.min(100, Math.max(0, (left / (shown.periodSeconds * 1000)) * 100))
}

/** Milliseconds (local) until the next code is to be asked for; 0: now. */
export function roomCodeRefreshDelay(shown: RoomCode, offsetMs: number, localNow: number): number {
  return Math.max(0, Date.parse(shown.changesAt) + ROOM_CODE_AFTER_CHANGE_MS - (localNow + offsetMs))
}

/**
 * Whether the shown code is past checking anyone in (the server takes a code in its window and the
 * next one): a screen must not go on showing it when the server cannot be reached.
 */
export function roomCodeStale(shown: RoomCode, offsetMs: number, localNow: number): boolean {
  return localNow + offsetMs >= Date.parse(shown.changesAt) + shown.periodSeconds * 1000
}
