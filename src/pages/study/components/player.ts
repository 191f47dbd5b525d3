/**
 * The player's rules, apart from the page: where to resume, when to report (the heartbeat), and
 * when to take the person back (a course that forbids dragging past the furthest point on a first
 * viewing). The server owns progress: the player only reports positions and follows its answers.
 */

/** timeupdate comes every 250 ms or so: a step longer than this is a drag (or a skip), not playing on. */
export const SEEK_JUMP_SECONDS = 2

/** An answer this far behind what was reported means the server did not accept the position. */
export const REFUSED_BY_SECONDS = 1

/** Resuming this close to the end starts again from the beginning. */
export const RESTART_NEAR_END_SECONDS = 3

export const NO_SKIP_TEXT = '首次观看不能快进'

/** Where to start: the saved position, or the beginning when it is at (or next to) the end. */
export function resumeAt({ position, duration }: { position: number; duration: number }): number {
  if (!(position > 0)) return 0
  if (duration > 0 && position >= duration - RESTART_NEAR_END_SECONDS) return 0
  return position
}

/** What the player tracks between timeupdates. */
export interface PlayerTrack {
  /** The last position timeupdate gave (or the resume point). */
  at: number
  /** How far this viewing may go without a drag being taken back (with noSkip). */
  furthest: number
  /** When the last report went (ms), null before the first. */
  sentAt: number | null
  /** The rule holds: the course forbids dragging ahead and the section is not finished yet. */
  noSkip: boolean
}

export function startTrack(play: { position: number; duration: number; furthest: number; noSkip: boolean }): PlayerTrack {
  const at = resumeAt(play)
  return { at, furthest: Math.max(play.furthest, at), sentAt: null, noSkip: play.noSkip }
}

export type TimeStep =
  /** Nothing to do. */
  | { kind: 'none' }
  /** A heartbeat is due: report `position`. */
  | { kind: 'report'; position: number }
  /** A drag past the furthest point under noSkip: seek back to `to` and say why. */
  | { kind: 'seekBack'; to: number }

/**
 * One timeupdate while playing: a drag beyond the furthest point is taken back at once (the
 * server would refuse it anyway); playing on moves the furthest point along; a heartbeat is due
 * every `heartbeatSeconds` of real time since the last report.
 */
export function onTime(
  track: PlayerTrack,
  position: number,
  now: number,
  heartbeatSeconds: number,
): { track: PlayerTrack; step: TimeStep } {
  const jumped = position - track.at > SEEK_JUMP_SECONDS
  if (track.noSkip && jumped && position > track.furthest + REFUSED_BY_SECONDS) {
    return { track: { ...track, at: track.furthest }, step: { kind: 'seekBack', to: track.furthest } }
  }
  const furthest = jumped && track.noSkip ? track.furthest : Math.max(track.furthest, position)
  const next = { ...track, at: position, furthest }
  if (track.sentAt === null || now - track.sentAt >= heartbeatSeconds * 1000) {
    return { track: { ...next, sentAt: now }, step: { kind: 'report', position } }
  }
  return { track: next, step: { kind: 'none' } }
}

/** A report sent now, outside the heartbeat (play, pause, end, the page hidden). */
export function reported(track: PlayerTrack, position: number, now: number): PlayerTrack {
  return { ...track, at: position, sentAt: now }
}

/** What the server answered a report with (ProgressAnswer's part the player follows). */
export interface ReportAnswer {
  position: number
  furthest: number
  finished: boolean
}

/**
 * After the server's answer to a report of `sent`: under noSkip, an answer behind what was sent
 * means the position was not accepted, and the player goes back to it. A finished section lifts
 * the rule (it may be dragged freely on later viewings).
 */
export function afterAnswer(track: PlayerTrack, sent: number, answer: ReportAnswer): { track: PlayerTrack; seekTo: number | null } {
  const refused = track.noSkip && answer.position < sent - REFUSED_BY_SECONDS
  const noSkip = track.noSkip && !answer.finished
  if (refused && !answer.finished) {
    return { track: { ...track, at: answer.position, furthest: answer.furthest, noSkip }, seekTo: answer.position }
  }
  return { track: { ...track, furthest: Math.max(track.furthest, answer.furthest), noSkip }, seekTo: null }
}

/** 5:07, 1:02:03: a duration or position as a player shows it. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`
}

/** Study time as a person reads it: 0分钟, 25分钟, 1小时5分钟. */
export function formatStudyTime(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60)
  if (minutes < 60) return `${minutes}分钟`
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return m ? `${h}小时${m}分钟` : `${h}小时`
}

/** A section's progress line: 已学完, or how much of it was watched. */
export function watchedText({ watched, duration, finished }: { watched: number; duration: number; finished: boolean }): string {
  if (finished) return '已学完'
  if (!(watched > 0)) return '未学习'
  return duration > 0 ? `已学 ${Math.min(99, Math.floor((watched / duration) * 100))}%` : `已学 ${formatClock(watched)}`
}
