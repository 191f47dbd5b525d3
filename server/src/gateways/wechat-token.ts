/**
 * The mini-program's access token, for every server-side WeChat call made with it (mini-program
 * codes, subscribe messages): the stable token (`cgi-bin/stable_token`, the same one for every
 * process asking), cached until 5 minutes before it expires; `get(true)` forces a fresh one, for a
 * call WeChat refused with one of TOKEN_ERRORS. Concurrent askers share one request.
 */
export interface WechatAccessToken {
  get(forceRefresh?: boolean): Promise<string>
}

/** WeChat's errcodes for an access token that is invalid or expired: fetch a fresh one and retry once. */
export const TOKEN_ERRORS = new Set([40001, 40014, 42001])

export class WechatTokenError extends Error {
  override name = 'WechatTokenError'
}

export function createWechatAccessToken({
  appId,
  secret,
  apiUrl,
  fetchImpl = fetch,
  timeoutMs = 10_000,
}: {
  appId: string
  secret: string
  apiUrl: string
  fetchImpl?: typeof fetch
  timeoutMs?: number
}): WechatAccessToken {
  let token: { value: string; expiresAt: number } | undefined
  let pending: Promise<string> | undefined

  return {
    async get(forceRefresh = false) {
      if (!forceRefresh && token && token.expiresAt > Date.now()) return token.value
      if (pending) return pending
      pending = (async () => {
        let res: Response
        try {
          res = await fetchImpl(`${apiUrl}/cgi-bin/stable_token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ grant_type: 'client_credential', appid: appId, secret, force_refresh: forceRefresh }),
            signal: AbortSignal.timeout(timeoutMs),
          })
        } catch (error) {
          throw new WechatTokenError(`WeChat unreachable: ${String(error)}`)
        }
        const body = (await res.json().catch(() => ({}))) as {
          access_token?: unknown
          expires_in?: unknown
          errcode?: unknown
          errmsg?: unknown
        }
        if (typeof body.access_token !== 'string')
          throw new WechatTokenError(`WeChat token: ${String(body.errcode)} ${String(body.errmsg)}`)
        const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 7200
        token = { value: body.access_token, expiresAt: Date.now() + Math.max(60, expiresIn - 300) * 1000 }
        return token.value
      })().finally(() => {
        pending = undefined
      })
      return pending
    },
  }
}
