import crypto from 'node:crypto'
import type { LoginPlatform, LoginType } from '../wire.ts'
import { alipayCall, alipayKey } from './alipay.ts'

export class GatewayError extends Error {
  override name = 'GatewayError'
  /** A message a person may read (the provider's reason is logged, not shown). */
  constructor(
    message: string,
    readonly publicMessage = '第三方登录服务暂不可用，请稍后再试',
  ) {
    super(message)
  }
}

/** The far side of WeChat/Alipay sign-in: exchanging a sign-in code for an open id, and the JS-SDK ticket. */
export interface LoginGateway {
  kind: 'local' | 'real'
  exchangeCode(args: { platform: LoginPlatform; type: LoginType; code: string }): Promise<{ openId: string; unionId?: string }>
  /** WeChat official-account JS-SDK: the app id and a valid jsapi_ticket. */
  jsapiTicket(args: { platform: LoginPlatform }): Promise<{ appId: string; ticket: string }>
}

/**
 * Development and tests: `fake:<openid>` signs in as that open id; any other code maps
 * deterministically to an open id derived from it.
 */
export function createLocalLoginGateway(): LoginGateway {
  return {
    kind: 'local',
    async exchangeCode({ platform, type, code }) {
      if (code.startsWith('fake:') && code.length > 5) return { openId: code.slice(5) }
      const digest = crypto.createHash('sha256').update(`${platform}:${type}:${code}`).digest('hex')
      return { openId: `local_${digest.slice(0, 24)}` }
    },
    async jsapiTicket() {
      return { appId: 'wx-local-app-id', ticket: 'local-jsapi-ticket' }
    },
  }
}

async function getJson(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
  if (!response.ok) throw new GatewayError(`HTTP ${response.status} from ${new URL(url).host}`)
  return (await response.json()) as Record<string, unknown>
}

/** Which login gateway runs, and the WeChat/Alipay apps it signs in with (config.ts reads them). */
export interface LoginConfig {
  gateway: 'local' | 'real'
  wechatApiUrl: string
  wechatMp?: { appId: string; secret: string }
  /** The official account's AppID (WECHAT_MP_APP_ID), public: WeChat H5 runs OAuth only when there is one. */
  wechatMpAppId?: string
  wechatMini?: { appId: string; secret: string }
  alipay?: { appId: string; privateKey: string; gatewayUrl: string; alipayPublicKey?: string }
}

/** Real WeChat (official account OAuth, mini-program code2session, JS-SDK ticket) and Alipay (oauth token). */
export function createRealLoginGateway({ login }: { login: LoginConfig }): LoginGateway {
  const api = login.wechatApiUrl
  let ticketCache: { appId: string; ticket: string; expiresAt: number } | undefined

  async function wechat({ type, code }: { type: LoginType; code: string }) {
    const app = type === '小程序' ? login.wechatMini : login.wechatMp
    if (!app) throw new GatewayError(`WeChat ${type} is not configured`, '未配置微信登录')
    const url =
      type === '小程序'
        ? `${api}/sns/jscode2session?appid=${encodeURIComponent(app.appId)}&secret=${encodeURIComponent(app.secret)}&js_code=${encodeURIComponent(code)}&grant_type=authorization_code`
        : `${api}/sns/oauth2/access_token?appid=${encodeURIComponent(app.appId)}&secret=${encodeURIComponent(app.secret)}&code=${encodeURIComponent(code)}&grant_type=authorization_code`
    const body = await getJson(url)
    if (typeof body.openid !== 'string') {
      throw new GatewayError(`WeChat refused the code: ${String(body.errcode)} ${String(body.errmsg)}`, '微信授权失败，请重新进入')
    }
    return { openId: body.openid, unionId: typeof body.unionid === 'string' ? body.unionid : undefined }
  }

  const alipayClient = login.alipay && {
    appId: login.alipay.appId,
    privateKey: alipayKey(login.alipay.privateKey, 'private'),
    alipayPublicKey: login.alipay.alipayPublicKey ? alipayKey(login.alipay.alipayPublicKey, 'public') : undefined,
    gatewayUrl: login.alipay.gatewayUrl,
  }

  async function alipay({ code }: { code: string }) {
    if (!alipayClient) throw new GatewayError('Alipay is not configured', '未配置支付宝登录')
    let result: Record<string, unknown>
    try {
      result = await alipayCall({
        config: alipayClient,
        method: 'alipay.system.oauth.token',
        extra: { grant_type: 'authorization_code', code },
      })
    } catch (error) {
      throw new GatewayError(`Alipay refused the code: ${String(error)}`, '支付宝授权失败，请重新进入')
    }
    // open_id for apps in Alipay's open-id mode, user_id (2088...) for older apps: pay uses either (alipay.ts).
    const openId = result.open_id ?? result.user_id
    if (typeof openId !== 'string') throw new GatewayError('Alipay answered without open_id or user_id', '支付宝授权失败，请重新进入')
    return { openId }
  }

  return {
    kind: 'real',
    async exchangeCode({ platform, type, code }) {
      return platform === 'alipay' ? alipay({ code }) : wechat({ type, code })
    },
    async jsapiTicket({ platform }) {
      if (platform !== 'weixin') throw new GatewayError('JS-SDK signature is WeChat only', '仅微信需要签名')
      const app = login.wechatMp
      if (!app) throw new GatewayError('WeChat official account is not configured', '未配置微信公众号')
      if (ticketCache && ticketCache.expiresAt > Date.now()) return ticketCache
      // Each process keeps its own token; for many processes put a shared token service in front.
      const token = await getJson(
        `${api}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(app.appId)}&secret=${encodeURIComponent(app.secret)}`,
      )
      if (typeof token.access_token !== 'string') throw new GatewayError(`WeChat token: ${String(token.errcode)} ${String(token.errmsg)}`)
      const ticket = await getJson(`${api}/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token.access_token)}&type=jsapi`)
      if (typeof ticket.ticket !== 'string') throw new GatewayError(`WeChat ticket: ${String(ticket.errcode)} ${String(ticket.errmsg)}`)
      const expiresIn = typeof ticket.expires_in === 'number' ? ticket.expires_in : 7200
      ticketCache = { appId: app.appId, ticket: ticket.ticket, expiresAt: Date.now() + (expiresIn - 300) * 1000 }
      return ticketCache
    },
  }
}
