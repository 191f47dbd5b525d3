import { and, asc, count, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { OrderPayStatus } from '../../../wire.ts'
import { partnersView } from '../../partner-programme/index.ts'
import { studentsView } from '../../roll/index.ts'
import { orderItems, orders, paymentNotifications } from './orders.table.ts'
import { rowById, updateRow } from '../../../db/rows.ts'

export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect

export interface OrderFilter {
  partnerId?: number
  /** The payer. */
  accountId?: number
  payStatus?: string
  orderNo?: string
}

function where(f: OrderFilter): SQL | undefined {
  const c: SQL[] = []
  if (f.partnerId !== undefined) c.push(eq(orders.partnerId, f.partnerId))
  if (f.accountId !== undefined) c.push(eq(orders.accountId, f.accountId))
  if (f.payStatus) c.push(eq(orders.payStatus, f.payStatus))
  if (f.orderNo) c.push(eq(orders.orderNo, f.orderNo))
  return c.length ? and(...c) : undefined
}

export function createOrdersRepository({ db }: { db: Executor }) {
  return {
    async insert({ order, items }: { order: typeof orders.$inferInsert; items: Array<Omit<typeof orderItems.$inferInsert, 'orderId'>> }) {
      const [row] = await db.insert(orders).values(order).returning()
      const lines = await db
        .insert(orderItems)
        .values(items.map((item) => ({ ...item, orderId: row!.id })))
        .returning()
      return { order: row!, items: lines }
    },
    /** Many orders in one INSERT (a standard's bulk raise): their ids and students. */
    async insertMany({ orders: values }: { orders: Array<typeof orders.$inferInsert> }) {
      return db.insert(orders).values(values).returning({ id: orders.id, studentId: orders.studentId })
    },
    /** Many orders' items in one INSERT. */
    async insertItems({ items }: { items: Array<typeof orderItems.$inferInsert> }) {
      await db.insert(orderItems).values(items)
    },
    async findById({ id }: { id: number }): Promise<OrderRow | undefined> {
      return rowById(db, orders, id)
    },
    async findByOrderNo({ orderNo }: { orderNo: string }): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1)
      return row
    },
    async findByIdForUpdate({ id }: { id: number }): Promise<OrderRow | undefined> {
      return rowById(db, orders, id, { forUpdate: true })
    },
    async findByOrderNoForUpdate({ orderNo }: { orderNo: string }): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1).for('update')
      return row
    },
    async items({ orderIds }: { orderIds: number[] }): Promise<OrderItemRow[]> {
      if (orderIds.length === 0) return []
      return db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds))
        .orderBy(asc(orderItems.orderId), asc(orderItems.sort), asc(orderItems.id))
    },
    /** A new attempt: 支付中 with its channel, unless the order is already paid. */
    async markPaying({ id, channel, provider }: { id: number; channel: string; provider: string }): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ payStatus: OrderPayStatus.paying, channel, provider, failReason: null, updatedAt: new Date() })
        .where(and(eq(orders.id, id), notInArray(orders.payStatus, [OrderPayStatus.paid, OrderPayStatus.cancelled])))
        .returning()
      return row
    },
    async update({ id, values }: { id: number; values: Partial<typeof orders.$inferInsert> }): Promise<OrderRow> {
      return (await updateRow(db, orders, id, values))!
    },
    /**
     * Newest first, with the payer's name and phone: the partner the office raised it for, else the
     * student of the paying account (a course order).
     */
    async list({ filter, page, size }: { filter: OrderFilter; page: number; size: number }) {
      const w = where(filter)
      const rows = await db
        .select({
          order: orders,
          studentId: studentsView.id,
          partnerName: sql<string | null>`coalesce(${partnersView.realName}, ${studentsView.name})`,
          partnerPhone: sql<string>`coalesce(${partnersView.phone}, ${studentsView.phone}, '')`,
        })
        .from(orders)
        .leftJoin(partnersView, eq(partnersView.id, orders.partnerId))
        .leftJoin(studentsView, eq(studentsView.accountId, orders.accountId))
        .where(w)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(orders).where(w)
      return { rows, total: total?.n ?? 0 }
    },
    /** The account's order for a course still waiting to be paid (待支付 or 支付中), newest first. */
    async findPendingCourseOrder({ accountId, courseId }: { accountId: number; courseId: number }): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.accountId, accountId),
            eq(orders.courseId, courseId),
            inArray(orders.payStatus, [OrderPayStatus.unpaid, OrderPayStatus.paying]),
          ),
        )
        .orderBy(desc(orders.id))
        .limit(1)
      return row
    },
    /** Records a notification once; false when this provider already sent this notification id. */
    async recordNotification(values: typeof paymentNotifications.$inferInsert): Promise<boolean> {
      const rows = await db.insert(paymentNotifications).values(values).onConflictDoNothing().returning({ id: paymentNotifications.id })
      return rows.length === 1
    },
    async notifications({ orderNo }: { orderNo: string }) {
      return db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)).orderBy(asc(paymentNotifications.id))
    },
  }
}
