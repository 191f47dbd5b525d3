// Receipts: issued when a fee order is paid, voided and reissued by finance, read by their student.
import { rmbCapitals } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import { OrderPayStatus, ReceiptStatus, SettingKey } from '../../../wire.ts'
import { type Actor, type ReasonedAct, readSettings, recordAudit } from '../../platform/index.ts'
import { createOrdersRepository, type OrderRow, payableOf } from '../orders/index.ts'
import { createReceiptNotFoundError, createReceiptStateError } from './fees.errors.ts'
import { createFeesRepository, type ReceiptRow } from './fees.repository.ts'
import { itemsOf, dayDigits, toReceipt } from './fees.shapes.ts'

/** Issues a paid order's receipt (in the paid transaction, or a reissue's): the day's next number, payee and seal from settings. */
export async function issueReceipt({ tx, order, replacesId, now }: { tx: Executor; order: OrderRow; replacesId?: number; now: Date }) {
  const repo = createFeesRepository({ db: tx })
  const student = order.studentId ? await repo.findStudent({ id: order.studentId }) : undefined
  const items = itemsOf(order.id, await createOrdersRepository({ db: tx }).items({ orderIds: [order.id] }))
  // A coupon's discount is a line of its own, so the lines add up to what was paid.
  if (order.discount > 0) items.push({ name: '优惠券减免', quantity: 1, unitPrice: -order.discount, amount: -order.discount })
  const settings = await readSettings({ db: tx })
  const day = dayDigits(now)
  const seq = await repo.nextReceiptSequence({ day })
  const amount = payableOf(order)
  return repo.insertReceipt({
    receiptNo: `SJ${day}${String(seq).padStart(6, '0')}`,
    orderId: order.id,
    studentId: order.studentId,
    payer: student?.name ?? '',
    items,
    amount,
    amountCapitals: rmbCapitals(amount),
    paidAt: order.paidAt ?? now,
    payee: settings[SettingKey.receiptPayee],
    seal: settings[SettingKey.receiptSeal] || null,
    status: ReceiptStatus.valid,
    replacesId: replacesId ?? null,
    createdAt: now,
  })
}

export async function voidReceipt({ db, id, reason, actor, now = new Date() }: ReasonedAct) {
  return db.transaction(async (tx) => {
    const repo = createFeesRepository({ db: tx })
    const receipt = await repo.findReceipt({ id, forUpdate: true })
    if (!receipt) throw createReceiptNotFoundError()
    if (receipt.status !== ReceiptStatus.valid) throw createReceiptStateError()
    const voided = await repo.updateReceipt({
      id,
      values: { status: ReceiptStatus.voided, voidedAt: now, voidReason: reason, voidedBy: actor.id },
    })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'receipt.void',
        entityType: 'receipt',
        entityId: id,
        summary: `作废收据${receipt.receiptNo}：${reason}`,
        before: { status: receipt.status },
        after: { status: voided.status, voidReason: reason },
      },
    })
    return voided
  })
}

/** Reissues a receipt: a new number for the same paid order, linked to the old one, which becomes (or stays) 已作废. */
export async function reissueReceipt({ db, id, actor, now = new Date() }: { db: Executor; id: number; actor: Actor; now?: Date }) {
  return db.transaction(async (tx) => {
    const repo = createFeesRepository({ db: tx })
    const old = await repo.findReceipt({ id, forUpdate: true })
    if (!old) throw createReceiptNotFoundError()
    const order = await createOrdersRepository({ db: tx }).findByIdForUpdate({ id: old.orderId })
    if (!order || order.payStatus !== OrderPayStatus.paid) throw createReceiptStateError({ message: '订单未支付，不能补开收据' })
    const current = await repo.validReceiptOf({ orderId: old.orderId })
    if (current && current.id !== old.id) throw createReceiptStateError({ message: `该订单已有有效收据${current.receiptNo}，请先作废` })
    if (old.status === ReceiptStatus.valid)
      await repo.updateReceipt({ id, values: { status: ReceiptStatus.voided, voidedAt: now, voidReason: '重开收据', voidedBy: actor.id } })
    const fresh = await issueReceipt({ tx, order, replacesId: old.id, now })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'receipt.reissue',
        entityType: 'receipt',
        entityId: fresh.id,
        summary: `重开收据${fresh.receiptNo}（原收据${old.receiptNo}已作废）`,
        before: { receiptNo: old.receiptNo },
        after: { receiptNo: fresh.receiptNo },
      },
    })
    return fresh
  })
}

/** A receipt as answered, with its order's number. */
export async function answerReceipt({ db, receipt }: { db: Executor; receipt: ReceiptRow }) {
  const order = await createOrdersRepository({ db }).findById({ id: receipt.orderId })
  return toReceipt(receipt, order?.orderNo ?? '')
}

/** A student's own receipt (another's is not found). */
export async function studentReceipt({ db, id, studentId }: { db: Executor; id: number; studentId: number }) {
  const r = await createFeesRepository({ db }).findReceipt({ id })
  if (!r || r.studentId !== studentId) throw createReceiptNotFoundError()
  return answerReceipt({ db, receipt: r })
}
