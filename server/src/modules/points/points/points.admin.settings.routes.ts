import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { audited } from '../../platform/index.ts'
import { createLevelTakenError, createWayKindTakenError } from './points.errors.ts'
import { deletedSchema, idQuery, levelBody, levelSchema, levelUpdateBody, wayBody, waySchema, wayUpdateBody } from './points.schemas.ts'
import { deleteLevel, deleteWay, toLevel, toWay } from './points.service.ts'
import { createLevel, createWay, listLevels, listWays, refusingDuplicate, updateLevel, updateWay } from './points.ways.ts'

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

/** The office's 积分等级: every role reads; 管理员 writes, audited in the write's transaction. */
export const pointsLevelsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('points.view')
  const writer = app.requireAdmin('points.edit')
  const cyber = '/api/fms/cybermoney'

  app.get(
    `${cyber}/pointsLevel/list`,
    {
      preHandler: reader,
      schema: { summary: 'Operator: the points levels, lowest first', security, response: { 200: envelope(pageOf(levelSchema)) } },
    },
    async () => ok(await listLevels({ db: app.db })),
  )
  app.post(
    `${cyber}/pointsLevel/save`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: add a level (same points as another: 409)',
        security,
        consumes: FORM_CONSUMES,
        body: levelBody,
        response: { 200: envelope(levelSchema) },
      },
    },
    async (request) => {
      const level = await refusingDuplicate(
        () =>
          audited({
            app,
            request,
            run: (tx) => createLevel({ db: tx, input: request.body }),
            describe: (l) => ({
              action: 'pointsLevel.create',
              entityType: 'pointsLevel',
              entityId: l.id,
              summary: `新增积分等级「${l.name}」`,
              after: toLevel(l),
            }),
          }),
        createLevelTakenError,
      )
      return ok(toLevel(level))
    },
  )
  app.put(
    `${cyber}/pointsLevel/update`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: change a level',
        security,
        consumes: FORM_CONSUMES,
        body: levelUpdateBody,
        response: { 200: envelope(levelSchema) },
      },
    },
    async (request) => {
      const { id, ...values } = request.body
      const level = await refusingDuplicate(
        () =>
          audited({
            app,
            request,
            run: (tx) => updateLevel({ db: tx, id, values }),
            describe: (r) => ({
              action: 'pointsLevel.update',
              entityType: 'pointsLevel',
              entityId: id,
              summary: `修改积分等级「${r.after.name}」`,
              before: toLevel(r.before),
              after: toLevel(r.after),
            }),
          }),
        createLevelTakenError,
      )
      return ok(toLevel(level.after))
    },
  )
  app.delete(
    `${cyber}/pointsLevel/delete`,
    {
      preHandler: writer,
      schema: { summary: '管理员: delete a level', security, querystring: idQuery, response: { 200: envelope(deletedSchema) } },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => deleteLevel({ db: tx, id: request.query.id }),
        describe: (l) => ({
          action: 'pointsLevel.delete',
          entityType: 'pointsLevel',
          entityId: l.id,
          summary: `删除积分等级「${l.name}」`,
          before: toLevel(l),
        }),
      })
      return ok({ id: request.query.id })
    },
  )
}
