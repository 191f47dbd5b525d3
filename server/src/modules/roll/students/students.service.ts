import { violatedUniqueIndex } from '../../../db/errors.ts'
import type { Executor } from '../../../db/types.ts'
import { maskIdCard4, maskPhone } from '../../../lib/mask.ts'
import { ApprovalStatus, ClueStatus, RollField, RollRequestStatus, StudentStatus, VerifyType } from '../../../wire.ts'
import {
  type ApprovalKindHandler,
  type ApprovalKinds,
  approvalOf,
  createAccountsRepository,
  decideApprovalAs,
  submitApproval,
} from '../../platform/index.ts'
import { createClassesRepository } from './classes.repository.ts'
import { type Actor, recordAudit } from '../../platform/index.ts'
import { clueForConversion } from '../../partner-programme/index.ts'
import { createPartnersRepository } from '../../partner-programme/index.ts'
import type { VerificationService } from '../../platform/index.ts'
import {
  createClueConvertedError,
  createClueNotDealError,
  createClueNotFoundError,
  createIdCardTakenError,
  createPendingExistsError,
  createPhoneInUseError,
  createRequestHandledError,
  createRequestNotFoundError,
  createSameValueError,
  createStatusUnchangedError,
  createStudentNoTakenError,
  createStudentNotFoundError,
  createStudentPhoneTakenError,
} from './students.errors.ts'
import {
  type ConsoleRequestRow,
  type ConsoleStudentRow,
  createStudentsRepository,
  type HistoryRow,
  type RollRequestRow,
  type StudentRow,
} from './students.repository.ts'

/** What the student's home shows at the top (the specification's header info): who and where they study. */
export function toStudentHeader(s: StudentRow) {
  return {
    id: s.id,
    name: s.name,
    educationType: s.educationType,
    school: s.school,
    major: s.major,
    level: s.level,
    programme: s.programme,
    discipline: s.discipline,
    batchYear: s.batchYear,
    batch: s.batch,
    studentNo: s.studentNo,
    status: s.status,
  }
}

/** The session user of a person who holds a student profile only (the sign-in calls' answer shape). */
export function toStudentUser(s: StudentRow) {
  return {
    id: s.accountId,
    phone: maskPhone(s.phone),
    nickname: s.name,
    avatar: null,
    school: s.school,
    major: s.major,
    discipline: s.discipline,
  }
}

/** Who reads: the student (phones masked, no operator names) or the console (phones whole). ID numbers are masked for both. */
export type Audience = 'client' | 'console'

export function toRoll(s: StudentRow, audience: Audience) {
  const { id, name, ...studies } = toStudentHeader(s)
  return {
    id,
    name,
    phone: audience === 'console' ? s.phone : maskPhone(s.phone),
    idCard: maskIdCard4(s.idCard),
    gender: s.gender,
    ...studies,
    createdAt: s.createdAt.toISOString(),
  }
}

export function toConsoleRoll(s: ConsoleStudentRow) {
  return {
    ...toRoll(s, 'console'),
    hasPartner: s.hasPartner,
    classId: s.classId,
    className: s.className,
    clueId: s.clueId,
    remark: s.remark,
    updatedAt: s.updatedAt.toISOString(),
  }
}

export function toHistory(h: HistoryRow, audience: Audience) {
  return {
    id: h.id,
    fromStatus: h.fromStatus,
    toStatus: h.toStatus,
    reason: h.reason,
    adminName: audience === 'console' ? h.adminName : null,
    createdAt: h.createdAt.toISOString(),
  }
}

/** A request's value as it may leave the server: ID numbers masked always, phones for the student. */
function shownValue(field: string, value: string | null, audience: Audience): string | null {
  if (value === null) return null
  if (field === 'idCard') return maskIdCard4(value)
  if (field === 'phone' && audience === 'client') return maskPhone(value)
  return value
}

export function toRollRequest(r: RollRequestRow, audience: Audience) {
  return {
    id: r.id,
    field: r.field,
    fieldLabel: RollField[r.field as RollField] ?? r.field,
    oldValue: shownValue(r.field, r.oldValue, audience),
    newValue: shownValue(r.field, r.newValue, audience) ?? '',
    reason: r.reason,
    status: r.status,
    refuseReason: r.refuseReason,
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
  }
}

