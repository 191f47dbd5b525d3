import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import { cappedTotal, pageTotal, totalOf } from '../../../db/paging.ts'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { WithdrawalStatus } from '../../../wire.ts'
import { ledgerEntriesView } from '../ledger/index.ts'
import { partnersView } from '../partners/index.ts'
import { withdrawals } from './withdrawals.table.ts'
import { insertRow, rowById, updateRow } from '../../../db/rows.ts'

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
            sql<number>`coalesce((select sum(${ledgerEntriesView.amount}) from ${ledgerEntriesView} where ${and(eq(ledgerEntriesView.partnerId, partnerId), gt(ledgerEntriesView.frozenUntil, now))}), 0)`.mapWith(
              Number,
            ),
        })
        .from(sql`(select 1) as one`)
      return { existingId: row?.existingId ?? null, pending: row?.pending === true, frozen: row?.frozen ?? 0 }
    },
    async findById({ id }: { id: number }) {
      return rowById(db, withdrawals, id)
    },
    async insert(values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
      return insertRow(db, withdrawals, values)
    },
    async findByIdForUpdate({ id }: { id: number }) {
      return rowById(db, withdrawals, id, { forUpdate: true })
    },
    async update({ id, values }: { id: number; values: Partial<typeof withdrawals.$inferInsert> }): Promise<WithdrawalRow> {
      return (await updateRow(db, withdrawals, id, values))!
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
     * Finance's queue in the chosen order (withdrawalOrder): each order read from an index without a
     * sort step; the total counts at most COUNT_CAP rows in the same order.
     */
    async list({
      filter,
      sort = 'createdAt_desc',
      page,
      size,
    }: {
      filter: WithdrawalFilter
      sort?: WithdrawalSort
      page: number
      size: number
    }) {
      const w = withdrawalWhere(filter)
      const order = withdrawalOrder(filter, sort)
      const rows = await adminSelect(db)
        .where(w)
        .orderBy(...order.by)
        .limit(size)
        .offset((page - 1) * size)
      return { rows, ...(await cappedTotal(db, withdrawals, w, order.by)) }
    },
    /** The withdrawals the console's list shows for a filter: how many (uncapped) and their amount in fen (工作台). */
    async totals(filter: WithdrawalFilter): Promise<{ count: number; amount: number }> {
      const [row] = await db
        .select({ n: count(), amount: sql<number>`coalesce(sum(${withdrawals.amount}), 0)`.mapWith(Number) })
        .from(withdrawals)
        .where(withdrawalWhere(filter))
      return { count: row?.n ?? 0, amount: row?.amount ?? 0 }
    },
    /** A batch of the export after `last`, in the list's order (keyset on that order's keys). */
    async exportBatch({
      filter,
      sort = 'createdAt_desc',
      last,
      limit,
    }: {
      filter: WithdrawalFilter
      sort?: WithdrawalSort
      last?: AdminWithdrawalRow
      limit: number
    }) {
      const order = withdrawalOrder(filter, sort)
      const c = [withdrawalWhere(filter)]
      if (last) {
        const keys = sql.join(
          order.keys.map((k) => k.key),
          sql`, `,
        )
        const values = sql.join(
          order.keys.map((k) => sql`${k.of(last.w)}`),
          sql`, `,
        )
        c.push(order.direction === 'asc' ? sql`(${keys}) > (${values})` : sql`(${keys}) < (${values})`)
      }
      return adminSelect(db)
        .where(and(...c))
        .orderBy(...order.by)
        .limit(limit)
    },
  }
}

/** The console's orders: by applied time (the default, newest first) or by amount, either way. */
export const WITHDRAWAL_SORTS = ['createdAt_desc', 'createdAt_asc', 'amount_desc', 'amount_asc'] as const
export type WithdrawalSort = (typeof WITHDRAWAL_SORTS)[number]

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

/**
 * A list order as its keys (all in one direction, the last one the unique id), so a page and the
 * export's keyset read the same index:
 * - by applied time without a status or partner filter, the queue: 审核中 first. Newest first reads
 *   ((status = '审核中'), created_at, id) backwards; oldest first reads ((status <> '审核中'),
 *   created_at, id) forwards (one index cannot give both: the pending key keeps its direction while
 *   the time flips);
 * - by applied time with a filter: (created_at, id) within (status|partner_id, created_at, id);
 * - by amount: (amount, id), within (status|partner_id, amount, id) when filtered; 审核中 is not put
 *   first (an explicit amount order is what was asked for).
 */
function withdrawalOrder(f: WithdrawalFilter, sort: WithdrawalSort) {
  const direction = sort.endsWith('_asc') ? ('asc' as const) : ('desc' as const)
  type Key = { key: SQL | AnyPgColumn; of: (w: WithdrawalRow) => unknown }
  const keys: Key[] = []
  if (sort.startsWith('amount')) {
    keys.push({ key: withdrawals.amount, of: (w) => w.amount })
  } else {
    if (!f.status && f.partnerId === undefined) {
      keys.push(
        direction === 'desc'
          ? { key: sql`(${withdrawals.status} = '审核中')`, of: (w) => w.status === '审核中' }
          : { key: sql`(${withdrawals.status} <> '审核中')`, of: (w) => w.status !== '审核中' },
      )
    }
    keys.push({ key: withdrawals.createdAt, of: (w) => w.createdAt })
  }
  keys.push({ key: withdrawals.id, of: (w) => w.id })
  return { direction, keys, by: keys.map((k) => (direction === 'asc' ? asc(k.key) : desc(k.key))) }
}

function adminSelect(db: Executor) {
  return db
    .select({ w: withdrawals, partnerPhone: partnersView.phone, partnerName: partnersView.realName })
    .from(withdrawals)
    .innerJoin(partnersView, eq(partnersView.id, withdrawals.partnerId))
    .$dynamic()
}
export type AdminWithdrawalRow = Awaited<ReturnType<ReturnType<typeof adminSelect>['execute']>>[number]
