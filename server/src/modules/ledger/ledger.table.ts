import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../db/columns.ts'
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
    updatedAt: updatedAt(),
  },
  (t) => [check('wallets_balance_nonnegative', sql`${t.balance} >= 0`)],
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
    /** Commissions only: not withdrawable before this time. */
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
  ],
)
