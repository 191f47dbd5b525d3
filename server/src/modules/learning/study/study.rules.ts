import { HEARTBEAT_SECONDS } from '../../../wire.ts'

/**
 * The progress rules the server owns (contract 23, "Progress rules"), as pure functions over
 * milliseconds. The heartbeat services apply them under the student's clock lock.
 */

export const HEARTBEAT_MS = HEARTBEAT_SECONDS * 1000
/** The most one report can credit, and the longest gap after which a report starts afresh (credits 0). */
export const MAX_CREDIT_MS = 2 * HEARTBEAT_MS
/** noSkip: how far past the furthest point a report may be (one heartbeat and a half of playing). */
export const NO_SKIP_SLACK_MS = HEARTBEAT_MS * 1.5

/**
 * The jitter tolerance of "finished": a section is finished once watched time reaches its length
 * less min(10 s, 2 % of it rounded up to a second). Heartbeats are sampled every 10 s and the
 * first report of a viewing credits nothing, so a viewing straight through falls a little short
 * of the exact length.
 */
export function finishThresholdMs(durationSeconds: number): number {
  const tolerance = Math.min(10, Math.ceil(durationSeconds * 0.02))
  return Math.max(0, (durationSeconds - tolerance) * 1000)
}

export interface Progress {
  positionMs: number
  furthestMs: number
  watchedMs: number
  finished: boolean
  /** This row's last report (null: never reported). */
  lastReportAt: Date | null
}

export interface Report {
  /** The position reported, ms (clamped to [0, duration]). */
  positionMs: number
  durationSeconds: number
  /** The course rule 首次观看禁止拖动. */
  noSkip: boolean
  /** The student's clock: their last report of anything (section, playback, live room). */
  clockReportAt: Date | null
  now: Date
}

export interface Outcome extends Omit<Progress, 'lastReportAt'> {
  /** ms credited by this report. */
  addedMs: number
  /** It became finished with this report. */
  newlyFinished: boolean
}

/**
 * One report on a section (or a playback): credit = min(real time since the student's last
 * report, position advance since this row's last position, 2 heartbeats), never < 0, and 0 for the
 * first report of a viewing (no earlier report of this row within 2 heartbeats). A replayed report
 * advances nothing; an accelerated one is held to real time. watched and furthest never decrease;
 * the position is the last reported one, except that with noSkip on a first viewing a position
 * beyond furthest + 1.5 heartbeats is answered with furthest (the player seeks back).
 */
export function applyReport(prev: Progress | undefined, r: Report): Outcome {
  const durationMs = r.durationSeconds * 1000
  let positionMs = Math.max(0, durationMs > 0 ? Math.min(r.positionMs, durationMs) : r.positionMs)
  const before: Progress = prev ?? { positionMs: 0, furthestMs: 0, watchedMs: 0, finished: false, lastReportAt: null }
  if (r.noSkip && !before.finished && positionMs > before.furthestMs + NO_SKIP_SLACK_MS) positionMs = before.furthestMs

  const now = r.now.getTime()
  const sinceRow = before.lastReportAt ? now - before.lastReportAt.getTime() : Infinity
  const sinceClock = r.clockReportAt ? now - r.clockReportAt.getTime() : Infinity
  const fresh = sinceRow > MAX_CREDIT_MS
  const addedMs = fresh ? 0 : Math.max(0, Math.round(Math.min(sinceClock, positionMs - before.positionMs, MAX_CREDIT_MS)))

  const watchedMs = before.watchedMs + addedMs
  const finished = before.finished || watchedMs >= finishThresholdMs(r.durationSeconds)
  return {
    positionMs: Math.round(positionMs),
    furthestMs: Math.round(Math.max(before.furthestMs, positionMs)),
    watchedMs,
    finished,
    addedMs,
    newlyFinished: finished && !before.finished,
  }
}

/**
 * Live-room time: the same one clock (real time since the student's last report, at most 2
 * heartbeats, 0 for the first report of a stay), counted only while the class is live.
 */
export function liveCredit({
  roomReportAt,
  clockReportAt,
  startsAt,
  endsAt,
  now,
}: {
  roomReportAt: Date | null
  clockReportAt: Date | null
  startsAt: Date
  endsAt: Date
  now: Date
}): number {
  const t = now.getTime()
  if (t < startsAt.getTime() || t >= endsAt.getTime()) return 0
  if (!roomReportAt || t - roomReportAt.getTime() > MAX_CREDIT_MS) return 0
  const sinceClock = clockReportAt ? t - clockReportAt.getTime() : Infinity
  return Math.max(0, Math.round(Math.min(sinceClock, MAX_CREDIT_MS, t - startsAt.getTime())))
}

/** Attended once live time reaches half the scheduled length. */
export const attendanceThresholdMs = (startsAt: Date, endsAt: Date) => (endsAt.getTime() - startsAt.getTime()) / 2

/** A course's progress: finished sections over all, percent 0..100 (100 only when all are done). */
export function courseProgress(finished: number, total: number) {
  const f = Math.min(finished, total)
  return { finished: f, total, percent: total > 0 ? Math.floor((f * 100) / total) : 0 }
}

/** A report's answer to the player (seconds), with the course's progress after it. */
export function progressAnswer(out: Outcome, courseFinished: number, courseSections: number) {
  return {
    position: seconds(out.positionMs),
    furthest: seconds(out.furthestMs),
    watched: seconds(out.watchedMs),
    finished: out.finished,
    added: seconds(out.addedMs),
    course: courseProgress(courseFinished, courseSections),
  }
}

/** The day `n` days after a 'YYYY-MM-DD' day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
}

export const seconds = (ms: number) => ms / 1000
