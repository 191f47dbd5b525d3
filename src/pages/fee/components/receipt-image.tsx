import Taro from '@tarojs/taro'
import { Canvas } from '@tarojs/components'
import { apiUrl } from '../../../request'
import { drawReceipt, RECEIPT_SCALE, RECEIPT_WIDTH, type ReceiptContext, type ReceiptInput, receiptPlan } from './fee-logic'

/**
 * Mini-programs: the receipt is drawn on a Canvas 2D node kept off screen, exported with
 * Taro.canvasToTempFilePath and saved to the album (the share poster's album module asks for the
 * permission). H5 draws on a canvas element and downloads it (receipt-image.h5.tsx).
 */
export const RECEIPT_CANVAS_ID = 'fee-receipt-canvas'

interface MiniImage {
  src: string
  onload: (() => void) | null
  onerror: ((err: unknown) => void) | null
}
interface MiniCanvas {
  width: number
  height: number
  getContext(type: '2d'): ReceiptContext & { scale(x: number, y: number): void }
  createImage(): MiniImage
}

export function ReceiptCanvas({ height }: { height: number }) {
  return (
    <Canvas
      type='2d'
      id={RECEIPT_CANVAS_ID}
      className='fee-receipt__canvas'
      style={{ width: `${RECEIPT_WIDTH}px`, height: `${height}px` }}
    />
  )
}

function queryCanvas(): Promise<MiniCanvas | null> {
  return new Promise((resolve) => {
    Taro.createSelectorQuery()
      .select(`#${RECEIPT_CANVAS_ID}`)
      .node()
      .exec((res: Array<{ node?: MiniCanvas } | null> | undefined) => resolve(res?.[0]?.node ?? null))
  })
}

function loadImage(canvas: MiniCanvas, url: string): Promise<MiniImage> {
  return new Promise((resolve, reject) => {
    const image = canvas.createImage()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('seal not loaded'))
    image.src = url.startsWith('/') ? apiUrl(url) : url
  })
}

/** Draws the receipt and answers a temporary file path of the picture. */
export async function renderReceipt(receipt: ReceiptInput): Promise<string> {
  let canvas: MiniCanvas | null = null
  for (let i = 0; i < 10 && !canvas; i += 1) {
    canvas = await queryCanvas()
    if (!canvas) await new Promise((r) => setTimeout(r, 50))
  }
  if (!canvas) throw new Error('the receipt canvas is not on the page')
  const { steps, height } = receiptPlan(receipt)
  canvas.width = RECEIPT_WIDTH * RECEIPT_SCALE
  canvas.height = height * RECEIPT_SCALE
  const ctx = canvas.getContext('2d')
  ctx.scale(RECEIPT_SCALE, RECEIPT_SCALE)
  const seal = receipt.seal ? await loadImage(canvas, receipt.seal).catch(() => null) : null
  drawReceipt(ctx, steps, seal)
  const { tempFilePath } = await Taro.canvasToTempFilePath({
    canvas,
    fileType: 'png',
    destWidth: RECEIPT_WIDTH * RECEIPT_SCALE,
    destHeight: height * RECEIPT_SCALE,
  } as unknown as Taro.canvasToTempFilePath.Option)
  return tempFilePath
}
