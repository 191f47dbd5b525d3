import crypto from 'node:crypto'
import { PayChannel } from '../../wire.ts'
import {
  assertFresh,
  header,
  nonce,
  NotificationRejectedError,
  PayGatewayError,
  type IncomingNotification,
  type PayProvider,
  type WechatClientParams,
} from './shared.ts'

/** WeChat Pay API v3: JSAPI / mini-program prepay, RSA-SHA256 request signatures, notification signatures checked with the platform certificate, AEAD_AES_256_GCM resources. */
export interface WechatPayConfig {
  mchId: string
  /** The official account's app id (JSAPI, H5 in WeChat). */
  appId: string
  /** The mini-program's app id; the official account's when not set. */
  miniAppId?: string
  /** Serial number of the merchant API certificate. */
  serialNo: string
  /** Merchant API private key (PEM). */
  privateKey: string
  /** APIv3 key: 32 characters. */
  apiV3Key: string
  /** WeChat Pay platform certificate or WeChat Pay public key (PEM). */
  platformCert: string
  notifyUrl: string
  apiUrl: string
}

/** The `Authorization` header of a v3 API request: `WECHATPAY2-SHA256-RSA2048 mchid=...,signature=...`. */
export function wechatPayAuthorization(args: {
  mchId: string
  serialNo: string
  privateKey: crypto.KeyLike
  method: string
  /** Path and query, e.g. `/v3/pay/transactions/jsapi`. */
  urlPath: string
  body: string
  timestamp: number
  nonce: string
}): string {
  const message = `${args.method}\n${args.urlPath}\n${args.timestamp}\n${args.nonce}\n${args.body}\n`
  const signature = crypto.sign('sha256', Buffer.from(message, 'utf8'), args.privateKey).toString('base64')
  return `WECHATPAY2-SHA256-RSA2048 mchid="${args.mchId}",nonce_str="${args.nonce}",signature="${signature}",timestamp="${args.timestamp}",serial_no="${args.serialNo}"`
}

/** The parameters of `requestPayment` / `chooseWXPay`, signed over `appId\ntimeStamp\nnonceStr\npackage\n`. */
export function wechatPayClientParams(args: {
  appId: string
  prepayId: string
  privateKey: crypto.KeyLike
  timestamp: number
  nonce: string
}): WechatClientParams {
  const pkg = `prepay_id=${args.prepayId}`
  const timeStamp = String(args.timestamp)
  const paySign = crypto
    .sign('sha256', Buffer.from(`${args.appId}\n${timeStamp}\n${args.nonce}\n${pkg}\n`, 'utf8'), args.privateKey)
    .toString('base64')
  return { appId: args.appId, timeStamp, nonceStr: args.nonce, package: pkg, signType: 'RSA', paySign }
}

/** Checks `Wechatpay-Signature` over `timestamp\nnonce\nbody\n` with the platform key. */
export function verifyWechatPaySignature(args: {
  publicKey: crypto.KeyLike
  timestamp: string
  nonce: string
  body: string
  signature: string
}): boolean {
  try {
    return crypto.verify(
      'sha256',
      Buffer.from(`${args.timestamp}\n${args.nonce}\n${args.body}\n`, 'utf8'),
      args.publicKey,
      Buffer.from(args.signature, 'base64'),
    )
  } catch {
    return false
  }
}

/** Decrypts a notification `resource` (AEAD_AES_256_GCM, key = APIv3 key, the tag is the last 16 bytes). */
export function decryptWechatPayResource(args: { apiV3Key: string; ciphertext: string; nonce: string; associatedData?: string }): string {
  const data = Buffer.from(args.ciphertext, 'base64')
  if (data.length <= 16) throw new NotificationRejectedError('ciphertext too short')
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(args.apiV3Key, 'utf8'), Buffer.from(args.nonce, 'utf8'))
  decipher.setAAD(Buffer.from(args.associatedData ?? '', 'utf8'))
  decipher.setAuthTag(data.subarray(data.length - 16))
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
  } catch {
    throw new NotificationRejectedError('resource does not decrypt')
  }
}

/** A platform certificate (BEGIN CERTIFICATE) or a WeChat Pay public key (BEGIN PUBLIC KEY). */
export function platformPublicKey(pem: string): crypto.KeyObject {
  return pem.includes('BEGIN CERTIFICATE') ? new crypto.X509Certificate(pem).publicKey : crypto.createPublicKey(pem)
}

/**
 * The keys a v3 provider (pay, transfer) works with: the merchant's private key that signs our
 * requests and the platform's public key that checks WeChat's answers. Refuses an APIv3 key that
 * is not 32 bytes (it decrypts the notifications).
 */
export function wechatPayKeys(config: Pick<WechatPayConfig, 'privateKey' | 'platformCert' | 'apiV3Key'>): {
  privateKey: crypto.KeyObject
  publicKey: crypto.KeyObject
} {
  if (Buffer.byteLength(config.apiV3Key, 'utf8') !== 32) throw new Error('WECHATPAY_API_V3_KEY must be 32 bytes')
  return { privateKey: crypto.createPrivateKey(config.privateKey), publicKey: platformPublicKey(config.platformCert) }
}

