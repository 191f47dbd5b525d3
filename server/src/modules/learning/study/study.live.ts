import { beijingMinute, shanghaiDate, shanghaiDayStart } from '../../../lib/time-range.ts'
import crypto from 'node:crypto'
import type { Executor } from '../../../db/types.ts'
import { escapeHtml } from '../../../lib/html.ts'
import { HEARTBEAT_SECONDS, LiveStatus } from '../../../wire.ts'
import {
  createDateRangeError,
  createLiveEndedError,
  createLiveNotFoundError,
  createLiveNotStartedError,
  createLiveRoomTokenError,
  createNoPlaybackError,
} from './study.errors.ts'
import { liveStatus } from '../courses/index.ts'
import { createStudyRepository } from './study.repository.ts'
import { addDays, applyReport, attendanceThresholdMs, liveCredit, progressAnswer, seconds } from './study.rules.ts'
import { mediaUrl } from './study.service.ts'

/** The room opens this long before the class starts. */
export const ENTER_BEFORE_MS = 15 * 60_000
/** The local room's link stays valid this long after the class ends. */
const ROOM_TOKEN_GRACE_S = 3600
const RANGE_MAX_DAYS = 92

/** The student's live classes between two Asia/Shanghai days (default a week ago to a month ahead), earliest first. */
export async function liveSchedule({
  db,
  studentId,
  from,
  to,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  from?: string
  to?: string
  now?: Date
}) {
  const today = shanghaiDate(now)
  const first = from ?? (to ? addDays(to, -37) : addDays(today, -7))
  const last = to ?? addDays(first, 37)
  if (first > last || addDays(first, RANGE_MAX_DAYS) < last) throw createDateRangeError()
  const rows = await createStudyRepository({ db }).liveSchedule({
    studentId,
    from: shanghaiDayStart(first),
    to: shanghaiDayStart(addDays(last, 1)),
  })
  return rows.map((r) => {
    const status = liveStatus(r, now)
    const a = r.attendance
    return {
      id: r.id,
      courseId: r.courseId,
      courseTitle: r.courseTitle,
      title: r.title,
      teacher: r.teacher,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      status,
      watched: seconds(a?.liveMs ?? 0),
      attended: !!a?.attendedAt,
      playback:
        status === LiveStatus.ended && r.playbackKey
          ? { duration: r.playbackDuration ?? 0, position: seconds(a?.positionMs ?? 0), finished: !!a?.finishedAt }
          : null,
    }
  })
}

async function liveOf(db: Executor, studentId: number, liveId: number) {
  const live = await createStudyRepository({ db }).liveForStudent({ studentId, liveId })
  if (!live) throw createLiveNotFoundError()
  return live
}

const hmac = (secret: string, text: string) => crypto.createHmac('sha256', secret).update(text).digest('base64url')

/** The local stand-in room's token: the student, an expiry (unix s) and their signature. */
export function roomToken({ secret, liveId, studentId, expires }: { secret: string; liveId: number; studentId: number; expires: number }) {
  return `${studentId}.${expires}.${hmac(secret, `live-room\n${liveId}\n${studentId}\n${expires}`)}`
}

/** Whether a room token opens live class `liveId` now. */
export function checkRoomToken({ secret, liveId, token, now = new Date() }: { secret: string; liveId: number; token: string; now?: Date }) {
  const [uid, exp, sig] = token.split('.')
  const studentId = Number(uid)
  const expires = Number(exp)
  if (!sig || !Number.isInteger(studentId) || !Number.isInteger(expires) || expires * 1000 < now.getTime()) return false
  const expected = Buffer.from(roomToken({ secret, liveId, studentId, expires }))
  const given = Buffer.from(token)
  return expected.length === given.length && crypto.timingSafeEqual(expected, given)
}

