import { beijingDate, beijingMinute, halfDaySlot, halfDaysText, type Half, slotHalfDay } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import { isExclusionViolation } from '../../../db/errors.ts'
import type { Storage } from '../../../gateways/storage/index.ts'
import { fileUrl } from '../../../gateways/storage/index.ts'
import { ApprovalStatus, type LeaveType } from '../../../wire.ts'
import {
  type Actor,
  type ApprovalActor,
  type ApprovalKindHandler,
  type ApprovalKinds,
  recordApprovalNote,
  recordAudit,
  resubmitApproval,
  submitApproval,
} from '../../platform/index.ts'
import { classOfStudent, createStudentsRepository } from '../students/index.ts'
import {
  createLeaveNotFoundError,
  createLeaveOverlapError,
  createLeavePictureError,
  createLeaveRangeError,
  createLeaveStateError,
  createNotHeadTeacherError,
} from './leave.errors.ts'
import { createLeaveRepository, type LeaveRow } from './leave.repository.ts'

/** Where leave pictures are kept: `leave/<yyyy>/<mm>/<s|t><uploader id>-<random>.<ext>`. */
export const LEAVE_KEY_PREFIX = 'leave/'
/** The most pictures a leave carries. */
export const LEAVE_PICTURES_MAX = 6
/** The longest leave one request may ask for, in half-days (60 days). */
export const LEAVE_MAX_HALF_DAYS = 120
/** How many days back a leave may start (asked for afterwards, a sudden illness). */
export const LEAVE_BACKDATE_DAYS = 7

export const uploaderTag = (who: { studentId: number } | { adminId: number }) =>
  'studentId' in who ? `s${who.studentId}-` : `t${who.adminId}-`

export interface LeaveInput {
  type: LeaveType
  startDate: string
  startHalf: Half
  endDate: string
  endHalf: Half
  reason: string
  pictures: string[]
}

const half = (slot: number) => slotHalfDay(slot)
const slotText = (slot: number) => {
  const h = half(slot)
  return `${h.date} ${h.half}`
}

/** The leave's half-days and the slots it runs over, checked: a real range, not too long, not too far back. */
function slotsOf(input: LeaveInput, now: Date) {
  const start = halfDaySlot(input.startDate, input.startHalf)
  const end = halfDaySlot(input.endDate, input.endHalf)
  if (Number.isNaN(start) || Number.isNaN(end)) throw createLeaveRangeError({ message: '请选择正确的请假日期' })
  if (end < start) throw createLeaveRangeError({ message: '结束时间不能早于开始时间' })
  const halfDays = end - start + 1
  if (halfDays > LEAVE_MAX_HALF_DAYS) throw createLeaveRangeError({ message: `一次请假不能超过${LEAVE_MAX_HALF_DAYS / 2}天` })
  const today = halfDaySlot(beijingDate(now), '上午')
  if (start < today - LEAVE_BACKDATE_DAYS * 2) throw createLeaveRangeError({ message: `只能补请${LEAVE_BACKDATE_DAYS}天内的假` })
  return { start, end, halfDays }
}

/** The pictures must be ones this uploader stored (a student attaches only their own). */
async function checkPictures({
  storage,
  pictures,
  tag,
  anyUploader,
}: {
  storage: Pick<Storage, 'stat'>
  pictures: string[]
  tag: string
  anyUploader: boolean
}) {
  const keys = [...new Set(pictures)]
  if (keys.length > LEAVE_PICTURES_MAX) throw createLeavePictureError({ message: `最多上传${LEAVE_PICTURES_MAX}张图片` })
  for (const key of keys) {
    if (!key.startsWith(LEAVE_KEY_PREFIX)) throw createLeavePictureError()
    if (!anyUploader && !key.slice(key.lastIndexOf('/') + 1).startsWith(tag)) throw createLeavePictureError()
    if (!(await storage.stat(key))) throw createLeavePictureError()
  }
  return keys
}

/** What the approval shows about a leave (its title and lines). */
function wording(leave: Pick<LeaveRow, 'type' | 'startSlot' | 'endSlot' | 'reason'>, studentName: string) {
  const halfDays = leave.endSlot - leave.startSlot + 1
  return {
    title: `${studentName}的请假（${leave.type} ${halfDaysText(halfDays)}）`,
    halfDays,
    fields: [
      { label: '请假类型', value: leave.type },
      { label: '开始时间', value: slotText(leave.startSlot) },
      { label: '结束时间', value: slotText(leave.endSlot) },
      { label: '时长', value: halfDaysText(halfDays) },
      { label: '事由', value: leave.reason },
    ],
  }
}

/** Writes a leave, or the database refuses it for overlapping another of the student's. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isExclusionViolation(error, 'leave_requests_no_overlap')) throw createLeaveOverlapError()
    throw error
  }
}

/**
 * A student asks for leave (or their head teacher asks for them, 代请假): the leave and its
 * approval are written in one transaction, and the database refuses one that overlaps another of
 * the student's leaves under way or approved. The approval starts with the student's head teacher.
 */
