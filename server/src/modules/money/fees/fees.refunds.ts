// A fee order paid (its receipt, or a cancelled one's refund) and refunds: asked of the provider, settled once.
import type { Executor } from '../../../db/types.ts'
import { PayGatewayError, type PayGateway } from '../../../gateways/pay/index.ts'
import { FeeKind, MessageKind, OrderPayStatus, RefundStatus, SettingKey } from '../../../wire.ts'
import { type Actor, readSetting, recordAudit, recordFeeMessage } from '../../platform/index.ts'
import { clawBackTuitionCommission, releaseTuitionCommission } from '../../partner-programme/index.ts'
import { createOrdersRepository, newOrderNo, type OrderRow, payableOf } from '../orders/index.ts'
import {
  createFeeOrderNotFoundError,
  createRefundNotFoundError,
  createRefundRefusedError,
  createRefundTooMuchError,
} from './fees.errors.ts'
import { createFeesRepository } from './fees.repository.ts'
import { iso, yuan } from './fees.shapes.ts'
import { issueReceipt } from './fees.receipts.ts'

export const AUTO_REFUND_REASON = '订单已取消，自动退款'

/**
 * In the paid notification's transaction, for a fee order: a cancelled one gets a full refund
 * queued (退款中, sent after the commit by afterFeeOrderPaid); otherwise its receipt is issued and,
 * for 学费, its student's deal commission waiting for tuition is released.
 */
export async function onFeeOrderPaid({ tx, order, now = new Date() }: { tx: Executor; order: OrderRow; now?: Date }) {
  if (!order.studentId || !order.feeKind) return
  const repo = createFeesRepository({ db: tx })
  if (order.cancelledAt) {
    const free = payableOf(order) - (await repo.refundedOrPending({ orderId: order.id }))
    if (free > 0)
      await repo.insertRefund({
        orderId: order.id,
        refundNo: refundNo(now),
        amount: free,
        reason: AUTO_REFUND_REASON,
        status: RefundStatus.pending,
        provider: order.provider,
        auto: true,
        createdAt: now,
      })
    return
  }
  await issueReceipt({ tx, order, now })
  if (order.feeKind === FeeKind.tuition) {
    const student = await repo.findStudent({ id: order.studentId })
    if (student?.clueId) await releaseTuitionCommission({ tx, clueId: student.clueId, now })
  }
}

const refundNo = (now: Date) => `R${newOrderNo(now)}`

/** After a paid notification commits: its queued refunds go to the provider. */
export async function afterFeeOrderPaid({ db, pay, orderId }: { db: Executor; pay: PayGateway; orderId: number }) {
  for (const r of await createFeesRepository({ db }).pendingRefunds({ orderId })) await sendRefund({ db, pay, refundId: r.id })
}

/**
 * Finance refunds part or all of a paid fee order. First a transaction locks the order, checks the
 * amount against what was paid less every refund 退款中 or 已退款, and records the refund 退款中
 * (audited); then the provider is asked (outside any transaction); its answer settles the refund.
 */
export async function requestRefund({
  db,
  pay,
  id,
  amount,
  reason,
  actor,
  now = new Date(),
}: {
  db: Executor
  pay: PayGateway
  id: number
  amount: number
  reason: string
  actor: Actor
  now?: Date
}) {
  const refund = await db.transaction(async (tx) => {
    const order = await createOrdersRepository({ db: tx }).findByIdForUpdate({ id })
    if (!order || !order.studentId || !order.feeKind) throw createFeeOrderNotFoundError()
    if (order.payStatus !== OrderPayStatus.paid) throw createRefundRefusedError()
    const repo = createFeesRepository({ db: tx })
    const free = payableOf(order) - (await repo.refundedOrPending({ orderId: id }))
    if (amount > free) throw createRefundTooMuchError({ message: `退款金额超过可退金额（可退${yuan(Math.max(0, free))}）` })
    const row = await repo.insertRefund({
      orderId: id,
      refundNo: refundNo(now),
      amount,
      reason,
      status: RefundStatus.pending,
      provider: order.provider,
      createdBy: actor.id,
      createdAt: now,
    })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'feeOrder.refund',
        entityType: 'order',
        entityId: id,
        summary: `缴费单${order.orderNo}退款${yuan(amount)}：${reason}`,
        after: { refundId: row.id, refundNo: row.refundNo, amount, reason },
      },
    })
    return row
  })
  return sendRefund({ db, pay, refundId: refund.id, now })
}

