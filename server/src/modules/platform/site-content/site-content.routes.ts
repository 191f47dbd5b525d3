import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import {
  adminContentSchema,
  clientDetailsQuery,
  contentItemSchema,
  contentSchema,
  createContentBody,
  idQuery,
  listQuery,
  updateContentBody,
} from './site-content.schemas.ts'
import {
  createContent,
  deleteContent,
  findContent,
  listContent,
  toAdminContent,
  toContent,
  toContentItem,
  updateContent,
} from './site-content.service.ts'
import { audited, auditedDeleteRoute } from '../audit/index.ts'

/** Site contents (/api/cms/web/siteContent): 管理员 writes them; anyone reads one by id or key. */
export const siteContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/cms/web/siteContent'
  const security = [{ adminSession: [] }]
  const adminOnly = app.requireAdmin('contents.edit')

  app.get(
    `${base}/detailsForClient`,
    {
      schema: {
        summary: 'Public: one content by `id`, or by `key` (agreement = 用户协议, privacy = 隐私政策)',
        querystring: clientDetailsQuery,
        response: { 200: envelope(contentSchema) },
      },
    },
    async (request) => ok(toContent(await findContent({ db: app.db, ...request.query }))),
  )

  app.get(
    `${base}/list`,
    {
      preHandler: app.requireAdmin('contents.view'),
      schema: {
        summary: 'Operator: contents without their bodies, latest change first',
        security,
        querystring: listQuery,
        response: { 200: envelope(pageOf(contentItemSchema)) },
      },
    },
    async (request) => {
      const { keyword, page, size } = request.query
      const { rows, total } = await listContent({ db: app.db, keyword, page, size })
      return ok({ list: rows.map(toContentItem), total, page, size })
    },
  )

  app.get(
    `${base}/details`,
    {
      preHandler: app.requireAdmin('contents.view'),
      schema: { summary: 'Operator: one content', security, querystring: idQuery, response: { 200: envelope(adminContentSchema) } },
    },
    async (request) => ok(toAdminContent(await findContent({ db: app.db, id: request.query.id }))),
  )

  app.post(
    base,
    {
      preHandler: adminOnly,
      schema: {
        summary: '管理员: create a content (body HTML is sanitised)',
        security,
        consumes: FORM_CONSUMES,
        body: createContentBody,
        response: { 200: envelope(adminContentSchema) },
      },
    },
    async (request) =>
      ok(
        toAdminContent(
          await audited({
            app,
            request,
            run: (tx) => createContent({ db: tx, input: request.body }),
            describe: (r) => ({
              action: 'siteContent.create',
              entityType: 'siteContent',
              entityId: r.id,
              summary: `新增内容「${r.title}」`,
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
        summary: '管理员: change a content (agreement/privacy keep their key)',
        security,
        consumes: FORM_CONSUMES,
        body: updateContentBody,
        response: { 200: envelope(adminContentSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      return ok(
        toAdminContent(
          await audited({
            app,
            request,
            run: (tx) => updateContent({ db: tx, id, input }),
            describe: (r) => ({
              action: 'siteContent.update',
              entityType: 'siteContent',
              entityId: r.id,
              summary: `修改内容「${r.title}」`,
            }),
          }),
        ),
      )
    },
  )

  auditedDeleteRoute(app, {
    path: base,
    preHandler: adminOnly,
    summary: '管理员: remove a content (not agreement/privacy)',
    idQuery,
    action: 'siteContent.delete',
    entityType: 'siteContent',
    label: '内容',
    remove: (tx, id) => deleteContent({ db: tx, id }),
  })
}
