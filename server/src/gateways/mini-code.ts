import QRCode from 'qrcode'
import { createWechatAccessToken, TOKEN_ERRORS, type WechatAccessToken } from './wechat-token.ts'

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

export function createWechatMiniCodeGateway({
  appId,
  secret,
  apiUrl,
  envVersion = 'release',
  fetchImpl = fetch,
  timeoutMs = 10_000,
  token,
}: {
  appId: string
  secret: string
  apiUrl: string
  /** The process's shared mini-program token (one cache for every gateway using it). */
  token?: WechatAccessToken
  /** release | trial | develop: which version of the mini-program the code opens. */
  envVersion?: 'release' | 'trial' | 'develop'
  fetchImpl?: typeof fetch
  timeoutMs?: number
}): MiniCodeGateway {
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

  const shared = token ?? createWechatAccessToken({ appId, secret, apiUrl, fetchImpl, timeoutMs })
  const accessToken = async (forceRefresh: boolean) => {
    try {
      return await shared.get(forceRefresh)
    } catch (error) {
      throw new MiniCodeError(error instanceof Error ? error.message : String(error))
    }
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