export function toConsoleRollRequest(r: ConsoleRequestRow) {
  return { ...toRollRequest(r, 'console'), studentId: r.studentId, studentName: r.studentName, studentPhone: r.studentPhone }
}

// ---- writes ----

/** The database's unique constraints a write may trip over, as the refusal a person reads. */
const UNIQUE_REFUSALS = new Map<string, () => Error>([
  ['students_phone_unique', createStudentPhoneTakenError],
  ['accounts_phone_unique', createPhoneInUseError],
  ['students_student_no_unique', createStudentNoTakenError],
  ['students_id_card_uq', createIdCardTakenError],
  ['students_clue_id_unique', createClueConvertedError],
  ['roll_modify_requests_pending_uq', createPendingExistsError],
])

/** Runs a write; a unique violation (two writers at once, past the checks) becomes its refusal. */
export async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const index = violatedUniqueIndex(error)
    const refusal = index === undefined ? undefined : UNIQUE_REFUSALS.get(index)
    if (refusal) throw refusal()
    throw error
  }
}

export interface RollInput {
  name: string
  phone: string
  idCard?: string
  gender?: string
  educationType: string
  school: string
  major: string
  level: string
  programme?: string
  discipline?: string
  batchYear: number
  batch: number
  studentNo?: string
  remark?: string
}

const rollValues = (input: RollInput) => ({
  name: input.name,
  phone: input.phone,
  idCard: input.idCard ?? null,
  gender: input.gender ?? null,
  educationType: input.educationType,
  school: input.school,
  major: input.major,
  level: input.level,
  programme: input.programme ?? null,
  discipline: input.discipline ?? null,
  batchYear: input.batchYear,
  batch: input.batch,
  studentNo: input.studentNo ?? null,
  remark: input.remark ?? null,
})

/** What the audit log keeps of a roll (the ID number masked: the log is read by every operator). */
const auditedRoll = (s: StudentRow) => ({ ...toRoll(s, 'console'), remark: s.remark })

/**
 * Moves a person to a new phone: their account first, then their partner profile and this student
 * profile (the profile triggers link a profile to the account of its phone, which is then still
 * theirs). Another account holding the phone: 409. Call inside the write's transaction.
 */
async function movePhone({ tx, student, phone }: { tx: Executor; student: StudentRow; phone: string }): Promise<void> {
  if (student.phone === phone) return
  const accounts = createAccountsRepository({ db: tx })
  const holder = await accounts.findByPhone({ phone })
  if (holder && holder.id !== student.accountId) throw createPhoneInUseError()
  await accounts.setPhone({ id: student.accountId, phone })
  const partnersRepo = createPartnersRepository({ db: tx })
  const partner = await partnersRepo.findByAccount({ accountId: student.accountId })
  if (partner) await partnersRepo.update({ id: partner.id, values: { phone } })
  await createStudentsRepository({ db: tx }).update({ id: student.id, values: { phone } })
}

