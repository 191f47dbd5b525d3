import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { audited } from '../../platform/index.ts'
import {
  accountsConsoleQuery,
  adjustBody,
  adjustedSchema,
  applicationSchema,
  applicationsQuery,
  approveBody,
  consoleAccountSchema,
  consoleApplicationSchema,
  consoleRecordSchema,
  recordsConsoleQuery,
  refuseBody,
} from './points.schemas.ts'
import { listApplicationsForConsole, listRecordsForConsole, listStudentPoints } from './points.records.ts'
import { adjustPoints, reviewApplication } from './points.service.ts'
import { toApplication, toRecord } from './points.shapes.ts'

/** The office's 学员积分 and 积分记录 (+ 人工调整): every role reads; 管理员 adjusts, audited in the adjustment's transaction. */
export const pointsRecordsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('points.view')
  const writer = app.requireAdmin('points.edit')
  const cyber = '/api/fms/cybermoney'

  app.get(
    '/api/zms/point/studentPoint/list',
    {
      preHandler: reader,
      schema: {
        summary: "Operator: students' points (学员积分): balance, lifetime and level, the highest balances first, by name, number or phone",
        security,
        querystring: accountsConsoleQuery,
        response: { 200: envelope(pageOf(consoleAccountSchema)) },
      },
    },
    async (request) => {
      const { page, size, keyword } = request.query
      return ok(await listStudentPoints({ db: app.db, keyword, page, size }))
    },
  )

  // ---- records ----

  app.get(
    `${cyber}/pointsRecord/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: points records, newest first, by student (id or name/number/phone), type and way',
        security,
        querystring: recordsConsoleQuery,
        response: { 200: envelope(pageOf(consoleRecordSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      return ok(await listRecordsForConsole({ db: app.db, filter, page, size }))
    },
  )
  app.post(
    `${cyber}/pointsRecord/adjust`,
    {
      preHandler: writer,
      schema: {
        summary: "管理员: 人工调整 a student's points with a reason (never below 0: 422), one transaction with its audit",
        security,
        consumes: FORM_CONSUMES,
        body: adjustBody,
        response: { 200: envelope(adjustedSchema) },
      },
    },
    async (request) => {
      const r = await audited({
        app,
        request,
        run: (tx) => adjustPoints({ db: tx, ...request.body, adminId: request.admin.id }),
        describe: (r) => ({
          action: 'points.adjust',
          entityType: 'student',
          entityId: r.student.id,
          summary: `调整学员 ${r.student.name} 积分 ${r.record.change > 0 ? '+' : ''}${r.record.change}：${request.body.note}`,
          after: { change: r.record.change, balance: r.balance },
        }),
      })
      return ok({ record: toRecord(r.record), balance: r.balance })
    },
  )
}

/** The office's 积分申请: every role reads; 管理员 approves or refuses, audited in the review's transaction. */
export const pointsApplicationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('points.view')
  const writer = app.requireAdmin('points.edit')
  const secret = app.config.secret

  app.get(
    '/api/zms/point/studentPointRecord/list',
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: points applications, newest first, by status and student',
        security,
        querystring: applicationsQuery,
        response: { 200: envelope(pageOf(consoleApplicationSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      return ok(await listApplicationsForConsole({ db: app.db, filter, page, size, secret }))
    },
  )
  for (const [path, approve, body] of [
    ['approve', true, approveBody],
    ['refuse', false, refuseBody],
  ] as const)
    app.put(
      `/api/zms/point/studentPointRecord/${path}`,
      {
        preHandler: writer,
        schema: {
          summary: approve
            ? "管理员: approve a pending application: the way's points earned and the student's message, one transaction (reviewed: 409)"
            : "管理员: refuse a pending application with a reason; the student's message (reviewed: 409)",
          security,
          consumes: FORM_CONSUMES,
          body,
          response: { 200: envelope(applicationSchema) },
        },
      },
      async (request) => {
        const { id, note } = request.body
        const r = await audited({
          app,
          request,
          run: (tx) => reviewApplication({ db: tx, id, approve, note, adminId: request.admin.id }),
          describe: (a) => ({
            action: approve ? 'pointsApplication.approve' : 'pointsApplication.refuse',
            entityType: 'pointsApplication',
            entityId: a.id,
            summary: `${approve ? '通过' : '驳回'}积分申请（${a.wayName}）${note ? `：${note}` : ''}`,
            after: { status: a.status, points: a.points },
          }),
        })
        return ok(toApplication(r, r.wayName, secret))
      },
    )
}
