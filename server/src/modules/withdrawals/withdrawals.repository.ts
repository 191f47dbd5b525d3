import { and, count, desc, eq, getTableColumns, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import { capTotal, COUNT_CAP, pageTotal, totalOf } from '../../db/paging.ts'
import type { Executor } from '../../db/types.ts'
import type { Range } from '../../lib/time-range.ts'
import { WithdrawalStatus } from '../../wire.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'
import { partners } from '../partners/partners.table.ts'
import { withdrawals } from './withdrawals.table.ts'

export type WithdrawalRow = typeof withdrawals.$inferSelect

export function createWithdrawalsRepository({ db }: { db: Executor }) {
  return {
    /**
     * What an application decides on, read in one statement once the wallet is locked: the
     * withdrawal this idempotency key already made, whether one is pending, and the commissions
     * still frozen at `now` (net of what claw-backs and repayments took from them).
     */
    async applyState({ partnerId, idempotencyKey, now }: { partnerId: number; idempotencyKey: string; now: Date }) {
      const [row] = await db
        .select({
          existingId: sql<
            number | null
          >`(select ${withdrawals.id} from ${withdrawals} where ${and(eq(withdrawals.partnerId, partnerId), eq(withdrawals.idempotencyKey, idempotencyKey))})`,
          pending: sql<boolean>`exists (select 1 from ${withdrawals} where ${and(eq(withdrawals.partnerId, partnerId), inArray(withdrawals.status, [WithdrawalStatus.applying, WithdrawalStatus.confirming]))})`,
          frozen:
            sql<number>`coalesce((select sum(${ledgerEntries.amount}) from ${ledgerEntries} where ${and(eq(ledgerEntries.partnerId, partnerId), gt(ledgerEntries.frozenUntil, now))}), 0)`.mapWith(
              Number,
            ),
        })
        .from(sql`(select 1) as one`)
      return { existingId: row?.existingId ?? null, pending: row?.pending === true, frozen: row?.frozen ?? 0 }
    },
    async findById({ id }: { id: number }) {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1)
      return row
    },
    async insert(values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
      const [row] = await db.insert(withdrawals).values(values).returning()
      return row!
    },
    async findByIdForUpdate({ id }: { id: number }) {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1).for('update')
      return row
    },
    async update({ id, values }: { id: number; values: Partial<typeof withdrawals.$inferInsert> }): Promise<WithdrawalRow> {
      const [row] = await db
        .update(withdrawals)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(withdrawals.id, id))
        .returning()
      return row!
    },
    /** A partner's withdrawals, newest first, and their total in one round trip, over (partner_id, created_at, id). */
    async listForPartner({ partnerId, status, page, size }: { partnerId: number; status?: string; page: number; size: number }) {
      const w = and(eq(withdrawals.partnerId, partnerId), status ? eq(withdrawals.status, status) : undefined)
      const rows = await db
        .select({ ...getTableColumns(withdrawals), total: totalOf(withdrawals, w) })
        .from(withdrawals)
        .where(w)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(size)
        .offset((page - 1) * size)
      const total = await pageTotal({
        rows,
        page,
        count: async () => (await db.select({ n: count() }).from(withdrawals).where(w))[0]?.n ?? 0,
      })
      return { rows, total }
    },
    /**
     * Finance's queue: 审核中 first, then newest applied first, over ((status = '审核中'), created_at,
     * id) read backwards; with a status or partner filter, newest first over that filter's index.
     */
    async list({ filter, page, size }: { filter: WithdrawalFilter; page: number; size: number }) {
      const w = withdrawalWhere(filter)
      const rows = await adminSelect(db)
        .where(w)
        .orderBy(...queueOrder(filter))
        .limit(size)
        .offset((page - 1) * size)
      const capped = db
        .select({ one: sql`1` })
        .from(withdrawals)
        .where(w)
        .orderBy(...queueOrder(filter))
        .limit(COUNT_CAP + 1)
        .as('capped')
      const [counted] = await db.select({ n: count() }).from(capped)
      return { rows, ...capTotal(counted?.n ?? 0) }
    },
    /** A batch of the export after `last` (keyset on created_at, id, newest first). */
    async exportBatch({ filter, last, limit }: { filter: WithdrawalFilter; last?: AdminWithdrawalRow; limit: number }) {
      const c = [withdrawalWhere(filter)]
      if (last) c.push(sql`(${withdrawals.createdAt}, ${withdrawals.id}) < (${last.w.createdAt}, ${last.w.id})`)
      return adminSelect(db)
        .where(and(...c))
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit)
    },
  }
}

export interface WithdrawalFilter {
  partnerId?: number
  status?: string
  range?: Range
}

function withdrawalWhere(f: WithdrawalFilter): SQL | undefined {
  const c: SQL[] = []
  if (f.partnerId !== undefined) c.push(eq(withdrawals.partnerId, f.partnerId))
  if (f.status) c.push(eq(withdrawals.status, f.status))
  if (f.range) c.push(gte(withdrawals.createdAt, f.range.from), lt(withdrawals.createdAt, f.range.to))
  return c.length ? and(...c) : undefined
}

/** The queue's order; with a status or partner filter the pending-first key adds nothing to sort by. */
function queueOrder(f: WithdrawalFilter) {
  const newest = [desc(withdrawals.createdAt), desc(withdrawals.id)]
  return f.status || f.partnerId !== undefined ? newest : [desc(sql`(${withdrawals.status} = '审核中')`), ...newest]
}

function adminSelect(db: Executor) {
  return db
    .select({ w: withdrawals, partnerPhone: partners.phone, partnerName: partners.realName })
    .from(withdrawals)
    .innerJoin(partners, eq(partners.id, withdrawals.partnerId))
    .$dynamic()
}
export type AdminWithdrawalRow = Awaited<ReturnType<ReturnType<typeof adminSelect>['execute']>>[number]
