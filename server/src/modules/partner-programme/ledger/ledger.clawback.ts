import { formatYuan } from '@activity/money'
import type { Executor } from '../../../db/types.ts'
import { LedgerType } from '../../../wire.ts'
import { createLedgerRepository, type LedgerEntryRow } from './ledger.repository.ts'

/**
 * The frozen-until time of a credit that waits for its student's first tuition payment (the
 * setting commission.untilTuitionPaid): no end, until that payment moves it to the payment's time.
 */
export const UNTIL_TUITION_PAID = new Date('9999-12-31T00:00:00.000Z')

/** Locks several wallets, lowest partner id first (two transactions locking the same pair never deadlock). */
export async function lockWallets({ tx, partnerIds }: { tx: Executor; partnerIds: number[] }): Promise<Map<number, number>> {
  const ledger = createLedgerRepository({ db: tx })
  const balances = new Map<number, number>()
  for (const partnerId of [...new Set(partnerIds)].sort((a, b) => a - b)) balances.set(partnerId, await ledger.lockWallet({ partnerId }))
  return balances
}

/**
 * Credits a commission or a referral bonus (frozen until `frozenUntil`) and pays the wallet's debt
 * from it first: a 欠款抵扣 entry of the same record and frozen time, so the frozen part shrinks by
 * what the debt took. The wallet must be locked by the caller's transaction.
 */
export async function creditPayingDebt({
  tx,
  partnerId,
  type,
  amount,
  frozenUntil,
  note,
  refType,
  refId,
}: {
  tx: Executor
  partnerId: number
  type: typeof LedgerType.commission | typeof LedgerType.referralBonus
  amount: number
  frozenUntil: Date
  note: string
  refType: string
  refId: number
}): Promise<{ credit: LedgerEntryRow; repaid: number }> {
  const ledger = createLedgerRepository({ db: tx })
  const credit = await ledger.post({ partnerId, type, amount, frozenUntil, note, refType, refId })
  const repaid = Math.min(credit.debtAfter, amount)
  if (repaid > 0)
    await ledger.post({
      partnerId,
      type: LedgerType.debtRepayment,
      amount: -repaid,
      debtChange: -repaid,
      frozenUntil,
      note: `${type}抵扣欠款${formatYuan(repaid, { grouping: false })}，剩余欠款${formatYuan(credit.debtAfter - repaid, { grouping: false })}`,
      refType,
      refId,
    })
  return { credit, repaid }
}

export interface ClawbackResult {
  partnerId: number
  /** What the credit paid (fen), reversed in full. */
  amount: number
  /** Taken from the frozen part (the credit was still frozen). */
  fromFrozen: number
  /** Taken from the balance. */
  fromBalance: number
  /** What the balance could not cover: added to the wallet's debt. */
  debt: number
}

/**
 * Reverses a credit (a cancelled deal's commission or referral bonus) with 佣金撤回 entries: first
 * from what is still frozen of it (net of what it already repaid), then from the balance; what the
 * balance cannot cover becomes debt, so the balance never goes below zero and the ledger still sums
 * to it. The wallet must be locked by the caller's transaction.
 */
export async function clawBack({
  tx,
  credit,
  note,
  now,
}: {
  tx: Executor
  credit: LedgerEntryRow
  note: string
  now: Date
}): Promise<ClawbackResult> {
  const ledger = createLedgerRepository({ db: tx })
  const { partnerId, amount } = credit
  const { balance } = await ledger.wallet({ partnerId })
  let frozenLeft = 0
  if (credit.frozenUntil && credit.frozenUntil > now && credit.refType && credit.refId !== null) {
    const entries = await ledger.forRef({ partnerId, refType: credit.refType, refId: credit.refId })
    frozenLeft = entries
      .filter((e) => e.frozenUntil && e.frozenUntil.getTime() === credit.frozenUntil!.getTime())
      .reduce((total, e) => total + e.amount, 0)
  }
  const fromFrozen = Math.max(0, Math.min(amount, frozenLeft, balance))
  const fromBalance = Math.max(0, Math.min(amount - fromFrozen, balance - fromFrozen))
  const debt = amount - fromFrozen - fromBalance
  const ref = { refType: credit.refType, refId: credit.refId }
  if (fromFrozen > 0)
    await ledger.post({
      partnerId,
      type: LedgerType.clawback,
      amount: -fromFrozen,
      frozenUntil: credit.frozenUntil,
      note: `${note}（从冻结中的${credit.type}扣回）`,
      ...ref,
    })
  if (fromBalance > 0 || debt > 0)
    await ledger.post({
      partnerId,
      type: LedgerType.clawback,
      amount: fromBalance > 0 ? -fromBalance : 0,
      debtChange: debt,
      note: debt > 0 ? `${note}（余额不足，${formatYuan(debt, { grouping: false })}记为欠款，由之后的佣金抵扣）` : `${note}（从余额扣回）`,
      ...ref,
    })
  return { partnerId, amount, fromFrozen, fromBalance, debt }
}
