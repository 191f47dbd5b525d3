import crypto from 'node:crypto'
import { type PayChannel } from '../../wire.ts'

/**
 * The far side of payments. A provider creates a payment for an order and returns what the client
 * hands to `Taro.requestPayment` / `chooseWXPay` / `my.tradePay`; later the provider tells us the
 * outcome by a signed notification, and only that notification marks an order paid.
 *
 * - `wechatpay`: WeChat Pay API v3 (JSAPI / mini-program prepay, RSA-SHA256 request signatures,
 *   notification signatures checked with the platform certificate, AEAD_AES_256_GCM resources).
 * - `alipay`: Alipay open platform (alipay.trade.create for the Alipay mini-program's
 *   my.tradePay, RSA2 form notifications checked with Alipay's public key, alipay.trade.query
 *   when a notification is late).
 * - `sandbox`: development and tests. Returns sandbox parameters and completes the payment by
 *   sending itself an HMAC-signed notification to the same notify route, shortly after (when
 *   `autoCompleteMs` > 0) or when asked (POST /api/dev/payments/complete).
 */

export type PayProviderName = 'sandbox' | 'wechatpay' | 'alipay'

export interface WechatClientParams {
  appId: string
  timeStamp: string
  nonceStr: string
  package: string
  signType: 'RSA'
  paySign: string
}

export interface ClientPayParams {
  /** For `Taro.requestPayment` (mini-program) and `chooseWXPay` (JS-SDK; pass `timestamp: timeStamp`). */
  wechat: WechatClientParams | null
  /** For `my.tradePay({ tradeNO })`. */
  alipay: { tradeNO: string } | null
}

export interface PayOrder {
  orderNo: string
  /** Fen. */
  amount: number
  description: string
}

/** What a verified notification says. */
export type PayNotice =
  | {
      kind: 'transaction'
      notificationId: string
      orderNo: string
      result: 'success' | 'fail'
      /** Fen, as the provider saw it. */
      amount: number
      transactionId: string | null
      paidAt: Date | null
      reason: string | null
    }
  /** A refund's outcome (WeChat Pay's REFUND.* events): settles the refund of that number. */
  | {
      kind: 'refund'
      notificationId: string
      orderNo: string
      /** Our refund number (out_refund_no). */
      refundNo: string
      result: 'success' | 'fail'
      providerRefundId: string | null
      reason: string | null
    }
  /** A verified notification that does not change an order (a pending state). */
  | { kind: 'ignored'; notificationId: string; reason: string }

/** A refund to make: part or all of what an order's payment took. */
export interface RefundRequest {
  orderNo: string
  /** The merchant refund number (out_refund_no / out_request_no): the same number asks again, never twice. */
  refundNo: string
  /** Fen to give back. */
  amount: number
  /** Fen the payment took (WeChat wants it). */
  total: number
  reason: string
}

/**
 * What the provider said: done (the money is on its way back), pending (accepted, not finished:
 * stays 退款中). A definite refusal throws PayGatewayError with `refused`; an unknown outcome
 * throws it without, and the same refund number may be asked again.
 */
export interface RefundResult {
  status: 'done' | 'pending'
  providerRefundId: string | null
}

export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>
  /** The exact body bytes, as text: signatures cover them. */
  body: string
  now?: Date
}

export interface PayProvider {
  name: PayProviderName
  channels: readonly PayChannel[]
  createPayment(args: { order: PayOrder; channel: PayChannel; openId?: string }): Promise<ClientPayParams>
  /** Verifies and reads a notification; throws NotificationRejectedError when it is not genuine. */
  parseNotification(args: IncomingNotification): Promise<PayNotice>
  /**
   * Asks the provider where a payment stands (its notification may be late): a signed answer,
   * read like a notification. Providers without it are only told by notifications.
   */
  queryPayment?(args: { orderNo: string }): Promise<PayNotice>
  /** Gives back part or all of a payment (the refund number makes a repeat harmless). */
  refund(args: RefundRequest): Promise<RefundResult>
  /** What the notify route answers to an applied notification (Alipay wants the bare text `success`). */
  notifyAnswer?: { contentType: string; body: string }
  close?(): void
}

export interface SandboxPayProvider extends PayProvider {
  name: 'sandbox'
  /** Sends the signed notification now; resolves with the notify route's answer. */
  complete(args: { orderNo: string; amount: number; result: 'success' | 'fail' }): Promise<{ statusCode: number; body: string }>
}

/** A provider refused or failed; `publicMessage` is what a person reads (details are logged). */
export class PayGatewayError extends Error {
  override name = 'PayGatewayError'
  constructor(
    message: string,
    readonly publicMessage = '支付服务暂不可用，请稍后再试',
    /** Set when the provider definitely refused (nothing was made); unset when the outcome is unknown. */
    readonly refused?: { code: string; message: string },
  ) {
    super(message)
  }
}

/** A notification whose signature, freshness or encryption does not check out. */
export class NotificationRejectedError extends Error {
  override name = 'NotificationRejectedError'
}

/** Notifications older or newer than this are refused (replayed captures). */
export const NOTIFICATION_MAX_SKEW_SECONDS = 300

export function header(headers: IncomingNotification['headers'], name: string): string | undefined {
  const v = headers[name.toLowerCase()]
  return Array.isArray(v) ? v[0] : v
}

export function assertFresh(timestamp: string, now: Date) {
  if (!/^\d{1,12}$/.test(timestamp)) throw new NotificationRejectedError('bad timestamp')
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > NOTIFICATION_MAX_SKEW_SECONDS)
    throw new NotificationRejectedError('stale timestamp')
}

export const nonce = () => crypto.randomBytes(16).toString('hex')
