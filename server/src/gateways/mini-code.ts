import QRCode from 'qrcode'

/**
 * The far side of WeChat mini-program codes (小程序码): an unlimited code
 * (`wxa/getwxacodeunlimit`) opens `page` with `scene` (at most 32 visible characters) in the
 * mini-program. `real` asks WeChat with the mini-program's access token (cached, refreshed when
 * WeChat says it expired); `local` draws a QR code of the same address in WeChat green, so a
 * development poster shows a recognisable code whose content (`pages/jump/index?scene=...`) says
 * where it leads.
 */
export interface MiniCodeImage {
  contentType: 'image/png' | 'image/jpeg'
  bytes: Buffer
}

export interface MiniCodeGateway {
  kind: 'local' | 'real'
  /** Scene and page identify the code; `envVersion` and the app id make it another image. */
  cacheKey: string
  unlimited(args: { scene: string; page: string }): Promise<MiniCodeImage>
}

export class MiniCodeError extends Error {
  override name = 'MiniCodeError'
}

/** WeChat's limit on `scene`, and the characters it allows. */
export const SCENE_MAX = 32
export const SCENE_PATTERN = /^[0-9A-Za-z!#$&'()*+,/:;=?@\-._~]{1,32}$/

export function createLocalMiniCodeGateway(): MiniCodeGateway {
  return {
    kind: 'local',
    cacheKey: 'local',
    async unlimited({ scene, page }) {
      const bytes = await QRCode.toBuffer(localCodeText({ scene, page }), {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 430,
        color: { dark: '#07c160ff', light: '#ffffffff' },
      })
      return { contentType: 'image/png', bytes }
    },
  }
}

/** No mini-program configured (production without WECHAT_MINI_APP_ID): every ask fails. */
export function createUnavailableMiniCodeGateway(): MiniCodeGateway {
  return {
    kind: 'real',
    cacheKey: 'unavailable',
    async unlimited() {
      throw new MiniCodeError('WECHAT_MINI_APP_ID / WECHAT_MINI_APP_SECRET are not configured')
    },
  }
}

/** What the local code encodes: the page and its scene, as the mini-program would receive them. */
export function localCodeText({ scene, page }: { scene: string; page: string }): string {
  return `${page}?scene=${encodeURIComponent(scene)}`
}

/** WeChat's errcodes for an access token that is invalid or expired: fetch a fresh one and retry once. */
const TOKEN_ERRORS = new Set([40001, 40014, 42001])

export function createWechatMiniCodeGateway({
  appId,
  secret,
  apiUrl,
  envVersion = 'release',
  fetchImpl = fetch,
  timeoutMs = 10_000,
}: {
  appId: string
  secret: string
  apiUrl: string
  /** release | trial | develop: which version of the mini-program the code opens. */
  envVersion?: 'release' | 'trial' | 'develop'
  fetchImpl?: typeof fetch
  timeoutMs?: number
}): MiniCodeGateway {
  let token: { value: string; expiresAt: number } | undefined
  let pending: Promise<string> | undefined

  async function post(url: string, body: unknown): Promise<Response> {
    try {
      return await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new MiniCodeError(`WeChat unreachable: ${String(error)}`)
    }
  }

  /** The stable access token (the same one for every process asking), cached until 5 minutes before it expires. */
  async function accessToken(forceRefresh: boolean): Promise<string> {
    if (!forceRefresh && token && token.expiresAt > Date.now()) return token.value
    if (pending) return pending
    pending = (async () => {
      const res = await post(`${apiUrl}/cgi-bin/stable_token`, {
        grant_type: 'client_credential',
        appid: appId,
        secret,
        force_refresh: forceRefresh,
      })
      const body = (await res.json().catch(() => ({}))) as {
        access_token?: unknown
        expires_in?: unknown
        errcode?: unknown
        errmsg?: unknown
      }
      if (typeof body.access_token !== 'string') throw new MiniCodeError(`WeChat token: ${String(body.errcode)} ${String(body.errmsg)}`)
      const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 7200
      token = { value: body.access_token, expiresAt: Date.now() + Math.max(60, expiresIn - 300) * 1000 }
      return token.value
    })().finally(() => {
      pending = undefined
    })
    return pending
  }

  return {
    kind: 'real',
    cacheKey: `${appId}:${envVersion}`,
    async unlimited({ scene, page }) {
      for (let attempt = 0; ; attempt++) {
        const accessTokenValue = await accessToken(attempt > 0)
        const res = await post(`${apiUrl}/wxa/getwxacodeunlimit?access_token=${encodeURIComponent(accessTokenValue)}`, {
          scene,
          page,
          // Only a released version's pages can be checked; trial and develop codes skip the check.
          check_path: envVersion === 'release',
          env_version: envVersion,
          width: 430,
        })
        const type = res.headers.get('content-type') ?? ''
        const bytes = Buffer.from(await res.arrayBuffer())
        if (res.ok && /^image\/(png|jpeg)/.test(type)) {
          return { contentType: type.startsWith('image/png') ? 'image/png' : 'image/jpeg', bytes }
        }
        let error: { errcode?: unknown; errmsg?: unknown } = {}
        try {
          error = JSON.parse(bytes.toString('utf8')) as typeof error
        } catch {
          // not JSON: reported below with the status
        }
        if (attempt === 0 && typeof error.errcode === 'number' && TOKEN_ERRORS.has(error.errcode)) continue
        throw new MiniCodeError(`WeChat getwxacodeunlimit: HTTP ${res.status} ${String(error.errcode)} ${String(error.errmsg)}`)
      }
    },
  }
}
