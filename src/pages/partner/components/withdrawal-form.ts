import { formatYuan, parseYuan } from '@activity/money'

/**
 * The withdrawal amount as a person types it (yuan, up to 2 decimals) and the checks made
 * before anything is sent (PRODUCT.md "Money": at least ¥10.00, at most the withdrawable balance).
 */

/** ¥10.00 in fen: the smallest withdrawal. */
export const MIN_WITHDRAWAL_FEN = 1000

export type AmountCheck = { ok: true; fen: number } | { ok: false; message: string }

/** The amount in fen, or the message to show instead of sending. */
export function checkAmount(text: string, withdrawableFen: number): AmountCheck {
  if (!text.trim()) return { ok: false, message: '请输入提现金额' }
  const fen = parseYuan(text, { trailingDot: true })
  if (fen === null) return { ok: false, message: '请输入正确的金额，最多两位小数' }
  if (fen < MIN_WITHDRAWAL_FEN) return { ok: false, message: `提现金额不能低于${formatYuan(MIN_WITHDRAWAL_FEN)}` }
  if (fen > withdrawableFen) return { ok: false, message: '提现金额超过可提现余额' }
  return { ok: true, fen }
}

/** What the amount field may hold while typing: digits, one point, at most 2 decimals. */
export function typedAmount(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '')
  const [whole = '', ...rest] = cleaned.split('.')
  if (rest.length === 0) return whole
  return `${whole}.${rest.join('').slice(0, 2)}`
}

/** The 全部 button: the whole withdrawable balance as yuan text ("1234.50"). */
export function yuanText(fen: number): string {
  return formatYuan(Math.max(0, fen), { symbol: false, grouping: false })
}

/**
 * A new idempotency key for one withdrawal attempt (8-64 of A-Z a-z 0-9 _ -): sent again with a
 * retry of the same attempt, the back-office answers the same record instead of a second one.
 */
export function newIdempotencyKey(now: number = Date.now(), random: () => number = Math.random): string {
  const part = () =>
    Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, '0')
  return `wd-${now.toString(36)}-${part()}${part()}`
}
