import crypto from 'node:crypto'
import fs from 'node:fs'
import { PayChannel } from '../wire.ts'
import {
  AlipayError,
  alipayCall,
  alipayKey,
  alipayNotificationSigningString,
  alipayTime,
  alipayVerify,
  fenOf,
  isAlipayUserId,
  yuanOf,
} from './alipay.ts'

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
  /** A verified notification that does not change an order (e.g. a refund event, a pending state). */
  | { kind: 'ignored'; notificationId: string; reason: string }

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

function header(headers: IncomingNotification['headers'], name: string): string | undefined {
  const v = headers[name.toLowerCase()]
  return Array.isArray(v) ? v[0] : v
}

function assertFresh(timestamp: string, now: Date) {
  if (!/^\d{1,12}$/.test(timestamp)) throw new NotificationRejectedError('bad timestamp')
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > NOTIFICATION_MAX_SKEW_SECONDS)
    throw new NotificationRejectedError('stale timestamp')
}

const nonce = () => crypto.randomBytes(16).toString('hex')

// ---------------------------------------------------------------------------------------------
// WeChat Pay API v3

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

    async parseNotification(notification) {
      const { notificationId, eventType, plain } = openWechatPayNotification({ ...notification, publicKey, apiV3Key: config.apiV3Key })
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

// ---------------------------------------------------------------------------------------------
// Alipay (open platform, RSA2)

export interface AlipayPayConfig {
  /** The Alipay mini-program's app id (the app that creates trades and receives notifications). */
  appId: string
  /** The app's private key (PEM or bare base64, PKCS#8 or PKCS#1). */
  privateKey: string
  /** Alipay's public key (PEM or bare base64) from the open platform's 接口加签方式 page. */
  alipayPublicKey: string
  /** When set, notifications must name this seller (the merchant's 2088 partner id). */
  sellerId?: string
  notifyUrl: string
  gatewayUrl: string
}

const ALIPAY_SUCCESS_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED'])

/** Alipay trade fields common to a notification and a query answer, read into a notice. */
function alipayNotice(
  t: { out_trade_no?: string; trade_no?: string; trade_status?: string; total_amount?: string; paid?: string },
  notificationId: string,
): PayNotice {
  const state = t.trade_status ?? ''
  if (!ALIPAY_SUCCESS_STATES.has(state) && state !== 'TRADE_CLOSED')
    return { kind: 'ignored', notificationId, reason: `trade_status ${state}` }
  const amount = fenOf(t.total_amount)
  if (!t.out_trade_no || amount === null) throw new NotificationRejectedError('trade without order number or amount')
  const success = ALIPAY_SUCCESS_STATES.has(state)
  return {
    kind: 'transaction',
    notificationId,
    orderNo: t.out_trade_no,
    result: success ? 'success' : 'fail',
    amount,
    transactionId: t.trade_no ?? null,
    paidAt: success ? alipayTime(t.paid) : null,
    reason: success ? null : '交易已关闭',
  }
}

export function createAlipayProvider({
  config,
  fetchImpl = fetch,
  timeoutMs = 10_000,
}: {
  config: AlipayPayConfig
  fetchImpl?: typeof fetch
  timeoutMs?: number
}): PayProvider {
  const client = {
    appId: config.appId,
    privateKey: alipayKey(config.privateKey, 'private'),
    alipayPublicKey: alipayKey(config.alipayPublicKey, 'public'),
    gatewayUrl: config.gatewayUrl,
  }
  const publicMessage = (error: AlipayError) =>
    error.subCode === 'ACQ.TRADE_HAS_SUCCESS' ? '订单已支付，无需重复支付' : '支付宝下单失败，请稍后再试'

  return {
    name: 'alipay',
    channels: [PayChannel.alipayMini],
    notifyAnswer: { contentType: 'text/plain; charset=utf-8', body: 'success' },

    async createPayment({ order, channel, openId }) {
      if (channel !== PayChannel.alipayMini) throw new PayGatewayError(`alipay cannot pay ${channel}`, '暂不支持该支付方式')
      if (!openId) throw new PayGatewayError('no alipay user id', '请先在支付宝中授权登录后再支付')
      let result
      try {
        result = await alipayCall({
          config: client,
          method: 'alipay.trade.create',
          extra: { notify_url: config.notifyUrl },
          bizContent: {
            out_trade_no: order.orderNo,
            total_amount: yuanOf(order.amount),
            subject: order.description.slice(0, 256),
            product_code: 'JSAPI_PAY',
            op_app_id: config.appId,
            ...(isAlipayUserId(openId) ? { buyer_id: openId } : { buyer_open_id: openId }),
            timeout_express: '30m',
          },
          fetchImpl,
          timeoutMs,
        })
      } catch (error) {
        if (error instanceof AlipayError) throw new PayGatewayError(error.message, publicMessage(error))
        throw error
      }
      const tradeNO = result.trade_no
      if (typeof tradeNO !== 'string' || tradeNO === '') throw new PayGatewayError('Alipay answered without trade_no')
      if (result.out_trade_no !== undefined && result.out_trade_no !== order.orderNo)
        throw new PayGatewayError('Alipay answered for another order')
      return { wechat: null, alipay: { tradeNO } }
    },

    async parseNotification({ body }) {
      const form = new URLSearchParams(body)
      const params: Record<string, string> = {}
      for (const [k, v] of form) {
        if (k in params) throw new NotificationRejectedError(`parameter ${k} given twice`)
        params[k] = v
      }
      const sign = params.sign ?? ''
      if (params.sign_type !== undefined && params.sign_type !== 'RSA2') throw new NotificationRejectedError('not an RSA2 notification')
      if (!alipayVerify(alipayNotificationSigningString(params), sign, client.alipayPublicKey))
        throw new NotificationRejectedError('signature does not verify')
      if (params.app_id !== config.appId) throw new NotificationRejectedError('notification for another app')
      if (config.sellerId && params.seller_id !== config.sellerId) throw new NotificationRejectedError('notification for another seller')
      const notificationId = params.notify_id ?? ''
      if (!notificationId) throw new NotificationRejectedError('notification without notify_id')
      // A refund's notification reports the trade again: it does not change the order.
      if (params.gmt_refund || params.refund_fee) return { kind: 'ignored', notificationId, reason: 'refund' }
      return alipayNotice({ ...params, paid: params.gmt_payment }, notificationId)
    },

    async queryPayment({ orderNo }) {
      let t
      try {
        t = await alipayCall({ config: client, method: 'alipay.trade.query', bizContent: { out_trade_no: orderNo }, fetchImpl, timeoutMs })
      } catch (error) {
        // The buyer has not opened the cashier yet: nothing to say.
        if (error instanceof AlipayError && error.subCode === 'ACQ.TRADE_NOT_EXIST')
          return { kind: 'ignored', notificationId: `query:${orderNo}`, reason: 'trade not created' }
        if (error instanceof AlipayError) throw new PayGatewayError(error.message)
        throw error
      }
      const s = (v: unknown) => (typeof v === 'string' ? v : undefined)
      const trade = {
        out_trade_no: s(t.out_trade_no),
        trade_no: s(t.trade_no),
        trade_status: s(t.trade_status),
        total_amount: s(t.total_amount),
        paid: s(t.send_pay_date),
      }
      if (trade.out_trade_no !== orderNo) throw new PayGatewayError('Alipay answered a query for another order')
      return alipayNotice(trade, `query:${trade.trade_no ?? orderNo}:${trade.trade_status ?? ''}`)
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Sandbox

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

// ---------------------------------------------------------------------------------------------
// Wiring

export interface PayConfig {
  /** The providers new payments use, by channel; `['sandbox']` alone, or none (payFee refuses). */
  providers: PayProviderName[]
  sandboxAutoCompleteMs: number
  wechat?: Omit<WechatPayConfig, 'privateKey' | 'platformCert'> & {
    privateKey?: string
    privateKeyPath?: string
    platformCert?: string
    platformCertPath?: string
  }
  alipay?: Omit<AlipayPayConfig, 'privateKey' | 'alipayPublicKey'> & {
    privateKey?: string
    privateKeyPath?: string
    alipayPublicKey?: string
    alipayPublicKeyPath?: string
  }
}

/** The providers this process accepts notifications from, and which one pays each channel. */
export interface PayGateway {
  providers: PayProvider[]
  /** Present when the sandbox is the provider. */
  sandbox: SandboxPayProvider | undefined
  /** The provider that pays a channel; undefined when none is configured for it. */
  forChannel(channel: PayChannel): PayProvider | undefined
  find(name: string): PayProvider | undefined
  close(): void
}

/** A gateway over given providers (the first that serves a channel pays it). */
export function payGatewayOf(providers: PayProvider[], sandbox?: SandboxPayProvider): PayGateway {
  return {
    providers,
    sandbox,
    forChannel: (channel) => providers.find((p) => p.channels.includes(channel)),
    find: (name) => providers.find((p) => p.name === name),
    close: () => providers.forEach((p) => p.close?.()),
  }
}

/** PEM from an environment variable (with `\n` escapes allowed) or from a file. */
export function pem(value: string | undefined, file: string | undefined, name: string): string {
  if (value) return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value
  if (file) return fs.readFileSync(file, 'utf8')
  throw new Error(`${name} (or ${name}_PATH) is required`)
}

export function createPayGateway({
  config,
  secret,
  deliver,
  onError,
  fetchImpl,
}: {
  config: PayConfig
  secret: string
  deliver: NotificationDelivery
  onError?: (error: unknown) => void
  /** The far side's HTTP (tests point it at a local server). */
  fetchImpl?: typeof fetch
}): PayGateway {
  if (config.providers.includes('sandbox')) {
    const sandbox = createSandboxPayProvider({
      secret: crypto.createHmac('sha256', secret).update('sandbox-pay-notifications').digest('hex'),
      autoCompleteMs: config.sandboxAutoCompleteMs,
      deliver,
      onError,
    })
    return payGatewayOf([sandbox], sandbox)
  }
  const providers: PayProvider[] = []
  const w = config.wechat
  if (config.providers.includes('wechatpay') && w) {
    providers.push(
      createWechatPayProvider({
        config: {
          ...w,
          privateKey: pem(w.privateKey, w.privateKeyPath, 'WECHATPAY_PRIVATE_KEY'),
          platformCert: pem(w.platformCert, w.platformCertPath, 'WECHATPAY_PLATFORM_CERT'),
        },
        fetchImpl,
      }),
    )
  }
  const a = config.alipay
  if (config.providers.includes('alipay') && a) {
    providers.push(
      createAlipayProvider({
        config: {
          ...a,
          privateKey: pem(a.privateKey, a.privateKeyPath, 'ALIPAY_PRIVATE_KEY'),
          alipayPublicKey: pem(a.alipayPublicKey, a.alipayPublicKeyPath, 'ALIPAY_PUBLIC_KEY'),
        },
        fetchImpl,
      }),
    )
  }
  return payGatewayOf(providers)
}
