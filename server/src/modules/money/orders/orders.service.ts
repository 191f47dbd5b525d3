import { beijingDateTime } from '@activity/domain'
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import {
  NotificationRejectedError,
  PayGatewayError,
  type IncomingNotification,
  type PayGateway,
  type PayNotice,
} from '../../../gateways/pay/index.ts'
import { createPartnerNotFoundError, createPartnersRepository } from '../../partner-programme/index.ts'
import { createOpenIdBindingsRepository } from '../../platform/index.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import { LoginPlatform, LoginType, OrderPayStatus, PayChannel } from '../../../wire.ts'
import {
  createChannelUnsupportedError,
  createNotificationAmountError,
  createNotificationRejectedError,
  createOrderAlreadyPaidError,
  createOrderCancelledError,
  createOrderNotFoundError,
  createOrderTotalError,
  createPayNotConfiguredError,
  createPayUpstreamError,
  createUnknownProviderError,
} from './orders.errors.ts'
import { createOrdersRepository, type OrderFilter, type OrderItemRow, type OrderRow } from './orders.repository.ts'
import { ORDER_AMOUNT_MAX } from './orders.schemas.ts'

export type { OrderItemRow, OrderRow }

/** What paying an order takes (fen): its amount less a coupon's discount. */
export const payableOf = (o: Pick<OrderRow, 'amount' | 'discount'>) => o.amount - o.discount

export function toOrder(o: OrderRow, items: OrderItemRow[]) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    title: o.title,
    amount: o.amount,
    discount: o.discount,
    payAmount: payableOf(o),
    refunded: o.refunded,
    studentId: o.studentId,
    feeKind: o.feeKind,
    academicYear: o.academicYear,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    cancelReason: o.cancelReason,
    payStatus: o.payStatus,
    channel: o.channel,
    paidAt: o.paidAt?.toISOString() ?? null,
    failReason: o.failReason,
    createdAt: o.createdAt.toISOString(),
    courseId: o.courseId,
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({ name: i.name, quantity: i.quantity, unitPrice: i.unitPrice, amount: i.amount })),
  }
}

export function toAdminOrder(
  o: OrderRow,
  items: OrderItemRow[],
  partner: { partnerName: string | null; partnerPhone: string; studentId?: number | null },
) {
  return {
    ...toOrder(o, items),
    partnerId: o.partnerId,
    studentId: partner.studentId ?? null,
    partnerName: partner.partnerName,
    partnerPhone: partner.partnerPhone,
    provider: o.provider,
    transactionId: o.transactionId,
    remark: o.remark,
  }
}

export const toPayStatus = (o: OrderRow) => ({
  id: o.id,
  orderNo: o.orderNo,
  payStatus: o.payStatus,
  paidAt: o.paidAt?.toISOString() ?? null,
  failReason: o.failReason,
})

/** yyyyMMddHHmmss (Asia/Shanghai) + 6 random digits: 20 characters, within out_trade_no's 6-32. */
export function newOrderNo(now: Date = new Date()): string {
  const wall = beijingDateTime(now).replace(/\D/g, '')
  return `${wall}${String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')}`
}

export interface NewOrder {
  partnerId: number
  title?: string
  items: Array<{ name: string; quantity: number; unitPrice: number }>
  remark?: string
}

/** An operator creates an order for a partner; its amount is the sum of its items. */
export async function createOrder({ db, input, adminId }: { db: Executor; input: NewOrder; adminId: number | null }) {
  const partner = await createPartnersRepository({ db }).findById({ id: input.partnerId })
  if (!partner) throw createPartnerNotFoundError()
  const lines = input.items.map((item, sort) => ({ ...item, amount: item.quantity * item.unitPrice, sort }))
  const amount = lines.reduce((sum, line) => sum + line.amount, 0)
  if (amount < 1 || amount > ORDER_AMOUNT_MAX) throw createOrderTotalError()
  const first = input.items[0]!.name
  const title = input.title ?? (input.items.length > 1 ? `${first}等${input.items.length}项` : first)
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) =>
        createOrdersRepository({ db: tx }).insert({
          order: {
            orderNo: newOrderNo(),
            partnerId: partner.id,
            title,
            amount,
            payStatus: OrderPayStatus.unpaid,
            remark: input.remark ?? null,
            createdBy: adminId,
          },
          items: lines,
        }),
      )
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue
      throw error
    }
  }
}

