import type { Executor } from '../../../db/types.ts'
import { AppError } from '../../../lib/errors.ts'
import {
  ApprovalDecision,
  ApprovalKind,
  ApprovalMode,
  ApprovalStatus,
  ApprovalStepStatus,
  ApproverType,
  type AuditAction,
} from '../../../wire.ts'
import { type Actor, recordAudit } from '../audit/index.ts'
import { operatorsWithRight } from '../admins/index.ts'
import { isRight, type Right, rightLabel } from '@activity/domain'
import {
  createApprovalHandledError,
  createApprovalNotFoundError,
  createFlowInvalidError,
  createNoApproverError,
  createNotApproverError,
  createNotReturnableError,
  createRevokeRefusedError,
  createWithdrawTooLateError,
} from './approvals.errors.ts'
import {
  type ActionRow,
  type ApprovalBox,
  type ApprovalFilter,
  createApprovalsRepository,
  type RequestRow,
  type StepApproverRow,
  type StepRow,
} from './approvals.repository.ts'
import type { FlowApprover, FlowStep, RequestField } from './approvals.table.ts'

export type { FlowApprover, FlowStep, RequestField }
export type ApprovalRequestRow = RequestRow

/**
 * What a kind of approval does when its request's status changes (in the transaction that changes
 * it): a leave takes the status, an approved roll correction applies. Refusing (an AppError) undoes
 * the whole action.
 */
export interface ApprovalKindHandler {
  onStatus(args: { db: Executor; request: RequestRow; status: ApprovalStatus; now: Date; by: ApprovalDecider }): Promise<void>
  /** False: an approver may approve or refuse but not return it for changes (the applicant has nothing to change). */
  returnable?: boolean
  /** Refuses (throws) a revoke the record no longer allows (a leave already taken), before anything changes. */
  checkRevoke?(args: { db: Executor; request: RequestRow; byApplicant: boolean; now: Date }): Promise<void>
}

/** Who made the status change and what they said: an operator deciding or revoking (null: the applicant, or the engine itself). */
export interface ApprovalDecider {
  actor: Actor | null
  comment: string | null
}
const NOBODY: ApprovalDecider = { actor: null, comment: null }
export type ApprovalKinds = Partial<Record<ApprovalKind, ApprovalKindHandler>>

/** Who acts on a request: an operator, or the applicant (a person's account). */
export type ApprovalActor = ({ type: 'admin' } & Actor) | { type: 'applicant'; accountId: number; name: string }

/** The flow a kind uses until the office edits it: the applicant's head teacher decides. */
export const DEFAULT_FLOWS: Record<ApprovalKind, { steps: FlowStep[]; cc: FlowApprover[]; overdueHours: number; revokeDays: number }> = {
  leave: { steps: [{ name: '班主任审批', approver: { type: 'headTeacher' }, mode: 'any' }], cc: [], overdueHours: 24, revokeDays: 7 },
  // As before the engine: whoever holds 学籍变更申请 · 审批 decides.
  rollCorrection: {
    steps: [{ name: '教务审批', approver: { type: 'right', right: 'rollRequests.approve' }, mode: 'any' }],
    cc: [],
    overdueHours: 48,
    revokeDays: 7,
  },
  // 补卡: the student's head teacher confirms they were there.
  makeUpPunch: { steps: [{ name: '班主任审批', approver: { type: 'headTeacher' }, mode: 'any' }], cc: [], overdueHours: 24, revokeDays: 7 },
  // 毕业照片: the head teacher, then the education office (whoever holds 毕业 · 审核).
  graduationPhoto: {
    steps: [
      { name: '班主任审核', approver: { type: 'headTeacher' }, mode: 'any' },
      { name: '教务处审核', approver: { type: 'right', right: 'graduation.approve' }, mode: 'any' },
    ],
    cc: [],
    overdueHours: 48,
    revokeDays: 30,
  },
  // 毕业审核: the head teacher, then the education office; the last approval makes the graduate.
  graduation: {
    steps: [
      { name: '班主任审核', approver: { type: 'headTeacher' }, mode: 'any' },
      { name: '教务处审核', approver: { type: 'right', right: 'graduation.approve' }, mode: 'any' },
    ],
    cc: [],
    overdueHours: 72,
    revokeDays: 30,
  },
}

/** The kind's flow: its row, or the default. */
export async function flowOf({ db, kind }: { db: Executor; kind: ApprovalKind }) {
  const row = await createApprovalsRepository({ db }).flowOf({ kind })
  return row ? { ...row, custom: true } : { ...DEFAULT_FLOWS[kind], kind, custom: false, updatedAt: null as Date | null }
}

