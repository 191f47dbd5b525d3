import crypto from 'node:crypto'
import type { Executor } from '../../../db/types.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { AttendanceWay, NIGHT_CHECK_IN_CODE_SECONDS, NIGHT_CHECK_IN_OPENS_MINUTES, NightSignUpStatus } from '../../../wire.ts'
import { createSignInGuard } from '../../platform/index.ts'
import { moveNightSession, openNightSession, recordNightAttendance, removeNightAttendance } from '../attendance/index.ts'
import { rotatingCodeMatches, sameText, screenCode } from './night.check-in-code.ts'
import {
  createAlreadySignedUpError,
  createAttendedError,
  createBadTokenError,
  createCancelClosedError,
  createCapacityBelowSignedUpError,
  createCheckInClosedError,
  createCheckInNotOpenError,
  createCheckInNotSignedUpError,
  createClassFullError,
  createClassHasSignUpsError,
  createClassNotFoundError,
  createMarkNotSignedUpError,
  createNotSignedUpError,
  createSignUpCancelledError,
  createSignUpClosedError,
  createSignUpNotFoundError,
} from './night.errors.ts'
import { type AttendanceRow, type ClassRow, type ConsoleClassFilter, createNightRepository, type SignUpRow } from './night.repository.ts'
import type { NightPhase } from './night.schemas.ts'

const OPENS_MS = NIGHT_CHECK_IN_OPENS_MINUTES * 60_000

export const newCheckInSecret = () => crypto.randomBytes(16).toString('hex')

/** The QR code's token: an HMAC of the class id and its check-in secret under the app's secret (rotating the class's secret voids it). */
export function checkInToken({ secret, classId, checkInSecret }: { secret: string; classId: number; checkInSecret: string }): string {
  return crypto.createHmac('sha256', secret).update(`night-check-in:${classId}:${checkInSecret}`).digest('base64url').slice(0, 24)
}

/** A check-in address: the H5 landing page of a scan, carrying the class and a code (the printed token or the screen's). */
const checkInAddress = (publicOrigin: string, classId: number, t: string) => `${publicOrigin}/pages/night/checkIn?c=${classId}&t=${t}`

/** What the printable QR code encodes. */
export function checkInUrl({ publicOrigin, secret, cls }: { publicOrigin: string; secret: string; cls: ClassRow }): string {
  return checkInAddress(publicOrigin, cls.id, checkInToken({ secret, classId: cls.id, checkInSecret: cls.checkInSecret }))
}

/** Wrong codes: 5 within 15 minutes lock a student's check-ins for 15 minutes (so a 6-digit code is not guessed). */
const checkInGuard = (db: Executor) => createSignInGuard({ db, lockedMessage: (minutes) => `签到码错误次数过多，请${minutes}分钟后再试` })

export function phaseOf(cls: Pick<ClassRow, 'startsAt' | 'endsAt'>, now: Date): NightPhase {
  if (now < cls.startsAt) return '未开始'
  if (now < cls.endsAt) return '进行中'
  return '已结束'
}

const checkInOpensAt = (cls: ClassRow) => new Date(cls.startsAt.getTime() - OPENS_MS)
const withinCheckIn = (cls: ClassRow, now: Date) => now >= checkInOpensAt(cls) && now <= cls.endsAt

function core(cls: ClassRow, now: Date) {
  return {
    id: cls.id,
    title: cls.title,
    subject: cls.subject,
    teacher: cls.teacher,
    startsAt: cls.startsAt.toISOString(),
    endsAt: cls.endsAt.toISOString(),
    place: cls.place,
    capacity: cls.capacity,
    seatsLeft: Math.max(0, cls.capacity - cls.signedUp),
    phase: phaseOf(cls, now),
  }
}

type Mine = { cls: ClassRow; signUp: SignUpRow | null; attendance: AttendanceRow | null }

export function toClientItem({ cls, signUp, attendance }: Mine, now: Date) {
  return { ...core(cls, now), signedUp: signUp !== null, attended: attendance !== null }
}

export function toClientDetail(row: Mine, now: Date) {
  const { cls, signUp, attendance } = row
  const notStarted = now < cls.startsAt
  return {
    ...toClientItem(row, now),
    description: cls.description,
    signedUpAt: signUp ? signUp.createdAt.toISOString() : null,
    signUpOpen: cls.published && notStarted && !signUp && cls.signedUp < cls.capacity,
    canCancel: signUp !== null && notStarted,
    checkInOpensAt: checkInOpensAt(cls).toISOString(),
    checkInOpen: withinCheckIn(cls, now),
    attendance: attendance ? { checkedInAt: attendance.checkedInAt.toISOString(), way: attendance.way as AttendanceWay } : null,
  }
}

