import type { FastifyInstance, RouteShorthandOptions } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { Executor } from '../../../db/types.ts'
import { emptyEnvelope, ok } from '../../../lib/envelope.ts'
import { audited, type AuditEntry } from './audit.service.ts'

/**
 * `DELETE <path>?id=…` behind an operator screen's 删除: removes one record and records it in the
 * audit log in the same transaction (`action`, 删除<label>（编号<id>）). `remove` throws the
 * module's not-found or refusal error, which rolls both back and answers in the envelope.
 */
export function auditedDeleteRoute(
  app: FastifyInstance,
  options: {
    path: string
    preHandler: RouteShorthandOptions['preHandler']
    /** For the API docs. */
    summary: string
    idQuery: z.ZodType<{ id: number }>
    action: AuditEntry['action']
    entityType: string
    /** What is removed, in the audit summary: 档位, 活动… */
    label: string
    remove: (tx: Executor, id: number) => Promise<unknown>
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().delete(
    options.path,
    {
      preHandler: options.preHandler,
      schema: {
        summary: options.summary,
        security: [{ adminSession: [] }],
        querystring: options.idQuery,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { id } = request.query
      await audited({
        app,
        request,
        run: (tx) => options.remove(tx, id),
        describe: () => ({
          action: options.action,
          entityType: options.entityType,
          entityId: id,
          summary: `删除${options.label}（编号${id}）`,
        }),
      })
      return ok(null)
    },
  )
}