/**
 * The live room's address, from 15 minutes before the start until the end: the class's own room
 * address or the configured provider template ({room} the class, {uid} the student, {sig} their
 * HMAC under APP_SECRET, for the provider to check), else the local stand-in room.
 */
export async function enterLive({
  db,
  studentId,
  liveId,
  secret,
  providerUrl,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  liveId: number
  secret: string
  providerUrl: string | undefined
  now?: Date
}) {
  const live = await liveOf(db, studentId, liveId)
  if (now.getTime() < live.startsAt.getTime() - ENTER_BEFORE_MS) throw createLiveNotStartedError()
  if (now >= live.endsAt) throw createLiveEndedError()
  const template = live.roomUrl ?? providerUrl
  if (template) {
    const fill: Record<string, string> = {
      room: String(live.id),
      uid: String(studentId),
      sig: hmac(secret, `live-provider\n${live.id}\n${studentId}`),
    }
    return { url: template.replace(/\{(room|uid|sig)\}/g, (_, k: string) => encodeURIComponent(fill[k]!)) }
  }
  const expires = Math.ceil(live.endsAt.getTime() / 1000) + ROOM_TOKEN_GRACE_S
  return { url: `/live/room/${live.id}?t=${roomToken({ secret, liveId: live.id, studentId, expires })}` }
}

/**
 * The live room's heartbeat: time in the room counts only while the class is live, on the
 * student's one clock (so a second device or tab adds nothing); attended once it reaches half the
 * scheduled length, which also finishes the class's sections. In one transaction.
 */
export async function watchLive({
  db,
  studentId,
  liveId,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  liveId: number
  now?: Date
}) {
  const live = await liveOf(db, studentId, liveId)
  return db.transaction(async (tx) => {
    const repo = createStudyRepository({ db: tx })
    const clock = await repo.lockClock({ studentId })
    const before = await repo.attendance({ studentId, liveId })
    const addedMs = liveCredit({
      roomReportAt: before?.liveReportAt ?? null,
      clockReportAt: clock.lastReportAt,
      startsAt: live.startsAt,
      endsAt: live.endsAt,
      now,
    })
    const liveMs = (before?.liveMs ?? 0) + addedMs
    const attends = !before?.attendedAt && liveMs >= attendanceThresholdMs(live.startsAt, live.endsAt)
    const row = await repo.saveLiveTime({ studentId, liveId, addedMs, attendedAt: attends ? now : null, now })
    await repo.addStudyTime({ studentId, day: shanghaiDate(now), ms: addedMs })
    if (attends) await finishLiveSections({ tx, studentId, live, now })
    await repo.tickClock({ studentId, now })
    return { watched: seconds(row.liveMs), attended: row.attendedAt !== null }
  })
}

/** The class's sections are finished (attended, or its playback watched); the enrolment's count follows. */
async function finishLiveSections({
  tx,
  studentId,
  live,
  now,
}: {
  tx: Executor
  studentId: number
  live: { id: number; courseId: number; enrolmentId: number }
  now: Date
}) {
  const repo = createStudyRepository({ db: tx })
  const sections = (await repo.liveSections({ liveId: live.id })).filter((s) => s.courseId === live.courseId)
  const newly = await repo.finishSections({ studentId, sections, now })
  if (newly > 0)
    return repo.touchEnrolment({ enrolmentId: live.enrolmentId, studentId, courseId: live.courseId, sectionId: null, recount: true, now })
  return undefined
}

function checkPlayback(
  live: { endsAt: Date; playbackKey: string | null },
  now: Date,
): asserts live is { endsAt: Date; playbackKey: string } {
  if (now < live.endsAt || !live.playbackKey) throw createNoPlaybackError()
}