/** A flow step and cc entry as people read them: 「班主任」, 「岗位：教务处」, 「部门负责人：招生一部」. */
async function approverLabels({ db, approvers }: { db: Executor; approvers: FlowApprover[] }) {
  const { positions, departments } = await createApprovalsRepository({ db }).names({ approvers })
  return (a: FlowApprover) => {
    if (a.type === 'headTeacher') return ApproverType.headTeacher
    if (a.type === 'position') return positions.get(a.positionId!) ?? '（已删除的岗位）'
    if (a.type === 'right') return `有「${isRight(a.right ?? '') ? rightLabel(a.right as Right) : a.right}」权限的操作员`
    return `${departments.get(a.departmentId!) ?? '（已删除的部门）'}负责人`
  }
}

/** The flows of `kinds` (those in use), as the console's 审批流程 screen shows them. */
export async function listFlows({ db, kinds }: { db: Executor; kinds: readonly ApprovalKind[] }) {
  const flows = await Promise.all(kinds.map((kind) => flowOf({ db, kind })))
  const label = await approverLabels({ db, approvers: flows.flatMap((f) => [...f.steps.map((s) => s.approver), ...f.cc]) })
  return flows.map((f) => ({
    kind: f.kind as ApprovalKind,
    kindName: ApprovalKind[f.kind as ApprovalKind],
    custom: f.custom,
    steps: f.steps.map((s) => ({ ...s, minDays: s.minDays ?? null, approverName: label(s.approver) })),
    cc: f.cc.map((a) => ({ ...a, approverName: label(a) })),
    overdueHours: f.overdueHours,
    revokeDays: f.revokeDays,
    updatedAt: f.updatedAt?.toISOString() ?? null,
  }))
}

/** What a flow's steps may ask: every position and department (the flow editor's pickers). */
export async function flowOptions({ db }: { db: Executor }) {
  return createApprovalsRepository({ db }).options()
}

/** Saves a kind's flow; every position and department it names must exist. */
export async function saveFlow({
  db,
  kind,
  input,
}: {
  db: Executor
  kind: ApprovalKind
  input: { steps: FlowStep[]; cc: FlowApprover[]; overdueHours: number; revokeDays: number }
}) {
  const repo = createApprovalsRepository({ db })
  for (const a of [...input.steps.map((s) => s.approver), ...input.cc]) {
    if (a.type === 'position' && !(a.positionId && (await repo.position({ id: a.positionId }))))
      throw createFlowInvalidError({ message: '流程中的岗位不存在' })
    if (a.type === 'departmentHead' && !(a.departmentId && (await repo.department({ id: a.departmentId }))))
      throw createFlowInvalidError({ message: '流程中的部门不存在' })
  }
  const before = await repo.flowOf({ kind })
  const clean = (a: FlowApprover): FlowApprover =>
    a.type === 'position'
      ? { type: a.type, positionId: a.positionId! }
      : a.type === 'departmentHead'
        ? { type: a.type, departmentId: a.departmentId! }
        : { type: a.type }
  const after = await repo.upsertFlow({
    kind,
    steps: input.steps.map((s) => ({
      name: s.name,
      approver: clean(s.approver),
      mode: s.mode,
      ...(s.minDays != null ? { minDays: s.minDays } : {}),
    })),
    cc: input.cc.map(clean),
    overdueHours: input.overdueHours,
    revokeDays: input.revokeDays,
  })
  return { before: before ?? null, after }
}

/** The operators who act on a step of `request`; nobody resolved: the 管理员 position's operators (recorded on the timeline). */
async function resolveApprovers({ db, request, approver }: { db: Executor; request: RequestRow; approver: FlowApprover }) {
  const repo = createApprovalsRepository({ db })
  let found: Array<{ id: number; name: string }> = []
  if (approver.type === 'headTeacher' && request.headTeacherId) found = await repo.enabledOperators({ ids: [request.headTeacherId] })
  if (approver.type === 'position' && approver.positionId) found = await repo.operatorsOfPosition({ positionId: approver.positionId })
  if (approver.type === 'right' && approver.right)
    found = (await operatorsWithRight({ db, right: approver.right })).map((a) => ({ id: a.id, name: a.name }))
  if (approver.type === 'departmentHead' && approver.departmentId) {
    const department = await repo.department({ id: approver.departmentId })
    if (department?.leaderId) found = await repo.enabledOperators({ ids: [department.leaderId] })
  }
  if (found.length) return { approvers: found, fallback: false }
  return { approvers: await repo.administrators(), fallback: true }
}

