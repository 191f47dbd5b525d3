import { and, asc, count, desc, eq, getTableColumns, gt, gte, lt, sql, sum, type SQL } from 'drizzle-orm'
import { cappedTotal, pageTotal, totalOf } from '../../../db/paging.ts'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import type { LedgerType } from '../../../wire.ts'
import { createInsufficientBalanceError } from './ledger.errors.ts'
import { partnersView } from '../partners/index.ts'
import { ledgerEntries, wallets } from './ledger.table.ts'

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect

export function createLedgerRepository({ db }: { db: Executor }) {
  return {
    async ensureWallet({ partnerId }: { partnerId: number }) {
      await db.insert(wallets).values({ partnerId, balance: 0 }).onConflictDoNothing()
    },

    /** Locks the partner's wallet row until the transaction ends (serialises their money changes). */
    async lockWallet({ partnerId }: { partnerId: number }): Promise<number> {
      const [row] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.partnerId, partnerId)).for('update')
      if (row) return row.balance
      await db.insert(wallets).values({ partnerId, balance: 0 }).onConflictDoNothing()
      const [again] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.partnerId, partnerId)).for('update')
      return again?.balance ?? 0
    },

    async balance({ partnerId }: { partnerId: number }): Promise<number> {
      const [row] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.partnerId, partnerId))
      return row?.balance ?? 0
    },

    /** Balance and debt (the wallet row; zeros when the partner has none yet). */
    async wallet({ partnerId }: { partnerId: number }): Promise<{ balance: number; debt: number }> {
      const [row] = await db.select({ balance: wallets.balance, debt: wallets.debt }).from(wallets).where(eq(wallets.partnerId, partnerId))
      return { balance: row?.balance ?? 0, debt: row?.debt ?? 0 }
    },

    /** The debt of a wallet locked by `lockWallet`. */
    async debt({ partnerId }: { partnerId: number }): Promise<number> {
      const [row] = await db.select({ debt: wallets.debt }).from(wallets).where(eq(wallets.partnerId, partnerId))
      return row?.debt ?? 0
    },

    /** A partner's entries made for one record (a deal's credit, claw-backs and repayments), oldest first. */
    async forRef({ partnerId, refType, refId }: { partnerId: number; refType: string; refId: number }): Promise<LedgerEntryRow[]> {
      return db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.refType, refType), eq(ledgerEntries.refId, refId), eq(ledgerEntries.partnerId, partnerId)))
        .orderBy(asc(ledgerEntries.id))
    },

    /**
     * Ends a freeze with no end (a deal's commission waiting for its student's tuition): the entries
     * of a record frozen until `until` become frozen until `to`. Answers the partners and amounts moved.
     */
    async moveFrozenUntil({ refType, refId, until, to }: { refType: string; refId: number; until: Date; to: Date }) {
      return db
        .update(ledgerEntries)
        .set({ frozenUntil: to })
        .where(and(eq(ledgerEntries.refType, refType), eq(ledgerEntries.refId, refId), eq(ledgerEntries.frozenUntil, until)))
        .returning({ partnerId: ledgerEntries.partnerId, amount: ledgerEntries.amount })
    },

    /** Every partner holding an entry of this type for one record (a deal's referral bonus). */
    async partnersWithRef({ type, refType, refId }: { type: LedgerType; refType: string; refId: number }): Promise<number[]> {
      const rows = await db
        .selectDistinct({ partnerId: ledgerEntries.partnerId })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.refType, refType), eq(ledgerEntries.refId, refId), eq(ledgerEntries.type, type)))
      return rows.map((r) => r.partnerId).sort((a, b) => a - b)
    },

    /**
     * Moves money: one atomic `UPDATE ... WHERE balance + amount >= 0 AND debt + debtChange >= 0` and
     * the ledger entry with the balance and debt after it. Call inside a transaction. Throws when the
     * balance (or the debt) would go negative.
     */
    async post({
      partnerId,
      type,
      amount,
      debtChange = 0,
      frozenUntil,
      note,
      refType,
      refId,
    }: {
      partnerId: number
      type: LedgerType
      amount: number
      /** Fen added to (+) or paid off (-) the wallet's debt by this entry. */
      debtChange?: number
      frozenUntil?: Date | null
      note?: string | null
      refType?: string | null
      refId?: number | null
    }): Promise<LedgerEntryRow> {
      const [wallet] = await db
        .update(wallets)
        .set({ balance: sql`${wallets.balance} + ${amount}`, debt: sql`${wallets.debt} + ${debtChange}`, updatedAt: new Date() })
        .where(
          and(eq(wallets.partnerId, partnerId), gte(sql`${wallets.balance} + ${amount}`, 0), gte(sql`${wallets.debt} + ${debtChange}`, 0)),
        )
        .returning({ balance: wallets.balance, debt: wallets.debt })
      if (!wallet) throw createInsufficientBalanceError()
      const [entry] = await db
        .insert(ledgerEntries)
        .values({
          partnerId,
          type,
          amount,
          balanceAfter: wallet.balance,
          debtAfter: wallet.debt,
          frozenUntil: frozenUntil ?? null,
          note: note ?? null,
          refType: refType ?? null,
          refId: refId ?? null,
        })
        .returning()
      return entry!
    },

    /**
     * Commissions and bonuses still frozen at `now`, net of the claw-backs and repayments taken from
     * them while frozen (those carry the credit's frozen_until).
     */
    async frozen({ partnerId, now }: { partnerId: number; now: Date }): Promise<number> {
      const [row] = await db
        .select({ total: sum(ledgerEntries.amount) })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.partnerId, partnerId), gt(ledgerEntries.frozenUntil, now)))
      return Number(row?.total ?? 0)
    },

    async sumEntries({ partnerId }: { partnerId: number }): Promise<number> {
      const [row] = await db
        .select({ total: sum(ledgerEntries.amount) })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.partnerId, partnerId))
      return Number(row?.total ?? 0)
    },

    async list({ partnerId, type, range, page, size }: { partnerId: number; type?: string; range?: Range; page: number; size: number }) {
      const conditions: SQL[] = [eq(ledgerEntries.partnerId, partnerId)]
      if (type) conditions.push(eq(ledgerEntries.type, type))
      if (range) conditions.push(gte(ledgerEntries.createdAt, range.from), lt(ledgerEntries.createdAt, range.to))
      const where = and(...conditions)
      // The page and its total in one round trip, over (partner_id[, type], created_at, id).
      const rows = await db
        .select({ ...getTableColumns(ledgerEntries), total: totalOf(ledgerEntries, where) })
        .from(ledgerEntries)
        .where(where)
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(size)
        .offset((page - 1) * size)
      const total = await pageTotal({
        rows,
        page,
        count: async () => (await db.select({ n: count() }).from(ledgerEntries).where(where))[0]?.n ?? 0,
      })
      return { rows, total }
    },
    /**
     * Every partner's entries (finance), newest (or oldest) first, with the partner: over (created_at,
     * id), or (partner_id[, type], created_at, id), or (type, created_at, id) when filtered, read
     * backwards or forwards.
     */
    async listAll({
      filter,
      sort = 'createdAt_desc',
      page,
      size,
    }: {
      filter: { partnerId?: number; type?: string; range?: Range }
      sort?: LedgerSort
      page: number
      size: number
    }) {
      const order =
        sort === 'createdAt_asc'
          ? [asc(ledgerEntries.createdAt), asc(ledgerEntries.id)]
          : [desc(ledgerEntries.createdAt), desc(ledgerEntries.id)]
      const c: SQL[] = []
      if (filter.partnerId !== undefined) c.push(eq(ledgerEntries.partnerId, filter.partnerId))
      if (filter.type) c.push(eq(ledgerEntries.type, filter.type))
      if (filter.range) c.push(gte(ledgerEntries.createdAt, filter.range.from), lt(ledgerEntries.createdAt, filter.range.to))
      const where = c.length ? and(...c) : undefined
      const rows = await db
        .select({ entry: ledgerEntries, partnerName: partnersView.realName, partnerPhone: partnersView.phone })
        .from(ledgerEntries)
        .innerJoin(partnersView, eq(partnersView.id, ledgerEntries.partnerId))
        .where(where)
        .orderBy(...order)
        .limit(size)
        .offset((page - 1) * size)
      return { rows, ...(await cappedTotal(db, ledgerEntries, where, order)) }
    },
  }
}

/** The console's orders of the ledger: by time, newest first (the default) or oldest first. */
export const LEDGER_SORTS = ['createdAt_desc', 'createdAt_asc'] as const
export type LedgerSort = (typeof LEDGER_SORTS)[number]
