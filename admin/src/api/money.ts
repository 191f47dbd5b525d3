/**
 * Money on screen is yuan with two decimals; on the wire it is integer fen. Every conversion in
 * the console goes through these two functions.
 */

const YUAN = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/

/**
 * Fen for a yuan amount typed by a person ("12", "12.5", "-0.05", 12.34); `undefined` when it is
 * not a number of yuan with at most two decimals. Parsed from the text, never by multiplying a
 * float (0.29 * 100 is 28.999999999999996).
 */
export function yuanToFen(yuan: string | number): number | undefined {
  const text = typeof yuan === 'number' ? (Number.isFinite(yuan) ? yuan.toFixed(2) : '') : yuan.trim()
  const match = YUAN.exec(text)
  if (!match) return undefined
  const [, minus, whole = '0', decimals = ''] = match
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, '0'))
  return minus && fen !== 0 ? -fen : fen
}

/** "1,234.50" for 123450 fen; `sign` adds + before positive amounts (ledger entries). */
export function fenToYuan(fen: number, { sign = false, grouping = true }: { sign?: boolean; grouping?: boolean } = {}): string {
  const negative = fen < 0
  const abs = Math.abs(Math.trunc(fen))
  const whole = Math.floor(abs / 100)
  const cents = String(abs % 100).padStart(2, '0')
  const wholeText = grouping ? whole.toLocaleString('en-US') : String(whole)
  const prefix = negative ? '-' : sign && fen > 0 ? '+' : ''
  return `${prefix}${wholeText}.${cents}`
}

/** "¥1,234.50" */
export function formatYuan(fen: number, options?: { sign?: boolean }): string {
  const text = fenToYuan(fen, options)
  return text.startsWith('-') || text.startsWith('+') ? `${text[0]}¥${text.slice(1)}` : `¥${text}`
}
