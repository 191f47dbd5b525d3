// Coupons: a student uses one on an unpaid fee order; finance makes and voids them.
import crypto from 'node:crypto'
import type { Executor } from '../../../db/types.ts'
import { CouponKind, CouponStatus, OrderPayStatus } from '../../../wire.ts'
import { type Actor, type ReasonedAct, recordAudit } from '../../platform/index.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import { createOrderNotFoundError, createOrdersRepository } from '../orders/index.ts'
import {
  createCouponDuplicateError,
  createCouponInvalidError,
  createCouponNotFoundError,
  createCouponOrderError,
  createCouponVoidRefusedError,
  createStudentNotFoundError,
} from './fees.errors.ts'
import { createFeesRepository } from './fees.repository.ts'
import { couponStatusOf, dayDigits, toCoupon, yuan } from './fees.shapes.ts'

/**
 * A student uses a coupon code on an unpaid order of theirs: the order is locked, then the code;
 * a code used once (the using UPDATE takes only an unused one), one coupon per order. 金额券 takes
 * its value off (leaving at least 0.01); 折扣券 makes the order cost value% (rounded down, ≥ 0.01).
 */
export async function activateCoupon({
  db,
  studentId,
  code,
  orderId,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  code: string
  orderId: number
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const ordersRepo = createOrdersRepository({ db: tx })
    const repo = createFeesRepository({ db: tx })
    const order = await ordersRepo.findByIdForUpdate({ id: orderId })
    if (!order || order.studentId !== studentId) throw createOrderNotFoundError()
    if (order.payStatus === OrderPayStatus.paid) throw createCouponOrderError({ message: '订单已支付，不能再使用优惠券' })
    if (order.payStatus === OrderPayStatus.cancelled) throw createCouponOrderError({ message: '订单已取消' })
    if (order.payStatus === OrderPayStatus.paying) throw createCouponOrderError({ message: '订单支付中，请稍后再试' })
    if (order.couponId) throw createCouponOrderError({ message: '该订单已使用优惠券' })
    const coupon = await repo.findCouponByCode({ code, forUpdate: true })
    if (!coupon || (coupon.studentId !== null && coupon.studentId !== studentId)) throw createCouponInvalidError()
    const status = couponStatusOf(coupon, now)
    if (status === CouponStatus.used) throw createCouponInvalidError({ message: '该优惠券已被使用' })
    if (status === CouponStatus.voided) throw createCouponInvalidError({ message: '该优惠券已作废' })
    if (status === CouponStatus.expired) throw createCouponInvalidError({ message: '该优惠券已过期' })
    const pay =
      coupon.kind === CouponKind.rate
        ? Math.max(1, Math.floor((order.amount * coupon.value) / 100))
        : Math.max(1, order.amount - coupon.value)
    const discount = order.amount - pay
    if (discount <= 0) throw createCouponOrderError({ message: '该订单金额过低，无法使用此优惠券' })
    const used = await repo.useCoupon({ id: coupon.id, orderId, discount, now })
    if (!used) throw createCouponInvalidError({ message: '该优惠券已被使用' })
    await ordersRepo.update({ id: orderId, values: { discount, couponId: coupon.id } })
    return { orderId, code: coupon.code, amount: order.amount, discount, payAmount: pay }
  })
}

const COUPON_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const randomCode = () => Array.from({ length: 10 }, () => COUPON_ALPHABET[crypto.randomInt(0, COUPON_ALPHABET.length)]).join('')

/** Makes one coupon (a given code) or a batch of random codes, audited. */
export async function createCoupons({
  db,
  input,
  actor,
}: {
  db: Executor
  input: { code?: string; count?: number; kind: CouponKind; value: number; expiresAt: Date; studentId?: number; remark?: string }
  actor: Actor
}) {
  const count = input.code ? 1 : (input.count ?? 1)
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const repo = createFeesRepository({ db: tx })
        if (input.studentId && !(await repo.findStudent({ id: input.studentId }))) throw createStudentNotFoundError()
        const batchNo = count > 1 ? `B${dayDigits(new Date())}${String(crypto.randomInt(0, 10000)).padStart(4, '0')}` : null
        const rows = await repo.insertCoupons(
          Array.from({ length: count }, () => ({
            code: input.code ?? randomCode(),
            kind: input.kind,
            value: input.value,
            studentId: input.studentId ?? null,
            expiresAt: input.expiresAt,
            status: CouponStatus.unused,
            batchNo,
            remark: input.remark ?? null,
            createdBy: actor.id,
          })),
        )
        const worth = input.kind === CouponKind.rate ? `按${input.value}%支付` : `减${yuan(input.value)}`
        await recordAudit({
          tx,
          actor,
          entry: {
            action: 'coupon.create',
            entityType: 'coupon',
            entityId: rows.length === 1 ? rows[0]!.id : (batchNo ?? rows[0]!.id),
            summary:
              rows.length === 1
                ? `创建优惠券${rows[0]!.code}（${input.kind}，${worth}）`
                : `批量创建优惠券${rows.length}张（批次${batchNo}，${input.kind}，${worth}）`,
            after: { count: rows.length, kind: input.kind, value: input.value, expiresAt: input.expiresAt.toISOString(), batchNo },
          },
        })
        return rows
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        if (input.code) throw createCouponDuplicateError()
        if (attempt < 3) continue
      }
      throw error
    }
  }
}

export async function voidCoupon({ db, id, reason, actor, now = new Date() }: ReasonedAct) {
  return db.transaction(async (tx) => {
    const repo = createFeesRepository({ db: tx })
    const coupon = await repo.findCoupon({ id })
    if (!coupon) throw createCouponNotFoundError()
    const voided = await repo.voidCoupon({ id, reason, now })
    if (!voided) throw createCouponVoidRefusedError()
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'coupon.void',
        entityType: 'coupon',
        entityId: id,
        summary: `作废优惠券${coupon.code}：${reason}`,
        before: { status: coupon.status },
        after: { status: voided.status, voidReason: reason },
      },
    })
    return voided
  })
}

/** The console's page of coupons, each with its student's name and its status at `now`. */
export async function listCoupons({
  db,
  filter,
  page,
  size,
  now = new Date(),
}: {
  db: Executor
  filter: { status?: string; code?: string; batchNo?: string }
  page: number
  size: number
  now?: Date
}) {
  const { rows, total } = await createFeesRepository({ db }).listCoupons({ filter, page, size, now })
  return { list: rows.map((r) => toCoupon(r.coupon, r.studentName, now)), total, page, size }
}