async function act(
  db: Executor,
  request: RequestRow,
  actor: ApprovalActor | 'system',
  action: string,
  { stepId = null, comment = null, now }: { stepId?: number | null; comment?: string | null; now: Date },
) {
  await createApprovalsRepository({ db }).insertAction({
    requestId: request.id,
    stepId,
    actorType: actor === 'system' ? 'system' : actor.type,
    actorId: actor === 'system' ? null : actor.type === 'admin' ? actor.id : actor.accountId,
    actorName: actor === 'system' ? '系统' : actor.name,
    action,
    comment,
    createdAt: now,
  })
}

/** What moving a request's step needs: the transaction, the request and step, the time, the kinds' handlers. */
interface StepArgs {
  db: Executor
  request: RequestRow
  step: StepRow
  now: Date
  kinds: ApprovalKinds
  /** The decision that moves it (none: the engine's own, e.g. the submitter's step passing at once). */
  by?: ApprovalDecider
}

/** Starts a step: its approvers resolved and written, due after the flow's limit. The submitter among them agrees at once. */
async function startStep({ db, request, step, now, kinds, by = NOBODY }: StepArgs) {
  const repo = createApprovalsRepository({ db })
  const { approvers, fallback } = await resolveApprovers({ db, request, approver: step.approver })
  if (!approvers.length) throw createNoApproverError()
  const started = await repo.moveStep({
    id: step.id,
    from: ApprovalStepStatus.waiting,
    values: { status: ApprovalStepStatus.pending, startedAt: now, dueAt: new Date(now.getTime() + request.overdueHours * 3600 * 1000) },
  })
  if (!started) return
  await repo.insertApprovers(approvers.map((a) => ({ stepId: step.id, adminId: a.id, adminName: a.name })))
  // Each approver gets a message (待审批), but the submitter whose own step passes at once.
  await repo.insertMessages(
    approvers
      .filter((a) => a.id !== request.submittedByAdminId)
      .map((a) => ({ adminId: a.id, requestId: request.id, kind: '待审批', title: `请审批：${request.title}`, createdAt: now })),
  )
  if (fallback) await act(db, request, 'system', '转交', { stepId: step.id, comment: '未找到审批人，转交管理员', now })
  const submitter = request.submittedByAdminId
  if (submitter && approvers.some((a) => a.id === submitter)) {
    await repo.decide({ stepId: step.id, adminId: submitter, decision: 'approve', comment: '提交人即审批人，自动同意', now })
    await act(db, request, 'system', ApprovalDecision.approve, {
      stepId: step.id,
      comment: `${request.submittedByName ?? ''}代为提交，自动同意`,
      now,
    })
    await settleStep({ db, request, step: started, now, kinds, by })
  }
}

/** The request's status changes, the business record with it (the kind's handler), in this transaction. */
async function setStatus({
  db,
  request,
  status,
  now,
  kinds,
  by = NOBODY,
  decided = true,
}: {
  db: Executor
  request: RequestRow
  status: ApprovalStatus
  now: Date
  kinds: ApprovalKinds
  by?: ApprovalDecider
  decided?: boolean
}) {
  const repo = createApprovalsRepository({ db })
  const updated = await repo.updateRequest({ id: request.id, values: { status, ...(decided ? { decidedAt: now } : {}) } })
  if (status !== ApprovalStatus.pending) await repo.cancelOpenSteps({ requestId: request.id, round: request.round, now })
  await kinds[request.kind as ApprovalKind]?.onStatus({ db, request: updated, status, now, by })
  if (status === ApprovalStatus.approved && request.cc.length) {
    const ids = new Set<number>()
    for (const a of request.cc) for (const op of (await resolveApprovers({ db, request, approver: a })).approvers) ids.add(op.id)
    await repo.insertCcs({ requestId: request.id, adminIds: [...ids] })
    await repo.insertMessages(
      [...ids].map((adminId) => ({ adminId, requestId: request.id, kind: '抄送', title: `抄送：${request.title}`, createdAt: now })),
    )
    if (ids.size) await act(db, request, 'system', '抄送', { comment: `抄送${ids.size}人`, now })
  }
  return updated
}

/** After a decision on a step: the step passes when one (或签) or all (会签) agreed; the next starts, or the request is approved. */
async function settleStep({ db, request, step, now, kinds, by = NOBODY }: StepArgs) {
  const repo = createApprovalsRepository({ db })
  const approvers = await repo.approvers({ stepIds: [step.id] })
  const agreed = step.mode === 'all' ? approvers.every((a) => a.decision === 'approve') : approvers.some((a) => a.decision === 'approve')
  if (!agreed) return
  if (
    !(await repo.moveStep({
      id: step.id,
      from: ApprovalStepStatus.pending,
      values: { status: ApprovalStepStatus.approved, decidedAt: now },
    }))
  )
    return
  const next = (await repo.steps({ requestId: request.id })).find(
    (s) => s.round === request.round && s.seq > step.seq && s.status === ApprovalStepStatus.waiting,
  )
  if (next) await startStep({ db, request, step: next, now, kinds, by })
  else await setStatus({ db, request, status: ApprovalStatus.approved, now, kinds, by })
}