/**
 * Asks the provider for a refund still 退款中 (its number makes a repeat harmless) and settles it:
 * 已退款 adds to the order's refunded amount and tells the student, and a tuition order wholly
 * refunded with commission.untilTuitionPaid on claws back its student's deal commission; a definite
 * refusal makes it 退款失败 (its amount free again); an unknown outcome leaves it 退款中.
 */
export async function sendRefund({ db, pay, refundId, now = new Date() }: { db: Executor; pay: PayGateway; refundId: number; now?: Date }) {
  const repo = createFeesRepository({ db })
  const refund = await repo.findRefund({ id: refundId })
  if (!refund) throw createRefundNotFoundError()
  if (refund.status !== RefundStatus.pending) return refund
  const order = await createOrdersRepository({ db }).findById({ id: refund.orderId })
  if (!order) throw createFeeOrderNotFoundError()
  const provider = order.provider ? pay.find(order.provider) : undefined
  let result: { status: 'done' | 'pending'; providerRefundId: string | null } | { status: 'failed'; reason: string }
  if (!provider) result = { status: 'failed', reason: '原支付渠道未开通，无法原路退款' }
  else {
    try {
      result = await provider.refund({
        orderNo: order.orderNo,
        refundNo: refund.refundNo,
        amount: refund.amount,
        total: payableOf(order),
        reason: refund.reason,
      })
    } catch (error) {
      if (!(error instanceof PayGatewayError)) throw error
      if (!error.refused) return refund
      result = { status: 'failed', reason: error.refused.message || error.publicMessage }
    }
  }
  if (result.status === 'pending') {
    if (result.providerRefundId) await repo.noteProviderRefund({ id: refund.id, providerRefundId: result.providerRefundId })
    return { ...refund, providerRefundId: result.providerRefundId }
  }
  if (result.status === 'failed') return markRefundFailed({ db, refundId: refund.id, reason: result.reason, now })
  return markRefundDone({ db, refundId: refund.id, providerRefundId: result.providerRefundId, now })
}

export const STALE_REFUND_AFTER_MS = 2 * 60 * 1000
const STALE_REFUND_BATCH = 50

/**
 * Refunds left 退款中 for over 2 minutes (the process stopped before asking the provider, the
 * provider did not answer, or its notification was lost) are asked again by their own refund
 * number, which the provider treats as the same refund: never paid twice. Settling is guarded as
 * everywhere (one answer wins), so several processes may run this at once. One refund's failure
 * does not stop the rest.
 */
export async function retryStaleRefunds({
  db,
  pay,
  now = new Date(),
  log,
}: {
  db: Executor
  pay: PayGateway
  now?: Date
  log?: { warn: (obj: object, msg: string) => void }
}): Promise<{ asked: number; settled: number }> {
  const stale = await createFeesRepository({ db }).staleRefunds({
    before: new Date(now.getTime() - STALE_REFUND_AFTER_MS),
    limit: STALE_REFUND_BATCH,
  })
  let settled = 0
  for (const { id } of stale) {
    try {
      const refund = await sendRefund({ db, pay, refundId: id, now })
      if (refund.status !== RefundStatus.pending) settled += 1
    } catch (error) {
      log?.warn({ err: error, refundId: id }, 'asking the provider again for a refund failed')
    }
  }
  return { asked: stale.length, settled }
}

