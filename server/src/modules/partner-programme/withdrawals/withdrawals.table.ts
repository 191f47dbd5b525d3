import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { partners } from '../partners/partners.table.ts'

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    /** Fen, positive. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** WithdrawalStatus label. */
    status: text('status').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    payoutType: text('payout_type').notNull(),
    payoutAccount: text('payout_account').notNull(),
    payoutName: text('payout_name').notNull(),
    transactionNo: text('transaction_no'),
    refuseReason: text('refuse_reason'),
    /** Paying by WeChat transfer: the provider, our bill number of the current attempt, WeChat's bill and package_info. */
    transferProvider: text('transfer_provider'),
    transferOutBillNo: text('transfer_out_bill_no'),
    transferBillNo: text('transfer_bill_no'),
    transferPackage: text('transfer_package'),
    transferMchId: text('transfer_mch_id'),
    transferAppId: text('transfer_app_id'),
    /** Attempts so far (each gets its own out bill number). */
    transferAttempts: integer('transfer_attempts').notNull().default(0),
    /** Why the last transfer failed or expired (shown to finance while 审核中 again). */
    transferFailReason: text('transfer_fail_reason'),
    handledBy: integer('handled_by'),
    handledAt: ts('handled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('withdrawals_partner_key_uq').on(t.partnerId, t.idempotencyKey),
    uniqueIndex('withdrawals_one_pending_uq')
      .on(t.partnerId)
      .where(sql`status in ('审核中', '待确认收款')`),
    uniqueIndex('withdrawals_transfer_out_bill_uq').on(t.transferOutBillNo),
    index('withdrawals_partner_created_idx').on(t.partnerId, t.createdAt, t.id),
    index('withdrawals_status_created_idx').on(t.status, t.createdAt, t.id),
    index('withdrawals_created_idx').on(t.createdAt, t.id),
    // The console's queue: 审核中 first, then newest (read backwards), or oldest (the second, forwards).
    index('withdrawals_queue_idx').on(sql`(status = '审核中')`, t.createdAt, t.id),
    index('withdrawals_queue_asc_idx').on(sql`(status <> '审核中')`, t.createdAt, t.id),
    // The console's list by amount, unfiltered or within a status or a partner.
    index('withdrawals_amount_idx').on(t.amount, t.id),
    index('withdrawals_status_amount_idx').on(t.status, t.amount, t.id),
    index('withdrawals_partner_amount_idx').on(t.partnerId, t.amount, t.id),
    // The dashboard's paid-out figures.
    index('withdrawals_paid_idx')
      .on(t.handledAt, t.amount)
      .where(sql`status = '已打款'`),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
  ],
)
