import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { DOCS_CSP } from '../lib/security-headers.ts'
import { MODULE_TAGS } from '../modules/tags.ts'

/** The OpenAPI document (from the zod schemas) and its UI at /docs. */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'activity-mobile back-office',
          description: [
            'Every call answers `{code, message, data}`: code 0 is success; 100000001 bad input (the message names the field), 100000003 role, 100000004 the session is missing or expired, 100000005 not found, 100000006 state conflict, 100000008 business rule. The message is a Chinese sentence to show as is.',
            'POST/PUT take form bodies (JSON also accepted); GET/DELETE take query strings, where an empty value means no filter. Lists take `page` (1-based) and `size` (default 20, at most 100) and answer `{list, total, page, size}`; lists over the whole history count at most 10 000 rows (`totalCapped`). Date filters `dateFrom`/`dateTo` are Asia/Shanghai days, both inclusive; times in answers are ISO 8601. Money is integer fen.',
            'Exports answer the .xlsx file itself, or the envelope when refused. The console and the client take these types through @activity/api-types (`npm run api:types`).',
          ].join('\n\n'),
          version: '0.1.0',
        },
        tags: [...MODULE_TAGS],
        components: {
          securitySchemes: {
            partnerSession: { type: 'apiKey', in: 'cookie', name: 'sid' },
            studentSession: { type: 'apiKey', in: 'cookie', name: 'sid' },
            personSession: { type: 'apiKey', in: 'cookie', name: 'sid' },
            adminSession: { type: 'apiKey', in: 'cookie', name: 'asid' },
          },
        },
      },
      transform: (input) => {
        // Each module's routes carry their module's tag (modules/index.ts); the rest are the system's.
        const out = jsonSchemaTransform(input)
        const schema = out.schema as Record<string, unknown>
        if (!schema.tags) schema.tags = ['system']
        return out
      },
    })
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CSP })
  },
  { name: 'swagger' },
)