/** Writes a round of steps (those whose condition holds) and starts the first. */
async function startRound({
  db,
  request,
  steps,
  now,
  kinds,
}: {
  db: Executor
  request: RequestRow
  steps: FlowStep[]
  now: Date
  kinds: ApprovalKinds
}) {
  const applicable = steps.filter((s) => s.minDays == null || request.halfDays > s.minDays * 2)
  const rows = await createApprovalsRepository({ db }).insertSteps(
    applicable.map((s, i) => ({
      requestId: request.id,
      round: request.round,
      seq: i + 1,
      name: s.name,
      approver: s.approver,
      mode: s.mode,
      status: ApprovalStepStatus.waiting,
    })),
  )
  if (rows.length) await startStep({ db, request, step: rows[0]!, now, kinds })
  else await setStatus({ db, request, status: ApprovalStatus.approved, now, kinds })
}

export interface Submission {
  kind: ApprovalKind
  subjectId: number
  title: string
  fields: RequestField[]
  halfDays?: number
  applicant: { accountId: number; name: string }
  /** The operator applying on the applicant's behalf (代请假). */
  submittedBy?: { id: number; name: string } | null
  headTeacherId: number | null
}

/**
 * Submits a business record for approval under its kind's flow, in the caller's transaction (the
 * record and its request commit together). The first step starts at once.
 */
export async function submitApproval({
  db,
  submission,
  kinds,
  now = new Date(),
}: {
  db: Executor
  submission: Submission
  kinds: ApprovalKinds
  now?: Date
}) {
  const flow = await flowOf({ db, kind: submission.kind })
  const repo = createApprovalsRepository({ db })
  const request = await repo.insertRequest({
    kind: submission.kind,
    subjectId: submission.subjectId,
    title: submission.title,
    fields: submission.fields,
    halfDays: submission.halfDays ?? 0,
    applicantAccountId: submission.applicant.accountId,
    applicantName: submission.applicant.name,
    submittedByAdminId: submission.submittedBy?.id ?? null,
    submittedByName: submission.submittedBy?.name ?? null,
    headTeacherId: submission.headTeacherId,
    status: ApprovalStatus.pending,
    overdueHours: flow.overdueHours,
    revokeDays: flow.revokeDays,
    cc: flow.cc,
    createdAt: now,
  })
  const by = submission.submittedBy
  await act(
    db,
    request,
    by ? { type: 'admin', id: by.id, name: by.name, role: '', rights: new Set() } : { type: 'applicant', ...submission.applicant },
    '提交',
    {
      comment: by ? `代${submission.applicant.name}提交` : null,
      now,
    },
  )
  await startRound({ db, request, steps: flow.steps, now, kinds })
  return (await repo.request({ id: request.id }))!
}

/**
 * Submits a returned request again, with the record's new wording: a new round of the flow as it
 * is now, in the caller's transaction (the record was locked and changed there).
 */
export async function resubmitApproval({
  db,
  kind,
  subjectId,
  changes,
  actor,
  kinds,
  now = new Date(),
}: {
  db: Executor
  kind: ApprovalKind
  subjectId: number
  changes: { title: string; fields: RequestField[]; halfDays?: number; headTeacherId: number | null }
  actor: ApprovalActor
  kinds: ApprovalKinds
  now?: Date
}) {
  const repo = createApprovalsRepository({ db })
  const locked = await repo.requestOf({ kind, subjectId, forUpdate: true })
  if (!locked) throw createApprovalNotFoundError()
  if (locked.status !== ApprovalStatus.returned) throw createApprovalHandledError({ message: '只有被退回的申请可以修改后重新提交' })
  const flow = await flowOf({ db, kind })
  const request = await repo.updateRequest({
    id: locked.id,
    values: {
      ...changes,
      halfDays: changes.halfDays ?? 0,
      status: ApprovalStatus.pending,
      round: locked.round + 1,
      overdueHours: flow.overdueHours,
      revokeDays: flow.revokeDays,
      cc: flow.cc,
      decidedAt: null,
    },
  })
  await kinds[kind]?.onStatus({ db, request, status: ApprovalStatus.pending, now, by: NOBODY })
  await act(db, request, actor, '重新提交', { now })
  await startRound({ db, request, steps: flow.steps, now, kinds })
  return (await repo.request({ id: request.id }))!
}

const DECISION_AUDIT: Record<ApprovalDecision, AuditAction> = {
  approve: 'approval.approve',
  refuse: 'approval.refuse',
  return: 'approval.return',
}

