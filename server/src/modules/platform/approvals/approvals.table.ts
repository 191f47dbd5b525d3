import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'

/** Who acts on a step (ApproverType), with the position or department it names. */
export interface FlowApprover {
  type: 'headTeacher' | 'position' | 'departmentHead' | 'right'
  positionId?: number
  departmentId?: number
  /** For `right`: the operators whose position grants this right (a kind's default, 学籍变更 by 学籍变更申请 · 审批). */
  right?: string
}

/** One step of a flow: who acts, whether one or all of them decide, and when it applies. */
export interface FlowStep {
  name: string
  approver: FlowApprover
  /** ApprovalMode: `any` (或签) or `all` (会签). */
  mode: 'any' | 'all'
  /** The step applies only when the request's days exceed this (a leave longer than N days); none: always. */
  minDays?: number | null
}

/**
 * A flow (审批流程) per kind of approval: its ordered steps, who gets a copy (抄送) once approved,
 * how long a step may wait before it is overdue, and how long after approval it may be revoked.
 * A kind without a row uses its built-in default (approvals.flows.ts).
 */
export const approvalFlows = pgTable('approval_flows', {
  id: id(),
  /** ApprovalKind key. */
  kind: text('kind').notNull().unique(),
  steps: jsonb('steps').$type<FlowStep[]>().notNull(),
  cc: jsonb('cc').$type<FlowApprover[]>().notNull().default([]),
  overdueHours: integer('overdue_hours').notNull().default(24),
  revokeDays: integer('revoke_days').notNull().default(7),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** A line a request shows about its business record (请假类型: 病假). */
export interface RequestField {
  label: string
  value: string
}

/**
 * One approval request: the business record it decides (`kind` + `subject_id`), who applied, its
 * status and the round of steps under way (a returned request submitted again starts round + 1).
 * The engine locks this row for every action, so two actions on one request run one after the other.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: id(),
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    title: text('title').notNull(),
    fields: jsonb('fields').$type<RequestField[]>().notNull().default([]),
    /** What the flow's conditions read: the request's length in half-days (a leave's), 0 for kinds without one. */
    halfDays: integer('half_days').notNull().default(0),
    /** The applicant: a person's account (a student; `account_id`, so the privacy tests find it as theirs), with their name then. */
    applicantAccountId: integer('account_id'),
    applicantName: text('applicant_name').notNull(),
    /** The operator who applied on the applicant's behalf (代请假), if any. */
    submittedByAdminId: integer('submitted_by_admin_id'),
    submittedByName: text('submitted_by_name'),
    /** The applicant's head teacher when the request was submitted (admins.id), for head-teacher steps. */
    headTeacherId: integer('head_teacher_id'),
    /** ApprovalStatus label. */
    status: text('status').notNull(),
    round: integer('round').notNull().default(1),
    /** The flow as it was at submission (its later edits do not change a request under way). */
    overdueHours: integer('overdue_hours').notNull(),
    revokeDays: integer('revoke_days').notNull(),
    cc: jsonb('cc').$type<FlowApprover[]>().notNull().default([]),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('approval_requests_subject_uq').on(t.kind, t.subjectId),
    index('approval_requests_applicant_idx').on(t.applicantAccountId, t.createdAt, t.id),
    index('approval_requests_status_idx').on(t.status, t.createdAt, t.id),
    index('approval_requests_created_idx').on(t.createdAt, t.id),
  ],
)

/** A step of a request's round: 未开始 -> 审批中 -> decided, or 已取消 when the request ends first. */
export const approvalSteps = pgTable(
  'approval_steps',
  {
    id: id(),
    requestId: integer('request_id')
      .notNull()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    approver: jsonb('approver').$type<FlowApprover>().notNull(),
    mode: text('mode').notNull(),
    /** ApprovalStepStatus label. */
    status: text('status').notNull(),
    startedAt: ts('started_at'),
    /** When a step 审批中 becomes overdue (started + the flow's limit). */
    dueAt: ts('due_at'),
    /** The last daily reminder of an overdue step (the sweep writes one a day). */
    remindedAt: ts('reminded_at'),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('approval_steps_round_seq_uq').on(t.requestId, t.round, t.seq),
    index('approval_steps_overdue_idx')
      .on(t.dueAt)
      .where(sql`status = '审批中'`),
  ],
)

/**
 * The approvers of a step (resolved when it starts) and what each decided: `decision` is set once,
 * by a conditional update on its being empty, so a double tap or two sessions decide once.
 */
export const approvalStepApprovers = pgTable(
  'approval_step_approvers',
  {
    stepId: integer('step_id')
      .notNull()
      .references(() => approvalSteps.id, { onDelete: 'cascade' }),
    /** The operator (admins.id, no FK: the record outlives them) and their name then. */
    adminId: integer('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    /** ApprovalDecision key, or null while waiting. */
    decision: text('decision'),
    comment: text('comment'),
    actedAt: ts('acted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.stepId, t.adminId] }),
    // "Waiting for me": the undecided rows of an operator.
    index('approval_step_approvers_waiting_idx')
      .on(t.adminId)
      .where(sql`decision IS NULL`),
    index('approval_step_approvers_admin_idx').on(t.adminId, t.actedAt),
  ],
)

/** A request's timeline: every action (提交, 同意, 驳回, 退回, 撤回, 撤销, 抄送, 催办), append-only. */
export const approvalActions = pgTable(
  'approval_actions',
  {
    id: id(),
    requestId: integer('request_id')
      .notNull()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    stepId: integer('step_id'),
    /** `applicant`, `admin` or `system`. */
    actorType: text('actor_type').notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [index('approval_actions_request_idx').on(t.requestId, t.id)],
)

/** Copies (抄送): who was given a request to read once it was approved. */
export const approvalCcs = pgTable(
  'approval_ccs',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').notNull(),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.adminId] }), index('approval_ccs_admin_idx').on(t.adminId, t.createdAt)],
)

/**
 * An approver's messages (消息): a step waiting for them (待审批), a daily reminder of an overdue
 * one (催办), a copy (抄送). Written in the transaction of the change; the app's workbench and the
 * console read them with the 待我审批 badge.
 */
export const approvalMessages = pgTable(
  'approval_messages',
  {
    id: id(),
    adminId: integer('admin_id').notNull(),
    requestId: integer('request_id')
      .notNull()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    /** 待审批, 催办 or 抄送. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    readAt: ts('read_at'),
    /** The outbox state of its WeChat subscribe message (PushState of the messages module). */
    pushState: text('push_state').notNull().default('none'),
    createdAt: createdAt(),
  },
  (t) => [
    index('approval_messages_admin_idx').on(t.adminId, t.createdAt, t.id),
    index('approval_messages_unread_idx')
      .on(t.adminId)
      .where(sql`read_at IS NULL`),
    // The sender's queue: the few messages waiting to go to WeChat.
    index('approval_messages_push_pending_idx')
      .on(t.id)
      .where(sql`push_state = 'pending'`),
  ],
)

/** One-time WeChat subscriptions an operator accepted in the app: each acceptance allows one message of that template. */
export const approvalSubscriptions = pgTable(
  'approval_subscriptions',
  {
    adminId: integer('admin_id').notNull(),
    /** SubscribeTemplate key (审批提醒). */
    template: text('template').notNull(),
    remaining: integer('remaining').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.template] })],
)
