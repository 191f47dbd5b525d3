import Taro from '@tarojs/taro'
import type { WithdrawalConfirm } from '../../../api/ems/partner'
import type { ConfirmReceiptResult } from './confirm-receipt'

export type { ConfirmReceiptResult } from './confirm-receipt'

/** WeChat mini-program: the partner confirms the transfer here (requestMerchantTransfer). */
export const CAN_CONFIRM_RECEIPT = true

export const CONFIRM_ELSEWHERE_MESSAGE = ''

interface MerchantTransferOptions {
  mchId: string
  appId: string
  package: string
  success: (result: unknown) => void
  fail: (error: { errMsg?: string }) => void
}
type MerchantTransfer = (options: MerchantTransferOptions) => void

/**
 * WeChat's confirm-receipt page (wx.requestMerchantTransfer, base library 3.3.0+) with exactly
 * the server's mchId, appId and package (the bill's package_info). Its success only means the
 * partner confirmed: the withdrawal is 已打款 once WeChat notifies the server.
 */
export async function confirmReceipt(confirm: WithdrawalConfirm): Promise<ConfirmReceiptResult> {
  // Taro 4.2 does not wrap this newer API: use Taro's if a later Taro does, else WeChat's own.
  const api =
    (Taro as unknown as { requestMerchantTransfer?: MerchantTransfer }).requestMerchantTransfer ??
    (globalThis as unknown as { wx?: { requestMerchantTransfer?: MerchantTransfer } }).wx?.requestMerchantTransfer
  if (typeof api !== 'function') return { kind: 'failed', reason: '当前微信版本过低，请升级微信后再确认收款' }
  try {
    await new Promise((resolve, reject) => {
      api({ mchId: confirm.mchId, appId: confirm.appId, package: confirm.package, success: resolve, fail: reject })
    })
    return { kind: 'ok' }
  } catch (err) {
    const message = String((err as { errMsg?: unknown } | null)?.errMsg ?? '')
    if (/cancel/i.test(message)) return { kind: 'cancelled' }
    return { kind: 'failed', reason: '确认收款未完成，请稍后重试' }
  }
}
