import { formatYuan } from '@activity/money'
import type { Executor } from '../../../db/types.ts'
import { isAppError } from '../../../lib/errors.ts'
import { maskAccount } from '../../../lib/mask.ts'
import { LedgerType, MessageKind, PartnerStatus, WithdrawalStatus } from '../../../wire.ts'
import { type Actor, recordAudit } from '../../platform/index.ts'
import { createLedgerRepository } from '../ledger/index.ts'
import { recordMessage } from '../../platform/index.ts'
import { createNotActiveError, createPartnersRepository } from '../partners/index.ts'
import {
  createAlreadyHandledError,
  createBelowMinimumError,
  createOverWithdrawableError,
  createPayoutMissingError,
  createPendingExistsError,
  createWithdrawalNotFoundError,
} from './withdrawals.errors.ts'
import { createWithdrawalsRepository, type WithdrawalFilter, type WithdrawalRow } from './withdrawals.repository.ts'

export type { AdminWithdrawalRow } from './withdrawals.repository.ts'

export const MIN_WITHDRAWAL = 1000

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
    transferFailReason: w.transferFailReason,
    // What the mini-program's requestMerchantTransfer needs, while the partner has to confirm.
    confirm:
      w.status === WithdrawalStatus.confirming && w.transferPackage && w.transferMchId && w.transferAppId
        ? { mchId: w.transferMchId, appId: w.transferAppId, package: w.transferPackage }
        : null,
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
    if (amount > withdrawable)
      throw createOverWithdrawableError({ message: `提现金额超过可提现余额（可提现${formatYuan(withdrawable, { grouping: false })}）` })
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
      note: `提现申请 ${formatYuan(amount, { grouping: false })}`,
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
export async function finishPay({
  db,
  id,
  transactionNo,
  adminId,
  actor,
}: {
  db: Executor
  id: number
  transactionNo: string
  adminId: number
  actor?: Actor
}) {
  return handle({
    db,
    id,
    run: async ({ tx, withdrawal }) => {
      const updated = await createWithdrawalsRepository({ db: tx }).update({
        id,
        values: { status: WithdrawalStatus.paid, transactionNo, handledBy: adminId, handledAt: new Date() },
      })
      await recordMessage(tx, withdrawal.partnerId, {
        kind: MessageKind.withdrawalPaid,
        withdrawalId: id,
        amount: withdrawal.amount,
        payoutType: withdrawal.payoutType,
      })
      if (actor)
        await recordAudit({
          tx,
          actor,
          entry: {
            action: 'withdrawal.pay',
            entityType: 'withdrawal',
            entityId: id,
            summary: `提现${formatYuan(withdrawal.amount, { grouping: false })}已打款（${withdrawal.payoutName}，流水号${transactionNo}）`,
            before: { status: withdrawal.status, amount: withdrawal.amount },
            after: { status: updated.status, amount: updated.amount, transactionNo },
          },
        })
      return updated
    },
  })
}

/** Finance refused it: 审核中 -> 已拒绝, and the amount returns exactly once as a 提现退回 entry. */
export async function refuseWithdrawal({
  db,
  id,
  reason,
  adminId,
  actor,
}: {
  db: Executor
  id: number
  reason: string
  adminId: number
  actor?: Actor
}) {
  return handle({
    db,
    id,
    run: async ({ tx, withdrawal }) => {
      const ledger = createLedgerRepository({ db: tx })
      const balance = await ledger.lockWallet({ partnerId: withdrawal.partnerId })
      const entry = await ledger.post({
        partnerId: withdrawal.partnerId,
        type: LedgerType.refund,
        amount: withdrawal.amount,
        note: `提现被拒绝：${reason}`,
        refType: 'withdrawal',
        refId: withdrawal.id,
      })
      const updated = await createWithdrawalsRepository({ db: tx }).update({
        id,
        values: { status: WithdrawalStatus.refused, refuseReason: reason, handledBy: adminId, handledAt: new Date() },
      })
      await recordMessage(tx, withdrawal.partnerId, {
        kind: MessageKind.withdrawalRefused,
        withdrawalId: id,
        amount: withdrawal.amount,
        reason,
      })
      if (actor)
        await recordAudit({
          tx,
          actor,
          entry: {
            action: 'withdrawal.refuse',
            entityType: 'withdrawal',
            entityId: id,
            summary: `拒绝提现${formatYuan(withdrawal.amount, { grouping: false })}（${withdrawal.payoutName}）：${reason}，金额退回余额`,
            before: { status: withdrawal.status, amount: withdrawal.amount, balance },
            after: { status: updated.status, amount: updated.amount, balance: entry.balanceAfter, reason },
          },
        })
      return updated
    },
  })
}

/** Pays several, each in its own transaction: one failing (already handled, unknown) does not stop the others. */
export async function batchPay({ db, items, actor }: { db: Executor; items: Array<{ id: number; transactionNo: string }>; actor: Actor }) {
  const succeeded: number[] = []
  const failed: Array<{ id: number; message: string }> = []
  for (const item of items) {
    try {
      await finishPay({ db, id: item.id, transactionNo: item.transactionNo, adminId: actor.id, actor })
      succeeded.push(item.id)
    } catch (error) {
      if (!isAppError(error)) throw error
      failed.push({ id: item.id, message: error.message })
    }
  }
  return { succeeded, failed }
}

/** The partner's own withdrawals, newest first. */
export async function listPartnerWithdrawals({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createWithdrawalsRepository>['listForPartner']>[0]) {
  return createWithdrawalsRepository({ db }).listForPartner(query)
}

/** 财务's list: withdrawals with their partner; 审核中 first unless sorted. */
export async function listWithdrawals({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createWithdrawalsRepository>['list']>[0]) {
  return createWithdrawalsRepository({ db }).list(query)
}

/** How many withdrawals the console's list shows for this filter and their sum in fen (工作台: 审核中 to pay). */
export async function withdrawalTotals({ db, filter }: { db: Executor; filter: WithdrawalFilter }) {
  return createWithdrawalsRepository({ db }).totals(filter)
}

/** One withdrawal. */
export async function findWithdrawal({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createWithdrawalsRepository>['findById']>[0]) {
  return createWithdrawalsRepository({ db }).findById(query)
}

/** The export's next batch after `last`, in the list's order. */
export async function exportWithdrawalsBatch({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createWithdrawalsRepository>['exportBatch']>[0]) {
  return createWithdrawalsRepository({ db }).exportBatch(query)
}