/**
 * An approver decides the step under way: 同意 (the step passes when one or all agreed, then the
 * next starts or the request is approved), 驳回 (the request ends refused) or 退回 (back to the
 * applicant to change). The request row is locked first and the decision is a conditional update,
 * so a double tap, a batch run twice or two approvers at once decide once. Audited.
 */
export async function decideApproval({
  db,
  id,
  actor,
  decision,
  comment,
  kinds,
  now = new Date(),
}: {
  db: Executor
  id: number
  actor: Actor
  decision: ApprovalDecision
  comment?: string | null
  kinds: ApprovalKinds
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createApprovalsRepository({ db: tx })
    const request = await repo.request({ id, forUpdate: true })
    if (!request) throw createApprovalNotFoundError()
    if (request.status !== ApprovalStatus.pending) throw createApprovalHandledError()
    const steps = (await repo.steps({ requestId: id })).filter((s) => s.round === request.round)
    const step = steps.find((s) => s.status === ApprovalStepStatus.pending)
    const mine = step ? (await repo.approvers({ stepIds: [step.id] })).find((a) => a.adminId === actor.id) : undefined
    if (!step || !mine) throw createNotApproverError()
    if (mine.decision) throw createApprovalHandledError({ message: '你已处理过该审批' })
    if (decision === 'return' && kinds[request.kind as ApprovalKind]?.returnable === false) throw createNotReturnableError()
    if ((decision === 'refuse' || decision === 'return') && !comment?.trim())
      throw new AppError({
        key: 'approval.commentRequired',
        code: 100000001,
        message: decision === 'refuse' ? '请填写驳回理由' : '请填写退回理由',
      })
    const decided = await repo.decide({ stepId: step.id, adminId: actor.id, decision, comment: comment?.trim() || null, now })
    if (!decided) throw createApprovalHandledError({ message: '你已处理过该审批' })
    await act(tx, request, { type: 'admin', ...actor }, ApprovalDecision[decision], { stepId: step.id, comment: decided.comment, now })
    const by: ApprovalDecider = { actor, comment: decided.comment }
    if (decision === 'approve') await settleStep({ db: tx, request, step, now, kinds, by })
    else {
      const status = decision === 'refuse' ? ApprovalStepStatus.refused : ApprovalStepStatus.returned
      if (!(await repo.moveStep({ id: step.id, from: ApprovalStepStatus.pending, values: { status, decidedAt: now } })))
        throw createApprovalHandledError()
      await setStatus({ db: tx, request, status: decision === 'refuse' ? ApprovalStatus.refused : ApprovalStatus.returned, now, kinds, by })
    }
    const after = (await repo.request({ id }))!
    await recordAudit({
      tx,
      actor,
      entry: {
        action: DECISION_AUDIT[decision],
        entityType: 'approval',
        entityId: id,
        summary: `${ApprovalDecision[decision]}「${request.title}」（${step.name}）${decided.comment ? `：${decided.comment}` : ''}`,
        before: { status: request.status, step: step.name },
        after: { status: after.status },
      },
    })
    return after
  })
}

/** Decides several requests, each on its own (one refused does not stop the others): a result per request. */
export async function decideApprovals({
  db,
  ids,
  ...rest
}: { db: Executor; ids: number[] } & Omit<Parameters<typeof decideApproval>[0], 'db' | 'id'>) {
  const results: Array<{ id: number; ok: boolean; status: string | null; message: string }> = []
  for (const id of [...new Set(ids)]) {
    try {
      const after = await decideApproval({ db, id, ...rest })
      results.push({ id, ok: true, status: after.status, message: '成功' })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      results.push({ id, ok: false, status: null, message: error.message })
    }
  }
  return results
}

/** Whether `who` is the request's applicant or the operator who submitted it for them. */
const ownedBy = (request: RequestRow, who: ApprovalActor) =>
  who.type === 'applicant' ? request.applicantAccountId === who.accountId : request.submittedByAdminId === who.id

/** The applicant acts under the name on their request. */
const named = (request: RequestRow, by: ApprovalActor): ApprovalActor =>
  by.type === 'applicant' ? { ...by, name: request.applicantName } : by

/**
 * The applicant (or the operator who applied for them) takes a request back while nobody has
 * decided in its round; a returned request may be withdrawn too. The record takes 已撤回.
 */
