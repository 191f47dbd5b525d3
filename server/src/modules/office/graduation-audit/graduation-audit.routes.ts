import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { sendXlsx } from '../../../lib/xlsx-export.ts'
import type { GraduationState } from '../../../wire.ts'
import {
  type ApprovalActor,
  type ApprovalKinds,
  actorOf,
  approvalDetails,
  approvalOf,
  approvalsOf,
  toApprovalDetails,
} from '../../platform/index.ts'
import {
  auditBody,
  auditListSchema,
  auditSchema,
  auditUpdateBody,
  conditionBody,
  exportQuery,
  graduateSchema,
  graduatesPageSchema,
  graduatesQuery,
  idQuery,
  markBody,
  markResultSchema,
  mineSchema,
  previewQuery,
  previewSchema,
  studentIdBody,
  submitBody,
  submitResultSchema,
} from './graduation-audit.schemas.ts'
import {
  addCondition,
  confirmGraduate,
  graduatesPage,
  listAudits,
  markCondition,
  myGraduation,
  previewGraduates,
  removeCondition,
  saveAudit,
  submitGraduates,
  toAudit,
  toGraduate,
  toPreviewRow,
} from './graduation-audit.service.ts'

/**
 * 毕业审核 under /api/ems/education (the specification's previewGraduate and graduate): the office
 * opens an audit per batch (its graduation date and required courses) and sets manual conditions
 * per programme; 毕业预览 shows each student's checklist (exportable); students who meet every
 * condition are submitted to the approval engine (head teacher, then the education office) and
 * become graduates, once. The student reads their own checklist.
 */
