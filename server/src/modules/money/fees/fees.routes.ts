import { formatYuan } from '@activity/money'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { batches, sendXlsx, timeCell, yuanCell } from '../../../lib/xlsx-export.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { actorOf, audited } from '../../platform/index.ts'
import { payableOf } from '../orders/index.ts'
import {
  activateCouponBody,
  activateCouponSchema,
  adminFeeOrderDetailSchema,
  adminFeeOrderSchema,
  bulkRaiseBody,
  bulkRaiseSchema,
  cancelBody,
  clueQuery,
  clueTuitionSchema,
  TuitionState,
  clientFeeListQuery,
  couponListQuery,
  couponSchema,
  createCouponBody,
  createStandardBody,
  feeOrderListQuery,
  feeOrderSchema,
  idQuery,
  raiseOrderBody,
  receiptSchema,
  refundBody,
  refundRetryBody,
  refundSchema,
  reissueBody,
  standardListQuery,
  standardSchema,
  updateStandardBody,
  voidBody,
} from './fees.schemas.ts'
import { activateCoupon, createCoupons, listCoupons, voidCoupon } from './fees.coupons.ts'
import {
  bulkRaise,
  cancelFeeOrder,
  feeOrderDetail,
  type FeeOrderListRow,
  listAdminFeeOrders,
  listClientFeeOrders,
  listFeeOrders,
  raiseFeeOrder,
  tuitionOfClue,
  unpaidFeeOrderCount,
} from './fees.raise.ts'
import { answerReceipt, reissueReceipt, studentReceipt, voidReceipt } from './fees.receipts.ts'
import { requestRefund, sendRefund } from './fees.refunds.ts'
import { toCoupon, toRefund, toStandard } from './fees.shapes.ts'
import { createStandard, deleteStandard, listStandards, updateStandard } from './fees.standards.ts'

const yuan = (fen: number) => formatYuan(fen, { grouping: false })

/**
 * Fees (缴费): standards, fee orders (rows of orders, paid with the orders module's payFee and
 * payStatus), refunds, receipts and coupons. 财务 and 管理员 write; every operator reads; a
 * student sees their own fee orders, receipts, and uses coupons.
 */