export async function applyLeave({
  db,
  storage,
  studentId,
  input,
  by,
  kinds,
  now = new Date(),
}: {
  db: Executor
  storage: Pick<Storage, 'stat'>
  studentId: number
  input: LeaveInput
  /** The operator applying on the student's behalf: only the student's head teacher. */
  by?: Actor
  kinds: ApprovalKinds
  now?: Date
}) {
  const { start, end } = slotsOf(input, now)
  return db.transaction(async (tx) => {
    const student = await createStudentsRepository({ db: tx }).findById({ id: studentId })
    if (!student) throw createLeaveNotFoundError({ message: '学员不存在' })
    const klass = await classOfStudent({ db: tx, studentId })
    if (by && klass?.headTeacherId !== by.id) throw createNotHeadTeacherError()
    const pictures = await checkPictures({
      storage,
      pictures: input.pictures,
      tag: by ? uploaderTag({ adminId: by.id }) : uploaderTag({ studentId }),
      anyUploader: false,
    })
    const leave = await guarded(() =>
      createLeaveRepository({ db: tx }).insert({
        studentId,
        type: input.type,
        startSlot: start,
        endSlot: end,
        reason: input.reason,
        pictures,
        status: ApprovalStatus.pending,
        appliedByAdminId: by?.id ?? null,
        appliedByName: by?.name ?? null,
        createdAt: now,
      }),
    )
    const w = wording(leave, student.name)
    await submitApproval({
      db: tx,
      submission: {
        kind: 'leave',
        subjectId: leave.id,
        title: w.title,
        fields: w.fields,
        halfDays: w.halfDays,
        applicant: { accountId: student.accountId, name: student.name },
        submittedBy: by ? { id: by.id, name: by.name } : null,
        headTeacherId: klass?.headTeacherId ?? null,
      },
      kinds,
      now,
    })
    if (by)
      await recordAudit({
        tx,
        actor: by,
        entry: {
          action: 'leave.applyFor',
          entityType: 'leave',
          entityId: leave.id,
          summary: `为${student.name}请假：${w.fields[3]!.value}（${input.type}）`,
          after: { ...input },
        },
      })
    return (await leaveById({ db: tx, id: leave.id }))!
  })
}

/** A returned leave, changed by its student and submitted again (a new round of its flow). */
export async function resubmitLeave({
  db,
  storage,
  studentId,
  id,
  input,
  kinds,
  now = new Date(),
}: {
  db: Executor
  storage: Pick<Storage, 'stat'>
  studentId: number
  id: number
  input: LeaveInput
  kinds: ApprovalKinds
  now?: Date
}) {
  const { start, end } = slotsOf(input, now)
  return db.transaction(async (tx) => {
    const repo = createLeaveRepository({ db: tx })
    const before = await repo.findById({ id, forUpdate: true })
    if (!before || before.studentId !== studentId) throw createLeaveNotFoundError()
    if (before.status !== ApprovalStatus.returned) throw createLeaveStateError({ message: '只有被退回的请假可以修改后重新提交' })
    const student = (await createStudentsRepository({ db: tx }).findById({ id: studentId }))!
    const pictures = await checkPictures({ storage, pictures: input.pictures, tag: uploaderTag({ studentId }), anyUploader: false })
    const leave = await guarded(() =>
      repo.update({ id, values: { type: input.type, startSlot: start, endSlot: end, reason: input.reason, pictures, updatedAt: now } }),
    )
    const klass = await classOfStudent({ db: tx, studentId })
    const w = wording(leave, student.name)
    const actor: ApprovalActor = { type: 'applicant', accountId: student.accountId, name: student.name }
    await resubmitApproval({
      db: tx,
      kind: 'leave',
      subjectId: id,
      changes: { title: w.title, fields: w.fields, halfDays: w.halfDays, headTeacherId: klass?.headTeacherId ?? null },
      actor,
      kinds,
      now,
    })
    return (await leaveById({ db: tx, id }))!
  })
}

/**
 * 销假: the student (or their head teacher) records the half-day they came back. An approved leave
 * then holds only the half-days before it (the rest is released: another leave may take them).
 * Coming back before the leave started is no 销假: revoke it instead.
 */
