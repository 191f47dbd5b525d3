import crypto from 'node:crypto'
import { beijingDate, beijingMinute, halfDaySlot, shiftDate } from '@activity/domain'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { rotatingCodeMatches, screenCode } from '../../../lib/rotating-code.ts'
import type { SheetRow } from '../../../lib/spreadsheet.ts'
import {
  ApprovalStatus,
  ATTENDANCE_CODE_SECONDS,
  AttendanceStatus,
  AttendanceWay,
  MessageKind,
  SessionPhase,
  SettingKey,
} from '../../../wire.ts'
import {
  type Actor,
  type ApprovalKindHandler,
  type ApprovalKinds,
  approvalOf,
  approvalsOf,
  createSignInGuard,
  readSettings,
  recordAudit,
  recordTimetableMessages,
  submitApproval,
} from '../../platform/index.ts'
import { classOfStudent, createStudentsRepository, studentRecipients, studentsView } from '../students/index.ts'
import {
  createBadCodeError,
  createCheckInClosedError,
  createCheckInNotOpenError,
  createMakeUpError,
  createMakeUpLimitError,
  createNotInSessionError,
  createNotYourSessionError,
  createPlanError,
  createRollCallError,
  createSessionNotFoundError,
  createSessionStateError,
} from './attendance.errors.ts'
import { createAttendanceRepository, type Figures, type Scope, type SessionFilter, type SessionRow } from './attendance.repository.ts'
import type { PlanInput, SessionUpdateInput } from './attendance.schemas.ts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** The most sessions one plan (or one import) makes. */
export const PLAN_MAX_SESSIONS = 400
/** 补卡 may be asked for a session that ended within this many days. */
export const MAKE_UP_DAYS = 7

// ---- time: Beijing dates and clock times ----

