import { beijingDateText } from '@activity/domain'
import { OrderPayStatus } from '@activity/wire'
import { formatYuan } from '@activity/money'

/** The tone of a fee order's status line. */
export type FeeTone = 'due' | 'paying' | 'paid' | 'failed' | 'cancelled'

export function toneOf(payStatus: string): FeeTone {
  switch (payStatus) {
    case OrderPayStatus.paid:
      return 'paid'
    case OrderPayStatus.paying:
      return 'paying'
    case OrderPayStatus.failed:
      return 'failed'
    case OrderPayStatus.cancelled:
      return 'cancelled'
    default:
      return 'due'
  }
}

/** A coupon may go on an order not paid, not being paid, not cancelled, without one already. */
export function canUseCoupon(order: { payStatus: string; discount: number }): boolean {
  return (order.payStatus === OrderPayStatus.unpaid || order.payStatus === OrderPayStatus.failed) && order.discount === 0
}

/** What is wrong with a typed coupon code before sending it, or null. */
export function couponRefusal(code: string): string | null {
  const c = code.trim()
  if (!c) return '请输入优惠券码'
  if (!/^[A-Za-z0-9-]{4,32}$/.test(c)) return '优惠券码为4-32位字母、数字或-'
  return null
}

/** The amount line of an order: ¥6,700.00, or ¥6,700.00 (原价 ¥6,800.00) after a coupon. */
export function amountLine(order: { amount: number; payAmount: number }): string {
  return order.payAmount === order.amount
    ? formatYuan(order.payAmount)
    : `${formatYuan(order.payAmount)}（原价 ${formatYuan(order.amount)}）`
}

/** The receipt's file name: 收据SJ20260901000001.png */
export const receiptFileName = (receiptNo: string) => `收据${receiptNo}.png`

// The receipt's picture, as steps to draw (pure: tested without a canvas).

export const RECEIPT_WIDTH = 360
export const RECEIPT_SCALE = 2

export type ReceiptStep =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; fill?: string; stroke?: string }
  | { kind: 'text'; text: string; x: number; y: number; size: number; color: string; bold?: boolean; align?: 'left' | 'center' | 'right' }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; color: string }
  | { kind: 'seal'; x: number; y: number; radius: number; text: string; image: boolean }

export interface ReceiptInput {
  receiptNo: string
  payer: string
  items: Array<{ name: string; quantity: number; amount: number }>
  amount: number
  amountCapitals: string
  paidAt: string
  payee: string
  seal: string | null
  status: string
}

const dateOf = (iso: string) => beijingDateText(Date.parse(iso))

/** The receipt laid out on a RECEIPT_WIDTH-wide card: what to draw, top to bottom, and the height used. */
export function receiptPlan(r: ReceiptInput): { steps: ReceiptStep[]; height: number } {
  const w = RECEIPT_WIDTH
  const ink = '#222222'
  const muted = '#666666'
  const red = '#c62828'
  const steps: ReceiptStep[] = []
  let y = 40
  steps.push({ kind: 'text', text: '收  据', x: w / 2, y, size: 22, color: red, bold: true, align: 'center' })
  y += 26
  steps.push({ kind: 'text', text: `No. ${r.receiptNo}`, x: w - 20, y, size: 11, color: muted, align: 'right' })
  y += 22
  steps.push({ kind: 'text', text: `交款人：${r.payer}`, x: 20, y, size: 13, color: ink })
  steps.push({ kind: 'text', text: dateOf(r.paidAt), x: w - 20, y, size: 13, color: ink, align: 'right' })
  y += 14
  steps.push({ kind: 'line', x1: 20, y1: y, x2: w - 20, y2: y, color: ink })
  y += 22
  steps.push({ kind: 'text', text: '项目', x: 24, y, size: 12, color: muted })
  steps.push({ kind: 'text', text: '金额', x: w - 24, y, size: 12, color: muted, align: 'right' })
  for (const item of r.items) {
    y += 24
    steps.push({ kind: 'text', text: item.quantity > 1 ? `${item.name} ×${item.quantity}` : item.name, x: 24, y, size: 13, color: ink })
    steps.push({ kind: 'text', text: formatYuan(item.amount), x: w - 24, y, size: 13, color: ink, align: 'right' })
  }
  y += 14
  steps.push({ kind: 'line', x1: 20, y1: y, x2: w - 20, y2: y, color: ink })
  y += 24
  steps.push({ kind: 'text', text: `合计（小写）：${formatYuan(r.amount)}`, x: 24, y, size: 14, color: ink, bold: true })
  y += 24
  steps.push({ kind: 'text', text: `合计（大写）：人民币${r.amountCapitals}`, x: 24, y, size: 13, color: ink })
  y += 34
  steps.push({ kind: 'text', text: `收款单位：${r.payee}`, x: 24, y, size: 13, color: ink })
  steps.push({ kind: 'seal', x: w - 80, y: y - 10, radius: 42, text: r.payee, image: Boolean(r.seal) })
  y += 60
  if (r.status !== '有效')
    steps.push({ kind: 'text', text: `（${r.status}）`, x: w / 2, y: y - 80, size: 28, color: red, bold: true, align: 'center' })
  steps.unshift(
    { kind: 'rect', x: 0, y: 0, width: w, height: y, fill: '#fffdf7' },
    { kind: 'rect', x: 8, y: 8, width: w - 16, height: y - 16, stroke: red },
  )
  return { steps, height: y }
}