/** A finished class's playback for the player, with the student's progress on it. */
export async function openPlayback({
  db,
  studentId,
  liveId,
  secret,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  liveId: number
  secret: string
  now?: Date
}) {
  const live = await liveOf(db, studentId, liveId)
  checkPlayback(live, now)
  const a = live.attendance
  return {
    id: live.id,
    title: live.title,
    courseTitle: live.courseTitle,
    duration: live.playbackDuration ?? 0,
    url: mediaUrl(secret, live.playbackKey, now),
    position: seconds(a?.positionMs ?? 0),
    furthest: seconds(a?.furthestMs ?? 0),
    watched: seconds(a?.watchedMs ?? 0),
    finished: !!a?.finishedAt,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  }
}

/** The playback's heartbeat: the section rules, on the student's one clock. */
export async function reportPlayback({
  db,
  studentId,
  liveId,
  position,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  liveId: number
  /** Seconds. */
  position: number
  now?: Date
}) {
  const live = await liveOf(db, studentId, liveId)
  checkPlayback(live, now)
  return db.transaction(async (tx) => {
    const repo = createStudyRepository({ db: tx })
    const clock = await repo.lockClock({ studentId })
    const before = await repo.attendance({ studentId, liveId })
    const out = applyReport(
      before && {
        positionMs: before.positionMs,
        furthestMs: before.furthestMs,
        watchedMs: before.watchedMs,
        finished: before.finishedAt !== null,
        lastReportAt: before.lastReportAt,
      },
      {
        positionMs: position * 1000,
        durationSeconds: live.playbackDuration ?? 0,
        noSkip: live.noSkip,
        clockReportAt: clock.lastReportAt,
        now,
      },
    )
    await repo.savePlayback({
      studentId,
      liveId,
      positionMs: out.positionMs,
      furthestMs: out.furthestMs,
      watchedMs: out.watchedMs,
      finishedAt: out.finished ? (before?.finishedAt ?? now) : null,
      now,
    })
    await repo.addStudyTime({ studentId, day: shanghaiDate(now), ms: out.addedMs })
    const recounted = out.newlyFinished ? await finishLiveSections({ tx, studentId, live, now }) : undefined
    await repo.tickClock({ studentId, now })
    return progressAnswer(out, recounted ?? live.finishedCount, live.sectionCount)
  })
}

const minute = beijingMinute

/** The local stand-in live room (no live provider configured): the class's title, teacher and state. */
export function liveRoomHtml(live: { title: string; teacher: string; courseTitle: string; startsAt: Date; endsAt: Date }, now: Date) {
  const status = liveStatus(live, now)
  const state =
    status === LiveStatus.live
      ? '直播进行中（本地演示直播间）'
      : status === LiveStatus.notStarted
        ? '直播即将开始，请稍候'
        : '直播已结束，请观看回放'
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(live.title)}</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#111;color:#f5f5f5}
main{padding:24px 16px;text-align:center}
.screen{margin:16px auto;max-width:640px;aspect-ratio:16/9;background:#222;border-radius:8px;display:flex;align-items:center;justify-content:center;font-size:18px}
h1{font-size:20px;margin:0 0 8px}
p{margin:4px 0;color:#d9d9d9}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(live.title)}</h1>
<p>${escapeHtml(live.courseTitle)}${live.teacher ? ` · 主讲：${escapeHtml(live.teacher)}` : ''}</p>
<p>${minute(live.startsAt)} – ${minute(live.endsAt).slice(11)}</p>
<div class="screen" role="status">${state}</div>
</main>
</body>
</html>
`
}

/** The local room page: the token must be the one enterForClient gave this student for this class. */
export async function openLiveRoom({
  db,
  liveId,
  token,
  secret,
  now = new Date(),
}: {
  db: Executor
  liveId: number
  token: string
  secret: string
  now?: Date
}) {
  if (!checkRoomToken({ secret, liveId, token, now })) throw createLiveRoomTokenError()
  const studentId = Number(token.split('.')[0])
  const live = await createStudyRepository({ db }).liveForStudent({ studentId, liveId })
  if (!live) throw createLiveRoomTokenError()
  return liveRoomHtml(live, now)
}
