import { formatYuan } from '@activity/money'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { perIp } from '../../../lib/rate-limits.ts'
import { OrderPayStatus } from '../../../wire.ts'
import { createOrderNotFoundError } from './orders.errors.ts'
import type { Executor } from '../../../db/types.ts'
import {
  adminListQuery,
  adminOrderDetailSchema,
  adminOrderSchema,
  clientListQuery,
  clientOrderDetailSchema,
  type ClientOrderExtras,
  createOrderBody,
  devCompleteQuery,
  devCompleteSchema,
  idQuery,
  notifyParams,
  orderSchema,
  payFeeBody,
  payFeeSchema,
  payStatusSchema,
} from './orders.schemas.ts'
import {
  adminOrderDetail,
  adminOrderOf,
  applyNotification,
  clientOrderOf,
  createOrder,
  findOrderByNo,
  findOwnOrder,
  listOrdersForAdmin,
  listOrdersForClient,
  type AfterOrderPaid,
  type OnOrderPaid,
  type OnRefundNotice,
  type OrderRow,
  payableOf,
  payFee,
  payStatus,
  toPayStatus,
} from './orders.service.ts'
import { audited } from '../../platform/index.ts'

/** Notification bodies are read as text: the provider's signature covers the exact bytes. */
const NOTIFY_BODY_LIMIT = 64 * 1024

/**
 * Orders and pay (/api/fms/finance): finance creates orders for partners, a student opens one for
 * a course; the person who pays (the account) sees it, pays with payFee and polls payStatus; the
 * provider's verified notification alone marks an order paid, and `onPaid` does in the same
 * transaction what else the payment gives (a course's enrolment).
 */
