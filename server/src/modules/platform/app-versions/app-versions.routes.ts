import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { createAppVersionNotFoundError } from './app-versions.errors.ts'
import {
  adminAppVersionSchema,
  appVersionSchema,
  createAppVersionBody,
  idQuery,
  latestQuery,
  listQuery,
  updateAppVersionBody,
} from './app-versions.schemas.ts'
import {
  createAppVersion,
  deleteAppVersion,
  findAppVersion,
  latestAppVersion,
  listAppVersions,
  toAdminAppVersion,
  toAppVersion,
  updateAppVersion,
} from './app-versions.service.ts'
import { audited, auditedDeleteRoute } from '../audit/index.ts'

/** App versions (/api/bms/develop/appVersion): 管理员 publishes builds; anyone asks for the latest per platform. */
export const appVersionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/bms/develop/appVersion'
  const security = [{ adminSession: [] }]
  const adminOnly = app.requireAdmin('appVersions.edit')

  app.get(
    `${base}/latest`,
    {
      schema: {
        summary: 'Public: the latest released build of a platform (android | ios), or null when there is none',
        querystring: latestQuery,
        response: { 200: envelope(appVersionSchema.nullable()) },
      },
    },
    async (request) => {
      const row = await latestAppVersion({ db: app.db, platform: request.query.platform, now: new Date() })
      return ok(row ? toAppVersion(row) : null)
    },
  )

  app.get(
    `${base}/list`,
    {
      preHandler: app.requireAdmin('appVersions.view'),
      schema: {
        summary: 'Operator: versions, newest build first',
        security,
        querystring: listQuery,
        response: { 200: envelope(pageOf(adminAppVersionSchema)) },
      },
    },
    async (request) => {
      const { platform, page, size } = request.query
      const { rows, total } = await listAppVersions({ db: app.db, platform, page, size })
      return ok({ list: rows.map(toAdminAppVersion), total, page, size })
    },
  )

  app.get(
    `${base}/details`,
    {
      preHandler: app.requireAdmin('appVersions.view'),
      schema: { summary: 'Operator: one version', security, querystring: idQuery, response: { 200: envelope(adminAppVersionSchema) } },
    },
    async (request) => {
      const row = await findAppVersion({ db: app.db, id: request.query.id })
      if (!row) throw createAppVersionNotFoundError()
      return ok(toAdminAppVersion(row))
    },
  )

  app.post(
    base,
    {
      preHandler: adminOnly,
      schema: {
        summary: '管理员: add a version (version and build number unique per platform)',
        security,
        consumes: FORM_CONSUMES,
        body: createAppVersionBody,
        response: { 200: envelope(adminAppVersionSchema) },
      },
    },
    async (request) =>
      ok(
        toAdminAppVersion(
          await audited({
            app,
            request,
            run: (tx) => createAppVersion({ db: tx, input: request.body }),
            describe: (r) => ({
              action: 'appVersion.create',
              entityType: 'appVersion',
              entityId: r.id,
              summary: `新增${r.platform}版本${r.version}（${r.buildNumber}）`,
            }),
          }),
        ),
      ),
  )

  app.put(
    base,
    {
      preHandler: adminOnly,
      schema: {
        summary: '管理员: change a version',
        security,
        consumes: FORM_CONSUMES,
        body: updateAppVersionBody,
        response: { 200: envelope(adminAppVersionSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      return ok(
        toAdminAppVersion(
          await audited({
            app,
            request,
            run: (tx) => updateAppVersion({ db: tx, id, input }),
            describe: (r) => ({
              action: 'appVersion.update',
              entityType: 'appVersion',
              entityId: r.id,
              summary: `修改${r.platform}版本${r.version}（${r.buildNumber}）`,
            }),
          }),
        ),
      )
    },
  )

  auditedDeleteRoute(app, {
    path: base,
    preHandler: adminOnly,
    summary: '管理员: remove a version',
    idQuery,
    action: 'appVersion.delete',
    entityType: 'appVersion',
    label: '版本',
    remove: async (tx, id) => {
      if (!(await deleteAppVersion({ db: tx, id }))) throw createAppVersionNotFoundError()
    },
  })
}
