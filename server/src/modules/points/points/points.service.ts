import { and, asc, count, desc, eq, gt, lte, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { fileUrl, type Storage } from '../../../gateways/storage/index.ts'
import { PointsApplicationStatus, PointsRecordType, PointsWayKind } from '../../../wire.ts'
import { recordPointsApplicationResult } from '../../platform/index.ts'
import { cluesView } from '../../partner-programme/index.ts'
import { partnersView } from '../../partner-programme/index.ts'
import { studentRecipients, studentsView } from '../../roll/index.ts'
import {
  createAdjustBelowZeroError,
  createApplicationNotFoundError,
  createApplicationReviewedError,
  createCheckedInError,
  createDailyCapError,
  createImageNotFoundError,
  createLevelNotFoundError,
  createNotOfflineWayError,
  createStudentNotFoundError,
  createWayDisabledError,
  createWayInUseError,
  createWayNotFoundError,
} from './points.errors.ts'
import { shanghaiDate } from '../../../lib/time-range.ts'
import { applyChange, earnedToday, hasRecord, lockAccount, type Ref } from './points.ledger.ts'
import { pointsAccounts, pointsApplications, pointsLevels, pointsRecords, pointsWays } from './points.table.ts'

export type WayRow = typeof pointsWays.$inferSelect
export type LevelRow = typeof pointsLevels.$inferSelect

/** Study time earns a way's points once per this many minutes studied in a day. */
export const STUDY_MINUTES_PER_AWARD = 30

export const toWay = (w: WayRow) => ({
  id: w.id,
  kind: w.kind as PointsWayKind,
  name: w.name,
  points: w.points,
  dailyCap: w.dailyCap,
  enabled: w.enabled,
  description: w.description,
  updatedAt: w.updatedAt.toISOString(),
})
export const toLevel = (l: LevelRow) => ({ id: l.id, name: l.name, minPoints: l.minPoints })

export async function wayOfKind(db: Executor, kind: PointsWayKind) {
  const [way] = await db.select().from(pointsWays).where(eq(pointsWays.kind, kind)).limit(1)
  return way
}

/** The level of some lifetime points and the next one up (null at the top or with no levels). */
export async function levelOf(db: Executor, lifetime: number) {
  const [level] = await db
    .select()
    .from(pointsLevels)
    .where(lte(pointsLevels.minPoints, lifetime))
    .orderBy(desc(pointsLevels.minPoints))
    .limit(1)
  const [next] = await db
    .select()
    .from(pointsLevels)
    .where(gt(pointsLevels.minPoints, lifetime))
    .orderBy(asc(pointsLevels.minPoints))
    .limit(1)
  return { level: level ? toLevel(level) : null, nextLevel: next ? toLevel(next) : null }
}

/** 我的积分: balance, lifetime, level (and the next), and today's ways with how often each was done. */
export async function pointsSummary({ db, studentId, now = new Date() }: { db: Executor; studentId: number; now?: Date }) {
  const [account] = await db.select().from(pointsAccounts).where(eq(pointsAccounts.studentId, studentId)).limit(1)
  const balance = account?.balance ?? 0
  const lifetime = account?.lifetime ?? 0
  const day = shanghaiDate(now)
  const ways = await db.select().from(pointsWays).where(eq(pointsWays.enabled, true)).orderBy(asc(pointsWays.id))
  const done = await db
    .select({ kind: pointsRecords.wayKind, n: count() })
    .from(pointsRecords)
    .where(and(eq(pointsRecords.studentId, studentId), eq(pointsRecords.day, day), eq(pointsRecords.type, PointsRecordType.earn)))
    .groupBy(pointsRecords.wayKind)
  const doneOf = new Map(done.map((d) => [d.kind, d.n]))
  return {
    balance,
    lifetime,
    ...(await levelOf(db, lifetime)),
    checkedInToday: (doneOf.get(PointsWayKind.checkIn) ?? 0) > 0,
    ways: ways.map((w) => ({
      id: w.id,
      kind: w.kind as PointsWayKind,
      name: w.name,
      points: w.points,
      dailyCap: w.dailyCap,
      description: w.description,
      doneToday: doneOf.get(w.kind) ?? 0,
    })),
  }
}

/**
 * Earns a way's points for one cause, in the caller's transaction (the hooks of study, exams and
 * students call this through index.ts): nothing when the way is missing or disabled, when this
 * cause already earned (a hook fired twice earns once) or when today's cap is reached. Returns the
 * record, or undefined when nothing was earned.
 */
export async function earnByWay({
  db,
  studentId,
  kind,
  ref,
  note,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  kind: PointsWayKind
  ref: Ref
  note?: string
  now?: Date
}) {
  const way = await wayOfKind(db, kind)
  if (!way || !way.enabled) return undefined
  const account = await lockAccount({ db, studentId })
  if (await hasRecord({ db, studentId, type: PointsRecordType.earn, ref })) return undefined
  if (way.dailyCap > 0 && (await earnedToday({ db, studentId, wayKind: way.kind, day: shanghaiDate(now) })) >= way.dailyCap)
    return undefined
  return applyChange({ db, account, change: way.points, type: PointsRecordType.earn, way, ref, note: note ?? way.name, now })
}

/** 每日签到: once per Asia/Shanghai day (a second: 409), one transaction. */
export async function checkIn({ db, studentId, now = new Date() }: { db: Executor; studentId: number; now?: Date }) {
  return db.transaction(async (tx) => {
    const way = await wayOfKind(tx, PointsWayKind.checkIn)
    if (!way || !way.enabled) throw createWayDisabledError()
    const day = shanghaiDate(now)
    const account = await lockAccount({ db: tx, studentId })
    if (await hasRecord({ db: tx, studentId, type: PointsRecordType.earn, ref: { type: 'checkIn', id: day } })) throw createCheckedInError()
    const record = await applyChange({
      db: tx,
      account,
      change: way.points,
      type: PointsRecordType.earn,
      way,
      ref: { type: 'checkIn', id: day },
      note: way.name,
      now,
    })
    return { points: record!.change, balance: account.balance }
  })
}

const STUDY_AWARD_MS = STUDY_MINUTES_PER_AWARD * 60_000

/** Study time (hook of the study module): each full STUDY_MINUTES_PER_AWARD minutes of a day's study earns once. */
export const earnForStudyTime = Object.assign(
  async function earnForStudyTime({
    db,
    studentId,
    day,
    dayMs,
    addedMs,
    now = new Date(),
  }: {
    db: Executor
    studentId: number
    day: string
    /** The day's study time after this report, and what this report added (ms). */
    dayMs: number
    addedMs: number
    now?: Date
  }) {
    const to = Math.floor(dayMs / STUDY_AWARD_MS)
    for (let n = Math.floor(Math.max(0, dayMs - addedMs) / STUDY_AWARD_MS) + 1; n <= to; n++)
      await earnByWay({ db, studentId, kind: PointsWayKind.studyTime, ref: { type: 'studyDay', id: `${day}#${n}` }, now })
  },
  {
    /** Whether the day's study time going from one total to another crosses a full STUDY_MINUTES_PER_AWARD (the study module asks before it opens a transaction). */
    earns: (dayMsBefore: number, dayMsAfter: number) =>
      Math.floor(dayMsAfter / STUDY_AWARD_MS) > Math.floor(Math.max(0, dayMsBefore) / STUDY_AWARD_MS),
  },
)

/** An exam passed (hook of the exams module): once per paper, however often it is passed. */
export async function earnForExamPassed({
  db,
  studentId,
  paperId,
  paperTitle,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  paperId: number
  paperTitle: string
  now?: Date
}) {
  return earnByWay({
    db,
    studentId,
    kind: PointsWayKind.examPassed,
    ref: { type: 'paper', id: paperId },
    note: `考试通过：${paperTitle}`,
    now,
  })
}

/**
 * A referral that became a student (hook of the students module, 转为学员): the partner whose clue
 * it was earns, through the student profile of the partner's account, if they have one; once per clue.
 */
export async function earnForReferral({ db, clueId, now = new Date() }: { db: Executor; clueId: number; now?: Date }) {
  const [referrer] = await db
    .select({ studentId: studentsView.id })
    .from(cluesView)
    .innerJoin(partnersView, eq(partnersView.id, cluesView.partnerId))
    .innerJoin(studentsView, eq(studentsView.accountId, partnersView.accountId))
    .where(eq(cluesView.id, clueId))
    .limit(1)
  if (!referrer) return undefined
  return earnByWay({ db, studentId: referrer.studentId, kind: PointsWayKind.referral, ref: { type: 'clue', id: clueId }, now })
}

/** 人工调整 by the office: never below 0 (422), one transaction with its audit (the caller's). */
export async function adjustPoints({
  db,
  studentId,
  change,
  note,
  adminId,
}: {
  db: Executor
  studentId: number
  change: number
  note: string
  adminId: number
}) {
  const [student] = await db
    .select({ id: studentsView.id, name: studentsView.name })
    .from(studentsView)
    .where(eq(studentsView.id, studentId))
    .limit(1)
  if (!student) throw createStudentNotFoundError()
  const account = await lockAccount({ db, studentId })
  const record = await applyChange({ db, account, change, type: PointsRecordType.adjust, note, adminId })
  if (!record) throw createAdjustBelowZeroError()
  return { student, record, balance: account.balance }
}

// ---- applications (积分申请) ----

export const POINTS_KEY_PREFIX = 'points/'

/** A student's pictures must be their own uploads (`points/<yyyy>/<mm>/s<id>-…`) and still stored. */
export async function checkImages({ storage, tag, images }: { storage: Pick<Storage, 'stat'>; tag: string; images: string[] }) {
  for (const key of images) {
    if (!key.slice(key.lastIndexOf('/') + 1).startsWith(tag)) throw createImageNotFoundError()
    if (!(await storage.stat(key))) throw createImageNotFoundError()
  }
  return [...new Set(images)]
}

export const signedImages = (secret: string, keys: string[]) => keys.map((key) => ({ key, url: fileUrl({ secret, key }) }))

/** A student applies for an offline way's points (待审核); at most the way's daily cap a day (refused ones not counted). */
export async function applyForPoints({
  db,
  storage,
  studentId,
  input,
  now = new Date(),
}: {
  db: Executor
  storage: Pick<Storage, 'stat'>
  studentId: number
  input: { wayId: number; description: string; images?: string[] }
  now?: Date
}) {
  const images = await checkImages({ storage, tag: `s${studentId}-`, images: input.images ?? [] })
  return db.transaction(async (tx) => {
    const [way] = await tx.select().from(pointsWays).where(eq(pointsWays.id, input.wayId)).limit(1)
    if (!way) throw createWayNotFoundError()
    if (way.kind !== PointsWayKind.offline) throw createNotOfflineWayError()
    if (!way.enabled) throw createWayDisabledError()
    const day = shanghaiDate(now)
    await lockAccount({ db: tx, studentId })
    if (way.dailyCap > 0) {
      const [n] = await tx
        .select({ n: count() })
        .from(pointsApplications)
        .where(
          and(
            eq(pointsApplications.studentId, studentId),
            eq(pointsApplications.wayId, way.id),
            eq(pointsApplications.day, day),
            ne(pointsApplications.status, PointsApplicationStatus.refused),
          ),
        )
      if ((n?.n ?? 0) >= way.dailyCap) throw createDailyCapError()
    }
    const [row] = await tx
      .insert(pointsApplications)
      .values({
        studentId,
        wayId: way.id,
        description: input.description,
        images,
        status: PointsApplicationStatus.pending,
        day,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    return row!
  })
}

/**
 * The office reviews an application in the caller's transaction (locked; reviewed already: 409):
 * approved earns the way's points now (once: the application is the record's ref), refused keeps
 * a note; the student gets a message (积分申请结果) either way.
 */
export async function reviewApplication({
  db,
  id,
  approve,
  note,
  adminId,
  now = new Date(),
}: {
  db: Executor
  id: number
  approve: boolean
  note?: string
  adminId: number
  now?: Date
}) {
  const [app] = await db.select().from(pointsApplications).where(eq(pointsApplications.id, id)).for('update')
  if (!app) throw createApplicationNotFoundError()
  if (app.status !== PointsApplicationStatus.pending) throw createApplicationReviewedError()
  const [way] = await db.select().from(pointsWays).where(eq(pointsWays.id, app.wayId)).limit(1)
  let points: number | null = null
  if (approve) {
    const account = await lockAccount({ db, studentId: app.studentId })
    const record = await applyChange({
      db,
      account,
      change: way!.points,
      type: PointsRecordType.earn,
      way: way!,
      ref: { type: 'application', id: app.id },
      note: `${way!.name}${note ? `：${note}` : ''}`,
      adminId,
      now,
    })
    points = record!.change
  }
  const status = approve ? PointsApplicationStatus.approved : PointsApplicationStatus.refused
  const [updated] = await db
    .update(pointsApplications)
    .set({ status, points, note: note ?? null, reviewedBy: adminId, reviewedAt: now, updatedAt: now })
    .where(eq(pointsApplications.id, id))
    .returning()
  await recordPointsApplicationResult({
    tx: db,
    application: { id: app.id, wayName: way!.name, approved: approve, points, note: note ?? null },
    recipients: recipientOf(db, app.studentId),
    now,
  })
  return { ...updated!, wayName: way!.name }
}

/** The (account, partner profile) a student's messages go to. */
export function recipientOf(db: Executor, studentId: number) {
  return studentRecipients(db, eq(studentsView.id, studentId))
}

// ---- ways and levels (console) ----

export async function deleteWay({ db, id }: { db: Executor; id: number }) {
  const [way] = await db.select().from(pointsWays).where(eq(pointsWays.id, id)).for('update')
  if (!way) throw createWayNotFoundError()
  const [used] = await db.select({ id: pointsApplications.id }).from(pointsApplications).where(eq(pointsApplications.wayId, id)).limit(1)
  if (used) throw createWayInUseError()
  await db.delete(pointsWays).where(eq(pointsWays.id, id))
  return way
}

export async function deleteLevel({ db, id }: { db: Executor; id: number }) {
  const [level] = await db.delete(pointsLevels).where(eq(pointsLevels.id, id)).returning()
  if (!level) throw createLevelNotFoundError()
  return level
}

export const lifetimeOrZero = sql<number>`coalesce(${pointsAccounts.lifetime}, 0)`