/** A refund 退款中 the provider refused: 退款失败, its amount free to refund again. */
async function markRefundFailed({ db, refundId, reason, now }: { db: Executor; refundId: number; reason: string; now: Date }) {
  const repo = createFeesRepository({ db })
  const settled = await repo.settleRefund({ id: refundId, values: { status: RefundStatus.failed, failReason: reason, doneAt: now } })
  return settled ?? (await repo.findRefund({ id: refundId }))!
}

/**
 * A refund 退款中 the provider completed, in one transaction with the order locked: 已退款, added
 * to the order's refunded amount, the student told; a tuition order wholly refunded with
 * commission.untilTuitionPaid on claws back its student's deal commission. A second answer for
 * the same refund changes nothing.
 */
async function markRefundDone({
  db,
  refundId,
  providerRefundId,
  now,
}: {
  db: Executor
  refundId: number
  providerRefundId: string | null
  now: Date
}) {
  return db.transaction(async (tx) => {
    const r = createFeesRepository({ db: tx })
    const refund = (await r.findRefund({ id: refundId }))!
    const ordersView = createOrdersRepository({ db: tx })
    const locked = await ordersView.findByIdForUpdate({ id: refund.orderId })
    const settled = await r.settleRefund({
      id: refundId,
      values: { status: RefundStatus.done, providerRefundId: providerRefundId ?? refund.providerRefundId, doneAt: now },
    })
    if (!settled || !locked) return (await r.findRefund({ id: refundId }))!
    const updated = await ordersView.update({ id: locked.id, values: { refunded: locked.refunded + settled.amount } })
    await recordFeeMessage({
      tx,
      kind: MessageKind.feeRefunded,
      orderId: locked.id,
      body: `您的缴费单「${locked.title}」已退款${yuan(settled.amount)}（${settled.reason}），款项将原路退回`,
      dedupe: `feeRefund:${settled.id}`,
      recipients: r.recipient({ studentId: locked.studentId! }),
      now,
    })
    if (
      updated.feeKind === FeeKind.tuition &&
      !updated.cancelledAt &&
      updated.refunded >= payableOf(updated) &&
      (await readSetting({ db: tx, key: SettingKey.commissionUntilTuitionPaid }))
    ) {
      const student = await r.findStudent({ id: updated.studentId! })
      if (student?.clueId && !(await r.holdsPaidTuition({ studentId: student.id })))
        await clawBackTuitionCommission({ tx, clueId: student.clueId, reason: `学员学费已退款：${settled.reason}`, now })
    }
    return settled
  })
}

/** The provider's notification about a refund (WeChat's REFUND.* events) settles it, once. */
export async function onRefundNotice({
  db,
  refundNo,
  result,
  providerRefundId,
  reason,
  now = new Date(),
}: {
  db: Executor
  refundNo: string
  result: 'success' | 'fail'
  providerRefundId: string | null
  reason: string | null
  now?: Date
}): Promise<void> {
  const refund = await createFeesRepository({ db }).findRefundByNo({ refundNo })
  if (!refund || refund.status !== RefundStatus.pending) return
  if (result === 'success') await markRefundDone({ db, refundId: refund.id, providerRefundId, now })
  else await markRefundFailed({ db, refundId: refund.id, reason: reason ?? '退款失败', now })
}

/** The fee details a student's order detail adds: refunds, the valid receipt, the coupon used. */
export async function clientOrderExtras({ db, order }: { db: Executor; order: OrderRow }) {
  const repo = createFeesRepository({ db })
  const [refunds, receipt, coupon] = await Promise.all([
    repo.refunds({ orderId: order.id }),
    repo.validReceiptOf({ orderId: order.id }),
    order.couponId ? repo.findCoupon({ id: order.couponId }) : Promise.resolve(undefined),
  ])
  return {
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      reason: r.reason,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      doneAt: iso(r.doneAt),
    })),
    receiptId: receipt?.id ?? null,
    couponCode: coupon?.code ?? null,
  }
}
