import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { DOCS_CSP } from '../lib/security-headers.ts'

/** Services of SPEC.md section 7; each route is tagged with the one its path starts with. */
export const SERVICE_TAGS = [
  { name: 'bms', description: '系统与运营（操作员）' },
  { name: 'ums', description: '用户与会话' },
  { name: 'cms', description: '内容与活动' },
  { name: 'ems', description: '教务与合伙人' },
  { name: 'fms', description: '财务' },
  { name: 'zms', description: '积分与考勤' },
  { name: 'sms', description: '学习' },
  { name: 'system', description: '健康检查与开发工具' },
]

/** The OpenAPI document (from the zod schemas) and its UI at /docs. */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'activity-mobile back-office',
          description:
            'Every call answers `{code, message, data}`: code 0 is success, 100000004 means the session is missing or expired. POST/PUT take form bodies (JSON also accepted); GET/DELETE take query strings. Money is integer fen.',
          version: '0.1.0',
        },
        tags: SERVICE_TAGS,
        components: {
          securitySchemes: {
            partnerSession: { type: 'apiKey', in: 'cookie', name: 'sid' },
            adminSession: { type: 'apiKey', in: 'cookie', name: 'asid' },
          },
        },
      },
      transform: (input) => {
        const out = jsonSchemaTransform(input)
        const service = /^\/api\/([a-z]+)\//.exec(input.url)?.[1]
        const tag = SERVICE_TAGS.some((t) => t.name === service) ? service : 'system'
        const schema = out.schema as Record<string, unknown>
        if (!schema.tags && tag) schema.tags = [tag]
        return out
      },
    })
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CSP })
  },
  { name: 'swagger' },
)
