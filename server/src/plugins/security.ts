import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { createError } from '../lib/errors.ts'
import { BASELINE_SECURITY_HEADERS } from '../lib/security-headers.ts'
import { Code } from '../wire.ts'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function sameOrigin(request: FastifyRequest, origin: string): boolean {
  return origin === `${request.protocol}://${request.host}`
}

const refuseOrigin = () => createError({ key: 'originRefused', code: Code.forbidden, message: '请求来源不被允许', statusCode: 403 })

/**
 * Security headers on every answer (lib/security-headers.ts; HTML answers replace the CSP with
 * their own); CORS for the allowed origins; and a browser's state-changing call whose Origin is
 * neither this host nor an allowed origin is refused (cookies are SameSite=Lax, this closes the
 * rest), as is one without an Origin that the browser marks cross-site (Sec-Fetch-Site). Calls with
 * neither header (mini-programs, servers) pass.
 */
export const securityPlugin = fp<{ allowedOrigins: string[] }>(
  async (app, { allowedOrigins }) => {
    const allowed = new Set(allowedOrigins)

    app.addHook('onRequest', async (request, reply) => {
      reply.headers(BASELINE_SECURITY_HEADERS)
      if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=15552000')

      const origin = request.headers.origin
      if (!origin) {
        if (UNSAFE.has(request.method) && request.headers['sec-fetch-site'] === 'cross-site') throw refuseOrigin()
        return
      }
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
      if (UNSAFE.has(request.method) && !trusted && !sameOrigin(request, origin)) throw refuseOrigin()
    })
  },
  { name: 'security', dependencies: ['errors'] },
)
