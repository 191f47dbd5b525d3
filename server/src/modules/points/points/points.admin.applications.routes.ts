import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { audited } from '../../platform/index.ts'
import { applicationSchema, applicationsQuery, approveBody, consoleApplicationSchema, refuseBody } from './points.schemas.ts'
import { listApplicationsForConsole } from './points.records.ts'
import { reviewApplication } from './points.service.ts'
import { toApplication } from './points.shapes.ts'

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
