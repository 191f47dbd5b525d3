import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { beijingMinute } from '@activity/domain'
import { batches, sendXlsx } from '../../../lib/xlsx-export.ts'
import { ApprovalKind, STAFF_SUBSCRIBE_TEMPLATES } from '../../../wire.ts'
import { actorOf, audited } from '../audit/index.ts'
import {
  acceptedTemplates,
  configuredTemplates,
  SUBSCRIPTION_CAP,
  subscribeBody,
  subscriptionsSchema,
  templatesSchema,
} from '../messages/index.ts'
import { createForbiddenError } from '../sessions/index.ts'
import { createApprovalNotFoundError, createFlowInvalidError } from './approvals.errors.ts'
import {
  approvalDetailsSchema,
  approvalListItemSchema,
  batchDecideBody,
  batchResultSchema,
  ccBody,
  countSchema,
  messagesQuery,
  messagesSchema,
  readMessagesBody,
  decideBody,
  flowListSchema,
  flowOptionsSchema,
  idQuery,
  listQuery,
  revokeBody,
  saveFlowBody,
} from './approvals.schemas.ts'
import {
  addApprovalSubscriptions,
  type ApprovalActor,
  type ApprovalKinds,
  approvalDetails,
  approvalMessagesOf,
  ccApproval,
  decideApproval,
  decideApprovals,
  type FlowApprover,
  flowOptions,
  type FlowStep,
  listApprovals,
  listFlows,
  mayReadApproval,
  readApprovalCopy,
  readApprovalMessages,
  revokeApproval,
  saveFlow,
  toApprovalDetails,
  unreadApprovalMessages,
  waitingCount,
  withdrawApproval,
} from './approvals.service.ts'

/**
 * The approval engine's calls (审批) under /api/zms/approval: the flows (审批流程) kept in the
 * console; an operator's boxes, details and decisions (one or a batch); the applicant's details,
 * withdraw and revoke (`…ForClient`). `kinds` are what each kind does when its request's status changes.
 */
