import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { audited, auditedDeleteRoute } from '../../platform/index.ts'
import { createLiveBody, idQuery, liveListQuery, liveSchema, updateLiveBody } from './courses.schemas.ts'
import { createLive, liveSessionList, removeLive, toLive, updateLive } from './courses.service.ts'

/** The 上海 day after `date` (YYYY-MM-DD) begins: a `to` date is inclusive. */
const dayStart = (date: string) => new Date(`${date}T00:00:00+08:00`)
const nextDay = (date: string) => new Date(dayStart(date).getTime() + 86_400_000)

/** The office's live sessions (直播课表): every role reads, 管理员 writes; every write is in the audit log. */
export const coursesAdminLiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('courses.view')
  const writer = app.requireAdmin('courses.edit')
  const secret = app.config.secret
  const liveBase = '/api/bms/cont/liveCourseSchedule'

  app.get(
    `${liveBase}/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: live sessions, latest start first, by course and start date (from/to inclusive, Asia/Shanghai)',
        security,
        querystring: liveListQuery,
        response: { 200: envelope(pageOf(liveSchema)) },
      },
    },
    async (request) => {
      const { page, size, courseId, from, to } = request.query
      const { rows, total } = await liveSessionList({
        db: app.db,
        filter: { courseId, from: from ? dayStart(from) : undefined, to: to ? nextDay(to) : undefined },
        page,
        size,
      })
      return ok({ list: rows.map((r) => toLive(r, secret)), total, page, size })
    },
  )

  app.post(
    liveBase,
    {
      preHandler: writer,
      schema: {
        summary:
          '管理员: schedule a live session of a course (roomUrl: the provider room; empty: the configured provider or the local room)',
        security,
        consumes: FORM_CONSUMES,
        body: createLiveBody,
        response: { 200: envelope(liveSchema) },
      },
    },
    async (request) =>
      ok(
        toLive(
          await audited({
            app,
            request,
            run: (tx) => createLive({ db: tx, storage: app.storage, input: request.body }),
            describe: (r) => ({
              action: 'live.create',
              entityType: 'live',
              entityId: r.live.id,
              summary: `新增直播「${r.live.title}」（${r.courseTitle}）`,
            }),
          }),
          secret,
        ),
      ),
  )

  app.put(
    liveBase,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: change a live session (times, room, playback once it is recorded)',
        security,
        consumes: FORM_CONSUMES,
        body: updateLiveBody,
        response: { 200: envelope(liveSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      return ok(
        toLive(
          await audited({
            app,
            request,
            run: (tx) => updateLive({ db: tx, storage: app.storage, id, input }),
            describe: (r) => ({ action: 'live.update', entityType: 'live', entityId: r.live.id, summary: `修改直播「${r.live.title}」` }),
          }),
          secret,
        ),
      )
    },
  )

  auditedDeleteRoute(app, {
    path: liveBase,
    preHandler: writer,
    summary: '管理员: remove a live session no section names',
    idQuery,
    action: 'live.delete',
    entityType: 'live',
    label: '直播',
    remove: (tx, id) => removeLive({ db: tx, id }),
  })
}