export const ordersRoutes: FastifyPluginAsyncZod<{
  onPaid?: OnOrderPaid
  afterPaid?: AfterOrderPaid
  onRefund?: OnRefundNotice
  clientExtras?: (args: { db: Executor; order: OrderRow }) => Promise<ClientOrderExtras>
}> = async (app, { onPaid, afterPaid, onRefund, clientExtras }) => {
  const base = '/api/fms/finance/order'
  const personSecurity = [{ personSession: [] }]
  const adminSecurity = [{ adminSession: [] }]
  const finance = app.requireAdmin('orders.view')

  /** Sends what a paid notification queued (a cancelled order's refund); a failure is logged, the refund stays 退款中. */
  const runAfterPaid = async (orderId: number, log: { warn(o: unknown, msg: string): void }) => {
    if (!afterPaid) return
    try {
      await afterPaid({ orderId })
    } catch (error) {
      log.warn({ err: error, orderId }, 'after-paid work failed')
    }
  }

  app.get(
    `${base}/listForClient`,
    {
      preHandler: app.requirePerson,
      schema: {
        summary: "The person's own orders (the ones they pay: a partner's from the office, a student's courses), newest first",
        security: personSecurity,
        querystring: clientListQuery,
        response: { 200: envelope(pageOf(orderSchema)) },
      },
    },
    async (request) => {
      const { payStatus, page, size } = request.query
      return ok(await listOrdersForClient({ db: app.db, accountId: request.accountId, payStatus, page, size }))
    },
  )

  app.get(
    `${base}/detailsForClient`,
    {
      preHandler: app.requirePerson,
      schema: {
        summary: "One of the person's own orders with its items, and a fee order's refunds, receipt and coupon (another's is 404)",
        security: personSecurity,
        querystring: idQuery,
        response: { 200: envelope(clientOrderDetailSchema) },
      },
    },
    async (request) => {
      const order = await findOwnOrder({ db: app.db, accountId: request.accountId, id: request.query.id })
      const extras = clientExtras ? await clientExtras({ db: app.db, order }) : { refunds: [], receiptId: null, couponCode: null }
      return ok({ ...(await clientOrderOf({ db: app.db, order })), ...extras })
    },
  )

  app.post(
    `${base}/payFee`,
    {
      preHandler: app.requirePerson,
      config: perIp(30, 60),
      schema: {
        summary:
          'Pay an own order: answers the parameters for Taro.requestPayment / chooseWXPay / my.tradePay; the order is paid only when the provider notifies',
        security: personSecurity,
        consumes: FORM_CONSUMES,
        body: payFeeBody,
        response: { 200: envelope(payFeeSchema) },
      },
    },
    async (request) => ok(await payFee({ db: app.db, pay: app.pay, accountId: request.accountId, ...request.body })),
  )

  app.get(
    `${base}/payStatus`,
    {
      preHandler: app.requirePerson,
      schema: {
        summary:
          'Poll an own order after paying: 待支付 | 支付中 | 支付成功 | 支付失败 (an Alipay payment 支付中 for 5 s is asked about with alipay.trade.query)',
        security: personSecurity,
        querystring: idQuery,
        response: { 200: envelope(payStatusSchema) },
      },
    },
    async (request) => {
      const order = await payStatus({
        db: app.db,
        pay: app.pay,
        accountId: request.accountId,
        id: request.query.id,
        log: request.log,
        onPaid,
      })
      if (order.payStatus === OrderPayStatus.paid && order.cancelledAt) await runAfterPaid(order.id, request.log)
      return ok(toPayStatus(order))
    },
  )

  app.post(
    base,
    {
      preHandler: app.requireAdmin('orders.create'),
      schema: {
        summary: '财务/管理员: create an order for a partner (items in fen; amount = their sum)',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: createOrderBody,
        response: { 200: envelope(adminOrderSchema) },
      },
    },
    async (request) => {
      const { order, items } = await audited({
        app,
        request,
        run: (tx) => createOrder({ db: tx, input: request.body, adminId: request.admin.id }),
        describe: ({ order: o }) => ({
          action: 'order.create',
          entityType: 'order',
          entityId: o.id,
          summary: `为合伙人（编号${o.partnerId}）新建订单${o.orderNo}「${o.title}」${formatYuan(o.amount, { grouping: false })}`,
          after: { payStatus: o.payStatus, amount: o.amount },
        }),
      })
      return ok(await adminOrderOf({ db: app.db, order, items }))
    },
  )

  app.get(
    `${base}/listTuitionOrder`,
    {
      preHandler: finance,
      schema: {
        summary:
          "财务/管理员: orders, newest first, by pay status, partner or order number (a partner's from the office and students' course orders)",
        security: adminSecurity,
        querystring: adminListQuery,
        response: { 200: envelope(pageOf(adminOrderSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      return ok(await listOrdersForAdmin({ db: app.db, filter, page, size }))
    },
  )

  app.get(
    `${base}/details`,
    {
      preHandler: finance,
      schema: {
        summary: '财务/管理员: one order, with the payment notifications received for it',
        security: adminSecurity,
        querystring: idQuery,
        response: { 200: envelope(adminOrderDetailSchema) },
      },
    },
    async (request) => {
      return ok(await adminOrderDetail({ db: app.db, id: request.query.id }))
    },
  )

  // The provider's notification, in its own scope so the body stays the exact text that was signed.
  const notifyRoute: FastifyPluginAsyncZod = async (scope) => {
    // Alipay notifies with a form body; its signature covers the decoded values, read by the provider.
    const types = ['application/json', 'text/plain', 'application/x-www-form-urlencoded']
    scope.removeContentTypeParser(types)
    scope.addContentTypeParser(types, { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => done(null, body))
    scope.post(
      '/api/fms/finance/payment/notify/:provider',
      {
        schema: {
          summary:
            'Pay provider notification (wechatpay: Wechatpay-* headers, encrypted resource; alipay: RSA2-signed form, answered with the text success; sandbox: HMAC headers). Verified; a repeat changes nothing; bad signature -> 401',
          consumes: ['application/json', 'application/x-www-form-urlencoded'],
          params: notifyParams,
          response: { 200: envelope(z.object({ outcome: z.string(), orderNo: z.string().nullable() })) },
        },
      },
      async (request, reply) => {
        const body = typeof request.body === 'string' ? request.body : ''
        try {
          const { orderId, ...result } = await applyNotification({
            db: app.db,
            pay: app.pay,
            providerName: request.params.provider,
            notification: { headers: request.headers, body },
            onPaid,
            onRefund,
          })
          request.log.info({ provider: request.params.provider, ...result }, 'pay notification applied')
          if (result.outcome === 'paid' && orderId) await runAfterPaid(orderId, request.log)
          const answer = app.pay.find(request.params.provider)?.notifyAnswer
          // A text answer is sent as is (the envelope schema only serialises JSON).
          if (answer) return reply.type(answer.contentType).send(answer.body as unknown as ReturnType<typeof ok<typeof result>>)
          return ok(result)
        } catch (error) {
          request.log.warn({ provider: request.params.provider, err: error }, 'pay notification refused')
          throw error
        }
      },
    )
  }
  await app.register(notifyRoute)

  // Development and tests: complete a sandbox payment now (like the SMS outbox, never in production).
  if (app.pay.sandbox && !app.config.isProduction) {
    const sandbox = app.pay.sandbox
    app.post(
      '/api/dev/payments/complete',
      {
        schema: {
          summary: 'Development only: the sandbox provider sends its signed notification for an order now (result success | fail)',
          querystring: devCompleteQuery,
          response: { 200: envelope(devCompleteSchema) },
        },
      },
      async (request) => {
        const order = await findOrderByNo({ db: app.db, orderNo: request.query.orderNo })
        if (!order) throw createOrderNotFoundError()
        const delivered = await sandbox.complete({ orderNo: order.orderNo, amount: payableOf(order), result: request.query.result })
        const after = await findOrderByNo({ db: app.db, orderNo: order.orderNo })
        return ok({ orderNo: order.orderNo, payStatus: after?.payStatus ?? order.payStatus, notifyStatusCode: delivered.statusCode })
      },
    )
  }
}
