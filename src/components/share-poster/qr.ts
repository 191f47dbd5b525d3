import QRCode from 'qrcode'
import { matrixOf, qrSegments, type QrMatrix } from '@activity/domain'

/**
 * The QR matrix of a link (error correction M). Mini-programs: qrcode's encoder only (no DOM, no
 * TextEncoder: see qrSegments); the squares are drawn by the poster plan. H5 loads the encoder
 * lazily (qr.h5.ts).
 */
export function qrMatrix(text: string): Promise<QrMatrix> {
  return Promise.resolve(matrixOf(QRCode.create(qrSegments(text), { errorCorrectionLevel: 'M' }).modules))
}
