import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { LedgerType, MessageKind } from '../../../wire.ts'
import { recordMessage, messagesView } from '../../platform/index.ts'
import { ledgerEntries } from './ledger.table.ts'

/** Commissions whose freeze ended in (since, now] and that were frozen at all, with no 佣金可提现 message yet. */
async function commissionsUnfrozen({ db, since, now, limit }: { db: Executor; since: Date; now: Date; limit: number }) {
  return db
    .select({ id: ledgerEntries.id, partnerId: ledgerEntries.partnerId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.type, LedgerType.commission),
        gt(ledgerEntries.frozenUntil, since),
        lte(ledgerEntries.frozenUntil, now),
        gt(ledgerEntries.frozenUntil, ledgerEntries.createdAt),
        gt(ledgerEntries.amount, 0),
        sql`NOT EXISTS (SELECT 1 FROM ${messagesView} WHERE ${messagesView.dedupeKey} = 'withdrawable:' || ${ledgerEntries.id})`,
        // A commission clawed back (its deal refunded) before its freeze ended never becomes withdrawable.
        sql`NOT EXISTS (SELECT 1 FROM ledger_entries AS clawback WHERE clawback.ref_type = ${ledgerEntries.refType} AND clawback.ref_id = ${ledgerEntries.refId} AND clawback.partner_id = ${ledgerEntries.partnerId} AND clawback.type = ${LedgerType.clawback})`,
      ),
    )
    .orderBy(ledgerEntries.frozenUntil)
    .limit(limit)
}

/** How far back the sweep looks for freezes that ended (a server down longer does not announce older ones). */
export const SWEEP_LOOKBACK_DAYS = 7

/**
 * Records one 佣金可提现 message per commission whose freeze ended (at most once per ledger entry:
 * the message's dedupe key is unique, so two sweeps at once or one run twice write it once).
 * Returns how many it recorded.
 */
export async function sweepWithdrawable({ db, now = new Date(), batch = 500 }: { db: Executor; now?: Date; batch?: number }) {
  const since = new Date(now.getTime() - SWEEP_LOOKBACK_DAYS * 86400_000)
  let recorded = 0
  for (;;) {
    const due = await commissionsUnfrozen({ db, since, now, limit: batch })
    for (const entry of due) {
      const row = await recordMessage(
        db,
        entry.partnerId,
        { kind: MessageKind.commissionWithdrawable, ledgerEntryId: entry.id, amount: entry.amount },
        now,
      )
      if (row) recorded++
    }
    if (due.length < batch) return recorded
  }
}
