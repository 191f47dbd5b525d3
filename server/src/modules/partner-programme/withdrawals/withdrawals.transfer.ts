import { formatYuan } from '@activity/money'
import type { Executor } from '../../../db/types.ts'
import { type IncomingNotification, NotificationRejectedError, PayGatewayError } from '../../../gateways/pay/index.ts'
import type { TransferGateway } from '../../../gateways/transfer/index.ts'
import { LoginPlatform, LoginType, MessageKind, WithdrawalStatus } from '../../../wire.ts'
import { type Actor, recordAudit } from '../../platform/index.ts'
import { recordMessage } from '../../platform/index.ts'
import { createOpenIdBindingsRepository } from '../../platform/index.ts'
import {
  createAlreadyHandledError,
  createNoMiniOpenIdError,
  createTransferAmountError,
  createTransferNotConfiguredError,
  createTransferNotificationRejectedError,
  createTransferUpstreamError,
  createUnknownTransferProviderError,
  createWithdrawalNotFoundError,
} from './withdrawals.errors.ts'
import { createWithdrawalsRepository, type WithdrawalRow } from './withdrawals.repository.ts'

/** What the partner sees on the WeChat receipt. */
export const TRANSFER_REMARK = '合伙人佣金提现'

/** Shown to finance when WeChat's answer was lost: pressing 微信转账 again resends the same bill. */
export const TRANSFER_UNKNOWN_REASON = '微信转账结果未知，请再次点击微信转账（同一单号重试，不会重复打款）'

/** Our bill number of a withdrawal's nth transfer attempt (WeChat allows letters and digits). */
export const outBillNoOf = (withdrawalId: number, attempt: number) => `WD${withdrawalId}N${attempt}`
const withdrawalIdOf = (outBillNo: string) => {
  const m = /^WD(\d{1,12})N\d{1,6}$/.exec(outBillNo)
  return m ? Number(m[1]) : null
}

/**
 * Finance pays a withdrawal by WeChat transfer. Three short steps, never an outside call inside a
 * transaction:
 * 1. the row is locked and claimed: 审核中 -> 待确认收款 with a new out bill number (a manual pay or
 *    refuse racing it finds it no longer 审核中, and it finds theirs no longer 审核中);
 * 2. WeChat is asked for the bill (same out bill number on a retry, so WeChat makes it once);
 * 3. its package_info is stored for the partner's confirm-receipt, unless a notification came first.
 * When WeChat definitely refused, the withdrawal goes back to 审核中 with the reason; when the
 * answer was lost it stays 待确认收款 without a package, and 微信转账 again resends the same bill.
 * Only the notification (applyTransferNotification) marks it paid.
 */
export async function startTransfer({
  db,
  transfer,
  id,
  adminId,
  actor,
}: {
  db: Executor
  transfer: TransferGateway
  id: number
  adminId: number
  actor?: Actor
}): Promise<WithdrawalRow> {
  const provider = transfer.provider
  if (!provider) throw createTransferNotConfiguredError()

  const claimed = await db.transaction(async (tx) => {
    const repo = createWithdrawalsRepository({ db: tx })
    const w = await repo.findByIdForUpdate({ id })
    if (!w) throw createWithdrawalNotFoundError()
    const retry = w.status === WithdrawalStatus.confirming && !w.transferPackage && w.transferOutBillNo !== null
    if (w.status !== WithdrawalStatus.applying && !retry) throw createAlreadyHandledError({ message: `该提现已处理（${w.status}）` })
    const binding = await createOpenIdBindingsRepository({ db: tx }).findForPartner({
      partnerId: w.partnerId,
      platform: LoginPlatform.weixin,
      type: LoginType.miniProgram,
    })
    if (!binding) throw createNoMiniOpenIdError()
    if (retry) return { withdrawal: w, outBillNo: w.transferOutBillNo!, openId: binding.openId }
    const attempts = w.transferAttempts + 1
    const outBillNo = outBillNoOf(w.id, attempts)
    const updated = await repo.update({
      id,
      values: {
        status: WithdrawalStatus.confirming,
        transferProvider: provider.name,
        transferOutBillNo: outBillNo,
        transferAttempts: attempts,
        transferBillNo: null,
        transferPackage: null,
        transferMchId: null,
        transferAppId: null,
        transferFailReason: null,
        handledBy: adminId,
      },
    })
    if (actor)
      await recordAudit({
        tx,
        actor,
        entry: {
          action: 'withdrawal.transfer',
          entityType: 'withdrawal',
          entityId: id,
          summary: `提现${formatYuan(w.amount, { grouping: false })}发起微信转账（${w.payoutName}，商户单号${outBillNo}），待合伙人确认收款`,
          before: { status: w.status, amount: w.amount },
          after: { status: updated.status, amount: updated.amount, outBillNo },
        },
      })
    return { withdrawal: updated, outBillNo, openId: binding.openId }
  })

  const { withdrawal, outBillNo, openId } = claimed
  /** Changes the row only while it is still this attempt, waiting, without a package. */
  const settle = (values: Partial<WithdrawalRow>) =>
    db.transaction(async (tx) => {
      const repo = createWithdrawalsRepository({ db: tx })
      const w = await repo.findByIdForUpdate({ id })
      if (!w || w.status !== WithdrawalStatus.confirming || w.transferOutBillNo !== outBillNo || w.transferPackage) return w
      return repo.update({ id, values })
    })

  let created
  try {
    created = await provider.createTransfer({
      outBillNo,
      amount: withdrawal.amount,
      openId,
      userName: withdrawal.payoutName,
      remark: TRANSFER_REMARK,
    })
  } catch (error) {
    if (!(error instanceof PayGatewayError)) {
      await settle({ transferFailReason: TRANSFER_UNKNOWN_REASON })
      throw error
    }
    if (error.refused) {
      await settle({ status: WithdrawalStatus.applying, transferFailReason: error.publicMessage })
      throw createTransferUpstreamError({ message: `微信转账未发起：${error.publicMessage}` })
    }
    await settle({ transferFailReason: TRANSFER_UNKNOWN_REASON })
    throw createTransferUpstreamError({ message: TRANSFER_UNKNOWN_REASON })
  }
  const stored = await settle({
    transferBillNo: created.billNo,
    transferPackage: created.packageInfo,
    transferMchId: created.mchId,
    transferAppId: created.appId,
    transferFailReason: null,
  })
  return stored ?? withdrawal
}

