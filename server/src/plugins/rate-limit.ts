import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import { createError } from '../lib/errors.ts'
import { createDatabaseStore, deleteEndedWindows } from '../modules/platform/index.ts'
import { Code } from '../wire.ts'

const SWEEP_EVERY_MS = 10 * 60 * 1000

/**
 * Per-route limits (routes opt in with `config.rateLimit`, see lib/rate-limits.ts), counted per
 * IP in the database (`rate_limit_hits`), so every process on it shares them. The per-phone
 * limits of verification codes live in the database too.
 */
export const rateLimitPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    if (!enabled) return
    await app.register(rateLimit, {
      global: false,
      store: createDatabaseStore({ db: app.db }),
      errorResponseBuilder: (_request, context) =>
        createError({
          key: 'rateLimited',
          code: Code.tooManyRequests,
          message: `请求过于频繁，请${Math.max(1, Math.ceil(context.ttl / 1000))}秒后再试`,
          statusCode: 429,
        }),
    })
    const sweep = () =>
      deleteEndedWindows({ db: app.db }).catch((error: unknown) => app.log.warn({ err: error }, 'sweeping rate-limit windows failed'))
    const timer = setInterval(sweep, SWEEP_EVERY_MS).unref()
    app.addHook('onClose', async () => clearInterval(timer))
  },
  { name: 'rateLimit', dependencies: ['database'] },
)
