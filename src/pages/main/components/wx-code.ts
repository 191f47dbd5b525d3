import { isAllowedUrl } from '@activity/wire'

/**
 * pages/main/wxCode (SPEC.md section 2): WeChat's OAuth helper for a local development host,
 * which WeChat cannot send a code to. It takes `redirect_uri` and `state`; inside WeChat it first
 * goes to WeChat's authorize page with itself as the redirect, and when WeChat sends it back with
 * `code`, forwards `code` and `state` to `redirect_uri`. A `redirect_uri` whose host is not on
 * the back-office's oauthRedirectHosts list is refused: a code must never reach a stranger.
 */
export type WxCodeStep =
  /** No redirect_uri, or one that is not an absolute http(s) URL on an allowed host. */
  | { kind: 'refused'; reason: 'missing' | 'host' }
  /** Back from WeChat: on to redirect_uri with the code and state. */
  | { kind: 'forward'; url: string }
  /** Inside WeChat, no code yet: to WeChat's authorize page (wechatAuthorizeUrl), to come back to `redirectUri` with `state`. */
  | { kind: 'authorize'; appId: string; redirectUri: string; state: string }
  /** Outside WeChat there is no code to be had. */
  | { kind: 'openInWechat' }
  /** The build has no official-account app id. */
  | { kind: 'noAppId' }
  /** Already sent to WeChat in this browser session and back without a code: do not loop. */
  | { kind: 'noCode' }

export interface WxCodeInput {
  redirectUri: string
  state: string
  code: string
  /** oauthRedirectHosts. */
  hosts: readonly string[]
  inWechat: boolean
  appId: string
  /** This page's own address for WeChat to come back to (with redirect_uri, without code/state). */
  selfUrl: string
  /** Whether this browser session already went to WeChat's authorize page from here. */
  alreadyWent: boolean
}

/** `url` with `params` set in its query (existing ones of those names replaced), its hash kept. */
export function withParams(url: string, params: Record<string, string>): string {
  const hashAt = url.indexOf('#')
  const hash = hashAt < 0 ? '' : url.slice(hashAt)
  const noHash = hashAt < 0 ? url : url.slice(0, hashAt)
  const queryAt = noHash.indexOf('?')
  const base = queryAt < 0 ? noHash : noHash.slice(0, queryAt)
  const kept = (queryAt < 0 ? '' : noHash.slice(queryAt + 1))
    .split('&')
    .filter((pair) => pair !== '' && !Object.prototype.hasOwnProperty.call(params, decodeURIComponent(pair.split('=')[0] ?? '')))
  const added = Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
  return `${base}?${[...kept, ...added].join('&')}${hash}`
}

export function wxCodeStep(input: WxCodeInput): WxCodeStep {
  if (!input.redirectUri) return { kind: 'refused', reason: 'missing' }
  if (!isAllowedUrl({ url: input.redirectUri, hosts: input.hosts })) return { kind: 'refused', reason: 'host' }
  if (input.code) return { kind: 'forward', url: withParams(input.redirectUri, { code: input.code, state: input.state }) }
  if (!input.inWechat) return { kind: 'openInWechat' }
  if (!input.appId) return { kind: 'noAppId' }
  if (input.alreadyWent) return { kind: 'noCode' }
  return { kind: 'authorize', appId: input.appId, redirectUri: input.selfUrl, state: input.state }
}
