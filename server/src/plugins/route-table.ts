import type { FastifySchema, HTTPMethods } from 'fastify'
import fp from 'fastify-plugin'
import { type RouteAccess, routeAccess } from './sessions.ts'
import { requiresStepUp } from './step-up.ts'

export interface RouteEntry {
  method: HTTPMethods
  url: string
  schema: FastifySchema | undefined
  /** Who may call it (partner, operator roles); undefined when public. */
  access: RouteAccess | undefined
  /** Whether it asks for a step-up (二次验证) of the operator's session (app.requireStepUp). */
  stepUp: boolean
  /** Its per-IP limit (lib/rate-limits.ts), when it has one. */
  rateLimit: { max: number; timeWindow: number } | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as declared (method, url, schema, access): what the hardening tests enumerate. */
    routeTable: RouteEntry[]
  }
}

/** Collects every route registered after it (registered first in app.ts, so that is all of them). */
export const routeTablePlugin = fp(
  async (app) => {
    const table: RouteEntry[] = []
    app.decorate('routeTable', table)
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      for (const method of methods)
        table.push({
          method: method as HTTPMethods,
          url: route.url,
          schema: route.schema,
          access: routeAccess([route.onRequest, route.preHandler].flat()),
          stepUp: requiresStepUp([route.onRequest, route.preHandler].flat()),
          rateLimit: (route.config as { rateLimit?: { max: number; timeWindow: number } } | undefined)?.rateLimit,
        })
    })
  },
  { name: 'routeTable' },
)
