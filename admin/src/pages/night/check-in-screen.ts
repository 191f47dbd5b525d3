/**
 * The room screen's check-in code (投屏签到码): when to ask the server for the next code, how many
 * seconds the shown one has left, and when a code still on screen no longer checks anyone in. The
 * screen counts by the server's clock (a room PC's clock may be minutes off): the offset between
 * the two is measured at each answer.
 */
import type { NightScreenCode } from '../../api/night'

/** After a failed call, the next try. */
export const RETRY_MS = 3000
/** Asked this long after the window ends, so the server surely gives the next code. */
export const AFTER_CHANGE_MS = 300

export type ScreenShown = Pick<NightScreenCode, 'code' | 'changesAt' | 'serverTime' | 'periodSeconds'>

/** The server's clock minus this browser's, from an answer received between `sentAt` and `receivedAt` (local ms). */
export function clockOffset(serverTime: string, sentAt: number, receivedAt: number): number {
  return Date.parse(serverTime) - (sentAt + receivedAt) / 2
}

/** Whole seconds until the shown code changes (what the countdown says), never below 0. */
export function secondsLeft(shown: ScreenShown, offsetMs: number, localNow: number): number {
  return Math.max(0, Math.ceil((Date.parse(shown.changesAt) - (localNow + offsetMs)) / 1000))
}

/** The part of the window left, 0-100 (the countdown's ring). */
export function percentLeft(shown: ScreenShown, offsetMs: number, localNow: number): number {
  const left = Date.parse(shown.changesAt) - (localNow + offsetMs)
  return Math.min(100, Math.max(0, (left / (shown.periodSeconds * 1000)) * 100))
}

/** Milliseconds (local) until the next code is to be asked for. */
export function refreshDelay(shown: ScreenShown, offsetMs: number, localNow: number): number {
  return Math.max(0, Date.parse(shown.changesAt) + AFTER_CHANGE_MS - (localNow + offsetMs))
}

/**
 * Whether the shown code is past checking anyone in (the server takes a code in its window and the
 * next one): the screen must not go on showing it when the server cannot be reached.
 */
export function stale(shown: ScreenShown, offsetMs: number, localNow: number): boolean {
  return localNow + offsetMs >= Date.parse(shown.changesAt) + shown.periodSeconds * 1000
}

/** 123456 as "123 456": read aloud and copied in two halves. */
export const spacedCode = (code: string): string => (code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code)
