import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { audited } from '../../platform/index.ts'
import { createWayKindTakenError } from './points.errors.ts'
import { deletedSchema, idQuery, waySchema, wayBody, wayUpdateBody } from './points.schemas.ts'
import { deleteWay, toWay } from './points.service.ts'
import { createWay, listWays, refusingDuplicate, updateWay } from './points.ways.ts'

/** The office's 积分途径: every role reads; 管理员 writes, audited in the write's transaction. */
export const pointsWaysAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('points.view')
  const writer = app.requireAdmin('points.edit')
  const cyber = '/api/fms/cybermoney'

  app.get(
    `${cyber}/pointsWay/list`,
    {
      preHandler: reader,
      schema: { summary: 'Operator: the points ways (积分途径)', security, response: { 200: envelope(pageOf(waySchema)) } },
    },
    async () => ok(await listWays({ db: app.db })),
  )
  app.post(
    `${cyber}/pointsWay/save`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: add a way (one per kind: 409)',
        security,
        consumes: FORM_CONSUMES,
        body: wayBody,
        response: { 200: envelope(waySchema) },
      },
    },
    async (request) => {
      const way = await refusingDuplicate(
        () =>
          audited({
            app,
            request,
            run: (tx) => createWay({ db: tx, input: request.body }),
            describe: (w) => ({
              action: 'pointsWay.create',
              entityType: 'pointsWay',
              entityId: w.id,
              summary: `新增积分途径「${w.name}」`,
              after: toWay(w),
            }),
          }),
        createWayKindTakenError,
      )
      return ok(toWay(way))
    },
  )
  app.put(
    `${cyber}/pointsWay/update`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: change a way',
        security,
        consumes: FORM_CONSUMES,
        body: wayUpdateBody,
        response: { 200: envelope(waySchema) },
      },
    },
    async (request) => {
      const { id, ...values } = request.body
      const way = await refusingDuplicate(
        () =>
          audited({
            app,
            request,
            run: (tx) => updateWay({ db: tx, id, values }),
            describe: (r) => ({
              action: 'pointsWay.update',
              entityType: 'pointsWay',
              entityId: id,
              summary: `修改积分途径「${r.after.name}」`,
              before: toWay(r.before),
              after: toWay(r.after),
            }),
          }),
        createWayKindTakenError,
      )
      return ok(toWay(way.after))
    },
  )
  app.delete(
    `${cyber}/pointsWay/delete`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: delete a way (one with applications: 409, disable it)',
        security,
        querystring: idQuery,
        response: { 200: envelope(deletedSchema) },
      },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => deleteWay({ db: tx, id: request.query.id }),
        describe: (w) => ({
          action: 'pointsWay.delete',
          entityType: 'pointsWay',
          entityId: w.id,
          summary: `删除积分途径「${w.name}」`,
          before: toWay(w),
        }),
      })
      return ok({ id: request.query.id })
    },
  )
}
