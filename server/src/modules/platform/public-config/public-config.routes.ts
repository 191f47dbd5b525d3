import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, ok } from '../../../lib/envelope.ts'
import { configValueSchema, getByKeyQuery } from './public-config.schemas.ts'
import { publicConfigValue } from './public-config.service.ts'

/**
 * Public configuration (/api/bms/develop/config/getByKey): the host allow-lists of the web-view page
 * (webAllowedHosts, env WEB_ALLOWED_HOSTS) and of the wxCode OAuth redirect (oauthRedirectHosts,
 * env OAUTH_REDIRECT_HOSTS). Other keys are not public.
 */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bms/develop/config/getByKey',
    {
      schema: {
        summary: 'Public: a public configuration value (webAllowedHosts | oauthRedirectHosts)',
        querystring: getByKeyQuery,
        response: { 200: envelope(configValueSchema) },
      },
    },
    async (request, reply) => {
      const value = publicConfigValue({ config: app.config, key: request.query.key })
      reply.header('Cache-Control', 'public, max-age=300')
      return ok({ key: request.query.key, value })
    },
  )
}
