import { beijingDateTime } from '@activity/domain'
import { formatYuan, parseYuan } from '@activity/money'
import crypto from 'node:crypto'

/**
 * Alipay open platform (openapi.alipay.com/gateway.do, "v1" API with RSA2), the parts sign-in and
 * pay share: the signing string, request signing, the signed answer, notification checks. Rules
 * followed (Alipay's 签名/验签 documents and its Java SDK's AlipaySignature):
 *
 * - request: every common and business parameter except `sign`, empty values left out, sorted by
 *   name (ASCII), `k=v` joined with `&`, raw values (not URL-encoded); SHA256withRSA, base64;
 * - answer: the exact text of the `<method>_response` object (as sent, not re-serialised) is what
 *   `sign` covers;
 * - asynchronous notification: the form body URL-decoded once, every parameter except `sign` and
 *   `sign_type` (empty ones included), sorted, `k=v` joined with `&`.
 */

/** `2088...` style user id (buyer_id) or an app-scoped open id (buyer_open_id). */
export function isAlipayUserId(id: string): boolean {
  return /^2088\d{12}$/.test(id)
}

/** Alipay's keys are often handed out as bare base64: wrap them as PEM. */
export function alipayKey(value: string, kind: 'private' | 'public'): crypto.KeyObject {
  const text = value.includes('\\n') ? value.replace(/\\n/g, '\n') : value
  if (text.includes('BEGIN CERTIFICATE')) return new crypto.X509Certificate(text).publicKey
  if (text.includes('-----BEGIN')) return kind === 'private' ? crypto.createPrivateKey(text) : crypto.createPublicKey(text)
  const body = text.replace(/\s+/g, '')
  const der = Buffer.from(body, 'base64')
  if (kind === 'private') {
    // PKCS#8 (what Alipay's key tool writes for Java) or PKCS#1 (its "non-Java" format).
    try {
      return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
    } catch {
      return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs1' })
    }
  }
  return crypto.createPublicKey({ key: der, format: 'der', type: 'spki' })
}

/** The string a request's `sign` covers. */
export function alipayRequestSigningString(params: Record<string, string | undefined>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
}

/** The string a notification's `sign` covers: its decoded parameters but `sign` and `sign_type`. */
export function alipayNotificationSigningString(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
}

export function alipaySign(content: string, privateKey: crypto.KeyLike): string {
  return crypto.sign('sha256', Buffer.from(content, 'utf8'), privateKey).toString('base64')
}

export function alipayVerify(content: string, signature: string, publicKey: crypto.KeyLike): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false
  try {
    return crypto.verify('sha256', Buffer.from(content, 'utf8'), publicKey, Buffer.from(signature, 'base64'))
  } catch {
    return false
  }
}

/** `yyyy-MM-dd HH:mm:ss` in China time, as Alipay's `timestamp` and amounts' dates are written. */
export function alipayTimestamp(now: Date = new Date()): string {
  return beijingDateTime(now)
}

