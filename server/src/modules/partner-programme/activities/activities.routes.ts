import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { ActivityStatus } from '../../../wire.ts'
import { createActivityNotFoundError } from './activities.errors.ts'
import {
  adminActivitySchema,
  adminListQuery,
  clientActivityItemSchema,
  clientActivitySchema,
  clientListQuery,
  createActivityBody,
  idBody,
  idQuery,
  updateActivityBody,
} from './activities.schemas.ts'
import {
  createActivity,
  deleteActivity,
  findActivity,
  findPublished,
  listActivities,
  setPublished,
  toAdminActivity,
  toClientActivity,
  toClientActivityItem,
  updateActivity,
} from './activities.service.ts'
import { audited, auditedDeleteRoute } from '../../platform/index.ts'

/**
 * Activities: operators (招生老师, 管理员) write them under /api/bms/activity; the client reads
 * published ones under /api/cms/activity. A campaign's clue form posts to
 * POST /api/ems/partner/clue/saveForActivity with `ref` and `activityId`.
 */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/bms/activity/activity'
  const client = '/api/cms/activity/activity'
  const security = [{ adminSession: [] }]
  const editor = app.requireAdmin('activities.edit')

  app.get(
    `${base}/list`,
    {
      // The clue list's activity filter reads it too.
      preHandler: app.requireAdmin(['activities.view', 'clues.view']),
      schema: {
        summary: 'Operator: activities, latest start first, by keyword/type/status/state',
        security,
        querystring: adminListQuery,
        response: { 200: envelope(pageOf(adminActivitySchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const now = new Date()
      const { rows, total } = await listActivities({ db: app.db, filter: { ...filter, now }, page, size })
      return ok({ list: rows.map((r) => toAdminActivity(r, now)), total, page, size })
    },
  )

  app.get(
    `${base}/details`,
    {
      preHandler: app.requireAdmin('activities.view'),
      schema: {
        summary: 'Operator: one activity, published or not',
        security,
        querystring: idQuery,
        response: { 200: envelope(adminActivitySchema) },
      },
    },
    async (request) => {
      const row = await findActivity({ db: app.db, id: request.query.id })
      if (!row) throw createActivityNotFoundError()
      return ok(toAdminActivity(row))
    },
  )

  app.post(
    base,
    {
      preHandler: editor,
      schema: {
        summary: '招生老师/管理员: create an activity (未发布; body HTML is sanitised)',
        security,
        consumes: FORM_CONSUMES,
        body: createActivityBody,
        response: { 200: envelope(adminActivitySchema) },
      },
    },
    async (request) =>
      ok(
        toAdminActivity(
          await audited({
            app,
            request,
            run: (tx) => createActivity({ db: tx, input: request.body }),
            describe: (r) => ({ action: 'activity.create', entityType: 'activity', entityId: r.id, summary: `新增活动「${r.title}」` }),
          }),
        ),
      ),
  )

  app.put(
    base,
    {
      preHandler: editor,
      schema: {
        summary: '招生老师/管理员: change an activity',
        security,
        consumes: FORM_CONSUMES,
        body: updateActivityBody,
        response: { 200: envelope(adminActivitySchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      return ok(
        toAdminActivity(
          await audited({
            app,
            request,
            run: (tx) => updateActivity({ db: tx, id, input }),
            describe: (r) => ({ action: 'activity.update', entityType: 'activity', entityId: r.id, summary: `修改活动「${r.title}」` }),
          }),
        ),
      )
    },
  )

  // Publish and take down: the same call either way, audited with what the client now sees.
  for (const way of [
    { path: 'publish', published: true, verb: '发布', summary: '招生老师/管理员: publish (the client sees it)' },
    { path: 'unpublish', published: false, verb: '下架', summary: '招生老师/管理员: take it off the client (its clue form stops)' },
  ] as const) {
    app.put(
      `${base}/${way.path}`,
      {
        preHandler: editor,
        schema: {
          summary: way.summary,
          security,
          consumes: FORM_CONSUMES,
          body: idBody,
          response: { 200: envelope(adminActivitySchema) },
        },
      },
      async (request) =>
        ok(
          toAdminActivity(
            await audited({
              app,
              request,
              run: (tx) => setPublished({ db: tx, id: request.body.id, published: way.published }),
              describe: (r) => ({
                action: `activity.${way.path}`,
                entityType: 'activity',
                entityId: r.id,
                summary: `${way.verb}活动「${r.title}」`,
                after: { status: r.status },
              }),
            }),
          ),
        ),
    )
  }

  auditedDeleteRoute(app, {
    path: base,
    preHandler: editor,
    summary: '招生老师/管理员: remove an activity',
    idQuery,
    action: 'activity.delete',
    entityType: 'activity',
    label: '活动',
    remove: async (tx, id) => {
      await deleteActivity({ db: tx, id })
    },
  })

  app.get(
    `${client}/listForClient`,
    {
      schema: {
        summary: 'Public: published activities, latest start first (filter by type 招生活动/资讯 and state 未开始/进行中/已结束)',
        querystring: clientListQuery,
        response: { 200: envelope(pageOf(clientActivityItemSchema)) },
      },
    },
    async (request) => {
      const { page, size, type, state } = request.query
      const now = new Date()
      const { rows, total } = await listActivities({
        db: app.db,
        filter: { status: ActivityStatus.published, type, state, now },
        page,
        size,
      })
      return ok({ list: rows.map((r) => toClientActivityItem(r, now)), total, page, size })
    },
  )

  app.get(
    `${client}/detailsForClient`,
    {
      schema: {
        summary: 'Public: one published activity with its state (未开始/进行中/已结束) and whether its clue form is open',
        querystring: idQuery,
        response: { 200: envelope(clientActivitySchema) },
      },
    },
    async (request) => ok(toClientActivity(await findPublished({ db: app.db, id: request.query.id }))),
  )
}