export async function destroyLeave({
  db,
  id,
  backDate,
  backHalf,
  by,
  now = new Date(),
}: {
  db: Executor
  id: number
  backDate: string
  backHalf: Half
  by: { studentId: number } | { actor: Actor }
  now?: Date
}) {
  const back = halfDaySlot(backDate, backHalf)
  if (Number.isNaN(back)) throw createLeaveRangeError({ message: '请选择正确的返回日期' })
  return db.transaction(async (tx) => {
    const repo = createLeaveRepository({ db: tx })
    const leave = await repo.findById({ id, forUpdate: true })
    if (!leave) throw createLeaveNotFoundError()
    if ('studentId' in by && leave.studentId !== by.studentId) throw createLeaveNotFoundError()
    if ('actor' in by && (await classOfStudent({ db: tx, studentId: leave.studentId }))?.headTeacherId !== by.actor.id)
      throw createNotHeadTeacherError({ message: '只能为自己班级的学员销假' })
    if (leave.status !== ApprovalStatus.approved) throw createLeaveStateError({ message: '只有已通过的请假可以销假' })
    if (leave.backSlot !== null) throw createLeaveStateError({ message: '该请假已销假' })
    if (back <= leave.startSlot) throw createLeaveStateError({ message: '返回时间早于请假开始，请撤销这次请假' })
    if (back > leave.endSlot + 1) throw createLeaveStateError({ message: '返回时间晚于请假结束，超出的时间请另行请假' })
    if (back > halfDaySlot(beijingDate(now), '下午') + 1) throw createLeaveStateError({ message: '还没有返回，不能提前销假' })
    const name = 'actor' in by ? by.actor.name : (await createStudentsRepository({ db: tx }).findById({ id: leave.studentId }))!.name
    await repo.update({ id, values: { backSlot: back, backRecordedBy: name, backRecordedAt: now, updatedAt: now } })
    const used = back - leave.startSlot
    const released = leave.endSlot + 1 - back
    await recordApprovalNote({
      db: tx,
      kind: 'leave',
      subjectId: id,
      actorName: name,
      action: '销假',
      comment: `${slotText(back)}返回，实际请假${halfDaysText(used)}${released ? `，释放${halfDaysText(released)}` : ''}`,
      now,
    })
    if ('actor' in by)
      await recordAudit({
        tx,
        actor: by.actor,
        entry: {
          action: 'leave.destroy',
          entityType: 'leave',
          entityId: id,
          summary: `销假：${slotText(back)}返回，实际请假${halfDaysText(used)}`,
          before: { backSlot: null },
          after: { backSlot: back },
        },
      })
    return (await leaveById({ db: tx, id }))!
  })
}

/**
 * Why an approved leave may not be revoked now, or null: once 销假 is recorded it was taken; once it
 * has started, its student records 销假 instead (the office, with 审批 · 撤销, may still revoke it).
 */
export function revokeRefusal(leave: Pick<LeaveRow, 'startSlot' | 'backSlot'>, byApplicant: boolean, now: Date): string | null {
  if (leave.backSlot !== null) return '已销假的请假不能撤销'
  if (byApplicant && leave.startSlot <= nowSlot(now)) return '请假已开始，不能撤销；返回后请销假'
  return null
}

/** The half-day `now` falls in (Beijing time: 上午 before noon). */
function nowSlot(now: Date): number {
  const hour = Number(beijingMinute(now).slice(11, 13))
  return halfDaySlot(beijingDate(now), hour < 12 ? '上午' : '下午')
}

/** The leave kind of the approval engine: the leave takes its approval's status in the same transaction. */
export const leaveApprovalKind: ApprovalKindHandler = {
  async onStatus({ db, request, status, now }) {
    await createLeaveRepository({ db }).update({ id: request.subjectId, values: { status, updatedAt: now } })
  },
  async checkRevoke({ db, request, byApplicant, now }) {
    const leave = await createLeaveRepository({ db }).findById({ id: request.subjectId, forUpdate: true })
    const refusal = leave && revokeRefusal(leave, byApplicant, now)
    if (refusal) throw createLeaveStateError({ message: refusal })
  },
}

export async function leaveById({ db, id }: { db: Executor; id: number }) {
  return createLeaveRepository({ db }).findById({ id })
}

/** A student's leaves, latest first. */
export async function leavesOf({ db, studentId }: { db: Executor; studentId: number }) {
  return createLeaveRepository({ db }).ofStudent({ studentId })
}

/** The approved leaves of these students that hold a half-day of `date` (who is on leave today). */
export async function onLeave({ db, studentIds, date }: { db: Executor; studentIds: number[]; date: string }) {
  const am = halfDaySlot(date, '上午')
  return createLeaveRepository({ db }).approvedWithin({ studentIds, from: am, to: am + 2 })
}

/** A leave as the wire carries it: its half-days, the half-day dates, signed picture addresses. */
export function toLeave(l: LeaveRow, secret: string) {
  const start = half(l.startSlot)
  const end = half(l.endSlot)
  const halfDays = l.endSlot - l.startSlot + 1
  const back = l.backSlot === null ? null : half(l.backSlot)
  return {
    id: l.id,
    studentId: l.studentId,
    type: l.type,
    startDate: start.date,
    startHalf: start.half,
    endDate: end.date,
    endHalf: end.half,
    halfDays,
    daysText: halfDaysText(halfDays),
    reason: l.reason,
    pictures: l.pictures.map((key) => ({ key, url: fileUrl({ secret, key }) })),
    status: l.status,
    appliedByName: l.appliedByName,
    backDate: back?.date ?? null,
    backHalf: back?.half ?? null,
    usedHalfDays: l.backSlot === null ? null : l.backSlot - l.startSlot,
    createdAt: l.createdAt.toISOString(),
  }
}
