import { eq } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { CouponKind, CouponStatus, FeeKind, OrderPayStatus, PayChannel, StudentLevel } from '../../../wire.ts'
import type { Actor } from '../../platform/index.ts'
import { createOrdersRepository } from '../orders/index.ts'
import { studentsView } from '../../roll/index.ts'
import { createFeesRepository } from './fees.repository.ts'
import { raiseFeeOrder } from './fees.raise.ts'
import { onFeeOrderPaid } from './fees.refunds.ts'

/** The coupon code printed in the README's demo section (¥100.00 off one order). */
export const DEMO_COUPON = 'DEMO-COUPON-100'

/**
 * Fees demo: standards for the demo students' schools and majors; 林小雨 has an unpaid 学费 order
 * (2026-2027) and a paid 教材费 order with its receipt; a few unused coupon codes.
 */
export async function seedFeesDemo({ db, actor, studentPhone }: { db: Executor; actor: Actor; studentPhone: string }) {
  const repo = createFeesRepository({ db })
  const tuition = await repo.insertStandard({
    school: '浙江工商大学',
    major: '工商管理',
    level: StudentLevel.bachelor,
    batchYear: 2026,
    batch: null,
    feeKind: FeeKind.tuition,
    academicYear: '2026-2027',
    name: '2026-2027学年学费',
    amount: 680000,
    createdBy: actor.id,
  })
  const books = await repo.insertStandard({
    school: '浙江工商大学',
    major: '工商管理',
    level: StudentLevel.bachelor,
    batchYear: null,
    batch: null,
    feeKind: FeeKind.textbook,
    academicYear: '2026-2027',
    name: '2026-2027学年教材费',
    amount: 36000,
    createdBy: actor.id,
  })
  await repo.insertStandard({
    school: '国家开放大学',
    major: '计算机科学与技术',
    level: StudentLevel.bachelor,
    batchYear: 2025,
    batch: 2,
    feeKind: FeeKind.tuition,
    academicYear: '2026-2027',
    name: '2026-2027学年学费',
    amount: 520000,
    createdBy: actor.id,
  })
  const [student] = await db.select().from(studentsView).where(eq(studentsView.phone, studentPhone)).limit(1)
  if (!student) return
  await raiseFeeOrder({ db, input: { studentId: student.id, feeStandardId: tuition.id }, actor })
  const book = await raiseFeeOrder({ db, input: { studentId: student.id, feeStandardId: books.id }, actor })
  // Paid through the sandbox a few days ago: its receipt is issued as the paid notification would.
  await db.transaction(async (tx) => {
    const paid = await createOrdersRepository({ db: tx }).update({
      id: book.id,
      values: {
        payStatus: OrderPayStatus.paid,
        channel: PayChannel.wechatMini,
        provider: 'sandbox',
        transactionId: `SBXDEMO${book.orderNo}`,
        paidAt: new Date(Date.now() - 3 * 86400_000),
      },
    })
    await onFeeOrderPaid({ tx, order: paid })
  })
  const expiresAt = new Date(Date.now() + 365 * 86400_000)
  await repo.insertCoupons([
    {
      code: DEMO_COUPON,
      kind: CouponKind.amount,
      value: 10000,
      expiresAt,
      status: CouponStatus.unused,
      remark: '演示优惠券',
      createdBy: actor.id,
    },
    {
      code: 'DEMO-COUPON-95',
      kind: CouponKind.rate,
      value: 95,
      expiresAt,
      status: CouponStatus.unused,
      remark: '演示九五折',
      createdBy: actor.id,
    },
    {
      code: 'DEMO-COUPON-LXY',
      kind: CouponKind.amount,
      value: 5000,
      studentId: student.id,
      expiresAt,
      status: CouponStatus.unused,
      remark: '林小雨专属',
      createdBy: actor.id,
    },
  ])
}