export function toConsoleItem({ cls, attended }: { cls: ClassRow; attended: number }, now: Date) {
  return {
    ...core(cls, now),
    signedUpCount: cls.signedUp,
    attendedCount: attended,
    published: cls.published,
    createdAt: cls.createdAt.toISOString(),
  }
}

/** The class as its student sees it: published, or one they signed up for (otherwise 404). */
export async function classForStudent({
  db,
  studentId,
  id,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  id: number
  now?: Date
}) {
  const row = await createNightRepository({ db }).classForStudent({ id, studentId })
  if (!row || (!row.cls.published && !row.signUp)) throw createClassNotFoundError()
  return toClientDetail(row, now)
}

/** A console call on one class: the screen's sign-in codes are links on `publicOrigin`, signed with `secret`. */
interface ConsoleClassCall {
  db: Executor
  publicOrigin: string
  secret: string
  id: number
  now?: Date
}

export async function classForConsole({ db, publicOrigin, secret, id, now = new Date() }: ConsoleClassCall) {
  const repo = createNightRepository({ db })
  const cls = await repo.findClass({ id })
  if (!cls) throw createClassNotFoundError()
  const attended = await repo.attendedCount({ classId: id })
  return {
    ...toConsoleItem({ cls, attended }, now),
    description: cls.description,
    checkInUrl: checkInUrl({ publicOrigin, secret, cls }),
    fixedCodeEnabled: cls.fixedCodeEnabled,
  }
}

/** The room screen's code now (投屏签到码), the address its QR code carries, and when it changes. */
export async function screenCodeForConsole({ db, publicOrigin, secret, id, now = new Date() }: ConsoleClassCall) {
  const cls = await createNightRepository({ db }).findClass({ id })
  if (!cls) throw createClassNotFoundError()
  const { code, changesAt } = screenCode({ secret, classId: cls.id, checkInSecret: cls.checkInSecret, now })
  return {
    classId: cls.id,
    title: cls.title,
    place: cls.place,
    startsAt: cls.startsAt.toISOString(),
    endsAt: cls.endsAt.toISOString(),
    code,
    checkInUrl: checkInAddress(publicOrigin, cls.id, code),
    periodSeconds: NIGHT_CHECK_IN_CODE_SECONDS,
    changesAt: changesAt.toISOString(),
    serverTime: now.toISOString(),
    checkInOpensAt: checkInOpensAt(cls).toISOString(),
    checkInOpen: withinCheckIn(cls, now),
    fixedCodeEnabled: cls.fixedCodeEnabled,
  }
}

/** A student's call on one class. */
interface StudentClassCall {
  db: Executor
  studentId: number
  classId: number
  now?: Date
}

/**
 * Signs the student up, in one transaction behind the class's row lock: a published class not
 * started yet, a seat left, not signed up already (a cancelled sign-up may sign up again).
 */
export async function signUp({ db, studentId, classId, now = new Date() }: StudentClassCall) {
  return db.transaction(async (tx) => {
    const repo = createNightRepository({ db: tx })
    const cls = await repo.lockClass({ id: classId })
    if (!cls || !cls.published) throw createClassNotFoundError()
    if (now >= cls.startsAt) throw createSignUpClosedError()
    if (await repo.activeSignUp({ classId, studentId })) throw createAlreadySignedUpError()
    if (cls.signedUp >= cls.capacity) throw createClassFullError()
    await repo.moveSeats({ id: classId, by: 1 })
    return repo.insertSignUp({ classId, studentId, status: NightSignUpStatus.signedUp, createdAt: now })
  })
}

/** The student cancels their sign-up before the class starts: the seat is free again. */
export async function cancelByStudent({ db, studentId, classId, now = new Date() }: StudentClassCall) {
  return db.transaction(async (tx) => {
    const repo = createNightRepository({ db: tx })
    const cls = await repo.lockClass({ id: classId })
    if (!cls) throw createClassNotFoundError()
    const mine = await repo.activeSignUp({ classId, studentId })
    if (!mine) throw createNotSignedUpError()
    if (now >= cls.startsAt) throw createCancelClosedError()
    await repo.cancelSignUp({ id: mine.id, by: 'student', reason: null, now })
    await repo.moveSeats({ id: classId, by: -1 })
    return mine
  })
}