const sameIdCard = (a: string | null, b: string | null) => (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase()

/**
 * Refuses an ID number another student holds (an ID number belongs to one person), under the lock
 * that keeps two writers of one number from both passing the check. Call in the write's
 * transaction, after its row locks (the lock order of every student write: rows, then this).
 */
async function claimIdCard({ tx, idCard, studentId }: { tx: Executor; idCard: string | null | undefined; studentId?: number }) {
  if (!idCard) return
  const repo = createStudentsRepository({ db: tx })
  await repo.lockIdCards()
  if (await repo.idCardTaken({ idCard, exceptId: studentId })) throw createIdCardTakenError()
}

async function assertNewStudent({ db, phone, studentNo }: { db: Executor; phone: string; studentNo?: string | null }) {
  const repo = createStudentsRepository({ db })
  if (await repo.findByPhone({ phone })) throw createStudentPhoneTakenError()
  if (studentNo && (await repo.studentNoTaken({ studentNo }))) throw createStudentNoTakenError()
}

/** The office registers a student: 在读, with the first history row (登记). */
export async function createStudent({ db, input, actor }: { db: Executor; input: RollInput; actor: Actor }): Promise<StudentRow> {
  await assertNewStudent({ db, phone: input.phone, studentNo: input.studentNo })
  return refusingDuplicates(() =>
    db.transaction(async (tx) => {
      const repo = createStudentsRepository({ db: tx })
      await claimIdCard({ tx, idCard: input.idCard })
      const student = await repo.insert({ ...rollValues(input), status: StudentStatus.studying })
      await repo.insertHistory([
        { studentId: student.id, toStatus: StudentStatus.studying, reason: '登记', adminId: actor.id, adminName: actor.name },
      ])
      await recordAudit({
        tx,
        actor,
        entry: {
          action: 'student.create',
          entityType: 'student',
          entityId: student.id,
          summary: `新增学员 ${student.name}（${student.phone}）`,
          after: auditedRoll(student),
        },
      })
      return student
    }),
  )
}

/** The office edits a roll (every field, the ID number only when a new one is given; a phone change moves the person's account and partner profile with it). */
export async function updateStudent({
  db,
  id,
  input,
  actor,
}: {
  db: Executor
  id: number
  /** phone null: the one on file stays (the form sent back the masked one). */
  input: Omit<RollInput, 'phone'> & { phone: string | null }
  actor: Actor
}): Promise<StudentRow> {
  const edit = input
  return refusingDuplicates(() =>
    db.transaction(async (tx) => {
      const repo = createStudentsRepository({ db: tx })
      const before = await repo.findByIdForUpdate({ id })
      if (!before) throw createStudentNotFoundError()
      const input: RollInput = { ...edit, phone: edit.phone ?? before.phone }
      if (input.phone !== before.phone && (await repo.findByPhone({ phone: input.phone }))) throw createStudentPhoneTakenError()
      if (input.studentNo && (await repo.studentNoTaken({ studentNo: input.studentNo, exceptId: id }))) throw createStudentNoTakenError()
      // Only a new number is claimed: a roll that shares one from before stays editable.
      if (input.idCard && !sameIdCard(input.idCard, before.idCard)) await claimIdCard({ tx, idCard: input.idCard, studentId: id })
      await movePhone({ tx, student: before, phone: input.phone })
      const { phone: _phone, ...rest } = rollValues(input)
      // The console only ever sees the ID number masked: a blank one keeps the number on file
      // (a correction request or a new number replaces it, never an empty field).
      const after = await repo.update({ id, values: { ...rest, idCard: input.idCard ?? before.idCard } })
      await recordAudit({
        tx,
        actor,
        entry: {
          action: 'student.update',
          entityType: 'student',
          entityId: id,
          summary: `修改学员 ${after.name}（${after.phone}）`,
          before: auditedRoll(before),
          after: auditedRoll(after),
        },
      })
      return after
    }),
  )
}

/** A status change with its reason, kept in the history. */
export async function changeStudentStatus({
  db,
  id,
  status,
  reason,
  actor,
}: {
  db: Executor
  id: number
  status: string
  reason: string
  actor: Actor
}): Promise<StudentRow> {
  return db.transaction(async (tx) => {
    const repo = createStudentsRepository({ db: tx })
    const before = await repo.findByIdForUpdate({ id })
    if (!before) throw createStudentNotFoundError()
    if (before.status === status) throw createStatusUnchangedError()
    const after = await repo.update({ id, values: { status } })
    await repo.insertHistory([
      { studentId: id, fromStatus: before.status, toStatus: status, reason, adminId: actor.id, adminName: actor.name },
    ])
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'student.status',
        entityType: 'student',
        entityId: id,
        summary: `学员 ${after.name} 学籍状态 ${before.status} → ${status}：${reason}`,
        before: { status: before.status },
        after: { status, reason },
      },
    })
    return after
  })
}

/**
 * Called in 转为学员's transaction once a clue's deal became (or was linked to) a student: the
 * points module's earnForReferral, handed in where the routes are registered (modules/index.ts),
 * as orders' onPaid is, because the points module reads students.
 */
export type OnClueConverted = (args: { db: Executor; clueId: number }) => Promise<unknown>

export interface FromClueInput {
  clueId: number
  educationType: string
  school: string
  major: string
  level: string
  batchYear: number
  batch: number
  idCard?: string
  gender?: string
  studentNo?: string
  discipline?: string
}

/**
 * 转为学员: the deal of a clue becomes the student of its phone (name and phone from the clue, the
 * programme of the deal). A student of that phone already: linked to the clue instead (clue_id set
 * when empty).
 */
