import type { onRequestHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { XLSX_TYPE } from '../lib/xlsx-export.ts'
import { maskPhone } from '../lib/mask.ts'
import { actorOf, recordAudit } from '../modules/audit/index.ts'
import { createForbiddenError } from '../modules/sessions/index.ts'
import { addAfterGuards, isAdminRoute } from './sessions.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** This export carries phones and ID numbers in full (data.unmaskedExport and a step-up); masked otherwise. */
    exportUnmasked: boolean
  }
}

/** Whether the call asks for an unmasked export (`unmasked=是` in its query). */
const asksUnmasked = (url: string) => new URL(url, 'http://x').searchParams.get('unmasked') === '是'

/** Operators' own phones (操作员: the step-up SMS goes there, and the edit form is filled from the list). */
const COLLEAGUES = '/api/bms/system/admin/'

const PHONE_KEY = /phone$/i

/** `value` with every phone inside an array masked (138****0000); objects outside arrays are kept as they are. */
function maskListPhones(value: unknown, inList: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => maskListPhones(v, true))
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    out[key] = inList && PHONE_KEY.test(key) && typeof v === 'string' && !v.includes('*') ? maskPhone(v) : maskListPhones(v, inList)
  }
  return out
}

/**
 * Sensitive data in the console (issue 26 §3).
 * - 脱敏导出: every operator export (lib/xlsx-export.ts sendXlsx) masks phones and ID numbers unless
 *   the call asks for `unmasked=是`, which needs the data.unmaskedExport right and a fresh step-up
 *   (二次验证). Every export sent is in the audit log, saying which it was and under which step-up.
 * - Lists: an operator whose position lacks data.reveal gets every phone inside a list masked
 *   (any `…phone` field of an array item, whatever the screen); they see one in full through the
 *   audited reveal call (modules/sensitive-data). A detail opened on its own keeps its phone, so
 *   the edit forms filled from it never write a masked number back.
 */
export const sensitiveDataPlugin = fp(
  async (app) => {
    app.decorateRequest('exportUnmasked', false)

    // After the guards (moved to onRequest by the sessions plugin) and before the route's step-up check.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      if (!methods.includes('GET') || !isAdminRoute(route)) return
      const stepUp = app.requireStepUp()
      const unmaskedCheck: onRequestHookHandler = async function (request, reply) {
        if (!asksUnmasked(request.url)) return
        if (!request.admin?.rights.has('data.unmaskedExport')) throw createForbiddenError({ message: '没有明文导出的权限' })
        await stepUp.call(app, request, reply)
        request.exportUnmasked = true
      }
      addAfterGuards(route, [unmaskedCheck])
    })

    app.addHook('preSerialization', async (request, _reply, payload) => {
      if (!request.admin || request.method !== 'GET' || request.admin.rights.has('data.reveal')) return payload
      if (request.url.startsWith(COLLEAGUES)) return payload
      const envelope = payload as { data?: unknown } | null
      if (!envelope || typeof envelope !== 'object' || !('data' in envelope)) return payload
      return { ...envelope, data: maskListPhones(envelope.data, false) }
    })

    app.addHook('onSend', async (request, reply, payload) => {
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
