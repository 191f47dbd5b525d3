import type { SharePoster } from '../../api/ems/partner'
import { apiUrl } from '../../request'
import { logger } from '../../utils/logger'
import type { PosterCode, PosterSource } from './poster-code'
import { qrMatrix } from '../qr-code/matrix'

export type { PosterCode, PosterSource } from './poster-code'

/**
 * The WeChat mini-program: the back-office's mini-program code (小程序码), which opens this
 * mini-program's jump page with the poster's `ref` (a partner's or a 招生老师's) (pages/jump/target.ts reads its scene). The
 * link's QR matrix comes along for when the code cannot be had or loaded.
 */
export async function posterCode(data: SharePoster, source: PosterSource): Promise<PosterCode> {
  const qr = await qrMatrix(data.link)
  try {
    const code = await source.miniCode()
    return { key: code.url, qr, miniCodeUrl: apiUrl(code.url) }
  } catch (err) {
    logger.warn('mini-program code not had; the poster keeps the link QR code', err)
    return { key: data.link, qr, miniCodeUrl: null }
  }
}