export const feesRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const studentSecurity = [{ studentSession: [] }]
  const write = app.requireAdmin('fees.edit')
  const refund = app.requireAdmin('fees.refund')
  const exporter = app.requireAdmin('fees.export')
  const read = app.requireAdmin('fees.view')
  const std = '/api/fms/finance/feeStandard'
  const fee = '/api/fms/finance/feeOrder'
  const coupon = '/api/ems/basic/coupon'
  const receipt = '/api/fms/finance/receipt'

  // Standards
  app.get(
    `${std}/list`,
    {
      preHandler: read,
      schema: {
        summary: 'Operator: fee standards, newest first',
        security,
        querystring: standardListQuery,
        response: { 200: envelope(pageOf(standardSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await listStandards({ db: app.db, filter, page, size })
      return ok({ list: rows.map(toStandard), total, page, size })
    },
  )
  app.post(
    std,
    {
      preHandler: write,
      schema: {
        summary: '财务/管理员: add a fee standard',
        security,
        consumes: FORM_CONSUMES,
        body: createStandardBody,
        response: { 200: envelope(standardSchema) },
      },
    },
    async (request) => {
      const row = await audited({
        app,
        request,
        run: (tx) => createStandard({ db: tx, input: request.body, adminId: request.admin.id }),
        describe: (s) => ({
          action: 'feeStandard.create',
          entityType: 'feeStandard',
          entityId: s.id,
          summary: `新增收费标准「${s.name}」${s.school} ${s.major} ${s.level} ${s.academicYear} ${s.feeKind} ${yuan(s.amount)}`,
          after: toStandard(s),
        }),
      })
      return ok(toStandard(row))
    },
  )
  app.put(
    std,
    {
      preHandler: write,
      schema: {
        summary: '财务/管理员: change a fee standard (orders raised before keep their amount)',
        security,
        consumes: FORM_CONSUMES,
        body: updateStandardBody,
        response: { 200: envelope(standardSchema) },
      },
    },
    async (request) => {
      const { id, ...values } = request.body
      const { before, after } = await audited({
        app,
        request,
        run: (tx) => updateStandard({ db: tx, id, values }),
        describe: ({ before: b, after: a }) => ({
          action: 'feeStandard.update',
          entityType: 'feeStandard',
          entityId: id,
          summary: `修改收费标准「${a.name}」${yuan(b.amount)} -> ${yuan(a.amount)}`,
          before: toStandard(b),
          after: toStandard(a),
        }),
      })
      void before
      return ok(toStandard(after))
    },
  )
  app.delete(
    std,
    {
      preHandler: write,
      schema: {
        summary: '财务/管理员: delete a fee standard no order was raised from',
        security,
        querystring: idQuery,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => deleteStandard({ db: tx, id: request.query.id }),
        describe: (s) => ({
          action: 'feeStandard.delete',
          entityType: 'feeStandard',
          entityId: s.id,
          summary: `删除收费标准「${s.name}」`,
          before: toStandard(s),
        }),
      })
      return ok(null)
    },
  )

  // Fee orders (console)
  app.get(
    `${fee}/list`,
    {
      preHandler: read,
      schema: {
        summary: 'Operator: fee orders, newest first, by status, kind, year, student or keyword',
        security,
        querystring: feeOrderListQuery,
        response: { 200: envelope(pageOf(adminFeeOrderSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      return ok(await listAdminFeeOrders({ db: app.db, filter, page, size }))
    },
  )
  app.get(
    `${fee}/export`,
    {
      preHandler: exporter,
      schema: {
        summary: 'Operator: the filtered fee orders as .xlsx',
        security,
        querystring: feeOrderListQuery.omit({ page: true, size: true }),
      },
    },
    async (request, reply) => {
      let page = 0
      type Row = FeeOrderListRow
      return sendXlsx<Row>({
        reply,
        filename: '缴费单.xlsx',
        sheetName: '缴费单',
        columns: [
          { header: '订单号', width: 24, value: (r) => r.order.orderNo },
          { header: '学员', width: 10, value: (r) => r.studentName },
          { header: '手机号', width: 14, value: (r) => r.studentPhone, mask: maskPhone },
          { header: '院校', width: 18, value: (r) => r.school },
          { header: '专业', width: 16, value: (r) => r.major },
          { header: '费用类型', width: 8, value: (r) => r.order.feeKind },
          { header: '学年', width: 10, value: (r) => r.order.academicYear },
          { header: '名称', width: 24, value: (r) => r.order.title },
          { header: '金额', width: 12, value: (r) => yuanCell(r.order.amount) },
          { header: '优惠', width: 10, value: (r) => yuanCell(r.order.discount) },
          { header: '应付', width: 12, value: (r) => yuanCell(payableOf(r.order)) },
          { header: '已退款', width: 10, value: (r) => yuanCell(r.order.refunded) },
          { header: '支付状态', width: 10, value: (r) => r.order.payStatus },
          { header: '支付时间', width: 20, value: (r) => timeCell(r.order.paidAt) },
          { header: '开具时间', width: 20, value: (r) => timeCell(r.order.createdAt) },
        ],
        rows: batches<Row>({
          next: async (_last, limit) => (await listFeeOrders({ db: app.db, filter: request.query, page: ++page, size: limit })).rows,
        }),
      })
    },
  )
  app.get(
    `${fee}/details`,
    {
      preHandler: read,
      schema: {
        summary: 'Operator: one fee order with its refunds and receipts',
        security,
        querystring: idQuery,
        response: { 200: envelope(adminFeeOrderDetailSchema) },
      },
    },
    async (request) => ok(await feeOrderDetailOf(request.query.id)),
  )
  const feeOrderDetailOf = (id: number) => feeOrderDetail({ db: app.db, id })
  app.post(
    fee,
    {
      preHandler: write,
      schema: {
        summary: '财务/管理员: raise a fee order for a student (from a standard, or items in fen)',
        security,
        consumes: FORM_CONSUMES,
        body: raiseOrderBody,
        response: { 200: envelope(adminFeeOrderDetailSchema) },
      },
    },
    async (request) => {
      const order = await raiseFeeOrder({ db: app.db, input: request.body, actor: actorOf(request) })
      return ok(await feeOrderDetailOf(order.id))
    },
  )
  app.post(
    `${fee}/bulk`,
    {
      preHandler: write,
      schema: {
        summary: "财务/管理员: raise a standard's order for every student it applies to who has none for its year",
        security,
        consumes: FORM_CONSUMES,
        body: bulkRaiseBody,
        response: { 200: envelope(bulkRaiseSchema) },
      },
    },
    async (request) => ok(await bulkRaise({ db: app.db, standardId: request.body.feeStandardId, actor: actorOf(request) })),
  )
  app.put(
    `${fee}/cancel`,
    {
      preHandler: write,
      schema: {
        summary: '财务/管理员: cancel a fee order not paid yet (a late payment is refunded automatically)',
        security,
        consumes: FORM_CONSUMES,
        body: cancelBody,
        response: { 200: envelope(adminFeeOrderDetailSchema) },
      },
    },
    async (request) => {
      await cancelFeeOrder({ db: app.db, ...request.body, actor: actorOf(request) })
      return ok(await feeOrderDetailOf(request.body.id))
    },
  )
  app.post(
    `${fee}/refund`,
    {
      preHandler: [refund, app.requireStepUp()],
      schema: {
        summary: '财务/管理员: refund part or all of a paid fee order through its provider',
        security,
        consumes: FORM_CONSUMES,
        body: refundBody,
        response: { 200: envelope(refundSchema) },
      },
    },
    async (request) => ok(toRefund(await requestRefund({ db: app.db, pay: app.pay, ...request.body, actor: actorOf(request) }))),
  )
  app.post(
    `${fee}/refundRetry`,
    {
      preHandler: refund,
      schema: {
        summary: '财务/管理员: ask the provider again about a refund still 退款中 (same refund number)',
        security,
        consumes: FORM_CONSUMES,
        body: refundRetryBody,
        response: { 200: envelope(refundSchema) },
      },
    },
    async (request) => ok(toRefund(await sendRefund({ db: app.db, pay: app.pay, refundId: request.body.refundId }))),
  )

  app.get(
    `${fee}/tuitionOfClue`,
    {
      preHandler: read,
      schema: {
        summary: "Operator: has a clue's student (students.clue_id) paid tuition? 已缴学费 | 未缴学费 | 无学员",
        security,
        querystring: clueQuery,
        response: { 200: envelope(clueTuitionSchema) },
      },
    },
    async (request) => {
      const found = await tuitionOfClue({ db: app.db, clueId: request.query.clueId })
      if (!found) return ok({ status: TuitionState.noStudent, studentId: null, studentName: null })
      const { student, paid } = found
      return ok({ status: paid ? TuitionState.paid : TuitionState.unpaid, studentId: student.id, studentName: student.name })
    },
  )

  // Receipts
  app.put(
    `${receipt}/void`,
    {
      preHandler: write,
      schema: {
        summary: '财务/管理员: void a receipt with a reason',
        security,
        consumes: FORM_CONSUMES,
        body: voidBody,
        response: { 200: envelope(receiptSchema) },
      },
    },
    async (request) => {
      const r = await voidReceipt({ db: app.db, ...request.body, actor: actorOf(request) })
      return ok(await answerReceipt({ db: app.db, receipt: r }))
    },
  )
  app.post(
    `${receipt}/reissue`,
    {
      preHandler: write,
      schema: {
        summary: '财务/管理员: reissue a receipt (a new number; the old one 已作废, linked)',
        security,
        consumes: FORM_CONSUMES,
        body: reissueBody,
        response: { 200: envelope(receiptSchema) },
      },
    },
    async (request) => {
      const r = await reissueReceipt({ db: app.db, id: request.body.id, actor: actorOf(request) })
      return ok(await answerReceipt({ db: app.db, receipt: r }))
    },
  )
  app.get(
    `${receipt}/detailsForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "A student's own receipt (another's is 404)",
        security: studentSecurity,
        querystring: idQuery,
        response: { 200: envelope(receiptSchema) },
      },
    },
    async (request) => ok(await studentReceipt({ db: app.db, id: request.query.id, studentId: request.studentId })),
  )

  // Client fee orders
  app.get(
    '/api/fms/finance/order/listFeeForClient',
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "The student's fee orders: unpaid first, then paid, then cancelled, each with its items",
        security: studentSecurity,
        querystring: clientFeeListQuery,
        response: { 200: envelope(pageOf(feeOrderSchema)) },
      },
    },
    async (request) => {
      const { status, page, size } = request.query
      return ok(await listClientFeeOrders({ db: app.db, studentId: request.studentId, payStatus: status, page, size }))
    },
  )

  app.get(
    '/api/fms/finance/order/unpaidCountForClient',
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "How many of the student's fee orders are still to pay (待支付, 支付中, 支付失败): home's 待缴费 reminder",
        security: studentSecurity,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => ok({ count: await unpaidFeeOrderCount({ db: app.db, studentId: request.studentId }) }),
  )

  // Coupons
  app.post(
    `${coupon}/activateForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: 'A student uses a coupon code on an unpaid fee order of theirs (once per code, one per order)',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: activateCouponBody,
        response: { 200: envelope(activateCouponSchema) },
      },
    },
    async (request) => ok(await activateCoupon({ db: app.db, studentId: request.studentId, ...request.body })),
  )
  app.get(
    `${coupon}/list`,
    {
      preHandler: read,
      schema: {
        summary: 'Operator: coupons, newest first, by status, code or batch',
        security,
        querystring: couponListQuery,
        response: { 200: envelope(pageOf(couponSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      return ok(await listCoupons({ db: app.db, filter, page, size }))
    },
  )
  app.post(
    coupon,
    {
      preHandler: write,
      schema: {
        summary: '财务/管理员: create a coupon (a given code) or a batch of random codes',
        security,
        consumes: FORM_CONSUMES,
        body: createCouponBody,
        response: { 200: envelope(z.array(couponSchema)) },
      },
    },
    async (request) =>
      ok((await createCoupons({ db: app.db, input: request.body, actor: actorOf(request) })).map((c) => toCoupon(c, null))),
  )
  app.put(
    `${coupon}/void`,
    {
      preHandler: write,
      schema: {
        summary: '财务/管理员: void an unused coupon',
        security,
        consumes: FORM_CONSUMES,
        body: voidBody,
        response: { 200: envelope(couponSchema) },
      },
    },
    async (request) => ok(toCoupon(await voidCoupon({ db: app.db, ...request.body, actor: actorOf(request) }), null)),
  )
}