export async function studentFromClue({
  db,
  input,
  actor,
  onConverted,
}: {
  db: Executor
  input: FromClueInput
  actor: Actor
  onConverted?: OnClueConverted
}): Promise<{ student: StudentRow; linked: boolean }> {
  return refusingDuplicates(() =>
    db.transaction(async (tx) => {
      const converted = await convertClue({ tx, input, actor })
      // 推荐入学 points for the partner whose clue this was (the points module's hook, this transaction).
      await onConverted?.({ db: tx, clueId: input.clueId })
      return converted
    }),
  )
}

/** 转为学员 itself, in the caller's transaction. */
async function convertClue({ tx, input, actor }: { tx: Executor; input: FromClueInput; actor: Actor }) {
  const clue = await clueForConversion({ db: tx, id: input.clueId, actor })
  if (!clue) throw createClueNotFoundError()
  if (clue.status !== ClueStatus.deal) throw createClueNotDealError()
  const repo = createStudentsRepository({ db: tx })
  if (await repo.findByClue({ clueId: clue.id })) throw createClueConvertedError()
  const existing = await repo.findByPhone({ phone: clue.phone })
  if (existing) {
    const student = existing.clueId === null ? await repo.update({ id: existing.id, values: { clueId: clue.id } }) : existing
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'student.fromClue',
        entityType: 'student',
        entityId: student.id,
        summary: `线索 #${clue.id} 关联已有学员 ${student.name}（${student.phone}）`,
        before: { clueId: existing.clueId },
        after: { clueId: student.clueId, linked: true },
      },
    })
    return { student, linked: true }
  }
  if (input.studentNo && (await repo.studentNoTaken({ studentNo: input.studentNo }))) throw createStudentNoTakenError()
  await claimIdCard({ tx, idCard: input.idCard })
  const student = await repo.insert({
    name: clue.name,
    phone: clue.phone,
    idCard: input.idCard ?? null,
    gender: input.gender ?? null,
    educationType: input.educationType,
    school: input.school,
    major: input.major,
    level: input.level,
    programme: clue.programme,
    discipline: input.discipline ?? null,
    batchYear: input.batchYear,
    batch: input.batch,
    studentNo: input.studentNo ?? null,
    status: StudentStatus.studying,
    clueId: clue.id,
  })
  await repo.insertHistory([
    { studentId: student.id, toStatus: StudentStatus.studying, reason: '线索转为学员', adminId: actor.id, adminName: actor.name },
  ])
  await recordAudit({
    tx,
    actor,
    entry: {
      action: 'student.fromClue',
      entityType: 'student',
      entityId: student.id,
      summary: `线索 #${clue.id} 转为学员 ${student.name}（${student.phone}）`,
      after: { ...auditedRoll(student), linked: false },
    },
  })
  return { student, linked: false }
}

// ---- correction requests ----

const currentValue = (s: StudentRow, field: RollField): string | null =>
  field === 'name' ? s.name : field === 'idCard' ? s.idCard : s.phone

/**
 * The student asks to correct a field of their own roll. The value was checked by field (schema);
 * the same as now: 422; a pending request for the field: 409; a new phone must be nobody's yet and
 * carry the 绑定手机 code sent to it.
 */
export async function applyForCorrection({
  db,
  verification,
  studentId,
  field,
  value,
  reason,
  code,
  kinds,
}: {
  db: Executor
  verification: VerificationService
  studentId: number
  field: RollField
  value: string
  reason?: string
  code?: string
  kinds: ApprovalKinds
}): Promise<RollRequestRow> {
  const repo = createStudentsRepository({ db })
  const student = await repo.findById({ id: studentId })
  if (!student) throw createStudentNotFoundError()
  const old = currentValue(student, field)
  if (old === value) throw createSameValueError()
  if ((await repo.requests({ studentId, status: RollRequestStatus.pending })).some((r) => r.field === field))
    throw createPendingExistsError()
  // Checked again, under the lock, when the office approves it.
  if (field === 'idCard' && (await repo.idCardTaken({ idCard: value, exceptId: studentId }))) throw createIdCardTakenError()
  if (field === 'phone') {
    if (await createAccountsRepository({ db }).findByPhone({ phone: value })) throw createPhoneInUseError()
    await verification.verify({ db, phone: value, code: code ?? '', types: [VerifyType.bindPhone] })
  }
  return refusingDuplicates(() =>
    db.transaction(async (tx) => {
      const request = await createStudentsRepository({ db: tx }).insertRequest({
        studentId,
        field,
        oldValue: old,
        newValue: value,
        reason: reason ?? null,
        status: RollRequestStatus.pending,
      })
      await submitCorrection({ tx, request, kinds })
      return request
    }),
  )
}