/**
 * The office cancels a sign-up (in `db`'s transaction): the seat is free again; one already
 * checked in stays (its attendance is the record of the class).
 */
export async function cancelByOffice({ db, id, reason, now = new Date() }: { db: Executor; id: number; reason: string; now?: Date }) {
  const repo = createNightRepository({ db })
  const found = await repo.findSignUpClass({ id })
  if (!found) throw createSignUpNotFoundError()
  const cls = (await repo.lockClass({ id: found.classId }))!
  const row = (await repo.lockSignUp({ id }))!
  if (row.status !== NightSignUpStatus.signedUp) throw createSignUpCancelledError()
  if (await repo.attendance({ classId: row.classId, studentId: row.studentId })) throw createAttendedError()
  await repo.cancelSignUp({ id, by: 'office', reason, now })
  await repo.moveSeats({ id: row.classId, by: -1 })
  return { signUp: row, cls }
}

/**
 * A scan of the class's QR code: the code must be the room screen's of now or of the window before
 * (night.check-in-code.ts), or the printed token while the class allows it (fixed_code_enabled);
 * the student signed up, and now within [startsAt − NIGHT_CHECK_IN_OPENS_MINUTES, endsAt]. A
 * second scan answers the first check-in (again: true) whenever it comes. Wrong codes are counted
 * per student (checkInGuard).
 */
export async function checkIn({
  db,
  secret,
  studentId,
  classId,
  token,
  now = new Date(),
}: {
  db: Executor
  secret: string
  studentId: number
  classId: number
  token: string
  now?: Date
}) {
  const repo = createNightRepository({ db })
  const cls = await repo.findClass({ id: classId })
  if (!cls) throw createBadTokenError()
  // A wrong code counts towards the lock (tries sent at once see each other).
  const { checkInSecret } = cls
  await checkInGuard(db).check({ key: `night-check-in:${studentId}`, now }, async () => {
    const printed = cls.fixedCodeEnabled && sameText(token, checkInToken({ secret, classId, checkInSecret }))
    if (!printed && !rotatingCodeMatches({ secret, classId, checkInSecret, given: token, now })) throw createBadTokenError()
  })
  const answer = (a: AttendanceRow, again: boolean) => ({
    classId,
    title: cls.title,
    place: cls.place,
    checkedInAt: a.checkedInAt.toISOString(),
    way: a.way as AttendanceWay,
    again,
  })
  const before = await repo.attendance({ classId, studentId })
  if (before) return answer(before, true)
  if (!(await repo.activeSignUp({ classId, studentId }))) throw createCheckInNotSignedUpError()
  if (now < checkInOpensAt(cls)) throw createCheckInNotOpenError()
  if (now > cls.endsAt) throw createCheckInClosedError()
  const inserted = await recordNightAttendance({ db, nightClassId: classId, studentId, way: AttendanceWay.scan, checkedInAt: now })
  if (inserted) return answer(inserted, false)
  // Two scans at once: the other one recorded it.
  return answer((await repo.attendance({ classId, studentId }))!, true)
}

/** The office marks a signed-up student present (老师标记) or removes their attendance, in `db`'s transaction. */
export async function markAttendance({
  db,
  adminId,
  classId,
  studentId,
  present,
  now = new Date(),
}: {
  db: Executor
  adminId: number
  classId: number
  studentId: number
  present: boolean
  now?: Date
}) {
  const repo = createNightRepository({ db })
  const cls = await repo.findClass({ id: classId })
  if (!cls) throw createClassNotFoundError()
  if (present) {
    if (!(await repo.activeSignUp({ classId, studentId }))) throw createMarkNotSignedUpError()
    await recordNightAttendance({ db, nightClassId: classId, studentId, way: AttendanceWay.office, adminId, checkedInAt: now })
  } else {
    await removeNightAttendance({ db, nightClassId: classId, studentId })
  }
  const a = await repo.attendance({ classId, studentId })
  return {
    cls,
    marked: {
      classId,
      studentId,
      present: a !== undefined,
      checkedInAt: a ? a.checkedInAt.toISOString() : null,
      way: a ? (a.way as AttendanceWay) : null,
    },
  }
}

export type ClassInput = {
  title: string
  subject: string
  teacher: string
  startsAt: Date
  endsAt: Date
  place: string
  capacity: number
  description: string
  published?: boolean
  fixedCodeEnabled?: boolean
}