/** Reads Alipay's `yyyy-MM-dd HH:mm:ss` (China time). */
export function alipayTime(text: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '')
  if (!m) return null
  const at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`)
  return Number.isNaN(at.getTime()) ? null : at
}

/** Fen to Alipay's yuan string (`7100.00`). */
export function yuanOf(fen: number): string {
  return formatYuan(fen, { symbol: false, grouping: false })
}

/** Alipay's yuan string to fen, exactly (no floating point); null when it is not an amount. */
export function fenOf(yuan: string | undefined): number | null {
  return parseYuan(yuan ?? '')
}

/**
 * The exact text of the JSON value after `"<key>":` at the top level of `text` (an object), so a
 * signature over it can be checked; undefined when absent.
 */
export function rawJsonMember(text: string, key: string): string | undefined {
  const needle = `"${key}"`
  let at = text.indexOf(needle)
  while (at >= 0) {
    let i = at + needle.length
    while (/\s/.test(text[i] ?? '')) i++
    if (text[i] === ':') {
      i++
      while (/\s/.test(text[i] ?? '')) i++
      const start = i
      if (text[i] !== '{') return undefined
      let depth = 0
      let inString = false
      for (; i < text.length; i++) {
        const c = text[i]
        if (inString) {
          if (c === '\\') i++
          else if (c === '"') inString = false
        } else if (c === '"') inString = true
        else if (c === '{') depth++
        else if (c === '}') {
          depth--
          if (depth === 0) return text.slice(start, i + 1)
        }
      }
      return undefined
    }
    at = text.indexOf(needle, at + 1)
  }
  return undefined
}

export class AlipayError extends Error {
  override name = 'AlipayError'
  constructor(
    message: string,
    /** Alipay's business code (`40004`) and sub code (`ACQ.TRADE_HAS_SUCCESS`), when it answered. */
    readonly code?: string,
    readonly subCode?: string,
  ) {
    super(message)
  }
}

export interface AlipayClientConfig {
  appId: string
  privateKey: crypto.KeyLike
  /** Alipay's public key: answers are checked with it. Without it answers are taken unchecked (sign-in only). */
  alipayPublicKey?: crypto.KeyLike
  gatewayUrl: string
}

/**
 * Calls one gateway method and answers its `<method>_response` object. A success (`code` 10000)
 * must carry a valid `sign` when Alipay's public key is known; a business error throws AlipayError
 * with Alipay's codes.
 */
export async function alipayCall({
  config,
  method,
  bizContent,
  extra = {},
  fetchImpl = fetch,
  timeoutMs = 10_000,
  now = new Date(),
}: {
  config: AlipayClientConfig
  method: string
  bizContent?: Record<string, unknown>
  /** More common or method parameters (`notify_url`, `grant_type`, `code`). */
  extra?: Record<string, string>
  fetchImpl?: typeof fetch
  timeoutMs?: number
  now?: Date
}): Promise<Record<string, unknown>> {
  const params: Record<string, string> = {
    app_id: config.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: alipayTimestamp(now),
    version: '1.0',
    ...extra,
  }
  if (bizContent) params.biz_content = JSON.stringify(bizContent)
  params.sign = alipaySign(alipayRequestSigningString(params), config.privateKey)
  let text: string
  try {
    const response = await fetchImpl(config.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    })
    text = await response.text()
    if (!response.ok) throw new AlipayError(`Alipay answered HTTP ${response.status}: ${text.slice(0, 300)}`)
  } catch (error) {
    if (error instanceof AlipayError) throw error
    throw new AlipayError(`Alipay unreachable: ${String(error)}`)
  }
  const node = `${method.replace(/\./g, '_')}_response`
  let parsed: Record<string, unknown>
  try {
    parsed = JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new AlipayError(`Alipay answered something else than JSON: ${text.slice(0, 300)}`)
  }
  const result = (parsed[node] ?? parsed.error_response) as Record<string, unknown> | undefined
  if (!result || typeof result !== 'object') throw new AlipayError(`Alipay answered without ${node}`)
  const code = typeof result.code === 'string' ? result.code : undefined
  // Sign-in's oauth token answers carry no `code` on success.
  const failed = code !== undefined && code !== '10000'
  if (failed) {
    throw new AlipayError(
      `Alipay ${method}: ${String(result.code)} ${String(result.msg)} ${String(result.sub_code)} ${String(result.sub_msg)}`,
      code,
      typeof result.sub_code === 'string' ? result.sub_code : undefined,
    )
  }
  if (config.alipayPublicKey) {
    const raw = rawJsonMember(text, node)
    if (!raw || typeof parsed.sign !== 'string' || !alipayVerify(raw, parsed.sign, config.alipayPublicKey)) {
      throw new AlipayError(`Alipay ${method} answer signature does not verify`)
    }
  }
  return result
}
