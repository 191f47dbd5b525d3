import { partner, type SharePoster } from '../../api/ems/partner'
import { apiUrl } from '../../request'
import { logger } from '../../utils/logger'
import type { PosterCode } from './poster-code'
import { qrMatrix } from './qr'

export type { PosterCode } from './poster-code'

/**
 * The WeChat mini-program: the back-office's mini-program code (小程序码), which opens this
 * mini-program's jump page with the partner's `ref` (pages/jump/target.ts reads its scene). The
 * link's QR matrix comes along for when the code cannot be had or loaded.
 */
export async function posterCode(data: SharePoster): Promise<PosterCode> {
  const qr = await qrMatrix(data.link)
  try {
    const { data: code } = await partner.partner.miniProgramCode({})
    return { key: code.url, qr, miniCodeUrl: apiUrl(code.url) }
  } catch (err) {
    logger.warn('mini-program code not had; the poster keeps the link QR code', err)
    return { key: data.link, qr, miniCodeUrl: null }
  }
}