/** A new class, and its session of the attendance module (where its check-ins are kept), in one transaction. */
export async function createClass({ db, input }: { db: Executor; input: ClassInput }) {
  return db.transaction(async (tx) => {
    const cls = await createNightRepository({ db: tx }).insertClass({
      ...input,
      published: input.published ?? false,
      fixedCodeEnabled: input.fixedCodeEnabled ?? true,
      checkInSecret: newCheckInSecret(),
    })
    await openNightSession({ db: tx, nightClass: cls })
    return cls
  })
}

/** Changes a class (in `db`'s transaction, the class locked): capacity never below its sign-ups. */
export async function updateClass({ db, id, input }: { db: Executor; id: number; input: ClassInput }) {
  const repo = createNightRepository({ db })
  const before = await repo.lockClass({ id })
  if (!before) throw createClassNotFoundError()
  if (input.capacity < before.signedUp) throw createCapacityBelowSignedUpError()
  const after = await repo.updateClass({
    id,
    values: {
      ...input,
      published: input.published ?? before.published,
      fixedCodeEnabled: input.fixedCodeEnabled ?? before.fixedCodeEnabled,
    },
  })
  await moveNightSession({ db, nightClass: after })
  return { before, after }
}

/** A new check-in secret: the printed QR codes stop working. */
export async function rotateSecret({ db, id }: { db: Executor; id: number }) {
  const repo = createNightRepository({ db })
  const cls = await repo.lockClass({ id })
  if (!cls) throw createClassNotFoundError()
  return repo.updateClass({ id, values: { checkInSecret: newCheckInSecret() } })
}

/** Deletes a class nobody ever signed up for (otherwise 409: unpublish it instead). */
export async function deleteClass({ db, id }: { db: Executor; id: number }) {
  const repo = createNightRepository({ db })
  const cls = await repo.lockClass({ id })
  if (!cls) throw createClassNotFoundError()
  if ((await repo.signUpCount({ classId: id })) > 0) throw createClassHasSignUpsError()
  await repo.deleteClass({ id })
  return cls
}

export const toSignUpItem = (r: {
  signUp: SignUpRow
  name: string
  studentNo: string | null
  phone: string
  checkedInAt: Date | null
  way: string | null
}) => ({
  id: r.signUp.id,
  studentId: r.signUp.studentId,
  name: r.name,
  studentNo: r.studentNo,
  phone: maskPhone(r.phone),
  status: r.signUp.status as NightSignUpStatus,
  createdAt: r.signUp.createdAt.toISOString(),
  cancelledAt: r.signUp.cancelledAt ? r.signUp.cancelledAt.toISOString() : null,
  cancelledBy: (r.signUp.cancelledBy as 'student' | 'office' | null) ?? null,
  cancelReason: r.signUp.cancelReason,
  checkedInAt: r.checkedInAt ? r.checkedInAt.toISOString() : null,
  way: (r.way as AttendanceWay | null) ?? null,
})

/** open: published and not ended, soonest first; mine: the student's 已报名 classes, the latest first. */
export async function listClassesForStudent({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createNightRepository>['listForStudent']>[0]) {
  return createNightRepository({ db }).listForStudent(query)
}

/** The student's attendance record: their 已报名 classes that have started or that they checked in to, the latest first. */
export async function studentAttendance({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createNightRepository>['attendanceForStudent']>[0]) {
  return createNightRepository({ db }).attendanceForStudent(query)
}

/** The office's classes, the latest start first, with how many attended. */
export async function listClassesForConsole({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createNightRepository>['listForConsole']>[0]) {
  return createNightRepository({ db }).listForConsole(query)
}

/** How many classes the console's list shows for this filter (工作台: `date=<today>`). */
export async function countClassesForConsole({ db, ...filter }: { db: Executor } & ConsoleClassFilter) {
  return createNightRepository({ db }).countForConsole(filter)
}

/** One class (undefined: none). */
export async function findClass({ db, ...query }: { db: Executor } & Parameters<ReturnType<typeof createNightRepository>['findClass']>[0]) {
  return createNightRepository({ db }).findClass(query)
}

/** A class's sign-ups with their students and attendance; 已报名 first, then by sign-up order (after `afterId` for exports). */
export async function signUpsOf({ db, ...query }: { db: Executor } & Parameters<ReturnType<typeof createNightRepository>['signUps']>[0]) {
  return createNightRepository({ db }).signUps(query)
}

/** One sign-up as the console lists it. */
export type NightSignUpRow = Awaited<ReturnType<typeof signUpsOf>>['rows'][number]