/** The 2D context calls the plan needs (a browser canvas and a mini-program Canvas 2D node both have them). */
export interface ReceiptContext {
  fillStyle: string
  strokeStyle: string
  lineWidth: number
  font: string
  textAlign: string
  textBaseline: string
  fillRect(x: number, y: number, w: number, h: number): void
  strokeRect(x: number, y: number, w: number, h: number): void
  beginPath(): void
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
  arc(x: number, y: number, r: number, start: number, end: number): void
  stroke(): void
  fillText(text: string, x: number, y: number): void
  drawImage(image: unknown, x: number, y: number, w: number, h: number): void
  save(): void
  restore(): void
}

/** Draws the plan; the seal is the given picture, or a drawn red ring with the payee's name. */
export function drawReceipt(ctx: ReceiptContext, steps: ReceiptStep[], sealImage: unknown | null): void {
  for (const s of steps) {
    if (s.kind === 'rect') {
      if (s.fill) {
        ctx.fillStyle = s.fill
        ctx.fillRect(s.x, s.y, s.width, s.height)
      }
      if (s.stroke) {
        ctx.strokeStyle = s.stroke
        ctx.lineWidth = 1.5
        ctx.strokeRect(s.x, s.y, s.width, s.height)
      }
    } else if (s.kind === 'line') {
      ctx.strokeStyle = s.color
      ctx.lineWidth = 1
      ctx.beginPath()
      ctx.moveTo(s.x1, s.y1)
      ctx.lineTo(s.x2, s.y2)
      ctx.stroke()
    } else if (s.kind === 'text') {
      ctx.fillStyle = s.color
      ctx.font = `${s.bold ? 'bold ' : ''}${s.size}px sans-serif`
      ctx.textAlign = s.align ?? 'left'
      ctx.textBaseline = 'alphabetic'
      ctx.fillText(s.text, s.x, s.y)
    } else if (sealImage) {
      ctx.drawImage(sealImage, s.x - s.radius, s.y - s.radius, s.radius * 2, s.radius * 2)
    } else {
      ctx.save()
      ctx.strokeStyle = '#d32f2f'
      ctx.lineWidth = 3
      ctx.beginPath()
      ctx.arc(s.x, s.y, s.radius, 0, Math.PI * 2)
      ctx.stroke()
      ctx.fillStyle = '#d32f2f'
      ctx.font = 'bold 22px sans-serif'
      ctx.textAlign = 'center'
      ctx.textBaseline = 'middle'
      ctx.fillText('★', s.x, s.y)
      ctx.font = '10px sans-serif'
      ctx.fillText(s.text.length > 10 ? s.text.slice(0, 10) : s.text, s.x, s.y + 24)
      ctx.fillText('财务专用章', s.x, s.y - 22)
      ctx.restore()
    }
  }
}
