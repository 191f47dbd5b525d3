import type { MiniProgramCode, SharePoster } from '../../api/ems/partner'
import type { QrMatrix } from '@activity/domain'
import { qrMatrix } from '../qr-code/matrix'

/**
 * What the poster's code box shows. H5 and the Alipay mini-program: the QR code of the partner's
 * link (H5 opens it; Alipay's camera opens links too). The WeChat mini-program draws the
 * back-office's mini-program code instead (poster-code.weapp.ts).
 */
export interface PosterCode {
  /** Changes when the code does (a redraw needs a new one). */
  key: string
  /** The link's QR matrix: drawn when there is no mini-program code, or it could not be loaded. */
  qr: QrMatrix
  /** The mini-program code's image address, when there is one. */
  miniCodeUrl: string | null
}

/** Whose poster it is: where its data and its mini-program code come from (a partner's, a 招生老师's). */
export interface PosterSource {
  load(): Promise<SharePoster>
  miniCode(): Promise<MiniProgramCode>
}

export async function posterCode(data: SharePoster, _source?: PosterSource): Promise<PosterCode> {
  return { key: data.link, qr: await qrMatrix(data.link), miniCodeUrl: null }
}
