import type { IncomingNotification } from '../pay/index.ts'

/**
 * The far side of payouts: a merchant transfer (商家转账) to a partner's WeChat balance, which
 * the partner confirms in the mini-program (`requestMerchantTransfer` with the bill's
 * package_info); the provider tells us the outcome by a signed notification, and only that
 * notification marks a withdrawal paid.
 *
 * - `wechatpay`: WeChat Pay API v3, POST /v3/fund-app/mch-transfer/transfer-bills (signed like
 *   pay), notifications MCHTRANSFER.BILL.FINISHED verified and decrypted like pay's.
 * - `sandbox`: development and tests. Answers a bill at once and completes it only when asked
 *   (confirm / fail / expire), by sending itself an HMAC-signed notification.
 */

export type TransferProviderName = 'sandbox' | 'wechatpay'

export interface TransferBill {
  /** Ours, unique per attempt: letters and digits only, 5-32 characters. */
  outBillNo: string
  /** Fen. */
  amount: number
  /** The partner's open id under the mini-program. */
  openId: string
  /** The payee's real name; WeChat checks it (required from ¥2,000.00). */
  userName: string
  /** Shown to the partner, at most 32 characters. */
  remark: string
}

/** A bill WeChat accepted: what the partner's `requestMerchantTransfer` needs, and its state. */
export interface CreatedTransfer {
  /** WeChat's transfer bill number. */
  billNo: string
  /** WeChat's state, e.g. WAIT_USER_CONFIRM. */
  state: string
  packageInfo: string
  mchId: string
  appId: string
}

/** What a verified transfer notification says. */
export type TransferNotice =
  | {
      kind: 'bill'
      notificationId: string
      outBillNo: string
      billNo: string | null
      result: 'success' | 'fail'
      /** Fen, as the provider saw it. */
      amount: number
      /** Why it failed, for a person (Chinese); null on success. */
      reason: string | null
    }
  | { kind: 'ignored'; notificationId: string; reason: string }

export interface TransferProvider {
  name: TransferProviderName
  /** Throws PayGatewayError; its `refused` is set only when the provider definitely made no bill. */
  createTransfer(bill: TransferBill): Promise<CreatedTransfer>
  /** Verifies and reads a notification; throws NotificationRejectedError when it is not genuine. */
  parseNotification(args: IncomingNotification): Promise<TransferNotice>
  close?(): void
}

export type SandboxTransferResult = 'confirm' | 'fail' | 'expire'

export interface SandboxTransferProvider extends TransferProvider {
  name: 'sandbox'
  /** Plays the partner and WeChat: sends the signed notification now; resolves with the notify route's answer. */
  complete(args: { outBillNo: string; amount: number; result: SandboxTransferResult }): Promise<{ statusCode: number; body: string }>
}

/** WeChat's fail_reason codes, as a person reads them. */
const FAIL_REASONS: Record<string, string> = {
  ACCOUNT_FROZEN: '收款人微信账户已冻结',
  REAL_NAME_CHECK_FAIL: '收款人未完成微信实名认证',
  NAME_NOT_CORRECT: '收款人姓名与微信实名不一致',
  OPENID_INVALID: '收款人微信身份无效',
  TRANSFER_QUOTA_EXCEED: '超过收款人单笔收款额度',
  DAY_RECEIVED_QUOTA_EXCEED: '超过收款人单日收款额度',
  MONTH_RECEIVED_QUOTA_EXCEED: '超过收款人单月收款额度',
  DAY_RECEIVED_COUNT_EXCEED: '超过收款人单日收款次数',
  ACCOUNT_NOT_EXIST: '收款人微信账户不存在',
  PAYEE_ACCOUNT_ABNORMAL: '收款人微信账户收款异常',
  PAYER_ACCOUNT_ABNORMAL: '商户账户付款受限',
  TRANSFER_RISK: '该笔转账被微信风控拦截',
  OVERDUE_CLOSE: '收款人超时未确认收款，转账已关闭',
  MERCHANT_REJECT: '商户已驳回该笔转账',
  MERCHANT_NOT_CONFIRM: '商户超时未确认该笔转账',
  PRODUCT_AUTH_CHECK_FAIL: '商户未开通商家转账',
}

/** A finished bill's failure as a person reads it. */
export function transferFailReason(state: string, code?: string | null): string {
  if (code && FAIL_REASONS[code]) return FAIL_REASONS[code]
  if (state === 'CANCELLED') return '转账已撤销（收款人未确认收款）'
  return code ? `微信转账失败（${code}）` : '微信转账失败'
}
