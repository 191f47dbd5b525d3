import type { onRequestHookHandler, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { createStepUpRequiredError, findValidStepUp } from '../modules/platform/index.ts'
import { createSessionInvalidError } from '../modules/platform/index.ts'
import { addAfterGuards, isAdminRoute, onRequestHooks, routeAccess } from './sessions.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler factory, after `app.requireAdmin(...)`: the operator's session must hold a valid
     * step-up (二次验证, 5 minutes), else 403 `stepUpRequired`; sets `request.stepUpId`, which the
     * action's audit entries carry (actorOf).
     */
    requireStepUp: () => preHandlerAsyncHookHandler
  }
  interface FastifyRequest {
    /** The step-up the request runs under (0 when its route asks for none). */
    stepUpId: number
  }
}

const STEP_UP = Symbol.for('activity-mobile.stepUp')

/** Whether a route's handlers (preHandler and onRequest, as declared or as moved) ask for a step-up. */
export function requiresStepUp(handlers: unknown): boolean {
  const list = Array.isArray(handlers) ? handlers : [handlers]
  return list.some((h) => Boolean((h as { [STEP_UP]?: boolean } | undefined)?.[STEP_UP]))
}

/**
 * Step-up for high-risk actions. The check is declared as a preHandler beside the operator guard
 * and, like the guards (plugins/sessions.ts), runs as an onRequest hook, right after them: a caller
 * without a step-up is refused before the body is read, and the console retries the same call
 * unchanged once the operator has confirmed.
 */
export const stepUpPlugin = fp(
  async (app) => {
    app.decorateRequest('stepUpId', 0)

    app.decorate('requireStepUp', () =>
      Object.assign<preHandlerAsyncHookHandler, { [STEP_UP]: true }>(
        async (request) => {
          if (!request.admin) throw new Error('requireStepUp must follow app.requireAdmin')
          const session = await request.session.get('admin')
          if (!session) throw createSessionInvalidError()
          const stepUp = await findValidStepUp({ db: app.db, sessionId: session.id, adminId: request.admin.id })
          if (!stepUp) throw createStepUpRequiredError()
          request.stepUpId = stepUp.id
        },
        { [STEP_UP]: true },
      ),
    )

    // Runs after the sessions plugin's onRoute, which has moved the guards to the front of onRequest.
    // Every operator DELETE asks for a step-up without saying so: deleting is high-risk whatever it deletes.
    app.addHook('onRoute', (route) => {
      const preHandlers = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]
      const checks = preHandlers.filter((h) => requiresStepUp(h))
      const deletes = (Array.isArray(route.method) ? route.method : [route.method]).includes('DELETE')
      if (checks.length === 0 && deletes && isAdminRoute(route)) checks.push(app.requireStepUp())
      if (checks.length === 0) return
      route.preHandler = preHandlers.filter((h) => !requiresStepUp(h))
      if (!onRequestHooks(route).some((h) => routeAccess(h)))
        throw new Error(`${route.url}: requireStepUp needs app.requireAdmin before it`)
      addAfterGuards(route, checks as unknown as onRequestHookHandler[])
    })
  },
  { name: 'stepUp', dependencies: ['sessions', 'database', 'errors'] },
)
