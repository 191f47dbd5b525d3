import { drawReceipt, RECEIPT_SCALE, RECEIPT_WIDTH, type ReceiptContext, type ReceiptInput, receiptPlan } from './fee-logic'

/** H5: the receipt is drawn on a canvas element that never joins the page, and downloaded (see receipt-image.tsx). */
export const RECEIPT_CANVAS_ID = 'fee-receipt-canvas'

export function ReceiptCanvas(_props: { height: number }) {
  return null
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    if (/^https?:/i.test(url) && !url.startsWith(location.origin)) image.crossOrigin = 'anonymous'
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('seal not loaded'))
    image.src = url
  })
}

function draw(receipt: ReceiptInput, seal: HTMLImageElement | null): string {
  const { steps, height } = receiptPlan(receipt)
  const canvas = document.createElement('canvas')
  canvas.width = RECEIPT_WIDTH * RECEIPT_SCALE
  canvas.height = height * RECEIPT_SCALE
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no 2D canvas in this browser')
  ctx.scale(RECEIPT_SCALE, RECEIPT_SCALE)
  drawReceipt(ctx as unknown as ReceiptContext, steps, seal)
  return canvas.toDataURL('image/png')
}

/** Draws the receipt and answers the picture as a data URL (a seal from an origin without CORS is drawn as a ring instead). */
export async function renderReceipt(receipt: ReceiptInput): Promise<string> {
  const seal = receipt.seal ? await loadImage(receipt.seal).catch(() => null) : null
  try {
    return draw(receipt, seal)
  } catch {
    return draw(receipt, null)
  }
}