export async function withdrawApproval({
  db,
  id,
  by,
  kinds,
  now = new Date(),
}: {
  db: Executor
  id: number
  by: ApprovalActor
  kinds: ApprovalKinds
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createApprovalsRepository({ db: tx })
    const request = await repo.request({ id, forUpdate: true })
    if (!request || !ownedBy(request, by)) throw createApprovalNotFoundError()
    if (request.status !== ApprovalStatus.pending && request.status !== ApprovalStatus.returned) throw createApprovalHandledError()
    if (request.status === ApprovalStatus.pending && (await repo.anyDecision({ requestId: id, round: request.round })))
      throw createWithdrawTooLateError()
    await act(tx, request, named(request, by), '撤回', { now })
    const after = await setStatus({ db: tx, request, status: ApprovalStatus.withdrawn, now, kinds })
    if (by.type === 'admin')
      await recordAudit({
        tx,
        actor: by,
        entry: {
          action: 'approval.withdraw',
          entityType: 'approval',
          entityId: id,
          summary: `撤回「${request.title}」`,
          before: { status: request.status },
          after: { status: after.status },
        },
      })
    return after
  })
}

/**
 * Revokes an approved request within its flow's days (the applicant, or an operator with
 * 审批 · 撤销): the record takes 已撤销 and its kind undoes the effects, in one transaction.
 */
export async function revokeApproval({
  db,
  id,
  by,
  reason,
  kinds,
  now = new Date(),
}: {
  db: Executor
  id: number
  by: ApprovalActor
  reason: string
  kinds: ApprovalKinds
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createApprovalsRepository({ db: tx })
    const request = await repo.request({ id, forUpdate: true })
    if (!request || (by.type === 'applicant' && !ownedBy(request, by))) throw createApprovalNotFoundError()
    if (request.status !== ApprovalStatus.approved) throw createRevokeRefusedError()
    const limit = (request.decidedAt?.getTime() ?? 0) + request.revokeDays * 24 * 3600 * 1000
    if (now.getTime() > limit) throw createRevokeRefusedError({ message: `通过超过${request.revokeDays}天的审批不能撤销` })
    await kinds[request.kind as ApprovalKind]?.checkRevoke?.({ db: tx, request, byApplicant: by.type === 'applicant', now })
    await act(tx, request, named(request, by), '撤销', { comment: reason, now })
    const after = await setStatus({
      db: tx,
      request,
      status: ApprovalStatus.revoked,
      now,
      kinds,
      by: { actor: by.type === 'admin' ? by : null, comment: reason },
    })
    if (by.type === 'admin')
      await recordAudit({
        tx,
        actor: by,
        entry: {
          action: 'approval.revoke',
          entityType: 'approval',
          entityId: id,
          summary: `撤销「${request.title}」：${reason}`,
          before: { status: request.status },
          after: { status: after.status },
        },
      })
    return after
  })
}

/** Whether a step 审批中 is past its due time. */
const overdue = (s: Pick<StepRow, 'status' | 'dueAt'>, now: Date) => s.status === ApprovalStepStatus.pending && !!s.dueAt && s.dueAt < now

/** A request with its steps (each with its approvers and their decisions) and timeline. */
export async function approvalDetails({ db, id, now = new Date() }: { db: Executor; id: number; now?: Date }) {
  const repo = createApprovalsRepository({ db })
  const request = await repo.request({ id })
  if (!request) return undefined
  const [steps, actions] = await Promise.all([repo.steps({ requestId: id }), repo.actions({ requestId: id })])
  const current = steps.filter((s) => s.round === request.round)
  const approvers = await repo.approvers({ stepIds: current.map((s) => s.id) })
  return { request, steps: current, approvers, actions, now }
}

export type ApprovalDetails = NonNullable<Awaited<ReturnType<typeof approvalDetails>>>

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null

/** The request as the wire carries it (to its applicant and to operators alike). */
export function toApprovalSummary(r: RequestRow) {
  return {
    id: r.id,
    kind: r.kind,
    kindName: ApprovalKind[r.kind as ApprovalKind] ?? r.kind,
    subjectId: r.subjectId,
    title: r.title,
    fields: r.fields,
    applicantName: r.applicantName,
    submittedByName: r.submittedByName,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
  }
}

