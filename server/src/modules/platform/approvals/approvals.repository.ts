import { and, asc, desc, eq, exists, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { PushState } from '../../../gateways/subscribe-outbox.ts'
import { rowById, updateRow } from '../../../db/rows.ts'
import { adminsView, positionsView } from '../admins/index.ts'
import { departmentsView } from '../departments/index.ts'
import { ApprovalStatus, ApprovalStepStatus } from '../../../wire.ts'
import {
  approvalActions,
  approvalCcs,
  approvalMessages,
  approvalFlows,
  approvalRequests,
  approvalStepApprovers,
  approvalSteps,
  approvalSubscriptions,
  type FlowApprover,
} from './approvals.table.ts'

export type FlowRow = typeof approvalFlows.$inferSelect
export type RequestRow = typeof approvalRequests.$inferSelect
export type StepRow = typeof approvalSteps.$inferSelect
export type StepApproverRow = typeof approvalStepApprovers.$inferSelect
export type ActionRow = typeof approvalActions.$inferSelect
export type MessageRow = typeof approvalMessages.$inferSelect

/** Which requests a list shows an operator. */
export type ApprovalBox = 'waiting' | 'done' | 'cc' | 'submitted' | 'all'

export interface ApprovalFilter {
  kind?: string
  status?: string
  keyword?: string
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export function createApprovalsRepository({ db }: { db: Executor }) {
  /** The condition a box puts on requests for operator `adminId`. */
  function boxCondition(box: ApprovalBox, adminId: number): SQL | undefined {
    const mine = (where: SQL) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(approvalStepApprovers)
          .innerJoin(approvalSteps, eq(approvalSteps.id, approvalStepApprovers.stepId))
          .where(and(eq(approvalSteps.requestId, approvalRequests.id), eq(approvalStepApprovers.adminId, adminId), where)),
      )
    switch (box) {
      case 'waiting':
        return and(
          eq(approvalRequests.status, ApprovalStatus.pending),
          mine(and(isNull(approvalStepApprovers.decision), eq(approvalSteps.status, ApprovalStepStatus.pending))!),
        )
      case 'done':
        return mine(sql`${approvalStepApprovers.decision} IS NOT NULL`)
      case 'cc':
        return exists(
          db
            .select({ one: sql`1` })
            .from(approvalCcs)
            .where(and(eq(approvalCcs.requestId, approvalRequests.id), eq(approvalCcs.adminId, adminId))),
        )
      case 'submitted':
        return eq(approvalRequests.submittedByAdminId, adminId)
      case 'all':
        return undefined
    }
  }

  function filterCondition(filter: ApprovalFilter): SQL[] {
    const where: SQL[] = []
    if (filter.kind) where.push(eq(approvalRequests.kind, filter.kind))
    if (filter.status) where.push(eq(approvalRequests.status, filter.status))
    if (filter.keyword) {
      const like = `%${escapeLike(filter.keyword)}%`
      where.push(or(ilike(approvalRequests.applicantName, like), ilike(approvalRequests.title, like))!)
    }
    return where
  }

  return {
    async flowOf({ kind }: { kind: string }) {
      const [row] = await db.select().from(approvalFlows).where(eq(approvalFlows.kind, kind)).limit(1)
      return row
    },
    async flows() {
      return db.select().from(approvalFlows).orderBy(asc(approvalFlows.id))
    },
    async upsertFlow(values: typeof approvalFlows.$inferInsert) {
      const { kind, ...rest } = values
      const [row] = await db
        .insert(approvalFlows)
        .values(values)
        .onConflictDoUpdate({ target: approvalFlows.kind, set: { ...rest, updatedAt: new Date() } })
        .returning()
      return row!
    },

    async insertRequest(values: typeof approvalRequests.$inferInsert) {
      const [row] = await db.insert(approvalRequests).values(values).returning()
      return row!
    },
    async request({ id, forUpdate = false }: { id: number; forUpdate?: boolean }) {
      return rowById(db, approvalRequests, id, { forUpdate })
    },
    async requestOf({ kind, subjectId, forUpdate = false }: { kind: string; subjectId: number; forUpdate?: boolean }) {
      const q = db
        .select()
        .from(approvalRequests)
        .where(and(eq(approvalRequests.kind, kind), eq(approvalRequests.subjectId, subjectId)))
        .limit(1)
      const [row] = forUpdate ? await q.for('update') : await q
      return row
    },
    /** The requests of `kind` for these records (one query: a page of leave asks once). */
    async requestsOf({ kind, subjectIds }: { kind: string; subjectIds: number[] }) {
      if (subjectIds.length === 0) return []
      return db
        .select()
        .from(approvalRequests)
        .where(and(eq(approvalRequests.kind, kind), inArray(approvalRequests.subjectId, subjectIds)))
    },
    async updateRequest({ id, values }: { id: number; values: Partial<typeof approvalRequests.$inferInsert> }) {
      return (await updateRow(db, approvalRequests, id, values))!
    },

    async insertSteps(values: Array<typeof approvalSteps.$inferInsert>) {
      return values.length ? db.insert(approvalSteps).values(values).returning() : []
    },
    async steps({ requestId }: { requestId: number }) {
      return db
        .select()
        .from(approvalSteps)
        .where(eq(approvalSteps.requestId, requestId))
        .orderBy(asc(approvalSteps.round), asc(approvalSteps.seq))
    },
    /** Moves a step from `from` to `to` only if it is still in `from`: the step acts once. */
    async moveStep({ id, from, values }: { id: number; from: string; values: Partial<typeof approvalSteps.$inferInsert> }) {
      const [row] = await db
        .update(approvalSteps)
        .set(values)
        .where(and(eq(approvalSteps.id, id), eq(approvalSteps.status, from)))
        .returning()
      return row
    },
    /** Ends the round's steps still waiting or under way (the request ended before them). */
    async cancelOpenSteps({ requestId, round, now }: { requestId: number; round: number; now: Date }) {
      await db
        .update(approvalSteps)
        .set({ status: ApprovalStepStatus.cancelled, decidedAt: now })
        .where(
          and(
            eq(approvalSteps.requestId, requestId),
            eq(approvalSteps.round, round),
            inArray(approvalSteps.status, [ApprovalStepStatus.waiting, ApprovalStepStatus.pending]),
          ),
        )
    },

    async insertApprovers(values: Array<typeof approvalStepApprovers.$inferInsert>) {
      if (values.length) await db.insert(approvalStepApprovers).values(values).onConflictDoNothing()
    },
    async approvers({ stepIds }: { stepIds: number[] }) {
      if (!stepIds.length) return []
      return db
        .select()
        .from(approvalStepApprovers)
        .where(inArray(approvalStepApprovers.stepId, stepIds))
        .orderBy(asc(approvalStepApprovers.actedAt), asc(approvalStepApprovers.adminId))
    },
    /** Records an approver's decision only if they have not decided yet: a second call changes nothing. */
    async decide({
      stepId,
      adminId,
      decision,
      comment,
      now,
    }: {
      stepId: number
      adminId: number
      decision: string
      comment: string | null
      now: Date
    }) {
      const [row] = await db
        .update(approvalStepApprovers)
        .set({ decision, comment, actedAt: now })
        .where(
          and(eq(approvalStepApprovers.stepId, stepId), eq(approvalStepApprovers.adminId, adminId), isNull(approvalStepApprovers.decision)),
        )
        .returning()
      return row
    },

    async insertAction(values: typeof approvalActions.$inferInsert) {
      await db.insert(approvalActions).values(values)
    },
    async actions({ requestId }: { requestId: number }) {
      return db.select().from(approvalActions).where(eq(approvalActions.requestId, requestId)).orderBy(asc(approvalActions.id))
    },
    /** Whether anyone but the applicant acted in the request's current round (an approver's decision). */
    async anyDecision({ requestId, round }: { requestId: number; round: number }) {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(approvalStepApprovers)
        .innerJoin(approvalSteps, eq(approvalSteps.id, approvalStepApprovers.stepId))
        .where(
          and(eq(approvalSteps.requestId, requestId), eq(approvalSteps.round, round), sql`${approvalStepApprovers.decision} IS NOT NULL`),
        )
        .limit(1)
      return Boolean(row)
    },

    async insertCcs({ requestId, adminIds }: { requestId: number; adminIds: number[] }) {
      if (adminIds.length)
        await db
          .insert(approvalCcs)
          .values(adminIds.map((adminId) => ({ requestId, adminId })))
          .onConflictDoNothing()
    },
    async isCc({ requestId, adminId }: { requestId: number; adminId: number }) {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(approvalCcs)
        .where(and(eq(approvalCcs.requestId, requestId), eq(approvalCcs.adminId, adminId)))
      return Boolean(row)
    },
    async markCcRead({ requestId, adminId, now }: { requestId: number; adminId: number; now: Date }) {
      await db
        .update(approvalCcs)
        .set({ readAt: now })
        .where(and(eq(approvalCcs.requestId, requestId), eq(approvalCcs.adminId, adminId), isNull(approvalCcs.readAt)))
    },

    /** Enabled operators of a position, by name. */
    async operatorsOfPosition({ positionId }: { positionId: number }) {
      return db
        .select({ id: adminsView.id, name: adminsView.name })
        .from(adminsView)
        .where(and(eq(adminsView.positionId, positionId), eq(adminsView.enabled, true)))
        .orderBy(asc(adminsView.name), asc(adminsView.id))
    },
    /** The enabled operators with these ids. */
    async enabledOperators({ ids }: { ids: number[] }) {
      if (!ids.length) return []
      return db
        .select({ id: adminsView.id, name: adminsView.name })
        .from(adminsView)
        .where(and(inArray(adminsView.id, ids), eq(adminsView.enabled, true)))
    },
    /** The operators of the built-in 管理员 position: who a step falls to when it resolves nobody. */
    async administrators() {
      return db
        .select({ id: adminsView.id, name: adminsView.name })
        .from(adminsView)
        .innerJoin(positionsView, eq(positionsView.id, adminsView.positionId))
        .where(and(eq(positionsView.builtin, true), eq(positionsView.name, '管理员'), eq(adminsView.enabled, true)))
        .orderBy(asc(adminsView.id))
    },
    async department({ id }: { id: number }) {
      const [row] = await db.select().from(departmentsView).where(eq(departmentsView.id, id))
      return row
    },
    async position({ id }: { id: number }) {
      const [row] = await db.select({ id: positionsView.id, name: positionsView.name }).from(positionsView).where(eq(positionsView.id, id))
      return row
    },
    /** Every position and department, by name: what a step may ask. */
    async options() {
      const [ps, ds] = await Promise.all([
        db.select({ id: positionsView.id, name: positionsView.name }).from(positionsView).orderBy(asc(positionsView.id)),
        db.select({ id: departmentsView.id, name: departmentsView.name }).from(departmentsView).orderBy(asc(departmentsView.name)),
      ])
      return { positions: ps, departments: ds }
    },
    async names({ approvers }: { approvers: FlowApprover[] }) {
      const positionIds = approvers.flatMap((a) => (a.positionId ? [a.positionId] : []))
      const departmentIds = approvers.flatMap((a) => (a.departmentId ? [a.departmentId] : []))
      const [ps, ds] = await Promise.all([
        positionIds.length
          ? db.select({ id: positionsView.id, name: positionsView.name }).from(positionsView).where(inArray(positionsView.id, positionIds))
          : [],
        departmentIds.length
          ? db
              .select({ id: departmentsView.id, name: departmentsView.name })
              .from(departmentsView)
              .where(inArray(departmentsView.id, departmentIds))
          : [],
      ])
      return { positions: new Map(ps.map((p) => [p.id, p.name])), departments: new Map(ds.map((d) => [d.id, d.name])) }
    },

    /** A page of requests in `box` for operator `adminId`, newest first, with the step under way. */
    async list({
      box,
      adminId,
      filter,
      page,
      size,
    }: {
      box: ApprovalBox
      adminId: number
      filter: ApprovalFilter
      page: number
      size: number
    }) {
      const where = and(boxCondition(box, adminId), ...filterCondition(filter))
      const current = sql<
        string | null
      >`(SELECT s.name FROM approval_steps s WHERE s.request_id = approval_requests.id AND s.round = approval_requests.round AND s.status = '审批中' ORDER BY s.seq LIMIT 1)`
      const dueAt =
        sql<Date | null>`(SELECT s.due_at FROM approval_steps s WHERE s.request_id = approval_requests.id AND s.round = approval_requests.round AND s.status = '审批中' ORDER BY s.seq LIMIT 1)`.mapWith(
          (v: string | Date | null) => (v === null ? null : new Date(v)),
        )
      const rows = await db
        .select({ request: approvalRequests, currentStep: current, dueAt })
        .from(approvalRequests)
        .where(where)
        .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(approvalRequests)
        .where(where)
      return { rows, total: total?.n ?? 0 }
    },
    /** How many requests wait for operator `adminId`. */
    async waitingCount({ adminId }: { adminId: number }) {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(approvalRequests)
        .where(boxCondition('waiting', adminId))
      return row?.n ?? 0
    },
    /** A person's own requests of `kind`, newest first. */
    async ofApplicant({ accountId, kind }: { accountId: number; kind?: string }) {
      return db
        .select()
        .from(approvalRequests)
        .where(and(eq(approvalRequests.applicantAccountId, accountId), kind ? eq(approvalRequests.kind, kind) : undefined))
        .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
    },
    async requestsByIds({ ids }: { ids: number[] }) {
      if (!ids.length) return []
      return db.select().from(approvalRequests).where(inArray(approvalRequests.id, ids))
    },

    /** An approver's messages, each waiting to go out as a WeChat subscribe message too (if they accepted one). */
    async insertMessages(values: Array<typeof approvalMessages.$inferInsert>) {
      if (values.length) await db.insert(approvalMessages).values(values.map((v) => ({ pushState: PushState.pending, ...v })))
    },
    /** An operator's messages, unread first, newest first. */
    async messages({ adminId, page, size }: { adminId: number; page: number; size: number }) {
      const where = eq(approvalMessages.adminId, adminId)
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(approvalMessages)
          .where(where)
          .orderBy(sql`(${approvalMessages.readAt} IS NULL) DESC`, desc(approvalMessages.createdAt), desc(approvalMessages.id))
          .limit(size)
          .offset((page - 1) * size),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(approvalMessages)
          .where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },
    async unreadMessages({ adminId }: { adminId: number }) {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(approvalMessages)
        .where(and(eq(approvalMessages.adminId, adminId), isNull(approvalMessages.readAt)))
      return row?.n ?? 0
    },
    /** Marks one message (or, without an id, every one) of the operator read. */
    async readMessages({ adminId, id, now }: { adminId: number; id?: number; now: Date }) {
      await db
        .update(approvalMessages)
        .set({ readAt: now })
        .where(and(eq(approvalMessages.adminId, adminId), isNull(approvalMessages.readAt), id ? eq(approvalMessages.id, id) : undefined))
    },
    /** Steps 审批中 past their due time and not reminded in the last day, locked and skipped by another sweeper. */
    async overdueToRemind({ now, limit }: { now: Date; limit: number }) {
      const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000)
      return db
        .select()
        .from(approvalSteps)
        .where(
          and(
            eq(approvalSteps.status, ApprovalStepStatus.pending),
            lt(approvalSteps.dueAt, now),
            or(isNull(approvalSteps.remindedAt), lt(approvalSteps.remindedAt, dayAgo)),
          ),
        )
        .orderBy(asc(approvalSteps.dueAt))
        .limit(limit)
        .for('update', { skipLocked: true })
    },
    async markReminded({ id, now }: { id: number; now: Date }) {
      await db.update(approvalSteps).set({ remindedAt: now }).where(eq(approvalSteps.id, id))
    },

    /** Claims up to `limit` messages waiting for WeChat (SKIP LOCKED: several processes never claim the same one). */
    async claimPending({ limit }: { limit: number }): Promise<MessageRow[]> {
      const waiting = db
        .select({ id: approvalMessages.id })
        .from(approvalMessages)
        .where(eq(approvalMessages.pushState, PushState.pending))
        .orderBy(asc(approvalMessages.id))
        .limit(limit)
        .for('update', { skipLocked: true })
      return db.update(approvalMessages).set({ pushState: PushState.sending }).where(inArray(approvalMessages.id, waiting)).returning()
    },
    async setPushState({ id, state }: { id: number; state: PushState }) {
      await db.update(approvalMessages).set({ pushState: state }).where(eq(approvalMessages.id, id))
    },

    /** Adds one acceptance of each template (capped: WeChat keeps at most a few dozen per user and template). */
    async addSubscriptions({ adminId, templates, cap }: { adminId: number; templates: string[]; cap: number }) {
      if (templates.length === 0) return
      await db
        .insert(approvalSubscriptions)
        .values(templates.map((template) => ({ adminId, template, remaining: 1 })))
        .onConflictDoUpdate({
          target: [approvalSubscriptions.adminId, approvalSubscriptions.template],
          set: { remaining: sql`least(${approvalSubscriptions.remaining} + 1, ${cap})`, updatedAt: new Date() },
        })
    },
    async subscriptions({ adminId, templates }: { adminId: number; templates: readonly string[] }) {
      return db
        .select({ template: approvalSubscriptions.template, remaining: approvalSubscriptions.remaining })
        .from(approvalSubscriptions)
        .where(and(eq(approvalSubscriptions.adminId, adminId), inArray(approvalSubscriptions.template, [...templates])))
        .orderBy(asc(approvalSubscriptions.template))
    },
    /** Uses one acceptance atomically; false when none is left. */
    async takeSubscription({ adminId, template }: { adminId: number; template: string }): Promise<boolean> {
      const rows = await db
        .update(approvalSubscriptions)
        .set({ remaining: sql`${approvalSubscriptions.remaining} - 1`, updatedAt: new Date() })
        .where(
          and(
            eq(approvalSubscriptions.adminId, adminId),
            eq(approvalSubscriptions.template, template),
            gt(approvalSubscriptions.remaining, 0),
          ),
        )
        .returning({ remaining: approvalSubscriptions.remaining })
      return rows.length > 0
    },
    /** Gives back an acceptance whose send failed (WeChat did not use it). */
    async returnSubscription({ adminId, template }: { adminId: number; template: string }) {
      await db
        .update(approvalSubscriptions)
        .set({ remaining: sql`${approvalSubscriptions.remaining} + 1`, updatedAt: new Date() })
        .where(and(eq(approvalSubscriptions.adminId, adminId), eq(approvalSubscriptions.template, template)))
    },
  }
}

export type ApprovalsRepository = ReturnType<typeof createApprovalsRepository>
