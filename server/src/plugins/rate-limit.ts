import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import { createError } from '../lib/errors.ts'
import { Code } from '../wire.ts'

/**
 * Per-route limits (routes opt in with `config.rateLimit`, see lib/rate-limits.ts), counted per
 * IP in this process. The per-phone limits of verification codes live in the database instead.
 */
export const rateLimitPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    if (!enabled) return
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        createError({
          key: 'rateLimited',
          code: Code.tooManyRequests,
          message: `请求过于频繁，请${Math.max(1, Math.ceil(context.ttl / 1000))}秒后再试`,
          statusCode: 429,
        }),
    })
  },
  { name: 'rateLimit' },
)
