import type { onRequestHookHandler, preSerializationHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { XLSX_TYPE } from '../lib/xlsx-export.ts'
import { maskerOf } from '../lib/sensitive.ts'
import { actorOf, recordAudit } from '../modules/platform/index.ts'
import { countLookup, type LookedUp, recordLookup } from '../modules/office/index.ts'
import { createForbiddenError } from '../modules/platform/index.ts'
import { addAfterGuards, isAdminRoute } from './sessions.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** This export carries phones and ID numbers in full (data.unmaskedExport and a step-up); masked otherwise. */
    exportUnmasked: boolean
    /** The whole phone or ID number this operator's GET searched by (a look-up, audited when answered). */
    lookedUp: LookedUp | undefined
  }
}

/** Whether the call asks for an unmasked export (`unmasked=是` in its query). */
const asksUnmasked = (url: string) => new URL(url, 'http://x').searchParams.get('unmasked') === '是'

/**
 * Sensitive data in the console (issue 26 §3).
 * - 脱敏导出: every operator export (lib/xlsx-export.ts sendXlsx) masks phones and ID numbers unless
 *   the call asks for `unmasked=是`, which needs the data.unmaskedExport right and a fresh step-up
 *   (二次验证). Every export sent is in the audit log, saying which it was and under which step-up.
 * - Answers (issue 37 §2): an operator whose position lacks data.reveal gets every value the
 *   route's response schema classifies (lib/sensitive.ts: phones, ID numbers, payout accounts, free
 *   text quoting them) masked, in lists and details alike, whatever the method; they see one phone
 *   whole through the audited reveal call (modules/office/sensitive-data). An edit form filled from a
 *   masked detail sends the masked value back, which keeps the stored one (lib/fields.ts keptIfMasked).
 * - Look-ups: a GET whose query holds a whole phone or ID number (a search; lists match a phone only
 *   whole, lib/person-search.ts) is limited per operator and recorded in the audit log (recordLookup).
 */
export const sensitiveDataPlugin = fp(
  async (app) => {
    app.decorateRequest('exportUnmasked', false)
    app.decorateRequest('lookedUp', undefined)

    // After the guards (moved to onRequest by the sessions plugin) and before the route's step-up check.
    app.addHook('onRoute', (route) => {
      if (!isAdminRoute(route)) return
      const masker = maskerOf((route.schema?.response as Record<number, unknown> | undefined)?.[200])
      if (masker) {
        const mask: preSerializationHookHandler<unknown> = async (request, _reply, payload) =>
          request.admin && !request.admin.rights.has('data.reveal') ? masker(payload) : payload
        route.preSerialization = [...[route.preSerialization ?? []].flat(), mask]
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      if (!methods.includes('GET')) return
      const lookupCheck: onRequestHookHandler = async function (request) {
        request.lookedUp = await countLookup({ db: app.db, actor: actorOf(request), query: request.query })
      }
      const stepUp = app.requireStepUp()
      const unmaskedCheck: onRequestHookHandler = async function (request, reply) {
        if (!asksUnmasked(request.url)) return
        if (!request.admin?.rights.has('data.unmaskedExport')) throw createForbiddenError({ message: '没有明文导出的权限' })
        await stepUp.call(app, request, reply)
        request.exportUnmasked = true
      }
      addAfterGuards(route, [lookupCheck, unmaskedCheck])
    })

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.lookedUp && request.admin && reply.statusCode === 200)
        await recordLookup({ db: app.db, actor: actorOf(request), looked: request.lookedUp, path: request.url.split('?')[0]! })
      if (!request.admin || reply.statusCode !== 200 || !String(reply.getHeader('content-type') ?? '').startsWith(XLSX_TYPE)) return payload
      const path = request.url.split('?')[0]!
      const unmasked = request.exportUnmasked
      await recordAudit({
        tx: app.db,
        actor: actorOf(request),
        entry: {
          action: 'export.run',
          entityType: 'export',
          entityId: path.slice(0, 120),
          summary: `${unmasked ? '明文' : '脱敏'}导出 ${path}`,
          after: { unmasked, query: Object.fromEntries(new URL(request.url, 'http://x').searchParams) },
        },
      })
      return payload
    })
  },
  { name: 'sensitiveData', dependencies: ['sessions', 'stepUp', 'database'] },
)
