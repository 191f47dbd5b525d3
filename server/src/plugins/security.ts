import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { createError } from '../lib/errors.ts'
import { Code } from '../wire.ts'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function sameOrigin(request: FastifyRequest, origin: string): boolean {
  return origin === `${request.protocol}://${request.host}`
}

/**
 * Security headers on every answer; CORS for the allowed origins; and a browser's state-changing
 * call whose Origin is neither this host nor an allowed origin is refused (cookies are SameSite=Lax,
 * this closes the rest). Calls without an Origin header (mini-programs, servers) pass.
 */
export const securityPlugin = fp<{ allowedOrigins: string[] }>(
  async (app, { allowedOrigins }) => {
    const allowed = new Set(allowedOrigins)

    app.addHook('onRequest', async (request, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff')
      reply.header('X-Frame-Options', 'SAMEORIGIN')
      reply.header('Content-Security-Policy', "frame-ancestors 'self'")
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin')

      const origin = request.headers.origin
      if (!origin) return
      const trusted = allowed.has(origin)
      if (trusted) {
        reply.header('Access-Control-Allow-Origin', origin)
        reply.header('Access-Control-Allow-Credentials', 'true')
        reply.header('Vary', 'Origin')
        if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
          reply.header('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE,OPTIONS')
          reply.header('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? 'content-type')
          reply.header('Access-Control-Max-Age', '600')
          return reply.code(204).send()
        }
      }
      if (UNSAFE.has(request.method) && !trusted && !sameOrigin(request, origin)) {
        throw createError({ key: 'originRefused', code: Code.forbidden, message: '请求来源不被允许', statusCode: 403 })
      }
    })
  },
  { name: 'security', dependencies: ['errors'] },
)
