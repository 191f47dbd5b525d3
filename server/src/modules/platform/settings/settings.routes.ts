import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { audited } from '../audit/index.ts'
import { settingsBody, settingsSchema } from './settings.schemas.ts'
import { readSettings, writeSettings } from './settings.service.ts'

/** System settings (/api/bms/develop/config/settings): 管理员 reads and sets them; the server reads them where they apply. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/bms/develop/config/settings'
  const reader = app.requireAdmin('settings.view')
  const adminOnly = app.requireAdmin('settings.edit')
  const security = [{ adminSession: [] }]

  app.get(
    base,
    {
      preHandler: reader,
      schema: { summary: '管理员: every setting (defaults where unset)', security, response: { 200: envelope(settingsSchema) } },
    },
    async () => ok(await readSettings({ db: app.db })),
  )

  app.put(
    base,
    {
      preHandler: adminOnly,
      schema: {
        summary: '管理员: set some settings (the keys given); answers every setting',
        security,
        consumes: FORM_CONSUMES,
        body: settingsBody,
        response: { 200: envelope(settingsSchema) },
      },
    },
    async (request) => {
      const { after } = await audited({
        app,
        request,
        run: (tx) => writeSettings({ db: tx, values: request.body, adminId: request.admin.id }),
        describe: ({ before, after: now }) => {
          const changed = Object.keys(request.body).filter((k) => before[k as keyof typeof before] !== now[k as keyof typeof now])
          return {
            action: 'setting.update',
            entityType: 'setting',
            entityId: changed.join(',') || '-',
            summary: changed.length
              ? `修改设置：${changed.map((k) => `${k}=${JSON.stringify(now[k as keyof typeof now])}`).join('；')}`
              : '保存设置（无变化）',
            before: Object.fromEntries(changed.map((k) => [k, before[k as keyof typeof before]])),
            after: Object.fromEntries(changed.map((k) => [k, now[k as keyof typeof now]])),
          }
        },
      })
      return ok(after)
    },
  )
}
