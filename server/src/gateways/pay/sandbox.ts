import crypto from 'node:crypto'
import { PayChannel } from '../../wire.ts'
import {
  assertFresh,
  header,
  nonce,
  NotificationRejectedError,
  PayGatewayError,
  type IncomingNotification,
  type PayProviderName,
  type SandboxPayProvider,
} from './shared.ts'

/** The sandbox, for development and tests: completes a payment by sending itself an HMAC-signed notification to the same notify route. */
export const SANDBOX_HEADERS = { timestamp: 'x-sandbox-timestamp', nonce: 'x-sandbox-nonce', signature: 'x-sandbox-signature' } as const

export function sandboxSignature({
  secret,
  timestamp,
  nonce,
  body,
}: {
  secret: string
  timestamp: string
  nonce: string
  body: string
}): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${body}\n`).digest('hex')
}

/** The headers of a sandbox notification of `body`: timestamped now and signed with the shared secret. */
export function sandboxNotificationHeaders(secret: string, body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const n = nonce()
  return {
    'content-type': 'application/json',
    [SANDBOX_HEADERS.timestamp]: timestamp,
    [SANDBOX_HEADERS.nonce]: n,
    [SANDBOX_HEADERS.signature]: sandboxSignature({ secret, timestamp, nonce: n, body }),
  }
}

/** Refuses (NotificationRejectedError) a sandbox notification that is unsigned, stale, or not signed with the secret. */
export function verifySandboxNotification({ secret, headers, body, now }: { secret: string; now: Date } & IncomingNotification): void {
  const timestamp = header(headers, SANDBOX_HEADERS.timestamp)
  const n = header(headers, SANDBOX_HEADERS.nonce)
  const signature = header(headers, SANDBOX_HEADERS.signature)
  if (!timestamp || !n || !signature || !/^[0-9a-f]{64}$/.test(signature)) throw new NotificationRejectedError('missing sandbox signature')
  assertFresh(timestamp, now)
  const expected = Buffer.from(sandboxSignature({ secret, timestamp, nonce: n, body }), 'hex')
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new NotificationRejectedError('signature does not verify')
}

/** Delivers a notification to this app's notify route (the app passes `app.inject`). */
export type NotificationDelivery = (args: {
  provider: PayProviderName
  headers: Record<string, string>
  body: string
}) => Promise<{ statusCode: number; body: string }>

export function createSandboxPayProvider({
  secret,
  autoCompleteMs,
  deliver,
  onError,
}: {
  secret: string
  autoCompleteMs: number
  deliver: NotificationDelivery
  onError?: (error: unknown) => void
}): SandboxPayProvider {
  const timers = new Set<NodeJS.Timeout>()
  let closed = false

  const provider: SandboxPayProvider = {
    name: 'sandbox',
    channels: [PayChannel.wechatMini, PayChannel.wechatJsapi, PayChannel.alipayMini],

    async createPayment({ order, channel }) {
      if (autoCompleteMs > 0 && !closed) {
        const timer = setTimeout(() => {
          timers.delete(timer)
          if (!closed)
            provider
              .complete({ orderNo: order.orderNo, amount: order.amount, result: 'success' })
              .catch((error: unknown) => onError?.(error))
        }, autoCompleteMs)
        timer.unref()
        timers.add(timer)
      }
      if (channel === PayChannel.alipayMini) return { wechat: null, alipay: { tradeNO: `SANDBOX${order.orderNo}` } }
      return {
        wechat: {
          appId: 'wx-sandbox',
          timeStamp: String(Math.floor(Date.now() / 1000)),
          nonceStr: nonce(),
          package: `prepay_id=sandbox_${order.orderNo}`,
          signType: 'RSA',
          paySign: 'SANDBOX',
        },
        alipay: null,
      }
    },

    async refund({ refundNo, amount }) {
      if (amount < 1) throw new PayGatewayError('sandbox refund of nothing', '退款金额不正确', { code: 'PARAM_ERROR', message: 'amount' })
      return { status: 'done', providerRefundId: `SBXR${refundNo}` }
    },

    async complete({ orderNo, amount, result }) {
      const body = JSON.stringify({
        id: `SBX-${crypto.randomUUID()}`,
        orderNo,
        amount,
        result,
        transactionId: result === 'success' ? `SBX${Date.now()}${crypto.randomInt(1000, 9999)}` : null,
        paidAt: result === 'success' ? new Date().toISOString() : null,
        reason: result === 'success' ? null : '沙箱支付失败',
      })
      return deliver({ provider: 'sandbox', headers: sandboxNotificationHeaders(secret, body), body })
    },

    async parseNotification({ headers, body, now = new Date() }) {
      verifySandboxNotification({ secret, headers, body, now })
      let p: {
        id?: unknown
        orderNo?: unknown
        amount?: unknown
        result?: unknown
        transactionId?: unknown
        paidAt?: unknown
        reason?: unknown
      }
      try {
        p = JSON.parse(body) as typeof p
      } catch {
        throw new NotificationRejectedError('body is not JSON')
      }
      if (
        typeof p.id !== 'string' ||
        typeof p.orderNo !== 'string' ||
        typeof p.amount !== 'number' ||
        (p.result !== 'success' && p.result !== 'fail')
      ) {
        throw new NotificationRejectedError('malformed sandbox notification')
      }
      return {
        kind: 'transaction',
        notificationId: p.id,
        orderNo: p.orderNo,
        result: p.result,
        amount: p.amount,
        transactionId: typeof p.transactionId === 'string' ? p.transactionId : null,
        paidAt: typeof p.paidAt === 'string' ? new Date(p.paidAt) : null,
        reason: typeof p.reason === 'string' ? p.reason : null,
      }
    },

    close() {
      closed = true
      for (const t of timers) clearTimeout(t)
      timers.clear()
    },
  }
  return provider
}
