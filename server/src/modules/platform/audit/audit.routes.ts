import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cappedPageOf, envelope, ok } from '../../../lib/envelope.ts'
import { dayRange } from '../../../lib/time-range.ts'
import { auditListQuery, auditLogSchema } from './audit.schemas.ts'
import { listAuditLog, toAuditLog } from './audit.service.ts'

/** The audit log (操作日志): every operator write, listed for 管理员. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bms/system/auditLog/list',
    {
      preHandler: app.requireAdmin('audit.view'),
      schema: {
        summary: '管理员: the audit log, newest first, by operator, action, entity and date',
        security: [{ adminSession: [] }],
        querystring: auditListQuery,
        response: { 200: envelope(cappedPageOf(auditLogSchema)) },
      },
    },
    async (request) => {
      const { adminId, action, entityType, entityId, dateFrom, dateTo, page, size } = request.query
      const { rows, total, totalCapped } = await listAuditLog({
        db: app.db,
        filter: { adminId, action, entityType, entityId, range: dayRange({ from: dateFrom, to: dateTo }) },
        page,
        size,
      })
      return ok({ list: rows.map(toAuditLog), total, totalCapped, page, size })
    },
  )
}