/** The roll-correction kind's lines on its approval: the field, the old and new values as an operator may read them, the reason. */
function correctionWording(request: RollRequestRow, studentName: string) {
  const field = request.field as RollField
  const shown = (v: string | null) => shownValue(field, v, 'console') ?? '空'
  return {
    title: `${studentName}的学籍变更（${RollField[field] ?? field}）`,
    fields: [
      { label: '修改项目', value: RollField[field] ?? field },
      { label: '原内容', value: shown(request.oldValue) },
      { label: '新内容', value: shown(request.newValue) },
      ...(request.reason ? [{ label: '理由', value: request.reason }] : []),
    ],
  }
}

/** Submits a correction request to the approval engine (学籍变更), in the caller's transaction. */
async function submitCorrection({ tx, request, kinds }: { tx: Executor; request: RollRequestRow; kinds: ApprovalKinds }) {
  const student = (await createStudentsRepository({ db: tx }).findById({ id: request.studentId }))!
  const klass = await createClassesRepository({ db: tx }).classOf({ studentId: student.id })
  await submitApproval({
    db: tx,
    submission: {
      kind: 'rollCorrection',
      subjectId: request.id,
      ...correctionWording(request, student.name),
      applicant: { accountId: student.accountId, name: student.name },
      headTeacherId: klass?.headTeacherId ?? null,
    },
    kinds,
  })
}

/**
 * The office decides a correction request (the 学籍变更申请 screen) through the approval engine: the
 * change applies, or the refusal is recorded, in the decision's transaction (the kind's handler). A
 * request from before the engine gets its approval first.
 */
export async function decideRequest({
  db,
  id,
  actor,
  decision,
  reason,
  kinds,
}: {
  db: Executor
  id: number
  actor: Actor
  decision: 'approve' | 'refuse'
  reason?: string
  kinds: ApprovalKinds
}): Promise<RollRequestRow> {
  const repo = createStudentsRepository({ db })
  const request = await repo.findRequest({ id })
  if (!request) throw createRequestNotFoundError()
  if (request.status !== RollRequestStatus.pending) throw createRequestHandledError()
  if (!(await approvalOf({ db, kind: 'rollCorrection', subjectId: id })))
    await db.transaction(async (tx) => {
      if (!(await approvalOf({ db: tx, kind: 'rollCorrection', subjectId: id }))) await submitCorrection({ tx, request, kinds })
    })
  await refusingDuplicates(() => decideApprovalAs({ db, kind: 'rollCorrection', subjectId: id, actor, decision, comment: reason, kinds }))
  return (await repo.findRequest({ id }))!
}

/** The change a request asks for, applied to the student (a phone moves the person's account and partner profile too). */
async function applyCorrection({
  tx,
  student,
  field,
  value,
}: {
  tx: Executor
  student: StudentRow
  field: RollField
  value: string | null
}) {
  const repo = createStudentsRepository({ db: tx })
  if (field === 'phone') {
    if (value !== student.phone && (await repo.findByPhone({ phone: value! }))) throw createPhoneInUseError()
    await movePhone({ tx, student, phone: value! })
  } else {
    if (field === 'idCard') await claimIdCard({ tx, idCard: value, studentId: student.id })
    await repo.update({ id: student.id, values: field === 'name' ? { name: value! } : { idCard: value } })
  }
}

/**
 * 学籍变更 on the approval engine: approved, the change applies (and is audited as before); refused,
 * the reason is kept; withdrawn, it ends; revoked, the old value comes back. All in the engine's
 * transaction. A correction is approved or refused, never returned (the student has nothing to edit).
 */