/** The instant of a Beijing date and clock time. */
const instant = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`)
const dateOf = (d: Date) => beijingDate(d)
const timeOf = (d: Date) => beijingMinute(d).slice(11)
const addDays = shiftDate
/** 1 = Monday … 7 = Sunday. */
export const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1
/** The half-day an instant falls in (上午 before noon, Beijing). */
const slotOf = (d: Date) => halfDaySlot(dateOf(d), Number(timeOf(d).slice(0, 2)) < 12 ? '上午' : '下午')

/** Monday and Sunday of the week holding `date`. */
export function weekOf(date: string) {
  const start = addDays(date, 1 - weekdayOf(date))
  return { start, end: addDays(start, 6) }
}

// ---- the rules the office sets ----

export interface Rules {
  opensMinutes: number
  lateMinutes: number
  leaveCounted: boolean
  warnPercent: number
  warnMinSessions: number
  makeUpPerMonth: number
  holidays: Set<string>
}

export async function rulesOf(db: Executor): Promise<Rules> {
  const s = await readSettings({ db })
  return {
    opensMinutes: s[SettingKey.attendanceOpensMinutes],
    lateMinutes: s[SettingKey.attendanceLateMinutes],
    leaveCounted: s[SettingKey.attendanceLeaveCounted],
    warnPercent: s[SettingKey.attendanceWarnPercent],
    warnMinSessions: s[SettingKey.attendanceWarnMinSessions],
    makeUpPerMonth: s[SettingKey.attendanceMakeUpPerMonth],
    holidays: new Set(
      s[SettingKey.attendanceHolidays]
        .split(/[\s,，、]+/)
        .map((d) => d.trim())
        .filter(Boolean),
    ),
  }
}

const opensAt = (s: SessionRow, r: Rules) => new Date(s.startsAt.getTime() - r.opensMinutes * MINUTE)
const lateAt = (s: SessionRow, r: Rules) => new Date(s.startsAt.getTime() + r.lateMinutes * MINUTE)
const checkInOpen = (s: SessionRow, r: Rules, now: Date) => !s.cancelledAt && now >= opensAt(s, r) && now <= s.endsAt

export function phaseOf(s: SessionRow, r: Rules, now: Date): SessionPhase {
  if (s.cancelledAt) return SessionPhase.cancelled
  if (now < opensAt(s, r)) return SessionPhase.upcoming
  if (now < lateAt(s, r)) return SessionPhase.checkIn
  if (now < s.endsAt) return SessionPhase.running
  return SessionPhase.ended
}

/** How the rates are counted, said to people next to the figures. */
export const ruleOf = (r: Rules) => ({
  leaveCounted: r.leaveCounted,
  text: r.leaveCounted
    ? '应出勤 = 已结束的课次（含请假）；出勤率 =（出勤 + 迟到）÷ 应出勤；缺勤率 = 缺勤 ÷ 应出勤'
    : '应出勤 = 已结束的课次 − 请假；出勤率 =（出勤 + 迟到）÷ 应出勤；缺勤率 = 缺勤 ÷ 应出勤',
})

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : null)

/** The figures with their denominator and rates, as the rule counts them. */
export function withRates(f: Figures, r: Rules) {
  const denominator = r.leaveCounted ? f.held : f.held - f.leave
  return { ...f, denominator, attendanceRate: percent(f.present + f.late, denominator), absenceRate: percent(f.absent, denominator) }
}

// ---- the wire ----

export function toSession(row: { session: SessionRow; className: string }, r: Rules, now: Date) {
  const s = row.session
  return {
    id: s.id,
    // A class's session: every read of this module joins the class (a night class's session is the night module's).
    classId: s.classId!,
    className: row.className,
    course: s.course,
    teacherId: s.teacherId,
    teacherName: s.teacherName,
    date: dateOf(s.startsAt),
    startTime: timeOf(s.startsAt),
    endTime: timeOf(s.endsAt),
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    place: s.place,
    onlineUrl: s.onlineUrl,
    phase: phaseOf(s, r, now),
    cancelReason: s.cancelReason,
    planKey: s.planKey,
    checkInOpensAt: opensAt(s, r).toISOString(),
    lateAt: lateAt(s, r).toISOString(),
  }
}

type Cell = Awaited<ReturnType<ReturnType<typeof createAttendanceRepository>['roster']>>[number]

function countCells(cells: Pick<Cell, 'status'>[]) {
  const n = (status: AttendanceStatus) => cells.filter((c) => c.status === status).length
  return {
    total: cells.length,
    present: n(AttendanceStatus.present),
    late: n(AttendanceStatus.late),
    leave: n(AttendanceStatus.leave),
    absent: n(AttendanceStatus.absent),
    unmarked: cells.filter((c) => c.status === null).length,
  }
}

/** Sessions with their students' counts (one roster query for them all). */
async function withCounts(db: Executor, rows: Array<{ session: SessionRow; className: string }>, r: Rules, now: Date) {
  const cells = await createAttendanceRepository({ db }).roster({ sessionIds: rows.map((x) => x.session.id), now })
  const bySession = new Map<number, Cell[]>()
  for (const c of cells) bySession.set(c.sessionId, [...(bySession.get(c.sessionId) ?? []), c])
  return rows.map((row) => ({
    ...toSession(row, r, now),
    counts: countCells(row.session.cancelledAt ? [] : (bySession.get(row.session.id) ?? [])),
  }))
}

// ---- who may see and mark a session ----

/** An operator without 课表与考勤 · 查看全部 sees the sessions they teach and their classes' (the scope). */
export const scopeOf = (actor: Pick<Actor, 'id' | 'rights'>): Scope => (actor.rights.has('attendance.view') ? null : { adminId: actor.id })

type SessionWithClass = { session: SessionRow; className: string; headTeacherId: number | null }
const teachesOrHeads = (row: SessionWithClass, actor: Pick<Actor, 'id'>) =>
  row.session.teacherId === actor.id || row.headTeacherId === actor.id
const maySee = (row: SessionWithClass, actor: Pick<Actor, 'id' | 'rights'>) =>
  actor.rights.has('attendance.view') || teachesOrHeads(row, actor)
/** Roll call: the session's teacher, its class's head teacher, or 课表与考勤 · 排课与点名. */
const mayMark = (row: SessionWithClass, actor: Pick<Actor, 'id' | 'rights'>) =>
  actor.rights.has('attendance.edit') || teachesOrHeads(row, actor)

async function visibleSession(db: Executor, id: number, actor: Pick<Actor, 'id' | 'rights'>) {
  const row = await createAttendanceRepository({ db }).sessionWithClass({ id })
  if (!row) throw createSessionNotFoundError()
  if (!maySee(row, actor)) throw createNotYourSessionError()
  return row
}

// ---- the timetable (课表) ----

export const slotsOf = (startsAt: Date, endsAt: Date) => ({ startSlot: slotOf(startsAt), endSlot: slotOf(new Date(endsAt.getTime() - 1)) })

async function checkedTeacher(db: Executor, teacherId: number) {
  const teacher = await createAttendanceRepository({ db }).teacher({ id: teacherId })
  if (!teacher || !teacher.enabled) throw createPlanError({ message: '任课老师不存在或已停用' })
  return teacher
}

/** The dates a plan holds: one date, or every chosen weekday from the first to the last date; holidays skipped. */
export function planDates(input: Pick<PlanInput, 'firstDate' | 'lastDate' | 'weekdays'>, holidays: Set<string>) {
  if (!input.lastDate) return { dates: [input.firstDate], skipped: [] as string[] }
  const dates: string[] = []
  const skipped: string[] = []
  const days = new Set(input.weekdays)
  for (let d = input.firstDate; d <= input.lastDate; d = addDays(d, 1)) {
    if (!days.has(weekdayOf(d))) continue
    if (holidays.has(d)) skipped.push(d)
    else dates.push(d)
    if (dates.length > PLAN_MAX_SESSIONS) throw createPlanError({ message: `一次最多排${PLAN_MAX_SESSIONS}节课，请缩短日期范围` })
  }
  if (!dates.length) throw createPlanError({ message: '所选日期范围内没有可排的课次（可能都是节假日）' })
  return { dates, skipped }
}

/** 排课: a class's sessions of one course, one date or weekly over a range (holidays skipped), audited. */
export async function planSessions({ db, input, actor }: { db: Executor; input: PlanInput; actor: Actor }) {
  return db.transaction(async (tx) => {
    const repo = createAttendanceRepository({ db: tx })
    const klass = await repo.classById({ id: input.classId })
    if (!klass) throw createPlanError({ message: '班级不存在' })
    const teacher = await checkedTeacher(tx, input.teacherId)
    const rules = await rulesOf(tx)
    const { dates, skipped } = planDates(input, rules.holidays)
    const planKey = input.lastDate ? crypto.randomUUID() : null
    const created = await repo.insertSessions(
      dates.map((date) => {
        const startsAt = instant(date, input.startTime)
        const endsAt = instant(date, input.endTime)
        return {
          classId: klass.id,
          planKey,
          course: input.course,
          teacherId: teacher.id,
          teacherName: teacher.name,
          startsAt,
          endsAt,
          ...slotsOf(startsAt, endsAt),
          place: input.place,
          onlineUrl: input.onlineUrl,
          checkInSecret: crypto.randomBytes(16).toString('hex'),
        }
      }),
    )
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'attendance.plan',
        entityType: 'class',
        entityId: klass.id,
        summary: `排课：${klass.name}「${input.course}」${dates[0]}${dates.length > 1 ? `至${dates.at(-1)}` : ''} ${input.startTime}-${input.endTime}，共${created.length}节${skipped.length ? `，跳过节假日${skipped.length}天` : ''}`,
        after: { ...input, sessions: created.length, skipped },
      },
    })
    return { created: created.length, skipped, planKey }
  })
}

const whenText = (s: Pick<SessionRow, 'startsAt' | 'endsAt'>) => `${dateOf(s.startsAt)} ${timeOf(s.startsAt)}-${timeOf(s.endsAt)}`
const whereText = (s: Pick<SessionRow, 'place' | 'onlineUrl'>) => s.place || '线上'

/** A message to the class's current students about one of its sessions (in `tx`). */
async function tellClass(tx: Executor, s: SessionRow, title: string, body: string, now: Date) {
  const repo = createAttendanceRepository({ db: tx })
  await recordTimetableMessages({
    tx,
    recipients: studentRecipients(tx, repo.currentMembers(s.classId!)),
    message: { kind: MessageKind.timetableChanged, title, body, sessionId: s.id, dedupe: `session:${s.id}:${now.getTime()}` },
    now,
  })
}

/** Changes a session not yet ended (its time, place, course or teacher); its students are told of a new time or place. */
export async function updateSession({
  db,
  input,
  actor,
  now = new Date(),
}: {
  db: Executor
  input: SessionUpdateInput
  actor: Actor
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createAttendanceRepository({ db: tx })
    const before = await repo.findSession({ id: input.id, forUpdate: true })
    if (!before) throw createSessionNotFoundError()
    if (before.cancelledAt) throw createSessionStateError({ message: '已取消的课次不能修改' })
    if (before.endsAt <= now) throw createSessionStateError({ message: '已结束的课次不能修改' })
    const teacher = await checkedTeacher(tx, input.teacherId)
    const startsAt = instant(input.date, input.startTime)
    const endsAt = instant(input.date, input.endTime)
    const after = await repo.updateSession({
      id: before.id,
      values: {
        course: input.course,
        teacherId: teacher.id,
        teacherName: teacher.name,
        startsAt,
        endsAt,
        ...slotsOf(startsAt, endsAt),
        place: input.place,
        onlineUrl: input.onlineUrl,
      },
    })
    const moved = before.startsAt.getTime() !== startsAt.getTime() || before.endsAt.getTime() !== endsAt.getTime()
    const relocated = before.place !== input.place || before.onlineUrl !== input.onlineUrl
    if (moved || relocated)
      await tellClass(
        tx,
        after,
        '课表变更',
        `「${before.course}」${whenText(before)}的课调整为${whenText(after)}，地点：${whereText(after)}`,
        now,
      )
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'attendance.updateSession',
        entityType: 'attendanceSession',
        entityId: before.id,
        summary: `修改课次：「${before.course}」${whenText(before)} → 「${after.course}」${whenText(after)} ${whereText(after)}`,
        before: {
          course: before.course,
          teacherName: before.teacherName,
          when: whenText(before),
          place: before.place,
          onlineUrl: before.onlineUrl,
        },
        after: {
          course: after.course,
          teacherName: after.teacherName,
          when: whenText(after),
          place: after.place,
          onlineUrl: after.onlineUrl,
        },
      },
    })
    return after
  })
}

/** Cancels a session not yet started: it is no longer held; its students are told why. */
export async function cancelSession({
  db,
  id,
  reason,
  actor,
  now = new Date(),
}: {
  db: Executor
  id: number
  reason: string
  actor: Actor
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createAttendanceRepository({ db: tx })
    const before = await repo.findSession({ id, forUpdate: true })
    if (!before) throw createSessionNotFoundError()
    if (before.cancelledAt) throw createSessionStateError({ message: '该课次已取消' })
    if (before.startsAt <= now) throw createSessionStateError({ message: '已开始的课次不能取消' })
    const after = await repo.updateSession({ id, values: { cancelledAt: now, cancelReason: reason } })
    await tellClass(tx, after, '课次取消', `「${before.course}」${whenText(before)}的课已取消：${reason}`, now)
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'attendance.cancelSession',
        entityType: 'attendanceSession',
        entityId: id,
        summary: `取消课次：「${before.course}」${whenText(before)}（${reason}）`,
        before: { cancelledAt: null },
        after: { cancelledAt: now.toISOString(), cancelReason: reason },
      },
    })
    return after
  })
}

/** The timetable import's columns (one session per row). */
export const SESSION_IMPORT_COLUMNS = [
  { header: '班级', required: true, width: 30, example: '2026年1期 工商管理（本科）1班', note: '班级名称，与系统中一致' },
  { header: '课程', required: true, width: 16, example: '管理学原理', note: '面授课程名称' },
  { header: '任课老师', required: true, width: 12, example: '王老师', note: '操作员姓名' },
  { header: '日期', required: true, text: true, width: 14, example: '2026-12-12', note: 'YYYY-MM-DD' },
  { header: '上课时间', required: true, text: true, width: 10, example: '19:00', note: 'HH:MM' },
  { header: '下课时间', required: true, text: true, width: 10, example: '21:00', note: 'HH:MM' },
  { header: '地点', required: false, width: 20, example: '教学楼A201', note: '地点与线上地址至少填一项' },
  { header: '线上地址', required: false, width: 30, example: '', note: 'http:// 或 https:// 开头' },
]

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

/** 课表 by spreadsheet: all or nothing; every refused row is reported with its reason. */
export async function importSessions({ db, rows, actor }: { db: Executor; rows: SheetRow[]; actor: Actor }) {
  return db.transaction(async (tx) => {
    const repo = createAttendanceRepository({ db: tx })
    const classes = new Map((await repo.classOptions({ scope: null })).map((c) => [c.name, c.id]))
    const teachers = new Map<string, number[]>()
    for (const t of await repo.teacherOptions()) teachers.set(t.name, [...(teachers.get(t.name) ?? []), t.id])
    const errors: Array<{ row: number; reason: string }> = []
    const values: Array<Parameters<typeof repo.insertSessions>[0][number]> = []
    if (rows.length > PLAN_MAX_SESSIONS) throw createPlanError({ message: `一次最多导入${PLAN_MAX_SESSIONS}节课` })
    for (const r of rows) {
      const cell = (h: string) => (r.cells[h] ?? '').trim()
      const [klass, course, teacher, date, start, end, place, online] = SESSION_IMPORT_COLUMNS.map((c) => cell(c.header)) as string[]
      const classId = classes.get(klass!)
      const teacherIds = teachers.get(teacher!) ?? []
      const reason = !classId
        ? `找不到班级「${klass}」`
        : !course
          ? '请填写课程'
          : course.length > 50
            ? '课程不能超过50个字符'
            : teacherIds.length === 0
              ? `找不到任课老师「${teacher}」`
              : teacherIds.length > 1
                ? `有多位名为「${teacher}」的操作员，请在页面上排课`
                : !DATE.test(date!) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))
                  ? '日期格式应为YYYY-MM-DD'
                  : !TIME.test(start!) || !TIME.test(end!)
                    ? '上课和下课时间格式应为HH:MM'
                    : end! <= start!
                      ? '下课时间须晚于上课时间'
                      : !place && !online
                        ? '请填写地点或线上地址'
                        : online && !/^https?:\/\/[^\s"'<>]+$/.test(online)
                          ? '线上地址须以 http:// 或 https:// 开头'
                          : null
      if (reason) {
        errors.push({ row: r.row, reason })
        continue
      }
      const startsAt = instant(date!, start!)
      const endsAt = instant(date!, end!)
      values.push({
        classId: classId!,
        course: course!,
        teacherId: teacherIds[0]!,
        teacherName: teacher!,
        startsAt,
        endsAt,
        ...slotsOf(startsAt, endsAt),
        place: place!.slice(0, 100),
        onlineUrl: online!.slice(0, 500),
        checkInSecret: crypto.randomBytes(16).toString('hex'),
      })
    }
    if (errors.length) return { total: rows.length, imported: 0, failed: errors.length, errors: errors.slice(0, 1000) }
    const created = await repo.insertSessions(values)
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'attendance.import',
        entityType: 'attendanceSession',
        entityId: '-',
        summary: `导入课表：${created.length}节课`,
        after: { sessions: created.length },
      },
    })
    return { total: rows.length, imported: created.length, failed: 0, errors: [] }
  })
}

// ---- reading the timetable ----

const weekBounds = (date: string) => {
  const { start, end } = weekOf(date)
  return { start, end, from: instant(start, '00:00'), until: instant(addDays(end, 1), '00:00') }
}

/** The office's sessions, the latest first, with their students' counts. */
export async function listSessions({
  db,
  filter,
  page,
  size,
  now = new Date(),
}: {
  db: Executor
  filter: Omit<SessionFilter, 'from' | 'until'> & { dateFrom?: string; dateTo?: string }
  page: number
  size: number
  now?: Date
}) {
  const { dateFrom, dateTo, ...rest } = filter
  const { rows, total } = await createAttendanceRepository({ db }).listSessions({
    filter: {
      ...rest,
      from: dateFrom ? instant(dateFrom, '00:00') : undefined,
      until: dateTo ? instant(addDays(dateTo, 1), '00:00') : undefined,
    },
    page,
    size,
  })
  return { list: await withCounts(db, rows, await rulesOf(db), now), total }
}

/** The student's week (the one holding `date`): each session of their class with their own status. */
export async function weekForStudent({
  db,
  studentId,
  date,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  date?: string
  now?: Date
}) {
  const today = dateOf(now)
  const week = weekBounds(date ?? today)
  const repo = createAttendanceRepository({ db })
  const rules = await rulesOf(db)
  const rows = await repo.studentSessions({ studentId, from: week.from, until: week.until, now })
  const makeUps = await repo.makeUpsOf({ studentId, sessionIds: rows.map((r) => r.session.id) })
  const approvals = await approvalsOf({ db, kind: 'makeUpPunch', subjectIds: makeUps.map((m) => m.id) })
  const makeUpOf = new Map(makeUps.map((m) => [m.sessionId, m]))
  return {
    weekStart: week.start,
    weekEnd: week.end,
    today,
    sessions: rows.map((row) => {
      const m = makeUpOf.get(row.session.id)
      const open = m && (m.status === ApprovalStatus.pending || m.status === ApprovalStatus.approved)
      return {
        ...toSession(row, rules, now),
        status: row.status,
        way: (row.way as AttendanceWay | null) ?? null,
        checkedInAt: row.checkedInAt?.toISOString() ?? null,
        checkInOpen: checkInOpen(row.session, rules, now),
        makeUp: m ? { id: m.id, status: m.status as ApprovalStatus, approvalId: approvals.get(m.id)?.id ?? null } : null,
        canMakeUp: !open && makeUpRefusal(row.session, row.status, now) === null,
      }
    }),
  }
}

/** The operator's week: the sessions they teach and their classes' (everyone's with 查看全部 only in the console). */
export async function weekForTeacher({ db, actor, date, now = new Date() }: { db: Executor; actor: Actor; date?: string; now?: Date }) {
  const today = dateOf(now)
  const week = weekBounds(date ?? today)
  const rows = await createAttendanceRepository({ db }).sessionsBetween({
    from: week.from,
    until: week.until,
    scope: { adminId: actor.id },
  })
  return { weekStart: week.start, weekEnd: week.end, today, sessions: await withCounts(db, rows, await rulesOf(db), now) }
}

/** The room screen: the session's code now (it changes every ATTENDANCE_CODE_SECONDS), and the address its QR code carries. */
export async function screenOf({
  db,
  id,
  actor,
  publicOrigin,
  secret,
  now = new Date(),
}: {
  db: Executor
  id: number
  actor: Actor
  publicOrigin: string
  secret: string
  now?: Date
}) {
  const row = await visibleSession(db, id, actor)
  const s = row.session
  const rules = await rulesOf(db)
  const { code, changesAt } = screenCode({ secret, subject: codeSubject(s), periodSeconds: ATTENDANCE_CODE_SECONDS, now })
  const cells = await createAttendanceRepository({ db }).roster({ sessionIds: [s.id], now })
  return {
    sessionId: s.id,
    course: s.course,
    className: row.className,
    place: whereText(s),
    code,
    checkInUrl: `${publicOrigin}/pages/student/attend?s=${s.id}&t=${code}`,
    periodSeconds: ATTENDANCE_CODE_SECONDS,
    changesAt: changesAt.toISOString(),
    serverTime: now.toISOString(),
    checkInOpensAt: opensAt(s, rules).toISOString(),
    lateAt: lateAt(s, rules).toISOString(),
    endsAt: s.endsAt.toISOString(),
    checkInOpen: checkInOpen(s, rules, now),
    counts: countCells(s.cancelledAt ? [] : cells),
  }
}

export const codeSubject = (s: Pick<SessionRow, 'id' | 'checkInSecret'>) => `attendance:${s.id}:${s.checkInSecret}`

/** A session's students with their status (the roll call sheet). */
export async function rosterOf({ db, id, actor, now = new Date() }: { db: Executor; id: number; actor: Actor; now?: Date }) {
  const row = await visibleSession(db, id, actor)
  const rules = await rulesOf(db)
  const cells = row.session.cancelledAt ? [] : await createAttendanceRepository({ db }).roster({ sessionIds: [id], now })
  return {
    session: toSession(row, rules, now),
    counts: countCells(cells),
    canMark: mayMark(row, actor) && !row.session.cancelledAt && now >= opensAt(row.session, rules),
    rows: cells.map((c) => ({
      studentId: c.studentId,
      name: c.name,
      studentNo: c.studentNo,
      phone: maskPhone(c.phone),
      status: c.status,
      way: (c.way as AttendanceWay | null) ?? null,
      checkedInAt: c.checkedInAt?.toISOString() ?? null,
      markedByName: c.markedByName,
      onLeave: c.onLeave,
      located: c.located,
    })),
  }
}

// ---- checking in ----

/** Wrong codes: 5 within 15 minutes lock a student's check-ins for 15 minutes (a 6-digit code is not guessed). */
const punchGuard = (db: Executor) => createSignInGuard({ db, lockedMessage: (minutes) => `签到码错误次数过多，请${minutes}分钟后再试` })

/**
 * A scan of the room screen's code: the code of now's window or the one before, the student one of
 * the session's, now within [start − opens, end]. 出勤 before the late mark, 迟到 from it, by the
 * server's clock. One record per session and student (the unique index): a second scan answers
 * the first (whatever code it carries). Location, when given, is stored beside the record as a signal.
 */
export async function punch({
  db,
  secret,
  studentId,
  input,
  now = new Date(),
}: {
  db: Executor
  secret: string
  studentId: number
  input: { sessionId: number; code: string; latitude?: number; longitude?: number; accuracy?: number }
  now?: Date
}) {
  const repo = createAttendanceRepository({ db })
  const s = await repo.findSession({ id: input.sessionId })
  if (!s) throw createBadCodeError()
  const answer = (r: { status: string; checkedInAt: Date | null }, again: boolean) => ({
    sessionId: s.id,
    course: s.course,
    place: whereText(s),
    status: r.status as AttendanceStatus,
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
    again,
  })
  // A second scan answers the first, whatever code it carries (it reveals nothing but one's own record).
  const before = await repo.record({ sessionId: s.id, studentId })
  if (before) return answer(before, true)
  await punchGuard(db).check({ key: `attendance-punch:${studentId}`, now }, async () => {
    if (!rotatingCodeMatches({ secret, subject: codeSubject(s), periodSeconds: ATTENDANCE_CODE_SECONDS, given: input.code, now }))
      throw createBadCodeError()
  })
  if (!(await repo.isInSession({ sessionId: s.id, studentId }))) throw createNotInSessionError()
  if (s.cancelledAt) throw createSessionStateError({ message: '本节课已取消' })
  const rules = await rulesOf(db)
  if (now < opensAt(s, rules)) throw createCheckInNotOpenError({ message: `签到尚未开始，${timeOf(opensAt(s, rules))}开始签到` })
  if (now > s.endsAt) throw createCheckInClosedError()
  const located = input.latitude !== undefined && input.longitude !== undefined
  const inserted = await repo.insertRecord({
    sessionId: s.id,
    studentId,
    status: now < lateAt(s, rules) ? AttendanceStatus.present : AttendanceStatus.late,
    way: AttendanceWay.scan,
    checkedInAt: now,
    latitude: located ? input.latitude : null,
    longitude: located ? input.longitude : null,
    accuracy: located ? (input.accuracy ?? null) : null,
    createdAt: now,
    updatedAt: now,
  })
  if (inserted) return answer(inserted, false)
  // Two scans at once: the other one recorded it.
  return answer((await repo.record({ sessionId: s.id, studentId }))!, true)
}

/**
 * 点名: the teacher (or the head teacher, or the office) sets the given students' status, or every
 * student's; from the opening of check-in on, in one transaction, audited with what each was before.
 */
export async function rollCall({
  db,
  sessionId,
  studentIds,
  all,
  status,
  actor,
  now = new Date(),
}: {
  db: Executor
  sessionId: number
  studentIds: number[]
  all: boolean
  status: AttendanceStatus
  actor: Actor
  now?: Date
}) {
  await db.transaction(async (tx) => {
    const repo = createAttendanceRepository({ db: tx })
    const locked = await repo.findSession({ id: sessionId, forUpdate: true })
    if (!locked) throw createSessionNotFoundError()
    const row = (await repo.sessionWithClass({ id: sessionId }))!
    if (!mayMark(row, actor)) throw createNotYourSessionError({ message: '只能为自己任课或所带班级的课次点名' })
    if (locked.cancelledAt) throw createSessionStateError({ message: '已取消的课次不能点名' })
    const rules = await rulesOf(tx)
    if (now < opensAt(locked, rules)) throw createSessionStateError({ message: '签到开始后才能点名' })
    const members = new Set(await repo.studentIdsOf({ sessionId }))
    const ids = all ? [...members] : [...new Set(studentIds)]
    if (ids.some((id) => !members.has(id))) throw createRollCallError()
    const before = new Map((await repo.recordsOf({ sessionId, studentIds: ids })).map((r) => [r.studentId, r.status]))
    const present = status === AttendanceStatus.present || status === AttendanceStatus.late
    await repo.upsertRecords(
      ids.map((studentId) => ({
        sessionId,
        studentId,
        status,
        way: AttendanceWay.office,
        checkedInAt: present ? now : null,
        markedById: actor.id,
        markedByName: actor.name,
        createdAt: now,
        updatedAt: now,
      })),
    )
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'attendance.rollCall',
        entityType: 'attendanceSession',
        entityId: sessionId,
        summary: `点名：「${locked.course}」${whenText(locked)} ${all ? '全部' : ''}${ids.length}人记为${status}`,
        before: Object.fromEntries(ids.map((id) => [id, before.get(id) ?? null])),
        after: Object.fromEntries(ids.map((id) => [id, status])),
      },
    })
    if (locked.endsAt <= now) await warnStudents({ db: tx, studentIds: ids, sessionId, now })
  })
  return rosterOf({ db, id: sessionId, actor, now })
}

// ---- statistics and warnings ----

/** Figures per student, class, course or teacher over the held sessions of the filter, with the rule stated. */
export async function statistics({
  db,
  by,
  classId,
  dateFrom,
  dateTo,
  scope,
  now = new Date(),
}: {
  db: Executor
  by: 'student' | 'class' | 'course' | 'teacher'
  classId?: number
  dateFrom?: string
  dateTo?: string
  scope: Scope
  now?: Date
}) {
  const rules = await rulesOf(db)
  const rows = await createAttendanceRepository({ db }).figures({
    filter: {
      classId,
      from: dateFrom ? instant(dateFrom, '00:00') : undefined,
      until: dateTo ? instant(addDays(dateTo, 1), '00:00') : undefined,
      scope,
    },
    group: by,
    now,
  })
  return {
    rule: ruleOf(rules),
    rows: rows.map((r) => ({
      key: r.key,
      label: by === 'student' && r.studentNo ? `${r.label}（${r.studentNo}）` : r.label,
      ...withRates(r, rules),
    })),
  }
}

const passes = (f: ReturnType<typeof withRates>, r: Rules) =>
  f.held >= r.warnMinSessions && f.denominator > 0 && f.absent * 100 >= r.warnPercent * f.denominator

/** Students whose absence rate passes the threshold (after the minimum sessions), with when they were warned. */
export async function atRisk({ db, scope, now = new Date() }: { db: Executor; scope: Scope; now?: Date }) {
  const rules = await rulesOf(db)
  const repo = createAttendanceRepository({ db })
  const rows = (await repo.figures({ filter: { scope }, group: 'student', now })).map((r) => ({ r, f: withRates(r, rules) }))
  const risky = rows.filter(({ f }) => passes(f, rules))
  const warned = new Map(
    (await repo.warningsOf({ studentIds: risky.map(({ r }) => Number(r.key)), thresholdPercent: rules.warnPercent })).map((w) => [
      w.studentId,
      w.createdAt,
    ]),
  )
  return {
    rule: ruleOf(rules),
    thresholdPercent: rules.warnPercent,
    minSessions: rules.warnMinSessions,
    rows: risky
      .sort((a, b) => (b.f.absenceRate ?? 0) - (a.f.absenceRate ?? 0))
      .map(({ r, f }) => ({
        studentId: Number(r.key),
        name: r.label,
        studentNo: r.studentNo,
        className: r.className,
        ...f,
        warnedAt: warned.get(Number(r.key))?.toISOString() ?? null,
      })),
  }
}

/**
 * Warns the students (of a session that just ended, or just marked) whose absence rate passes the
 * threshold: once per student and threshold (the unique index), with a message to the student; their
 * head teacher finds them on the workbench's at-risk list. In `db`'s transaction.
 */
export async function warnStudents({
  db,
  studentIds,
  sessionId,
  now = new Date(),
}: {
  db: Executor
  studentIds: number[]
  sessionId: number
  now?: Date
}) {
  const rules = await rulesOf(db)
  const repo = createAttendanceRepository({ db })
  const over = (await repo.figuresOfStudents({ studentIds, now }))
    .map((r) => ({ r, f: withRates(r, rules) }))
    .filter(({ f }) => passes(f, rules))
  const fresh = await repo.insertWarnings(
    over.map(({ r }) => ({ studentId: r.studentId, thresholdPercent: rules.warnPercent, held: r.held, absent: r.absent, createdAt: now })),
  )
  for (const w of fresh) {
    const f = over.find(({ r }) => r.studentId === w.studentId)!.f
    await recordTimetableMessages({
      tx: db,
      recipients: studentRecipients(db, eq(studentsView.id, w.studentId)),
      message: {
        kind: MessageKind.attendanceWarning,
        title: '考勤预警',
        body: `你的缺勤率已达${f.absenceRate}%（应出勤${f.denominator}节，缺勤${f.absent}节），超过${rules.warnPercent}%的预警线。请按时上课，如有特殊情况请联系班主任`,
        sessionId,
        dedupe: `attendance-warning:${w.studentId}:${rules.warnPercent}`,
      },
      now,
    })
  }
  return fresh.length
}

/**
 * The end of sessions: each ended session not looked at yet is claimed (SKIP LOCKED, so processes
 * share them) and its students' rates are checked for warnings. Students without a record are
 * 缺勤 by the rule of the reads; nothing else is written. Returns how many sessions it looked at.
 */
export async function sweepEndedSessions({ db, now = new Date(), limit = 20 }: { db: Executor; now?: Date; limit?: number }) {
  return db.transaction(async (tx) => {
    const repo = createAttendanceRepository({ db: tx })
    const ids = await repo.claimEnded({ now, limit })
    for (const sessionId of ids) await warnStudents({ db: tx, studentIds: await repo.studentIdsOf({ sessionId }), sessionId, now })
    return ids.length
  })
}

/** The grid of a class: its students by its held and coming sessions (not cancelled) in the range, each cell a status. */
export async function board({
  db,
  classId,
  course,
  dateFrom,
  dateTo,
  actor,
  now = new Date(),
}: {
  db: Executor
  classId: number
  course?: string
  dateFrom?: string
  dateTo?: string
  actor: Actor
  now?: Date
}) {
  const repo = createAttendanceRepository({ db })
  const rules = await rulesOf(db)
  const sessions = (
    await repo.sessionsBetween({
      classId,
      course: course || undefined,
      from: dateFrom ? instant(dateFrom, '00:00') : undefined,
      until: dateTo ? instant(addDays(dateTo, 1), '00:00') : undefined,
      scope: scopeOf(actor),
    })
  )
    .filter((s) => !s.session.cancelledAt)
    .slice(0, 200)
  const cells = await repo.roster({ sessionIds: sessions.map((s) => s.session.id), now })
  const column = new Map(sessions.map((s, i) => [s.session.id, i]))
  const students = new Map<number, { studentId: number; name: string; studentNo: string | null; cells: Array<AttendanceStatus | null> }>()
  for (const c of cells) {
    const row = students.get(c.studentId) ?? {
      studentId: c.studentId,
      name: c.name,
      studentNo: c.studentNo,
      cells: sessions.map(() => null),
    }
    row.cells[column.get(c.sessionId)!] = c.status
    students.set(c.studentId, row)
  }
  return {
    rule: ruleOf(rules),
    sessions: sessions.map((s) => ({
      id: s.session.id,
      date: dateOf(s.session.startsAt),
      startTime: timeOf(s.session.startsAt),
      course: s.session.course,
      phase: phaseOf(s.session, rules, now),
    })),
    rows: [...students.values()].sort((a, b) => (a.studentNo ?? '').localeCompare(b.studentNo ?? '') || a.name.localeCompare(b.name)),
  }
}

/** One class session as the wire carries it. */
export async function sessionById({ db, id, now = new Date() }: { db: Executor; id: number; now?: Date }) {
  const row = await createAttendanceRepository({ db }).sessionWithClass({ id })
  if (!row) throw createSessionNotFoundError()
  return toSession(row, await rulesOf(db), now)
}

/** A class by id (the export's file name). */
export async function classById({ db, id }: { db: Executor; id: number }) {
  return createAttendanceRepository({ db }).classById({ id })
}

/** The console's pickers: enabled operators, the classes (a head teacher's own), the courses planned so far. */
export async function options({ db, scope }: { db: Executor; scope: Scope }) {
  const repo = createAttendanceRepository({ db })
  return { teachers: await repo.teacherOptions(), classes: await repo.classOptions({ scope }), courses: await repo.courses() }
}

// ---- 补卡 (make-up check-in) ----

/** Why a student may not ask for 补卡 of a session now (null: they may). */
function makeUpRefusal(s: SessionRow, status: AttendanceStatus | null, now: Date): string | null {
  if (s.cancelledAt) return '已取消的课次无需补卡'
  if (s.endsAt > now) return '课程结束后才能申请补卡；上课期间请扫码签到'
  if (s.endsAt.getTime() < now.getTime() - MAKE_UP_DAYS * DAY) return `只能为${MAKE_UP_DAYS}天内的课申请补卡`
  if (status === AttendanceStatus.present || status === AttendanceStatus.late) return '这节课已签到，无需补卡'
  if (status === AttendanceStatus.leave) return '这节课已请假，无需补卡'
  return null
}

/** The first instant of the Beijing month `now` falls in. */
const monthStart = (now: Date) => instant(`${dateOf(now).slice(0, 8)}01`, '00:00')

/**
 * The student asks for 补卡 of a session they missed, with a reason: at most the set number a
 * month (asked ones under way or approved count), one under way or approved per session (the
 * database refuses a second). Decided by the approval engine; approval sets the record.
 */
export async function applyMakeUp({
  db,
  studentId,
  sessionId,
  reason,
  kinds,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  sessionId: number
  reason: string
  kinds: ApprovalKinds
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createAttendanceRepository({ db: tx })
    const s = await repo.findSession({ id: sessionId })
    if (!s || !(await repo.isInSession({ sessionId, studentId }))) throw createSessionNotFoundError()
    const [cell] = (await repo.roster({ sessionIds: [sessionId], now })).filter((c) => c.studentId === studentId)
    const refusal = makeUpRefusal(s, cell?.status ?? null, now)
    if (refusal) throw createMakeUpError({ message: refusal })
    const rules = await rulesOf(tx)
    if ((await repo.makeUpsSince({ studentId, from: monthStart(now) })) >= rules.makeUpPerMonth)
      throw createMakeUpLimitError({ message: `本月补卡次数已用完（每月${rules.makeUpPerMonth}次）` })
    const student = (await createStudentsRepository({ db: tx }).findById({ id: studentId }))!
    let makeUp
    try {
      makeUp = await repo.insertMakeUp({ sessionId, studentId, reason, status: ApprovalStatus.pending, createdAt: now, updatedAt: now })
    } catch (error) {
      if (isUniqueViolation(error, 'attendance_make_ups_open_uq')) throw createMakeUpError({ message: '这节课已申请过补卡' })
      throw error
    }
    const klass = await classOfStudent({ db: tx, studentId })
    await submitApproval({
      db: tx,
      submission: {
        kind: 'makeUpPunch',
        subjectId: makeUp.id,
        title: `${student.name}的补卡（${s.course} ${dateOf(s.startsAt)}）`,
        fields: [
          { label: '课程', value: s.course },
          { label: '上课时间', value: whenText(s) },
          { label: '地点', value: whereText(s) },
          { label: '补卡原因', value: reason },
        ],
        applicant: { accountId: student.accountId, name: student.name },
        submittedBy: null,
        headTeacherId: klass?.headTeacherId ?? null,
      },
      kinds,
      now,
    })
    const request = (await approvalOf({ db: tx, kind: 'makeUpPunch', subjectId: makeUp.id }))!
    const current = (await repo.findMakeUp({ id: makeUp.id }))!
    return { id: makeUp.id, status: current.status as ApprovalStatus, approvalId: request.id }
  })
}

/** The 补卡 kind of the approval engine: approval sets the record (出勤, 补卡); revoking it takes that record back. */
export const makeUpApprovalKind: ApprovalKindHandler = {
  returnable: false,
  async onStatus({ db, request, status, now, by }) {
    const repo = createAttendanceRepository({ db })
    const makeUp = await repo.updateMakeUp({ id: request.subjectId, values: { status, updatedAt: now } })
    if (status === ApprovalStatus.approved)
      await repo.upsertRecords([
        {
          sessionId: makeUp.sessionId,
          studentId: makeUp.studentId,
          status: AttendanceStatus.present,
          way: AttendanceWay.makeUp,
          checkedInAt: null,
          markedById: by.actor?.id ?? null,
          markedByName: by.actor?.name ?? null,
          createdAt: now,
          updatedAt: now,
        },
      ])
    if (status === ApprovalStatus.revoked)
      await repo.deleteRecord({ sessionId: makeUp.sessionId, studentId: makeUp.studentId, way: AttendanceWay.makeUp })
  },
}
