import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { audited } from '../../platform/index.ts'
import { cancelBody, consoleGoodOrderSchema, goodOrderSchema, ordersConsoleQuery, shipBody } from './points.schemas.ts'
import { listGoodOrdersForConsole } from './points.goods.ts'
import { cancelGoodOrder, shipGoodOrder, toGoodOrder } from './points.shop.ts'

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
          "管理员: ship a 待发货 exchange with the express company and number: 已发货 and the student's message (兑换商品已发货), one transaction",
        security,
        consumes: FORM_CONSUMES,
        body: shipBody,
        response: { 200: envelope(goodOrderSchema) },
      },
    },
    async (request) => {
      const { id, expressCompany, expressNo } = request.body
      const order = await audited({
        app,
        request,
        run: (tx) => shipGoodOrder({ db: tx, id, expressCompany, expressNo }),
        describe: (o) => ({
          action: 'goodOrder.ship',
          entityType: 'goodOrder',
          entityId: o.id,
          summary: `兑换订单 #${o.id}「${o.goodName}」发货：${expressCompany} ${expressNo}`,
          after: { expressCompany, expressNo },
        }),
      })
      return ok(toGoodOrder(order))
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
