import type QRCodeModule from 'qrcode'
import { matrixOf, qrSegments, type QrMatrix } from '@activity/domain'

type QRCodeApi = typeof QRCodeModule

/** H5: the encoder is a chunk of its own, fetched when a QR code is first drawn (see matrix.ts). */
export async function qrMatrix(text: string): Promise<QrMatrix> {
  const mod: QRCodeApi & { default?: QRCodeApi } = await import('qrcode')
  // A CommonJS module: webpack's namespace carries it as default (and, usually, as named exports).
  const create = mod.default?.create ?? mod.create
  return matrixOf(create(qrSegments(text), { errorCorrectionLevel: 'M' }).modules)
}
