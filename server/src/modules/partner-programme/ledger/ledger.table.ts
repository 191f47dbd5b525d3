import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { partners } from '../partners/partners.table.ts'

/** One row per partner: the balance, changed only together with a ledger insert. */
export const wallets = pgTable(
  'wallets',
  {
    partnerId: integer('partner_id')
      .primaryKey()
      .references(() => partners.id),
    /** Fen; never negative (the debiting UPDATE checks it, and so does the database). */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /**
     * Fen the partner owes: what a claw-back (佣金撤回) could not take because the balance was short.
     * Outside the balance, so the ledger still sums to it; later commissions and bonuses pay it first
     * (欠款抵扣). Never negative.
     */
    debt: bigint('debt', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('wallets_balance_nonnegative', sql`${t.balance} >= 0`), check('wallets_debt_nonnegative', sql`${t.debt} >= 0`)],
)

/** Append-only: every money change of a partner, with the balance after it. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    /** LedgerType label. */
    type: text('type').notNull(),
    /** Fen, signed. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** The wallet's debt after this entry (fen): a short claw-back raises it, a 欠款抵扣 lowers it. */
    debtAfter: bigint('debt_after', { mode: 'number' }).notNull().default(0),
    /**
     * Commissions and bonuses: not withdrawable before this time. A claw-back or repayment taken from
     * such a credit while it is frozen carries the same time (negative), so the frozen part is the sum
     * of the entries still frozen.
     */
    frozenUntil: ts('frozen_until'),
    note: text('note'),
    refType: text('ref_type'),
    refId: integer('ref_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_partner_created_idx').on(t.partnerId, t.createdAt, t.id),
    index('ledger_partner_type_created_idx').on(t.partnerId, t.type, t.createdAt, t.id),
    index('ledger_partner_frozen_idx').on(t.partnerId, t.frozenUntil),
    // The sweep that tells partners a commission became withdrawable (messages.service.ts).
    index('ledger_commission_frozen_until_idx')
      .on(t.frozenUntil)
      .where(sql`${t.type} = '佣金'`),
    // Across partners (the console's ledger, the dashboard's commission figures).
    index('ledger_created_idx').on(t.createdAt, t.id),
    index('ledger_type_created_idx').on(t.type, t.createdAt, t.id, t.amount),
    // A deal's credits, claw-backs and repayments (cancelling a deal).
    index('ledger_ref_idx')
      .on(t.refType, t.refId, t.partnerId)
      .where(sql`ref_id IS NOT NULL`),
  ],
)