/** The details as the wire carries them; `viewer` decides what they may do now. */
export function toApprovalDetails(d: ApprovalDetails, viewer: ApprovalActor) {
  const byStep = new Map<number, StepApproverRow[]>()
  for (const a of d.approvers) byStep.set(a.stepId, [...(byStep.get(a.stepId) ?? []), a])
  const pending = d.steps.find((s) => s.status === ApprovalStepStatus.pending)
  const waitingOnMe =
    viewer.type === 'admin' && !!pending && (byStep.get(pending.id) ?? []).some((a) => a.adminId === viewer.id && !a.decision)
  const owner = ownedBy(d.request, viewer)
  const decidedInRound = d.approvers.some((a) => a.decision)
  const revokeUntil = (d.request.decidedAt?.getTime() ?? 0) + d.request.revokeDays * 24 * 3600 * 1000
  return {
    ...toApprovalSummary(d.request),
    steps: d.steps.map((s) => ({
      id: s.id,
      seq: s.seq,
      name: s.name,
      mode: s.mode as ApprovalMode,
      modeName: ApprovalMode[s.mode as ApprovalMode],
      status: s.status,
      startedAt: iso(s.startedAt),
      decidedAt: iso(s.decidedAt),
      dueAt: iso(s.dueAt),
      overdue: overdue(s, d.now),
      approvers: (byStep.get(s.id) ?? []).map((a) => ({
        adminId: a.adminId,
        name: a.adminName,
        decision: (a.decision as ApprovalDecision | null) ?? null,
        decisionName: a.decision ? ApprovalDecision[a.decision as ApprovalDecision] : null,
        comment: a.comment,
        actedAt: iso(a.actedAt),
      })),
    })),
    timeline: d.actions.map((a: ActionRow) => ({
      id: a.id,
      actorName: a.actorName,
      action: a.action,
      comment: a.comment,
      createdAt: a.createdAt.toISOString(),
    })),
    can: {
      decide: waitingOnMe,
      withdraw: owner && (d.request.status === ApprovalStatus.returned || (d.request.status === ApprovalStatus.pending && !decidedInRound)),
      revoke:
        d.request.status === ApprovalStatus.approved &&
        d.now.getTime() <= revokeUntil &&
        (owner || (viewer.type === 'admin' && viewer.rights.has('approvals.revoke'))),
      resubmit: owner && d.request.status === ApprovalStatus.returned,
    },
  }
}

/** Whether operator `actor` may read request `id`: an approver of it, copied, its submitter, or 审批 · 查看全部. */
export async function mayReadApproval({ db, details, actor }: { db: Executor; details: ApprovalDetails; actor: Actor }) {
  if (actor.rights.has('approvals.view')) return true
  if (details.request.submittedByAdminId === actor.id) return true
  const repo = createApprovalsRepository({ db })
  const all = await repo.steps({ requestId: details.request.id })
  if ((await repo.approvers({ stepIds: all.map((s) => s.id) })).some((a) => a.adminId === actor.id)) return true
  return repo.isCc({ requestId: details.request.id, adminId: actor.id })
}

/** An operator opened request `requestId`: their copy of it (抄送), if any, is read. */
export async function readApprovalCopy({
  db,
  requestId,
  adminId,
  now = new Date(),
}: {
  db: Executor
  requestId: number
  adminId: number
  now?: Date
}) {
  await createApprovalsRepository({ db }).markCcRead({ requestId, adminId, now })
}

/** A page of an operator's box (待我审批, 我已审批, 抄送我的, 我提交的, or all with 审批 · 查看全部). */
export async function listApprovals({
  db,
  box,
  adminId,
  filter,
  page,
  size,
  now = new Date(),
}: {
  db: Executor
  box: ApprovalBox
  adminId: number
  filter: ApprovalFilter
  page: number
  size: number
  now?: Date
}) {
  const { rows, total } = await createApprovalsRepository({ db }).list({ box, adminId, filter, page, size })
  return {
    total,
    list: rows.map((r) => ({
      ...toApprovalSummary(r.request),
      currentStep: r.currentStep,
      overdue: !!r.dueAt && r.dueAt < now,
    })),
  }
}

export async function waitingCount({ db, adminId }: { db: Executor; adminId: number }) {
  return createApprovalsRepository({ db }).waitingCount({ adminId })
}

/** The requests of `kind` whose records these are (their ids), by subject id. */
export async function approvalsOf({ db, kind, subjectIds }: { db: Executor; kind: ApprovalKind; subjectIds: number[] }) {
  const rows = await createApprovalsRepository({ db }).requestsOf({ kind, subjectIds })
  return new Map(rows.map((r) => [r.subjectId, r] as const))
}

/** The request of a business record, if it has one. */
export async function approvalOf({ db, kind, subjectId }: { db: Executor; kind: ApprovalKind; subjectId: number }) {
  return createApprovalsRepository({ db }).requestOf({ kind, subjectId })
}

/**
 * Reminds the approvers of steps past their due time, once a day each (催办, on the timeline);
 * safe to run from every process at once (the rows are claimed with SKIP LOCKED). Returns how many.
 */
