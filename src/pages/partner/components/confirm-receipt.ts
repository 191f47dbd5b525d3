import type { WithdrawalConfirm } from '../../../api/ems/partner'

/**
 * H5 and the Alipay mini-program: a WeChat transfer is confirmed only in the WeChat mini-program
 * (confirm-receipt.weapp.ts calls requestMerchantTransfer), so the record says where to confirm.
 */
export const CAN_CONFIRM_RECEIPT = false

export const CONFIRM_ELSEWHERE_MESSAGE = '请在微信小程序「提现」页确认收款，确认后到账微信零钱'

export type ConfirmReceiptResult = { kind: 'ok' } | { kind: 'cancelled' } | { kind: 'failed'; reason: string }

export async function confirmReceipt(_confirm: WithdrawalConfirm): Promise<ConfirmReceiptResult> {
  return { kind: 'failed', reason: CONFIRM_ELSEWHERE_MESSAGE }
}
