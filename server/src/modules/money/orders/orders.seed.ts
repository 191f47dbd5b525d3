import type { Executor } from '../../../db/types.ts'
import { createOrder } from './orders.service.ts'

/** One unpaid demo order for the partner (pay it on /pages/main/pay?id=...; the sandbox completes it). */
export async function seedOrdersDemo({ db, partnerId }: { db: Executor; partnerId: number }) {
  const { order } = await createOrder({
    db,
    adminId: null,
    input: {
      partnerId,
      title: '2026春季专升本学费',
      items: [
        { name: '专升本学费（第一学年）', quantity: 1, unitPrice: 380000 },
        { name: '教材费', quantity: 4, unitPrice: 4500 },
      ],
      remark: '演示订单',
    },
  })
  return order
}