export async function remindOverdue({ db, now = new Date(), limit = 100 }: { db: Executor; now?: Date; limit?: number }) {
  return db.transaction(async (tx) => {
    const repo = createApprovalsRepository({ db: tx })
    const steps = await repo.overdueToRemind({ now, limit })
    for (const step of steps) {
      const request = (await repo.request({ id: step.requestId }))!
      const undecided = (await repo.approvers({ stepIds: [step.id] })).filter((a) => !a.decision)
      const waiting = undecided.map((a) => a.adminName)
      await repo.markReminded({ id: step.id, now })
      await repo.insertMessages(
        undecided.map((a) => ({
          adminId: a.adminId,
          requestId: request.id,
          kind: '催办',
          title: `已超时，请尽快审批：${request.title}`,
          createdAt: now,
        })),
      )
      await act(tx, request, 'system', '催办', { stepId: step.id, comment: `「${step.name}」已超时，已提醒${waiting.join('、')}`, now })
    }
    return steps.length
  })
}

/** Adds a line to a record's approval timeline (销假 on a leave), in the caller's transaction. */
export async function recordApprovalNote({
  db,
  kind,
  subjectId,
  actorName,
  action,
  comment,
  now = new Date(),
}: {
  db: Executor
  kind: ApprovalKind
  subjectId: number
  actorName: string
  action: string
  comment: string | null
  now?: Date
}) {
  const repo = createApprovalsRepository({ db })
  const request = await repo.requestOf({ kind, subjectId })
  if (!request) throw createApprovalNotFoundError()
  await repo.insertAction({ requestId: request.id, actorType: 'note', actorName, action, comment, createdAt: now })
}

/** Decides the request of a business record (the demo's approvals, a kind's own screens). */
export async function decideApprovalAs({
  db,
  kind,
  subjectId,
  ...rest
}: { db: Executor; kind: ApprovalKind; subjectId: number } & Omit<Parameters<typeof decideApproval>[0], 'db' | 'id'>) {
  const request = await createApprovalsRepository({ db }).requestOf({ kind, subjectId })
  if (!request) throw createApprovalNotFoundError()
  return decideApproval({ db, id: request.id, ...rest })
}

/** An approver (or 审批 · 查看全部) copies a request to operators (抄送): they find it under 抄送我的. */
export async function ccApproval({
  db,
  id,
  actor,
  adminIds,
  now = new Date(),
}: {
  db: Executor
  id: number
  actor: Actor
  adminIds: number[]
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createApprovalsRepository({ db: tx })
    const details = await approvalDetails({ db: tx, id })
    if (!details || !(await mayReadApproval({ db: tx, details, actor }))) throw createApprovalNotFoundError()
    const operators = await repo.enabledOperators({ ids: [...new Set(adminIds)] })
    if (operators.length !== new Set(adminIds).size) throw createFlowInvalidError({ message: '抄送的操作员不存在或已停用' })
    await repo.insertCcs({ requestId: id, adminIds: operators.map((o) => o.id) })
    await repo.insertMessages(
      operators.map((o) => ({
        adminId: o.id,
        requestId: id,
        kind: '抄送',
        title: `${actor.name}抄送：${details.request.title}`,
        createdAt: now,
      })),
    )
    await act(tx, details.request, { type: 'admin', ...actor }, '抄送', {
      comment: `抄送给${operators.map((o) => o.name).join('、')}`,
      now,
    })
    return operators.length
  })
}

/** An operator's approval messages (待审批, 催办, 抄送), unread first. */
export async function approvalMessagesOf({ db, adminId, page, size }: { db: Executor; adminId: number; page: number; size: number }) {
  const repo = createApprovalsRepository({ db })
  const [{ rows, total }, unread] = await Promise.all([repo.messages({ adminId, page, size }), repo.unreadMessages({ adminId })])
  return {
    list: rows.map((m) => ({
      id: m.id,
      requestId: m.requestId,
      kind: m.kind,
      title: m.title,
      read: m.readAt !== null,
      createdAt: m.createdAt.toISOString(),
    })),
    total,
    unread,
  }
}

export async function unreadApprovalMessages({ db, adminId }: { db: Executor; adminId: number }) {
  return createApprovalsRepository({ db }).unreadMessages({ adminId })
}

export async function readApprovalMessages({
  db,
  adminId,
  id,
  now = new Date(),
}: {
  db: Executor
  adminId: number
  id?: number
  now?: Date
}) {
  await createApprovalsRepository({ db }).readMessages({ adminId, id, now })
}

/** Counts one acceptance of each template the operator accepted in the app (审批提醒), capped; answers what they have left. */
export async function addApprovalSubscriptions({
  db,
  adminId,
  templates,
  keys,
  cap,
}: {
  db: Executor
  adminId: number
  /** The accepted ones among `keys`. */
  templates: string[]
  keys: readonly string[]
  cap: number
}) {
  const repo = createApprovalsRepository({ db })
  await repo.addSubscriptions({ adminId, templates, cap })
  return repo.subscriptions({ adminId, templates: keys })
}