/** The person's own order (they pay it); another's is "not found" (its existence is not revealed). */
export async function findOwnOrder({ db, accountId, id }: { db: Executor; accountId: number; id: number }): Promise<OrderRow> {
  const order = await createOrdersRepository({ db }).findById({ id })
  if (!order || order.accountId !== accountId) throw createOrderNotFoundError()
  return order
}

/**
 * The order a student pays for a course: their order for it still waiting to be paid (待支付 or
 * 支付中) at the course's price, or a new one (one item, the course). Concurrent calls of one person
 * for one course make one order (a transaction lock on the pair).
 */
export async function openCourseOrder({
  db,
  accountId,
  course,
}: {
  db: Executor
  accountId: number
  course: { id: number; title: string; price: number }
}): Promise<OrderRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${COURSE_ORDER_LOCK}, ${accountId}) `)
        const repo = createOrdersRepository({ db: tx })
        const pending = await repo.findPendingCourseOrder({ accountId, courseId: course.id })
        if (pending && pending.amount === course.price) return pending
        const { order } = await repo.insert({
          order: {
            orderNo: newOrderNo(),
            accountId,
            partnerId: null,
            courseId: course.id,
            title: course.title,
            amount: course.price,
            payStatus: OrderPayStatus.unpaid,
          },
          items: [{ name: course.title, quantity: 1, unitPrice: course.price, amount: course.price, sort: 0 }],
        })
        return order
      })
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue
      throw error
    }
  }
}

/** The id of the person's order for a course still waiting to be paid, if any. */
export async function pendingCourseOrderId({ db, accountId, courseId }: { db: Executor; accountId: number; courseId: number }) {
  return (await createOrdersRepository({ db }).findPendingCourseOrder({ accountId, courseId }))?.id ?? null
}

/** Advisory lock class of "one person opens a course order" (the second key is the account). */
const COURSE_ORDER_LOCK = 2301

/**
 * What else happens, in the notification's transaction, when an order turns 支付成功 (a course
 * order's enrolment, a fee order's receipt): given by the module that owns it (modules/index.ts),
 * so orders depends on no one. A paid order that was 已取消 keeps its cancelledAt (its owner refunds it).
 */
export type OnOrderPaid = (args: { tx: Executor; order: OrderRow }) => Promise<void>

/** After a paid notification's transaction commits (outside it): the refunds it queued are sent to the provider. */
export type AfterOrderPaid = (args: { orderId: number }) => Promise<void>

/** A provider's verified word on a refund (WeChat's REFUND.* events): settled by the module that owns refunds. */
export type OnRefundNotice = (args: {
  db: Executor
  refundNo: string
  result: 'success' | 'fail'
  providerRefundId: string | null
  reason: string | null
}) => Promise<void>

const PAYER_BINDING: Record<PayChannel, { platform: LoginPlatform; type: LoginType }> = {
  [PayChannel.wechatMini]: { platform: LoginPlatform.weixin, type: LoginType.miniProgram },
  [PayChannel.wechatJsapi]: { platform: LoginPlatform.weixin, type: LoginType.officialAccount },
  [PayChannel.alipayMini]: { platform: LoginPlatform.alipay, type: LoginType.miniProgram },
}

/**
 * Starts a payment: asks the channel's provider for client pay parameters (outside any transaction)
 * and marks the order 支付中. It never marks an order paid: only the provider's notification does.
 */
export async function payFee({
  db,
  pay,
  accountId,
  id,
  channel,
}: {
  db: Executor
  pay: PayGateway
  accountId: number
  id: number
  channel: PayChannel
}) {
  const order = await findOwnOrder({ db, accountId, id })
  if (order.payStatus === OrderPayStatus.paid) throw createOrderAlreadyPaidError()
  if (order.payStatus === OrderPayStatus.cancelled) throw createOrderCancelledError()
  if (pay.providers.length === 0) throw createPayNotConfiguredError()
  const provider = pay.forChannel(channel)
  if (!provider) throw createChannelUnsupportedError()
  // The payer as the platform knows them: the open id (WeChat) or user id (Alipay) they signed in with.
  const { platform, type } = PAYER_BINDING[channel]
  const openId = (await createOpenIdBindingsRepository({ db }).findForAccount({ accountId, platform, type }))?.openId
  let params
  try {
    params = await provider.createPayment({
      order: { orderNo: order.orderNo, amount: payableOf(order), description: order.title },
      channel,
      openId,
    })
  } catch (error) {
    if (error instanceof PayGatewayError) throw createPayUpstreamError({ message: error.publicMessage })
    throw error
  }
  const updated = await createOrdersRepository({ db }).markPaying({ id: order.id, channel, provider: provider.name })
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    amount: payableOf(order),
    payStatus: updated?.payStatus ?? order.payStatus,
    provider: provider.name,
    channel,
    ...params,
  }
}

export type NotificationOutcome = 'paid' | 'failed' | 'unchanged' | 'duplicate' | 'ignored' | 'refund'

/**
 * Applies a provider notification: verified first (401 otherwise, nothing changes), then in one
 * transaction: recorded once per notification id (a replay changes nothing), the order locked, its
 * amount compared (a different amount is refused and changes nothing), and its status moved:
 * success -> 支付成功 unless already; fail -> 支付失败 only from 待支付/支付中 (never undoes a success).
 */
export async function applyNotification({
  db,
  pay,
  providerName,
  notification,
  onPaid,
  onRefund,
}: {
  db: Executor
  pay: PayGateway
  providerName: string
  notification: IncomingNotification
  onPaid?: OnOrderPaid
  onRefund?: OnRefundNotice
}) {
  const provider = pay.find(providerName)
  if (!provider) throw createUnknownProviderError()
  let notice
  try {
    notice = await provider.parseNotification(notification)
  } catch (error) {
    if (error instanceof NotificationRejectedError || error instanceof SyntaxError) throw createNotificationRejectedError()
    throw error
  }
  return applyNotice({ db, providerName: provider.name, notice, onPaid, onRefund })
}

/** Applies a verified notice (from a notification or a query answer): see applyNotification. */
export async function applyNotice({
  db,
  providerName,
  notice,
  onPaid,
  onRefund,
}: {
  db: Executor
  providerName: string
  notice: PayNotice
  onPaid?: OnOrderPaid
  onRefund?: OnRefundNotice
}) {
  if (notice.kind === 'refund') {
    const fresh = await createOrdersRepository({ db }).recordNotification({
      provider: providerName,
      notificationId: notice.notificationId,
      orderNo: notice.orderNo,
      result: `refund-${notice.result}`,
      outcome: 'refund',
    })
    if (fresh && onRefund) await onRefund({ db, ...notice })
    return { outcome: (fresh ? 'refund' : 'duplicate') as NotificationOutcome, orderNo: notice.orderNo, orderId: null }
  }
  if (notice.kind === 'ignored') {
    await createOrdersRepository({ db }).recordNotification({
      provider: providerName,
      notificationId: notice.notificationId,
      result: 'ignored',
      outcome: 'ignored',
    })
    return { outcome: 'ignored' as NotificationOutcome, orderNo: null, orderId: null }
  }
  return db.transaction(async (tx) => {
    const repo = createOrdersRepository({ db: tx })
    const order = await repo.findByOrderNoForUpdate({ orderNo: notice.orderNo })
    if (!order) throw createOrderNotFoundError()
    if (notice.amount !== payableOf(order)) throw createNotificationAmountError()
    let outcome: NotificationOutcome = 'unchanged'
    if (notice.result === 'success' && order.payStatus !== OrderPayStatus.paid) outcome = 'paid'
    if (notice.result === 'fail' && (order.payStatus === OrderPayStatus.unpaid || order.payStatus === OrderPayStatus.paying))
      outcome = 'failed'
    const fresh = await repo.recordNotification({
      provider: providerName,
      notificationId: notice.notificationId,
      orderNo: notice.orderNo,
      result: notice.result,
      amount: notice.amount,
      transactionId: notice.transactionId,
      outcome,
    })
    if (!fresh) return { outcome: 'duplicate' as NotificationOutcome, orderNo: order.orderNo, orderId: order.id }
    if (outcome === 'paid') {
      const paid = await repo.update({
        id: order.id,
        values: {
          payStatus: OrderPayStatus.paid,
          paidAt: notice.paidAt ?? new Date(),
          transactionId: notice.transactionId,
          provider: providerName,
          failReason: null,
        },
      })
      if (onPaid) await onPaid({ tx, order: paid })
    } else if (outcome === 'failed') {
      await repo.update({
        id: order.id,
        values: { payStatus: OrderPayStatus.failed, failReason: notice.reason ?? '支付失败', provider: providerName },
      })
    }
    return { outcome, orderNo: order.orderNo, orderId: order.id as number | null }
  })
}

/** A payment 支付中 for at least this long is asked about when polled (its notification may be late). */
export const QUERY_AFTER_MS = 5_000
/** At most one query per order this often, whoever polls. */
export const QUERY_EVERY_MS = 5_000
const lastQueried = new Map<string, number>()

/**
 * payStatus: the person's order; when it has been 支付中 a while with a provider that can be
 * asked (Alipay), the provider's signed answer is applied like a notification first, so a late
 * or lost notification does not leave a paid order 支付中. A failed query changes nothing.
 */
export async function payStatus({
  db,
  pay,
  accountId,
  id,
  log,
  onPaid,
  now = Date.now(),
}: {
  db: Executor
  pay: PayGateway
  accountId: number
  id: number
  log?: { warn(o: unknown, msg: string): void }
  onPaid?: OnOrderPaid
  now?: number
}): Promise<OrderRow> {
  const order = await findOwnOrder({ db, accountId, id })
  if (order.payStatus !== OrderPayStatus.paying || !order.provider) return order
  const provider = pay.find(order.provider)
  if (!provider?.queryPayment || now - order.updatedAt.getTime() < QUERY_AFTER_MS) return order
  const last = lastQueried.get(order.orderNo) ?? 0
  if (now - last < QUERY_EVERY_MS) return order
  lastQueried.set(order.orderNo, now)
  if (lastQueried.size > 10_000) lastQueried.delete(lastQueried.keys().next().value!)
  try {
    const notice = await provider.queryPayment({ orderNo: order.orderNo })
    if (notice.kind !== 'transaction') return order
    await applyNotice({ db, providerName: provider.name, notice, onPaid })
  } catch (error) {
    log?.warn({ err: error, orderNo: order.orderNo }, 'pay query failed')
    return order
  }
  return findOwnOrder({ db, accountId, id })
}

// Reads

/** The orders' items, by order then position. */
export async function orderItemsOf({ db, orderIds }: { db: Executor; orderIds: number[] }) {
  return createOrdersRepository({ db }).items({ orderIds })
}

/** The person's own orders (the ones they pay), newest first, each with its items. */
export async function listOrdersForClient({
  db,
  accountId,
  payStatus,
  page,
  size,
}: {
  db: Executor
  accountId: number
  payStatus?: string
  page: number
  size: number
}) {
  const { rows, total } = await createOrdersRepository({ db }).list({ filter: { accountId, payStatus }, page, size })
  const items = await orderItemsOf({ db, orderIds: rows.map((r) => r.order.id) })
  return { list: rows.map((r) => toOrder(r.order, items)), total, page, size }
}

/** The console's orders, newest first, each with its items and payer. */
export async function listOrdersForAdmin({ db, filter, page, size }: { db: Executor; filter: OrderFilter; page: number; size: number }) {
  const { rows, total } = await createOrdersRepository({ db }).list({ filter, page, size })
  const items = await orderItemsOf({ db, orderIds: rows.map((r) => r.order.id) })
  return { list: rows.map((r) => toAdminOrder(r.order, items, r)), total, page, size }
}

/** An order as the person sees it, with its items. */
export async function clientOrderOf({ db, order }: { db: Executor; order: OrderRow }) {
  return toOrder(order, await orderItemsOf({ db, orderIds: [order.id] }))
}

/** An order as the console sees it: its items (given, or read) and its payer's name and phone. */
export async function adminOrderOf({ db, order, items }: { db: Executor; order: OrderRow; items?: OrderItemRow[] }) {
  const { rows } = await createOrdersRepository({ db }).list({ filter: { orderNo: order.orderNo }, page: 1, size: 1 })
  return toAdminOrder(
    order,
    items ?? (await orderItemsOf({ db, orderIds: [order.id] })),
    rows[0] ?? { partnerName: null, partnerPhone: '' },
  )
}

/** One order for the console, with the payment notifications received for it. */
export async function adminOrderDetail({ db, id }: { db: Executor; id: number }) {
  const orders = createOrdersRepository({ db })
  const order = await orders.findById({ id })
  if (!order) throw createOrderNotFoundError()
  const { rows } = await orders.list({ filter: { orderNo: order.orderNo }, page: 1, size: 1 })
  const notifications = (await orders.notifications({ orderNo: order.orderNo })).map((n) => ({
    id: n.id,
    provider: n.provider,
    notificationId: n.notificationId,
    result: n.result,
    amount: n.amount,
    transactionId: n.transactionId,
    outcome: n.outcome,
    createdAt: n.createdAt.toISOString(),
  }))
  const items = await orderItemsOf({ db, orderIds: [order.id] })
  return { ...toAdminOrder(order, items, rows[0] ?? { partnerName: null, partnerPhone: '' }), notifications }
}

export async function findOrderByNo({ db, orderNo }: { db: Executor; orderNo: string }) {
  return createOrdersRepository({ db }).findByOrderNo({ orderNo })
}