export const graduationAuditRoutes: FastifyPluginAsyncZod<{ kinds: ApprovalKinds }> = async (app, { kinds }) => {
  const base = '/api/ems/education/graduate'
  const preview = '/api/ems/education/previewGraduate'
  const security = [{ adminSession: [] }]

  app.get(
    `${base}/mine`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary:
          "The student's graduation checklist: their batch's audit, each condition met or not and what is missing, the audit's approval, and their graduate record",
        security: [{ studentSession: [] }],
        response: { 200: envelope(mineSchema) },
      },
    },
    async (request) => {
      const found = await myGraduation({ db: app.db, studentId: request.studentId })
      if (!found) return ok({ audit: null, checklist: [], state: null, approval: null, graduate: null })
      const approval = found.application && (await approvalOf({ db: app.db, kind: 'graduation', subjectId: found.application.id }))
      const details = approval && (await approvalDetails({ db: app.db, id: approval.id }))
      const viewer: ApprovalActor = { type: 'applicant', accountId: request.accountId, name: '' }
      return ok({
        audit: { title: found.audit.title, graduationDate: found.audit.graduationDate },
        checklist: found.checklist,
        state: found.state,
        approval: details ? toApprovalDetails(details, viewer) : null,
        graduate: found.graduate ? toGraduate(found.graduate) : null,
      })
    },
  )

  app.get(
    `${base}/audit/list`,
    {
      preHandler: app.requireAdmin('graduation.view'),
      schema: {
        summary: 'Operators: every graduation audit with its batch counted by state',
        security,
        response: { 200: envelope(auditListSchema) },
      },
    },
    async () => ok({ list: await listAudits({ db: app.db }) }),
  )

  app.post(
    `${base}/audit`,
    {
      preHandler: app.requireAdmin('graduation.edit'),
      schema: {
        summary: 'Operators: open the graduation audit of a batch (one per batch: 409), its graduation date and required courses',
        security,
        consumes: FORM_CONSUMES,
        body: auditBody,
        response: { 200: envelope(auditSchema) },
      },
    },
    async (request) => {
      const row = await saveAudit({ db: app.db, input: request.body, actor: actorOf(request) })
      return ok(await toAudit({ db: app.db, audit: row }))
    },
  )

  app.put(
    `${base}/audit`,
    {
      preHandler: app.requireAdmin('graduation.edit'),
      schema: {
        summary: "Operators: change an audit's title, graduation date or required courses (graduates made already keep theirs)",
        security,
        consumes: FORM_CONSUMES,
        body: auditUpdateBody,
        response: { 200: envelope(auditSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      const row = await saveAudit({ db: app.db, id, input, actor: actorOf(request) })
      return ok(await toAudit({ db: app.db, audit: row }))
    },
  )

  app.post(
    `${base}/condition`,
    {
      preHandler: app.requireAdmin('graduation.edit'),
      schema: {
        summary: 'Operators: add a manual condition to an audit, for one programme (专升本…) or every student',
        security,
        consumes: FORM_CONSUMES,
        body: conditionBody,
        response: { 200: envelope(auditSchema) },
      },
    },
    async (request) => {
      const audit = await addCondition({ db: app.db, input: request.body, actor: actorOf(request) })
      return ok(await toAudit({ db: app.db, audit }))
    },
  )

  app.delete(
    `${base}/condition`,
    {
      preHandler: app.requireAdmin('graduation.edit'),
      schema: {
        summary: 'Operators: remove a manual condition (and its marks)',
        security,
        querystring: idQuery,
        response: { 200: envelope(auditSchema) },
      },
    },
    async (request) => {
      const audit = await removeCondition({ db: app.db, id: request.query.id, actor: actorOf(request) })
      return ok(await toAudit({ db: app.db, audit }))
    },
  )

  app.put(
    `${base}/condition/mark`,
    {
      preHandler: app.requireAdmin('graduation.edit'),
      schema: {
        summary: 'Operators: mark a manual condition met or not for students of its audit and programme (others: 404, nothing marked)',
        security,
        consumes: FORM_CONSUMES,
        body: markBody,
        response: { 200: envelope(markResultSchema) },
      },
    },
    async (request) => ok(await markCondition({ db: app.db, input: request.body, actor: actorOf(request) })),
  )

  app.get(
    preview,
    {
      preHandler: app.requireAdmin('graduation.view'),
      schema: {
        summary:
          "Operators (毕业预览): a page of the audit's students with their checklist and state, filtered by state, a condition they miss (its key or name) and name; the batch's counts",
        security,
        querystring: previewQuery,
        response: { 200: envelope(previewSchema) },
      },
    },
    async (request) => {
      const { auditId, state, blockedBy, name, page, size } = request.query
      const found = await previewGraduates({ db: app.db, auditId, state, blockedBy, name })
      const shown = found.rows.slice((page - 1) * size, page * size)
      const approvals = await approvalsOf({
        db: app.db,
        kind: 'graduation',
        subjectIds: shown.flatMap((r) => (r.application ? [r.application.id] : [])),
      })
      return ok({
        audit: await toAudit({ db: app.db, audit: found.audit }),
        counts: found.counts,
        list: shown.map((r) => toPreviewRow(r, approvals)),
        total: found.rows.length,
        page,
        size,
      })
    },
  )

  app.get(
    `${preview}/export`,
    {
      preHandler: app.requireAdmin('graduation.export'),
      schema: {
        summary: "Operators: 毕业预览 as .xlsx (the filter's students, each condition's column and what blocks them)",
        security,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { auditId, state, blockedBy, name } = request.query
      const found = await previewGraduates({ db: app.db, auditId, state: state as GraduationState | undefined, blockedBy, name })
      type Row = (typeof found.rows)[number]
      const names = [...new Set(found.rows.flatMap((r) => r.checklist.map((c) => c.name)))]
      async function* rows(): AsyncGenerator<Row> {
        yield* found.rows
      }
      return sendXlsx<Row>({
        reply,
        filename: `${found.audit.title}-毕业预览.xlsx`,
        sheetName: '毕业预览',
        columns: [
          { header: '学号', width: 14, value: (r) => r.student.studentNo ?? '' },
          { header: '姓名', width: 10, value: (r) => r.student.name },
          { header: '院校', width: 16, value: (r) => r.student.school },
          { header: '专业', width: 16, value: (r) => r.student.major },
          { header: '层次', width: 8, value: (r) => r.student.level },
          { header: '状态', width: 10, value: (r) => r.state },
          ...names.map((n) => ({
            header: n,
            width: 12,
            value: (r: Row) => {
              const c = r.checklist.find((x) => x.name === n)
              return c ? (c.met ? '√' : '×') : '—'
            },
          })),
          {
            header: '未满足',
            width: 40,
            value: (r) =>
              r.checklist
                .filter((c) => !c.met)
                .map((c) => `${c.name}：${c.detail}`)
                .join('；'),
          },
          { header: '证书编号', width: 14, value: (r) => r.graduate?.certificateNo ?? '' },
        ],
        rows: rows(),
      })
    },
  )

  app.post(
    `${base}/submit`,
    {
      preHandler: app.requireAdmin('graduation.edit'),
      schema: {
        summary:
          'Operators: submit students of an audit who meet every condition to its approval (head teacher, then the education office); the others are answered in `skipped` with why',
        security,
        consumes: FORM_CONSUMES,
        body: submitBody,
        response: { 200: envelope(submitResultSchema) },
      },
    },
    async (request) =>
      ok(
        await submitGraduates({
          db: app.db,
          auditId: request.body.auditId,
          studentIds: request.body.studentIds,
          actor: actorOf(request),
          kinds,
        }),
      ),
  )

  app.post(
    `${base}/confirm`,
    {
      preHandler: app.requireAdmin('graduation.approve'),
      schema: {
        summary:
          'Operators: create the graduate information of a student whose audit is approved (the approval does it; again: the same record, nothing changes); not approved: 422',
        security,
        consumes: FORM_CONSUMES,
        body: studentIdBody,
        response: { 200: envelope(graduateSchema) },
      },
    },
    async (request) => ok(toGraduate(await confirmGraduate({ db: app.db, studentId: request.body.studentId, actor: actorOf(request) }))),
  )

  app.get(
    `${base}/list`,
    {
      preHandler: app.requireAdmin('graduation.view'),
      schema: {
        summary: 'Operators: a page of graduates (毕业生), latest first, by audit and name',
        security,
        querystring: graduatesQuery,
        response: { 200: envelope(graduatesPageSchema) },
      },
    },
    async (request) => {
      const { auditId, name, page, size } = request.query
      const found = await graduatesPage({ db: app.db, auditId, name, page, size })
      return ok({
        list: found.rows.map((r) => ({
          ...toGraduate(r.graduate),
          studentId: r.graduate.studentId,
          name: r.name,
          studentNo: r.studentNo,
          school: r.school,
          major: r.major,
          level: r.level,
          auditTitle: r.auditTitle,
        })),
        total: found.total,
        page,
        size,
      })
    },
  )
}
