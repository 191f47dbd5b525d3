import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { audited } from '../../platform/index.ts'
import {
  cancelBody,
  consoleGoodOrderSchema,
  deletedSchema,
  goodBody,
  goodOrderSchema,
  goodSchema,
  goodsConsoleQuery,
  goodStatusBody,
  goodUpdateBody,
  idQuery,
  ordersConsoleQuery,
  shipBody,
  uploadSchema,
} from './points.schemas.ts'
import { createGood, goodForConsole, listGoodOrdersForConsole, listGoodsForConsole, setGoodStatus, updateGood } from './points.goods.ts'
import { cancelGoodOrder, deleteGood, shipGoodOrder, toGood, toGoodOrder } from './points.shop.ts'
import { subscribeParcels } from '../../roll/index.ts'
import { storePointsImage } from './points.upload.ts'

/** The office's 积分商城 goods: every role reads; 管理员 writes, audited in the write's transaction. */
export const pointsGoodsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('points.view')
  const writer = app.requireAdmin('points.edit')
  const secret = app.config.secret
  const cyber = '/api/fms/cybermoney'

  app.get(
    `${cyber}/shopGood/list`,
    {
      preHandler: reader,
      schema: {
        summary: "Operator: the shop's goods, by kind, status and name",
        security,
        querystring: goodsConsoleQuery,
        response: { 200: envelope(pageOf(goodSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      return ok(await listGoodsForConsole({ db: app.db, filter, page, size, secret }))
    },
  )
  app.get(
    `${cyber}/shopGood/detail`,
    {
      preHandler: reader,
      schema: { summary: 'Operator: one good', security, querystring: idQuery, response: { 200: envelope(goodSchema) } },
    },
    async (request) => ok(await goodForConsole({ db: app.db, id: request.query.id, secret })),
  )
  app.post(
    `${cyber}/shopGood/upload`,
    {
      preHandler: writer,
      schema: {
        summary: "管理员: upload a good's picture (multipart `file`: png/jpeg/webp, at most 5 MB)",
        security,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadSchema) },
      },
    },
    async (request) => ok(await storePointsImage({ app, request, tag: `t${request.admin.id}-` })),
  )
  app.post(
    `${cyber}/shopGood/save`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: add a good (a 课程券 names its course, other kinds none)',
        security,
        consumes: FORM_CONSUMES,
        body: goodBody,
        response: { 200: envelope(goodSchema) },
      },
    },
    async (request) => {
      const good = await audited({
        app,
        request,
        run: (tx) => createGood({ db: tx, input: request.body }),
        describe: (g) => ({ action: 'good.create', entityType: 'good', entityId: g.id, summary: `新增商品「${g.name}」`, after: { ...g } }),
      })
      return ok(toGood(good, secret))
    },
  )
  app.put(
    `${cyber}/shopGood/update`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: change a good (stock set here; exchanges under way keep theirs)',
        security,
        consumes: FORM_CONSUMES,
        body: goodUpdateBody,
        response: { 200: envelope(goodSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      const r = await audited({
        app,
        request,
        run: (tx) => updateGood({ db: tx, id, input }),
        describe: (r) => ({
          action: 'good.update',
          entityType: 'good',
          entityId: id,
          summary: `修改商品「${r.after.name}」`,
          before: { ...r.before },
          after: { ...r.after },
        }),
      })
      return ok(toGood(r.after, secret))
    },
  )
  app.put(
    `${cyber}/shopGood/updateStatus`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: list or unlist a good',
        security,
        consumes: FORM_CONSUMES,
        body: goodStatusBody,
        response: { 200: envelope(goodSchema) },
      },
    },
    async (request) => {
      const { id, status } = request.body
      const good = await audited({
        app,
        request,
        run: (tx) => setGoodStatus({ db: tx, id, status }),
        describe: (g) => ({
          action: 'good.status',
          entityType: 'good',
          entityId: id,
          summary: `商品「${g.name}」${status}`,
          after: { status },
        }),
      })
      return ok(toGood(good, secret))
    },
  )
  app.delete(
    `${cyber}/shopGood/delete`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: delete a good (one with exchanges: 409, unlist it)',
        security,
        querystring: idQuery,
        response: { 200: envelope(deletedSchema) },
      },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => deleteGood({ db: tx, id: request.query.id }),
        describe: (g) => ({
          action: 'good.delete',
          entityType: 'good',
          entityId: g.id,
          summary: `删除商品「${g.name}」`,
          before: { ...g },
        }),
      })
      return ok({ id: request.query.id })
    },
  )
}

/** The office's exchange orders (兑换订单): every role reads; 管理员 ships or cancels, audited in the change's transaction. */
export const pointsOrdersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('points.view')
  const writer = app.requireAdmin('points.edit')
  const cyber = '/api/fms/cybermoney'

  app.get(
    `${cyber}/goodOrder/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: exchange orders, newest first, by status, good or student',
        security,
        querystring: ordersConsoleQuery,
        response: { 200: envelope(pageOf(consoleGoodOrderSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      return ok(await listGoodOrdersForConsole({ db: app.db, filter, page, size }))
    },
  )
  app.put(
    `${cyber}/goodOrder/setExpressNumber`,
    {
      preHandler: writer,
      schema: {
        summary:
          "管理员: ship a 待发货 exchange with the carrier and waybill: 已发货, its tracked parcel and the student's message (兑换商品已发货), one transaction",
        security,
        consumes: FORM_CONSUMES,
        body: shipBody,
        response: { 200: envelope(goodOrderSchema) },
      },
    },
    async (request) => {
      const { id, expressCompany, expressNo } = request.body
      const { order, parcel } = await audited({
        app,
        request,
        run: (tx) => shipGoodOrder({ db: tx, id, expressCompany, expressNo }),
        describe: ({ order: o }) => ({
          action: 'goodOrder.ship',
          entityType: 'goodOrder',
          entityId: o.id,
          summary: `兑换订单 #${o.id}「${o.goodName}」发货：${o.expressCompany} ${expressNo}`,
          after: { expressCompany: o.expressCompany, expressNo },
        }),
      })
      await subscribeParcels({ db: app.db, tracking: app.tracking, ids: [parcel.id] })
      return ok(toGoodOrder(order, parcel))
    },
  )
  app.put(
    `${cyber}/goodOrder/cancel`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: cancel a 待发货 exchange with a reason: points and stock back, one transaction (else 409)',
        security,
        consumes: FORM_CONSUMES,
        body: cancelBody,
        response: { 200: envelope(goodOrderSchema) },
      },
    },
    async (request) => {
      const { id, reason } = request.body
      const r = await audited({
        app,
        request,
        run: (tx) => cancelGoodOrder({ db: tx, id, reason }),
        describe: (r) => ({
          action: 'goodOrder.cancel',
          entityType: 'goodOrder',
          entityId: id,
          summary: `取消兑换订单 #${id}「${r.order.goodName}」：${reason}`,
          after: { status: r.order.status, returned: r.order.totalPoints },
        }),
      })
      return ok(r.order)
    },
  )
}
