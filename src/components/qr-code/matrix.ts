import QRCode from 'qrcode'
import { matrixOf, qrSegments, type QrMatrix } from '@activity/domain'

/**
 * The QR matrix of a link (error correction M), for the share poster's plan and the QrCode piece.
 * Mini-programs: qrcode's encoder only (no DOM, no TextEncoder: see qrSegments). H5 loads the
 * encoder lazily (matrix.h5.ts).
 */
export function qrMatrix(text: string): Promise<QrMatrix> {
  return Promise.resolve(matrixOf(QRCode.create(qrSegments(text), { errorCorrectionLevel: 'M' }).modules))
}
