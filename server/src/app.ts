import Fastify, { type FastifyInstance } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { type Config, loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import type { Database } from './db/types.ts'
import { refuseNulCharacters } from './lib/refuse-nul.ts'
import { createResponseSerializerCompiler } from './lib/serializer.ts'
import { registerModules } from './modules/index.ts'
import { readSetting } from './modules/platform/index.ts'
import { SettingKey } from './wire.ts'
import { bodyPlugin } from './plugins/body.ts'
import { databasePlugin } from './plugins/database.ts'
import { drainPlugin } from './plugins/drain.ts'
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts'
import { filesPlugin } from './plugins/files.ts'
import { metricsPlugin } from './plugins/metrics.ts'
import { rateLimitPlugin } from './plugins/rate-limit.ts'
import { routeTablePlugin } from './plugins/route-table.ts'
import { securityPlugin } from './plugins/security.ts'
import { servicesPlugin, type ServicesOptions } from './plugins/services.ts'
import { sessionsPlugin } from './plugins/sessions.ts'
import { stepUpPlugin } from './plugins/step-up.ts'
import { sensitiveDataPlugin } from './plugins/sensitive-data.ts'
import { staticAdminPlugin } from './plugins/static-admin.ts'
import { staticH5Plugin } from './plugins/static-h5.ts'
import { swaggerPlugin } from './plugins/swagger.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
  }
}

export interface BuildAppOptions {
  config?: Config
  /** An open, migrated database the caller owns (tests); otherwise the app opens, migrates and closes its own. */
  database?: Database
  /** Far sides of outside boundaries (SMS, WeChat/Alipay); the configured ones otherwise. */
  services?: ServicesOptions
}

/** Builds the configured Fastify app without listening. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig()
  let database = options.database
  const owned = !database
  if (!database) {
    database = await openDatabase(config.database)
    try {
      await database.migrate()
    } catch (error) {
      await database.close()
      throw error
    }
  }

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // While closing (SIGTERM), a request that reaches an open keep-alive connection is answered
    // (with Connection: close), not refused with a 503: the pool stays open until the last one.
    return503OnClosing: false,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(createResponseSerializerCompiler({ validate: !config.isProduction }))
  app.decorate('config', config)

  try {
    await app.register(routeTablePlugin)
    await app.register(drainPlugin)
    await app.register(errorsPlugin)
    // PostgreSQL text cannot hold U+0000: refuse it for every route before it reaches the database.
    app.addHook('preValidation', refuseNulCharacters)
    await app.register(bodyPlugin)
    await app.register(securityPlugin, { allowedOrigins: config.allowedOrigins })
    await app.register(databasePlugin, { database, owned })
    await app.register(sessionsPlugin, { ttlDays: config.sessionTtlDays, secure: config.isProduction, cache: config.sessionCache })
    await app.register(stepUpPlugin)
    await app.register(sensitiveDataPlugin)
    await app.register(rateLimitPlugin, { enabled: config.rateLimit })
    await app.register(metricsPlugin, { ...config.metrics, host: config.host })
    await app.register(servicesPlugin, { config, ...options.services })
    await app.register(swaggerPlugin)
    await app.register(filesPlugin)
    await app.register(registerModules)
    await app.register(staticAdminPlugin, {
      adminDir: config.adminDir,
      schoolName: () => readSetting({ db: app.db, key: SettingKey.schoolName }),
    })
    await app.register(staticH5Plugin, {
      h5Dir: config.h5Dir,
      connectOrigins: [...config.allowedOrigins, ...config.cspConnectSources],
      // 直播间 frames the live provider's room (LIVE_PROVIDER_URL) on H5.
      frameHostPatterns: [...config.allowLists.webHosts, ...(config.liveProviderUrl ? [new URL(config.liveProviderUrl).host] : [])],
    })
  } catch (error) {
    if (owned) await database.close()
    throw error
  }
  return app as unknown as FastifyInstance
}