export const rollCorrectionApprovalKind: ApprovalKindHandler = {
  returnable: false,
  async onStatus({ db: tx, request: approval, status, now, by }) {
    const repo = createStudentsRepository({ db: tx })
    const request = await repo.findRequestForUpdate({ id: approval.subjectId })
    if (!request) throw createRequestNotFoundError()
    const reviewed = by.actor ? { reviewedBy: by.actor.id, reviewedByName: by.actor.name, reviewedAt: now } : { reviewedAt: now }
    const field = request.field as RollField
    const shown = (v: string | null) => shownValue(field, v, 'console')
    if (status === ApprovalStatus.approved || status === ApprovalStatus.revoked) {
      const student = await repo.findByIdForUpdate({ id: request.studentId })
      if (!student) throw createStudentNotFoundError()
      const [from, to] = status === ApprovalStatus.approved ? [request.oldValue, request.newValue] : [request.newValue, request.oldValue]
      await applyCorrection({ tx, student, field, value: to })
      const done = await repo.updateRequest({
        id: request.id,
        values:
          status === ApprovalStatus.approved ? { status: RollRequestStatus.approved, ...reviewed } : { status: RollRequestStatus.revoked },
      })
      if (by.actor && status === ApprovalStatus.approved)
        await recordAudit({
          tx,
          actor: by.actor,
          entry: {
            action: 'rollRequest.approve',
            entityType: 'student',
            entityId: student.id,
            summary: `通过学员 ${student.name} 的${RollField[field] ?? field}修改：${shown(from) ?? '空'} → ${shown(to)}`,
            before: { requestId: request.id, status: request.status, [field]: shown(from) },
            after: { requestId: request.id, status: done.status, [field]: shown(to) },
          },
        })
    } else if (status === ApprovalStatus.refused) {
      await repo.updateRequest({ id: request.id, values: { status: RollRequestStatus.refused, refuseReason: by.comment, ...reviewed } })
      if (by.actor)
        await recordAudit({
          tx,
          actor: by.actor,
          entry: {
            action: 'rollRequest.refuse',
            entityType: 'student',
            entityId: request.studentId,
            summary: `驳回${RollField[field] ?? field}修改申请 #${request.id}：${by.comment ?? ''}`,
            before: { requestId: request.id, status: request.status },
            after: { requestId: request.id, status: RollRequestStatus.refused, refuseReason: by.comment },
          },
        })
    } else if (status === ApprovalStatus.withdrawn) {
      await repo.updateRequest({ id: request.id, values: { status: RollRequestStatus.withdrawn } })
    }
  },
}

// ---- reads ----

export type { ConsoleStudentRow } from './students.repository.ts'

/** One student (undefined: none). */
export async function findStudent({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createStudentsRepository>['findById']>[0]) {
  return createStudentsRepository({ db }).findById(query)
}

/** One student as the console shows them. */
export async function consoleStudentById({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createStudentsRepository>['consoleById']>[0]) {
  return createStudentsRepository({ db }).consoleById(query)
}

/** The student a clue was turned into, as the console shows them. */
export async function consoleStudentByClue({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createStudentsRepository>['consoleByClue']>[0]) {
  return createStudentsRepository({ db }).consoleByClue(query)
}

/** A student's status history, newest first. */
export async function rollHistory({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createStudentsRepository>['history']>[0]) {
  return createStudentsRepository({ db }).history(query)
}

/** A student's correction requests (of a status), newest first. */
export async function rollRequestsOf({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createStudentsRepository>['requests']>[0]) {
  return createStudentsRepository({ db }).requests(query)
}

/** The quick finder's students by name or whole phone (as the student list's keyword matches them). */
export async function quickFindStudents({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createStudentsRepository>['quickFind']>[0]) {
  return createStudentsRepository({ db }).quickFind(query)
}

/** The console's student list, by the filter. */
export async function listStudents({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createStudentsRepository>['list']>[0]) {
  return createStudentsRepository({ db }).list(query)
}

/** The export's next batch after `last`. */
export async function exportStudentsBatch({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createStudentsRepository>['exportBatch']>[0]) {
  return createStudentsRepository({ db }).exportBatch(query)
}

/** The console's correction requests, by status and keyword. */
export async function listRollRequests({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createStudentsRepository>['listRequests']>[0]) {
  return createStudentsRepository({ db }).listRequests(query)
}

/** How many correction requests the console's list shows for this filter (工作台's 待审核 count). */
export async function countRollRequests({ db, ...filter }: { db: Executor; status?: string; keyword?: string }) {
  return createStudentsRepository({ db }).countRequests(filter)
}