export const approvalsRoutes: FastifyPluginAsyncZod<{ kinds: ApprovalKinds }> = async (app, { kinds }) => {
  const base = '/api/zms/approval/approval'
  const security = [{ adminSession: [] }]
  const studentSecurity = [{ studentSession: [] }]
  const anyOperator = app.requireAdmin()
  const asAdmin = (request: Parameters<typeof actorOf>[0]): ApprovalActor => ({ type: 'admin', ...actorOf(request) })
  /** The kinds in use (with a handler): their flows are shown and kept. */
  const registered = Object.keys(kinds) as ApprovalKind[]

  app.get(
    '/api/zms/approval/flow/list',
    {
      preHandler: app.requireAdmin(['approvals.flows', 'approvals.view']),
      schema: {
        summary: 'Operators: every kind of approval with its flow (steps, conditions, copies, limits)',
        security,
        response: { 200: envelope(flowListSchema) },
      },
    },
    async () => ok({ list: await listFlows({ db: app.db, kinds: registered }) }),
  )

  app.get(
    '/api/zms/approval/flow/options',
    {
      preHandler: app.requireAdmin(['approvals.flows', 'approvals.view']),
      schema: {
        summary: "What a flow's steps may ask: every position and department, by name",
        security,
        response: { 200: envelope(flowOptionsSchema) },
      },
    },
    async () => ok(await flowOptions({ db: app.db })),
  )

  app.put(
    '/api/zms/approval/flow',
    {
      preHandler: app.requireAdmin('approvals.flows'),
      schema: {
        summary: "审批 · 流程设置: replace a kind's flow (steps and cc as JSON); requests under way keep the flow they started with",
        security,
        consumes: FORM_CONSUMES,
        body: saveFlowBody,
        response: { 200: envelope(flowListSchema) },
      },
    },
    async (request) => {
      const { kind, ...input } = request.body
      if (!registered.includes(kind as ApprovalKind)) throw createFlowInvalidError({ message: '该类型的审批还未启用' })
      await audited({
        app,
        request,
        run: (tx) =>
          saveFlow({
            db: tx,
            kind: kind as ApprovalKind,
            input: input as { steps: FlowStep[]; cc: FlowApprover[]; overdueHours: number; revokeDays: number },
          }),
        describe: ({ before, after }) => ({
          action: 'approvalFlow.update',
          entityType: 'approvalFlow',
          entityId: after.id,
          summary: `修改${ApprovalKind[kind as ApprovalKind]}审批流程（${after.steps.map((s) => s.name).join(' → ')}）`,
          before: before ? { steps: before.steps, cc: before.cc, overdueHours: before.overdueHours, revokeDays: before.revokeDays } : null,
          after: { steps: after.steps, cc: after.cc, overdueHours: after.overdueHours, revokeDays: after.revokeDays },
        }),
      })
      return ok({ list: await listFlows({ db: app.db, kinds: registered }) })
    },
  )

  app.get(
    `${base}/list`,
    {
      preHandler: anyOperator,
      schema: {
        summary:
          'Operators: a box of requests, newest first (waiting: 待我审批; done: 我已审批; cc: 抄送我的; submitted: 我代提交的; all: every request, with 审批 · 查看全部)',
        security,
        querystring: listQuery,
        response: { 200: envelope(pageOf(approvalListItemSchema)) },
      },
    },
    async (request) => {
      const { page, size, box, ...filter } = request.query
      if (box === 'all' && !request.admin.rights.has('approvals.view')) throw createForbiddenError()
      const { list, total } = await listApprovals({ db: app.db, box, adminId: request.admin.id, filter, page, size })
      return ok({ list, total, page, size })
    },
  )

  app.get(
    `${base}/count`,
    {
      preHandler: anyOperator,
      schema: { summary: 'Operators: how many requests wait for me (the badge)', security, response: { 200: envelope(countSchema) } },
    },
    async (request) =>
      ok({
        waiting: await waitingCount({ db: app.db, adminId: request.admin.id }),
        unreadMessages: await unreadApprovalMessages({ db: app.db, adminId: request.admin.id }),
      }),
  )

  app.get(
    `${base}/messages`,
    {
      preHandler: anyOperator,
      schema: {
        summary: 'Operators: my approval messages (待审批 when a step starts, 催办 once a day while overdue, 抄送), unread first',
        security,
        querystring: messagesQuery,
        response: { 200: envelope(messagesSchema) },
      },
    },
    async (request) => {
      const { page, size } = request.query
      return ok({ ...(await approvalMessagesOf({ db: app.db, adminId: request.admin.id, page, size })), page, size })
    },
  )

  app.put(
    `${base}/messages/read`,
    {
      preHandler: anyOperator,
      schema: {
        summary: 'Operators: mark one of my approval messages (or, without id, every one) read',
        security,
        consumes: FORM_CONSUMES,
        body: readMessagesBody,
        response: { 200: envelope(countSchema) },
      },
    },
    async (request) => {
      await readApprovalMessages({ db: app.db, adminId: request.admin.id, id: request.body.id })
      return ok({
        waiting: await waitingCount({ db: app.db, adminId: request.admin.id }),
        unreadMessages: await unreadApprovalMessages({ db: app.db, adminId: request.admin.id }),
      })
    },
  )

  // 审批提醒: the operator accepts the approval template in the weapp; each acceptance allows one WeChat message.
  const templates = app.config.subscribeMessages.templates

  app.get(
    '/api/zms/approval/subscribeTemplates',
    {
      preHandler: anyOperator,
      schema: {
        summary: 'Operators: the WeChat subscribe-message template ids the weapp asks them to accept (审批提醒)',
        security,
        response: { 200: envelope(templatesSchema) },
      },
    },
    async () => ok({ templates: configuredTemplates({ templates, keys: STAFF_SUBSCRIBE_TEMPLATES }) }),
  )

  app.post(
    '/api/zms/approval/subscribe',
    {
      preHandler: anyOperator,
      schema: {
        summary:
          'Operators: the templates they accepted in requestSubscribeMessage, each allowing one message (待审批, 催办, 抄送); other ids are ignored',
        security,
        consumes: FORM_CONSUMES,
        body: subscribeBody,
        response: { 200: envelope(subscriptionsSchema) },
      },
    },
    async (request) => {
      const accepted = acceptedTemplates({ templates, keys: STAFF_SUBSCRIBE_TEMPLATES, templateIds: request.body.templateIds })
      const subscriptions = await addApprovalSubscriptions({
        db: app.db,
        adminId: request.admin.id,
        templates: accepted,
        keys: STAFF_SUBSCRIBE_TEMPLATES,
        cap: SUBSCRIPTION_CAP,
      })
      return ok({ subscriptions })
    },
  )

  app.get(
    `${base}/export`,
    {
      preHandler: app.requireAdmin('approvals.export'),
      schema: {
        summary: '审批 · 导出: every request of the filter as .xlsx, newest first',
        security,
        querystring: listQuery.omit({ page: true, size: true, box: true }),
      },
    },
    async (request, reply) => {
      const filter = request.query
      // Read a batch at a time by page (the batch size is fixed, so page n starts at (n-1) * size); at most EXPORT_MAX_ROWS.
      let page = 0
      const rows = batches<Awaited<ReturnType<typeof listApprovals>>['list'][number]>({
        next: async (_last, limit) =>
          (await listApprovals({ db: app.db, box: 'all', adminId: request.admin.id, filter, page: ++page, size: limit })).list,
      })
      return sendXlsx({
        reply,
        filename: `审批_${beijingMinute(new Date()).slice(0, 10)}.xlsx`,
        sheetName: '审批',
        columns: [
          { header: '编号', width: 8, value: (r) => r.id },
          { header: '类型', width: 10, value: (r) => r.kindName },
          { header: '申请人', width: 12, value: (r) => r.applicantName },
          { header: '标题', width: 36, value: (r) => r.title },
          { header: '内容', width: 48, value: (r) => r.fields.map((f) => `${f.label}：${f.value}`).join('；') },
          { header: '状态', width: 10, value: (r) => r.status },
          { header: '当前步骤', width: 14, value: (r) => r.currentStep },
          { header: '提交时间', width: 18, value: (r) => beijingMinute(new Date(r.createdAt)) },
          { header: '完成时间', width: 18, value: (r) => (r.decidedAt ? beijingMinute(new Date(r.decidedAt)) : '') },
        ],
        rows,
      })
    },
  )

  app.get(
    `${base}/details`,
    {
      preHandler: anyOperator,
      schema: {
        summary:
          'Operators: a request with its steps, approvers, decisions and timeline (its approvers, copies, submitter, or 审批 · 查看全部)',
        security,
        querystring: idQuery,
        response: { 200: envelope(approvalDetailsSchema) },
      },
    },
    async (request) => {
      const details = await approvalDetails({ db: app.db, id: request.query.id })
      if (!details || !(await mayReadApproval({ db: app.db, details, actor: actorOf(request) }))) throw createApprovalNotFoundError()
      // Opening a copy (抄送) reads it.
      await readApprovalCopy({ db: app.db, requestId: details.request.id, adminId: request.admin.id })
      return ok(toApprovalDetails(details, asAdmin(request)))
    },
  )

  app.put(
    `${base}/audit`,
    {
      preHandler: anyOperator,
      schema: {
        summary:
          'An approver decides the step under way: approve, refuse (with a reason) or return to the applicant (with a reason). Acts once',
        security,
        consumes: FORM_CONSUMES,
        body: decideBody,
        response: { 200: envelope(approvalDetailsSchema) },
      },
    },
    async (request) => {
      const { id, decision, comment } = request.body
      await decideApproval({ db: app.db, id, actor: actorOf(request), decision: decision as 'approve', comment, kinds })
      return ok(toApprovalDetails((await approvalDetails({ db: app.db, id }))!, asAdmin(request)))
    },
  )

  app.put(
    `${base}/batchAudit`,
    {
      preHandler: anyOperator,
      schema: {
        summary: 'An approver approves or refuses several requests, each on its own: a result per request',
        security,
        consumes: FORM_CONSUMES,
        body: batchDecideBody,
        response: { 200: envelope(batchResultSchema) },
      },
    },
    async (request) => {
      const { ids, decision, comment } = request.body
      return ok({ results: await decideApprovals({ db: app.db, ids, actor: actorOf(request), decision, comment, kinds }) })
    },
  )

  app.put(
    `${base}/withdraw`,
    {
      preHandler: anyOperator,
      schema: {
        summary: 'The operator who applied for a student takes the request back, until an approver has acted',
        security,
        consumes: FORM_CONSUMES,
        body: idQuery,
        response: { 200: envelope(approvalDetailsSchema) },
      },
    },
    async (request) => {
      await withdrawApproval({ db: app.db, id: request.body.id, by: asAdmin(request), kinds })
      return ok(toApprovalDetails((await approvalDetails({ db: app.db, id: request.body.id }))!, asAdmin(request)))
    },
  )

  app.post(
    `${base}/cc`,
    {
      preHandler: anyOperator,
      schema: {
        summary:
          'Who may read a request (its approvers, its submitter, 审批 · 查看全部) copies it to operators (抄送): they find it under cc',
        security,
        consumes: FORM_CONSUMES,
        body: ccBody,
        response: { 200: envelope(approvalDetailsSchema) },
      },
    },
    async (request) => {
      await ccApproval({ db: app.db, id: request.body.id, actor: actorOf(request), adminIds: request.body.adminIds })
      return ok(toApprovalDetails((await approvalDetails({ db: app.db, id: request.body.id }))!, asAdmin(request)))
    },
  )

  app.put(
    `${base}/revoke`,
    {
      preHandler: app.requireAdmin('approvals.revoke'),
      schema: {
        summary: "审批 · 撤销: revoke an approved request within its flow's days; its effects are undone",
        security,
        consumes: FORM_CONSUMES,
        body: revokeBody,
        response: { 200: envelope(approvalDetailsSchema) },
      },
    },
    async (request) => {
      await revokeApproval({ db: app.db, id: request.body.id, by: asAdmin(request), reason: request.body.reason, kinds })
      return ok(toApprovalDetails((await approvalDetails({ db: app.db, id: request.body.id }))!, asAdmin(request)))
    },
  )

  // ---- the applicant's own (ids of other people's requests answer 404) ----

  const applicant = (request: { accountId: number }): ApprovalActor => ({ type: 'applicant', accountId: request.accountId, name: '' })

  app.get(
    `${base}/detailsForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "The applicant's own request with its steps and who acted when",
        security: studentSecurity,
        querystring: idQuery,
        response: { 200: envelope(approvalDetailsSchema) },
      },
    },
    async (request) => {
      const details = await approvalDetails({ db: app.db, id: request.query.id })
      if (!details || details.request.applicantAccountId !== request.accountId) throw createApprovalNotFoundError()
      return ok(toApprovalDetails(details, applicant(request)))
    },
  )

  app.put(
    `${base}/withdrawForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: 'The applicant takes their request back, until an approver has acted (then 422)',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: idQuery,
        response: { 200: envelope(approvalDetailsSchema) },
      },
    },
    async (request) => {
      await withdrawApproval({ db: app.db, id: request.body.id, by: applicant(request), kinds })
      return ok(toApprovalDetails((await approvalDetails({ db: app.db, id: request.body.id }))!, applicant(request)))
    },
  )

  app.put(
    `${base}/revokeForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "The applicant revokes their approved request within the flow's days (a leave no longer needed)",
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: revokeBody,
        response: { 200: envelope(approvalDetailsSchema) },
      },
    },
    async (request) => {
      await revokeApproval({ db: app.db, id: request.body.id, by: applicant(request), reason: request.body.reason, kinds })
      return ok(toApprovalDetails((await approvalDetails({ db: app.db, id: request.body.id }))!, applicant(request)))
    },
  )
}