export type TransferOutcome = 'paid' | 'failed' | 'unchanged' | 'ignored'

/**
 * Applies a transfer notification: verified first (401 otherwise, nothing changes), then in one
 * transaction the withdrawal that bill number names is locked; its amount must match; only while
 * it waits on that very bill does it move: SUCCESS -> 已打款 with WeChat's bill number as the
 * transaction number; FAIL / CANCELLED -> back to 审核中 with the reason. A repeat, or a late
 * notice of an earlier attempt, finds it moved and changes nothing (paid once).
 */
export async function applyTransferNotification({
  db,
  transfer,
  providerName,
  notification,
}: {
  db: Executor
  transfer: TransferGateway
  providerName: string
  notification: IncomingNotification
}): Promise<{ outcome: TransferOutcome; withdrawalId: number | null }> {
  const provider = transfer.find(providerName)
  if (!provider) throw createUnknownTransferProviderError()
  let notice
  try {
    notice = await provider.parseNotification(notification)
  } catch (error) {
    if (error instanceof NotificationRejectedError || error instanceof SyntaxError) throw createTransferNotificationRejectedError()
    throw error
  }
  if (notice.kind === 'ignored') return { outcome: 'ignored', withdrawalId: null }
  return db.transaction(async (tx) => {
    const repo = createWithdrawalsRepository({ db: tx })
    // The bill number names the withdrawal, so a late notice of an earlier attempt finds it too.
    const id = withdrawalIdOf(notice.outBillNo)
    const w = id === null ? undefined : await repo.findByIdForUpdate({ id })
    if (!w || w.transferProvider !== provider.name) throw createWithdrawalNotFoundError()
    if (notice.amount !== w.amount) throw createTransferAmountError()
    if (w.status !== WithdrawalStatus.confirming || w.transferOutBillNo !== notice.outBillNo)
      return { outcome: 'unchanged', withdrawalId: w.id }
    if (notice.result === 'success') {
      await repo.update({
        id: w.id,
        values: {
          status: WithdrawalStatus.paid,
          transactionNo: notice.billNo ?? w.transferBillNo ?? notice.outBillNo,
          transferPackage: null,
          transferFailReason: null,
          handledAt: new Date(),
        },
      })
      await recordMessage(tx, w.partnerId, {
        kind: MessageKind.withdrawalPaid,
        withdrawalId: w.id,
        amount: w.amount,
        payoutType: w.payoutType,
      })
      return { outcome: 'paid', withdrawalId: w.id }
    }
    await repo.update({
      id: w.id,
      values: { status: WithdrawalStatus.applying, transferPackage: null, transferFailReason: notice.reason ?? '微信转账失败' },
    })
    return { outcome: 'failed', withdrawalId: w.id }
  })
}
