import type { Executor } from '../../db/types.ts'
import { maskAccount } from '../../lib/mask.ts'
import { LedgerType, PartnerStatus, WithdrawalStatus } from '../../wire.ts'
import { createLedgerRepository } from '../ledger/ledger.repository.ts'
import { createNotActiveError } from '../partners/partners.errors.ts'
import { createPartnersRepository } from '../partners/partners.repository.ts'
import {
  createAlreadyHandledError,
  createBelowMinimumError,
  createOverWithdrawableError,
  createPayoutMissingError,
  createPendingExistsError,
  createWithdrawalNotFoundError,
} from './withdrawals.errors.ts'
import { createWithdrawalsRepository, type WithdrawalRow } from './withdrawals.repository.ts'

export const MIN_WITHDRAWAL = 1000

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

export function toPartnerWithdrawal(w: WithdrawalRow) {
  return {
    id: w.id,
    amount: w.amount,
    status: w.status,
    payoutType: w.payoutType,
    payoutAccount: maskAccount(w.payoutAccount) ?? '',
    payoutName: w.payoutName,
    transactionNo: w.transactionNo,
    refuseReason: w.refuseReason,
    createdAt: w.createdAt.toISOString(),
    handledAt: w.handledAt?.toISOString() ?? null,
  }
}

export function toAdminWithdrawal(w: WithdrawalRow, p: { partnerPhone: string; partnerName: string | null }) {
  return {
    ...toPartnerWithdrawal(w),
    payoutAccount: w.payoutAccount,
    partnerId: w.partnerId,
    partnerPhone: p.partnerPhone,
    partnerName: p.partnerName,
  }
}

/**
 * Applies for a withdrawal. One transaction: the wallet row is locked (FOR UPDATE), the same
 * idempotency key returns the record it made, one pending at a time, the amount must be within the
 * withdrawable balance, and the debit is an atomic UPDATE that cannot go below zero.
 */
export async function applyWithdrawal({
  db,
  partnerId,
  amount,
  idempotencyKey,
  now = new Date(),
}: {
  db: Executor
  partnerId: number
  amount: number
  idempotencyKey: string
  now?: Date
}) {
  if (amount < MIN_WITHDRAWAL) throw createBelowMinimumError()
  const partner = await createPartnersRepository({ db }).findById({ id: partnerId })
  if (!partner || partner.status !== PartnerStatus.active) throw createNotActiveError()
  if (!partner.payoutType || !partner.payoutAccount || !partner.payoutName) throw createPayoutMissingError()
  return db.transaction(async (tx) => {
    const ledger = createLedgerRepository({ db: tx })
    const repo = createWithdrawalsRepository({ db: tx })
    const balance = await ledger.lockWallet({ partnerId })
    // Read after the lock, in one statement (under READ COMMITTED it sees what the previous holder committed).
    const state = await repo.applyState({ partnerId, idempotencyKey, now })
    if (state.existingId !== null) return { withdrawal: (await repo.findById({ id: state.existingId }))!, created: false }
    if (state.pending) throw createPendingExistsError()
    const withdrawable = Math.max(0, balance - state.frozen)
    if (amount > withdrawable) throw createOverWithdrawableError({ message: `提现金额超过可提现余额（可提现${yuan(withdrawable)}）` })
    const withdrawal = await repo.insert({
      partnerId,
      amount,
      status: WithdrawalStatus.applying,
      idempotencyKey,
      payoutType: partner.payoutType!,
      payoutAccount: partner.payoutAccount!,
      payoutName: partner.payoutName!,
    })
    await ledger.post({
      partnerId,
      type: LedgerType.withdrawal,
      amount: -amount,
      note: `提现申请 ${yuan(amount)}`,
      refType: 'withdrawal',
      refId: withdrawal.id,
    })
    return { withdrawal, created: true }
  })
}

async function handle<T>({
  db,
  id,
  run,
}: {
  db: Executor
  id: number
  run: (args: { tx: Executor; withdrawal: WithdrawalRow }) => Promise<T>
}): Promise<T> {
  return db.transaction(async (tx) => {
    const withdrawal = await createWithdrawalsRepository({ db: tx }).findByIdForUpdate({ id })
    if (!withdrawal) throw createWithdrawalNotFoundError()
    if (withdrawal.status !== WithdrawalStatus.applying)
      throw createAlreadyHandledError({ message: `该提现已处理（${withdrawal.status}）` })
    return run({ tx, withdrawal })
  })
}

/** Finance paid it: 审核中 -> 已打款, exactly once (the row is locked and must still be pending). */
export async function finishPay({ db, id, transactionNo, adminId }: { db: Executor; id: number; transactionNo: string; adminId: number }) {
  return handle({
    db,
    id,
    run: ({ tx }) =>
      createWithdrawalsRepository({ db: tx }).update({
        id,
        values: { status: WithdrawalStatus.paid, transactionNo, handledBy: adminId, handledAt: new Date() },
      }),
  })
}

/** Finance refused it: 审核中 -> 已拒绝, and the amount returns exactly once as a 提现退回 entry. */
export async function refuseWithdrawal({ db, id, reason, adminId }: { db: Executor; id: number; reason: string; adminId: number }) {
  return handle({
    db,
    id,
    run: async ({ tx, withdrawal }) => {
      const ledger = createLedgerRepository({ db: tx })
      await ledger.lockWallet({ partnerId: withdrawal.partnerId })
      await ledger.post({
        partnerId: withdrawal.partnerId,
        type: LedgerType.refund,
        amount: withdrawal.amount,
        note: `提现被拒绝：${reason}`,
        refType: 'withdrawal',
        refId: withdrawal.id,
      })
      return createWithdrawalsRepository({ db: tx }).update({
        id,
        values: { status: WithdrawalStatus.refused, refuseReason: reason, handledBy: adminId, handledAt: new Date() },
      })
    },
  })
}