/**
 * A signed v3 API POST whose answer must be signed by the platform: returns the answer's JSON.
 * Throws PayGatewayError (with `definite` when WeChat answered with an error, so nothing was made).
 */
export async function wechatPayPost({
  config,
  privateKey,
  publicKey,
  urlPath,
  payload,
  headers = {},
  fetchImpl,
  timeoutMs,
  failMessage,
}: {
  config: Pick<WechatPayConfig, 'mchId' | 'serialNo' | 'apiUrl'>
  privateKey: crypto.KeyObject
  publicKey: crypto.KeyObject
  urlPath: string
  payload: unknown
  headers?: Record<string, string>
  fetchImpl: typeof fetch
  timeoutMs: number
  /** What a person reads when WeChat refuses. */
  failMessage: string
}): Promise<Record<string, unknown>> {
  const body = JSON.stringify(payload)
  const authorization = wechatPayAuthorization({
    mchId: config.mchId,
    serialNo: config.serialNo,
    privateKey,
    method: 'POST',
    urlPath,
    body,
    timestamp: Math.floor(Date.now() / 1000),
    nonce: nonce(),
  })
  let response: Response
  try {
    response = await fetchImpl(`${config.apiUrl}${urlPath}`, {
      method: 'POST',
      headers: {
        ...headers,
        authorization,
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'activity-mobile-server',
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new PayGatewayError(`WeChat Pay unreachable: ${String(error)}`)
  }
  const text = await response.text()
  if (!response.ok) {
    let code = ''
    let message = ''
    try {
      const e = JSON.parse(text) as { code?: unknown; message?: unknown }
      code = typeof e.code === 'string' ? e.code : ''
      message = typeof e.message === 'string' ? e.message : ''
    } catch {
      // not JSON: a proxy's page
    }
    // 4xx with WeChat's error code: refused, nothing made. 5xx or no code: the outcome is unknown.
    const definite = response.status >= 400 && response.status < 500 && code !== '' && code !== 'SYSTEM_ERROR'
    throw new PayGatewayError(
      `WeChat Pay ${urlPath} answered HTTP ${response.status}: ${text.slice(0, 300)}`,
      failMessage,
      definite ? { code, message } : undefined,
    )
  }
  // An answer that is not signed by the platform is not WeChat's.
  const h = Object.fromEntries(response.headers.entries())
  const signed = verifyWechatPaySignature({
    publicKey,
    timestamp: header(h, 'wechatpay-timestamp') ?? '',
    nonce: header(h, 'wechatpay-nonce') ?? '',
    body: text,
    signature: header(h, 'wechatpay-signature') ?? '',
  })
  if (!signed) throw new PayGatewayError('WeChat Pay answer signature does not verify')
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new PayGatewayError('WeChat Pay answered with something that is not JSON')
  }
}

/**
 * Verifies a v3 notification (fresh, signed by the platform) and decrypts its resource: the
 * notification id, its event type and the plain resource text.
 */
export function openWechatPayNotification({
  headers,
  body,
  now = new Date(),
  publicKey,
  apiV3Key,
}: IncomingNotification & { publicKey: crypto.KeyObject; apiV3Key: string }): {
  notificationId: string
  eventType: string
  plain: string
} {
  const timestamp = header(headers, 'wechatpay-timestamp')
  const nonceValue = header(headers, 'wechatpay-nonce')
  const signature = header(headers, 'wechatpay-signature')
  if (!timestamp || !nonceValue || !signature) throw new NotificationRejectedError('missing Wechatpay-* headers')
  assertFresh(timestamp, now)
  if (!verifyWechatPaySignature({ publicKey, timestamp, nonce: nonceValue, body, signature }))
    throw new NotificationRejectedError('signature does not verify')
  let parsed: {
    id?: unknown
    event_type?: unknown
    resource?: { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown }
  }
  try {
    parsed = JSON.parse(body) as typeof parsed
  } catch {
    throw new NotificationRejectedError('body is not JSON')
  }
  const notificationId = typeof parsed.id === 'string' ? parsed.id : ''
  const r = parsed.resource
  if (!notificationId || !r || r.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') {
    throw new NotificationRejectedError('not a v3 encrypted notification')
  }
  const plain = decryptWechatPayResource({
    apiV3Key,
    ciphertext: r.ciphertext,
    nonce: r.nonce,
    associatedData: typeof r.associated_data === 'string' ? r.associated_data : '',
  })
  return { notificationId, eventType: typeof parsed.event_type === 'string' ? parsed.event_type : '', plain }
}

const FAILED_STATES = new Set(['PAYERROR', 'CLOSED', 'REVOKED'])

export function createWechatPayProvider({
  config,
  fetchImpl = fetch,
  timeoutMs = 10_000,
}: {
  config: WechatPayConfig
  fetchImpl?: typeof fetch
  timeoutMs?: number
}): PayProvider {
  const { privateKey, publicKey } = wechatPayKeys(config)

  return {
    name: 'wechatpay',
    channels: [PayChannel.wechatMini, PayChannel.wechatJsapi],

    async createPayment({ order, channel, openId }) {
      if (channel === PayChannel.alipayMini) throw new PayGatewayError('wechatpay cannot pay alipay-mini', '暂不支持支付宝支付')
      if (!openId) throw new PayGatewayError('no open id', '请先在微信中授权登录后再支付')
      const appId = channel === PayChannel.wechatMini ? (config.miniAppId ?? config.appId) : config.appId
      const answer = await wechatPayPost({
        config,
        privateKey,
        publicKey,
        urlPath: '/v3/pay/transactions/jsapi',
        payload: {
          appid: appId,
          mchid: config.mchId,
          description: order.description.slice(0, 127),
          out_trade_no: order.orderNo,
          notify_url: config.notifyUrl,
          amount: { total: order.amount, currency: 'CNY' },
          payer: { openid: openId },
        },
        fetchImpl,
        timeoutMs,
        failMessage: '微信支付下单失败，请稍后再试',
      })
      const prepayId = answer.prepay_id
      if (typeof prepayId !== 'string' || prepayId === '') throw new PayGatewayError('WeChat Pay answered without prepay_id')
      return {
        wechat: wechatPayClientParams({ appId, prepayId, privateKey, timestamp: Math.floor(Date.now() / 1000), nonce: nonce() }),
        alipay: null,
      }
    },

    async refund({ orderNo, refundNo, amount, total, reason }) {
      const answer = await wechatPayPost({
        config,
        privateKey,
        publicKey,
        urlPath: '/v3/refund/domestic/refunds',
        payload: {
          out_trade_no: orderNo,
          out_refund_no: refundNo,
          reason: reason.slice(0, 80),
          notify_url: config.notifyUrl,
          amount: { refund: amount, total, currency: 'CNY' },
        },
        fetchImpl,
        timeoutMs,
        failMessage: '微信支付退款失败',
      })
      const status = typeof answer.status === 'string' ? answer.status : ''
      const refundId = typeof answer.refund_id === 'string' ? answer.refund_id : null
      if (answer.out_refund_no !== undefined && answer.out_refund_no !== refundNo)
        throw new PayGatewayError('WeChat Pay answered for another refund')
      if (status === 'SUCCESS') return { status: 'done', providerRefundId: refundId }
      if (status === 'PROCESSING') return { status: 'pending', providerRefundId: refundId }
      throw new PayGatewayError(`WeChat Pay refund ${refundNo} is ${status}`, '微信支付退款失败', {
        code: status || 'UNKNOWN',
        message: '退款关闭或异常',
      })
    },

    async parseNotification(notification) {
      const { notificationId, eventType, plain } = openWechatPayNotification({ ...notification, publicKey, apiV3Key: config.apiV3Key })
      if (eventType.startsWith('REFUND.')) {
        const r = JSON.parse(plain) as {
          mchid?: string
          out_trade_no?: string
          out_refund_no?: string
          refund_id?: string
          refund_status?: string
        }
        if (r.mchid !== config.mchId) throw new NotificationRejectedError('notification for another merchant')
        // A refund event that names no refund of ours changes nothing.
        if (typeof r.out_refund_no !== 'string' || typeof r.out_trade_no !== 'string')
          return { kind: 'ignored', notificationId, reason: 'refund without refund or order number' }
        const status = r.refund_status ?? ''
        if (status !== 'SUCCESS' && status !== 'CLOSED' && status !== 'ABNORMAL')
          return { kind: 'ignored', notificationId, reason: `refund_status ${status}` }
        return {
          kind: 'refund',
          notificationId,
          orderNo: r.out_trade_no,
          refundNo: r.out_refund_no,
          result: status === 'SUCCESS' ? 'success' : 'fail',
          providerRefundId: r.refund_id ?? null,
          reason: status === 'SUCCESS' ? null : status === 'CLOSED' ? '退款关闭' : '退款异常',
        }
      }
      if (!eventType.startsWith('TRANSACTION.')) {
        return { kind: 'ignored', notificationId, reason: `event ${eventType}` }
      }
      const t = JSON.parse(plain) as {
        mchid?: string
        out_trade_no?: string
        transaction_id?: string
        trade_state?: string
        trade_state_desc?: string
        success_time?: string
        amount?: { total?: number }
      }
      if (t.mchid !== config.mchId) throw new NotificationRejectedError('notification for another merchant')
      if (typeof t.out_trade_no !== 'string' || typeof t.amount?.total !== 'number')
        throw new NotificationRejectedError('transaction without order number or amount')
      const state = t.trade_state ?? ''
      if (state !== 'SUCCESS' && !FAILED_STATES.has(state)) return { kind: 'ignored', notificationId, reason: `trade_state ${state}` }
      return {
        kind: 'transaction',
        notificationId,
        orderNo: t.out_trade_no,
        result: state === 'SUCCESS' ? 'success' : 'fail',
        amount: t.amount.total,
        transactionId: t.transaction_id ?? null,
        paidAt: state === 'SUCCESS' && t.success_time ? new Date(t.success_time) : null,
        reason: state === 'SUCCESS' ? null : (t.trade_state_desc ?? state),
      }
    },
  }
}
