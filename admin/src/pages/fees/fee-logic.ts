/** The 缴费 screens' rules, kept out of the components so they are tested alone. */
import { CouponKind } from '@activity/wire'
import { formatYuan, parseYuan } from '@activity/money'

/** The academic years offered around `now`: last year's, this one's and the next two ('2026-2027'). */
export function academicYears(now: Date = new Date()): string[] {
  // An academic year starts in September.
  const first = now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1
  return [first - 1, first, first + 1, first + 2].map((y) => `${y}-${y + 1}`)
}

/** Which students a standard covers: 2026年1期, 2026年全部批次, or 全部批次. */
export function batchLabel(s: { batchYear: number | null; batch: number | null }): string {
  if (s.batchYear === null) return '全部批次'
  return s.batch === null ? `${s.batchYear}年全部批次` : `${s.batchYear}年${s.batch}期`
}

/**
 * A coupon's value as typed: 金额券 in yuan (fen on the wire), 折扣券 in 折 (9.5 -> pay 95%).
 * Answers the value or the refusal to show.
 */
export function couponValue(kind: CouponKind, text: string): { value: number } | { refusal: string } {
  const t = text.trim()
  if (kind === CouponKind.amount) {
    const fen = parseYuan(t)
    if (fen === null || fen < 1) return { refusal: '面额须为大于0的金额，最多两位小数' }
    if (fen > 100_000_000) return { refusal: '面额不能超过 ¥1,000,000.00' }
    return { value: fen }
  }
  if (!/^\d(\.\d)?$/.test(t)) return { refusal: '折扣须在0.1折至9.9折之间，最多一位小数' }
  const value = Math.round(Number(t) * 10)
  if (value < 1 || value > 99) return { refusal: '折扣须在0.1折至9.9折之间，最多一位小数' }
  return { value }
}

/** How a coupon reads: 减¥100.00 or 9.5折. */
export function couponWorth(c: { kind: string; value: number }): string {
  if (c.kind === CouponKind.rate) return `${(c.value / 10).toFixed(c.value % 10 ? 1 : 0)}折`
  return `减${formatYuan(c.value)}`
}

/** The refund typed in yuan, checked against what may still be refunded: fen, or the refusal. */
export function refundAmount(text: string, refundable: number): { amount: number } | { refusal: string } {
  const fen = parseYuan(text.trim())
  if (fen === null || fen < 1) return { refusal: '退款金额须为大于0的金额，最多两位小数' }
  if (fen > refundable) return { refusal: `退款金额不能超过可退金额 ${formatYuan(refundable)}` }
  return { amount: fen }
}
