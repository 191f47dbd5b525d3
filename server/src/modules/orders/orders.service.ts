import crypto from 'node:crypto'
import type { Executor } from '../../db/types.ts'
import {
  NotificationRejectedError,
  PayGatewayError,
  type IncomingNotification,
  type PayGateway,
  type PayNotice,
} from '../../gateways/pay/index.ts'
import { createPartnerNotFoundError, createPartnersRepository } from '../partners/index.ts'
import { createOpenIdBindingsRepository } from '../users/index.ts'
import { isUniqueViolation } from '../levels/index.ts'
import { LoginPlatform, LoginType, OrderPayStatus, PayChannel } from '../../wire.ts'
import {
  createChannelUnsupportedError,
  createNotificationAmountError,
  createNotificationRejectedError,
  createOrderAlreadyPaidError,
  createOrderNotFoundError,
  createOrderTotalError,
  createPayNotConfiguredError,
  createPayUpstreamError,
  createUnknownProviderError,
} from './orders.errors.ts'
import { createOrdersRepository, type OrderItemRow, type OrderRow } from './orders.repository.ts'
import { ORDER_AMOUNT_MAX } from './orders.schemas.ts'

export function toOrder(o: OrderRow, items: OrderItemRow[]) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    title: o.title,
    amount: o.amount,
    payStatus: o.payStatus,
    channel: o.channel,
    paidAt: o.paidAt?.toISOString() ?? null,
    failReason: o.failReason,
    createdAt: o.createdAt.toISOString(),
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({ name: i.name, quantity: i.quantity, unitPrice: i.unitPrice, amount: i.amount })),
  }
}

export function toAdminOrder(o: OrderRow, items: OrderItemRow[], partner: { partnerName: string | null; partnerPhone: string }) {
  return {
    ...toOrder(o, items),
    partnerId: o.partnerId,
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
  const wall = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14)
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

/** The partner's own order; another partner's is "not found" (its existence is not revealed). */
export async function findOwnOrder({ db, partnerId, id }: { db: Executor; partnerId: number; id: number }): Promise<OrderRow> {
  const order = await createOrdersRepository({ db }).findById({ id })
  if (!order || order.partnerId !== partnerId) throw createOrderNotFoundError()
  return order
}

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
  partnerId,
  id,
  channel,
}: {
  db: Executor
  pay: PayGateway
  partnerId: number
  id: number
  channel: PayChannel
}) {
  const order = await findOwnOrder({ db, partnerId, id })
  if (order.payStatus === OrderPayStatus.paid) throw createOrderAlreadyPaidError()
  if (pay.providers.length === 0) throw createPayNotConfiguredError()
  const provider = pay.forChannel(channel)
  if (!provider) throw createChannelUnsupportedError()
  // The payer as the platform knows them: the open id (WeChat) or user id (Alipay) they signed in with.
  const { platform, type } = PAYER_BINDING[channel]
  const openId = (await createOpenIdBindingsRepository({ db }).findForPartner({ partnerId, platform, type }))?.openId
  let params
  try {
    params = await provider.createPayment({
      order: { orderNo: order.orderNo, amount: order.amount, description: order.title },
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
    amount: order.amount,
    payStatus: updated?.payStatus ?? OrderPayStatus.paid,
    provider: provider.name,
    channel,
    ...params,
  }
}

export type NotificationOutcome = 'paid' | 'failed' | 'unchanged' | 'duplicate' | 'ignored'

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
}: {
  db: Executor
  pay: PayGateway
  providerName: string
  notification: IncomingNotification
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
  return applyNotice({ db, providerName: provider.name, notice })
}

/** Applies a verified notice (from a notification or a query answer): see applyNotification. */
export async function applyNotice({ db, providerName, notice }: { db: Executor; providerName: string; notice: PayNotice }) {
  if (notice.kind === 'ignored') {
    await createOrdersRepository({ db }).recordNotification({
      provider: providerName,
      notificationId: notice.notificationId,
      result: 'ignored',
      outcome: 'ignored',
    })
    return { outcome: 'ignored' as NotificationOutcome, orderNo: null }
  }
  return db.transaction(async (tx) => {
    const repo = createOrdersRepository({ db: tx })
    const order = await repo.findByOrderNoForUpdate({ orderNo: notice.orderNo })
    if (!order) throw createOrderNotFoundError()
    if (notice.amount !== order.amount) throw createNotificationAmountError()
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
    if (!fresh) return { outcome: 'duplicate' as NotificationOutcome, orderNo: order.orderNo }
    if (outcome === 'paid') {
      await repo.update({
        id: order.id,
        values: {
          payStatus: OrderPayStatus.paid,
          paidAt: notice.paidAt ?? new Date(),
          transactionId: notice.transactionId,
          provider: providerName,
          failReason: null,
        },
      })
    } else if (outcome === 'failed') {
      await repo.update({
        id: order.id,
        values: { payStatus: OrderPayStatus.failed, failReason: notice.reason ?? '支付失败', provider: providerName },
      })
    }
    return { outcome, orderNo: order.orderNo }
  })
}

/** A payment 支付中 for at least this long is asked about when polled (its notification may be late). */
export const QUERY_AFTER_MS = 5_000
/** At most one query per order this often, whoever polls. */
export const QUERY_EVERY_MS = 5_000
const lastQueried = new Map<string, number>()

/**
 * payStatus: the partner's order; when it has been 支付中 a while with a provider that can be
 * asked (Alipay), the provider's signed answer is applied like a notification first, so a late
 * or lost notification does not leave a paid order 支付中. A failed query changes nothing.
 */
export async function payStatus({
  db,
  pay,
  partnerId,
  id,
  log,
  now = Date.now(),
}: {
  db: Executor
  pay: PayGateway
  partnerId: number
  id: number
  log?: { warn(o: unknown, msg: string): void }
  now?: number
}): Promise<OrderRow> {
  const order = await findOwnOrder({ db, partnerId, id })
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
    await applyNotice({ db, providerName: provider.name, notice })
  } catch (error) {
    log?.warn({ err: error, orderNo: order.orderNo }, 'pay query failed')
    return order
  }
  return findOwnOrder({ db, partnerId, id })
}
