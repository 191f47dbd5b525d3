import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { audited, auditedDeleteRoute } from '../../platform/index.ts'
import { createNoticeNotFoundError } from './notices.errors.ts'
import {
  adminListQuery,
  adminNoticeDetailSchema,
  adminNoticeSchema,
  audienceQuery,
  audienceSchema,
  clientListQuery,
  clientNoticeItemSchema,
  clientNoticeSchema,
  idBody,
  idQuery,
  saveNoticeBody,
  unreadCountSchema,
  updateNoticeBody,
} from './notices.schemas.ts'
import {
  findNoticeForAdmin,
  listNotices,
  listNoticesForStudent,
  noticeAudienceCount,
  openNotice,
  publishNotice,
  removeNotice,
  saveNotice,
  toAdminNotice,
  toAdminNoticeDetail,
  toClientNoticeItem,
  toTarget,
  unreadNoticeCount,
  updateNotice,
  withdrawNotice,
} from './notices.service.ts'

/**
 * Notices (通知公告) under /api/ems/education/notices: the office (管理员 writes, every role reads)
 * writes, targets and publishes them; a student reads those published to their roll.
 */
export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/education/notices'
  const security = [{ adminSession: [] }]
  const studentSecurity = [{ studentSession: [] }]
  const reader = app.requireAdmin('notices.view')
  const writer = app.requireAdmin('notices.edit')

  app.get(
    `${base}/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: notices, newest first, by status and title, with the students each addresses now and how many read it',
        security,
        querystring: adminListQuery,
        response: { 200: envelope(pageOf(adminNoticeSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await listNotices({ db: app.db, filter, page, size })
      return ok({ list: rows.map(toAdminNotice), total, page, size })
    },
  )

  app.get(
    `${base}/details`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: one notice with its content, whatever its status',
        security,
        querystring: idQuery,
        response: { 200: envelope(adminNoticeDetailSchema) },
      },
    },
    async (request) => {
      const row = await findNoticeForAdmin({ db: app.db, id: request.query.id })
      if (!row) throw createNoticeNotFoundError()
      return ok(toAdminNoticeDetail(row))
    },
  )

  app.get(
    `${base}/audience`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: how many students a target reaches now (the form\'s "will reach N students")',
        security,
        querystring: audienceQuery,
        response: { 200: envelope(audienceSchema) },
      },
    },
    async (request) => ok({ count: await noticeAudienceCount({ db: app.db, target: toTarget(request.query) }) }),
  )

  app.post(
    `${base}/save`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: create a notice (草稿; the content HTML is sanitised)',
        security,
        consumes: FORM_CONSUMES,
        body: saveNoticeBody,
        response: { 200: envelope(adminNoticeDetailSchema) },
      },
    },
    async (request) =>
      ok(
        toAdminNoticeDetail(
          await audited({
            app,
            request,
            run: (tx) => saveNotice({ db: tx, input: request.body, adminId: request.admin.id }),
            describe: (r) => ({ action: 'notice.create', entityType: 'notice', entityId: r.id, summary: `新增通知「${r.title}」` }),
          }),
        ),
      ),
  )

  app.put(
    `${base}/update`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: change a draft or a withdrawn notice (a published one: 422, take it down first)',
        security,
        consumes: FORM_CONSUMES,
        body: updateNoticeBody,
        response: { 200: envelope(adminNoticeDetailSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      return ok(
        toAdminNoticeDetail(
          await audited({
            app,
            request,
            run: (tx) => updateNotice({ db: tx, id, input }),
            describe: (r) => ({ action: 'notice.update', entityType: 'notice', entityId: r.id, summary: `修改通知「${r.title}」` }),
          }),
        ),
      )
    },
  )

  app.put(
    `${base}/publish`,
    {
      preHandler: writer,
      schema: {
        summary:
          '管理员: publish a draft or withdrawn notice: its students see it, and each gets a message (通知公告) once, in the same transaction',
        security,
        consumes: FORM_CONSUMES,
        body: idBody,
        response: { 200: envelope(adminNoticeDetailSchema) },
      },
    },
    async (request) => {
      const { notice } = await audited({
        app,
        request,
        run: (tx) => publishNotice({ db: tx, id: request.body.id }),
        describe: ({ notice, messaged }) => ({
          action: 'notice.publish',
          entityType: 'notice',
          entityId: notice.id,
          summary: `发布通知「${notice.title}」（${toAdminNotice(notice).targetLabel}，新发消息${messaged}条）`,
          after: { status: notice.status, audience: notice.audience, messaged },
        }),
      })
      return ok(toAdminNoticeDetail(notice))
    },
  )

  app.put(
    `${base}/withdraw`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: take a published notice down (下架): students no longer see it',
        security,
        consumes: FORM_CONSUMES,
        body: idBody,
        response: { 200: envelope(adminNoticeDetailSchema) },
      },
    },
    async (request) =>
      ok(
        toAdminNoticeDetail(
          await audited({
            app,
            request,
            run: (tx) => withdrawNotice({ db: tx, id: request.body.id }),
            describe: (r) => ({
              action: 'notice.withdraw',
              entityType: 'notice',
              entityId: r.id,
              summary: `下架通知「${r.title}」`,
              after: { status: r.status },
            }),
          }),
        ),
      ),
  )

  auditedDeleteRoute(app, {
    path: `${base}/remove`,
    preHandler: writer,
    summary: '管理员: remove a draft or a withdrawn notice (a published one: 422, take it down first)',
    idQuery,
    action: 'notice.delete',
    entityType: 'notice',
    label: '通知',
    remove: (tx, id) => removeNotice({ db: tx, id }),
  })

  app.get(
    `${base}/listForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "The student's published notices (addressed to their roll now): unread first, newest first",
        security: studentSecurity,
        querystring: clientListQuery,
        response: { 200: envelope(pageOf(clientNoticeItemSchema)) },
      },
    },
    async (request) => {
      const { page, size } = request.query
      const { rows, total } = await listNoticesForStudent({ db: app.db, studentId: request.studentId, page, size })
      return ok({ list: rows.map(toClientNoticeItem), total, page, size })
    },
  )

  app.get(
    `${base}/detailsForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: 'The student opens one of their notices: it is read from now on (not published or not addressed to them: 404)',
        security: studentSecurity,
        querystring: idQuery,
        response: { 200: envelope(clientNoticeSchema) },
      },
    },
    async (request) => ok(await openNotice({ db: app.db, studentId: request.studentId, id: request.query.id })),
  )

  app.get(
    `${base}/unreadCountForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "How many of the student's notices they have not opened",
        security: studentSecurity,
        response: { 200: envelope(unreadCountSchema) },
      },
    },
    async (request) => ok({ count: await unreadNoticeCount({ db: app.db, studentId: request.studentId }) }),
  )
}
