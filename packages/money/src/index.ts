/**
 * Money is integer fen on the wire and in the database (PRODUCT.md), yuan with two decimals on
 * screen, in exports and in the payment gateways. Every conversion in the client, the console and
 * the back-office goes through these two functions.
 */

export interface YuanFormat {
  /** + before a positive amount (fund records: +¥12.00); a negative amount always shows its -. @default false */
  sign?: boolean
  /** Thousands separators (1,234.50). @default true */
  grouping?: boolean
  /** The ¥ sign (¥1,234.50, -¥0.05). @default true */
  symbol?: boolean
}

/** fen as yuan: ¥1,234.50 by default; 1234.50 with `{ symbol: false, grouping: false }` (exports, gateways). */
export function formatYuan(fen: number, { sign = false, grouping = true, symbol = true }: YuanFormat = {}): string {
  const value = Math.round(Number.isFinite(fen) ? fen : 0)
  const abs = Math.abs(value)
  const whole = String(Math.floor(abs / 100))
  const cents = String(abs % 100).padStart(2, '0')
  const prefix = value < 0 ? '-' : sign && value > 0 ? '+' : ''
  return `${prefix}${symbol ? '¥' : ''}${grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole}.${cents}`
}

export interface YuanInput {
  /** Accept a leading - (balance adjustments). @default false */
  negative?: boolean
  /** Accept a dot with no decimals after it ("12.", as a person may leave it while typing). @default false */
  trailingDot?: boolean
}

/**
 * fen for an amount of yuan as typed ("12", "12.5", " 1234.56 ") or a number (12.34); null when it
 * is not a number of yuan with at most two decimals and twelve digits. Parsed from the text, never by
 * multiplying a float (0.29 * 100 is 28.999999999999996); -0 is 0.
 */
export function parseYuan(input: string | number, { negative = false, trailingDot = false }: YuanInput = {}): number | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? input.toFixed(2) : '') : input.trim()
  const match = /^(-)?(\d{1,12})(?:\.(\d*))?$/.exec(text)
  if (!match) return null
  const [, minus, whole = '0', decimals] = match
  if (minus && !negative) return null
  if (decimals !== undefined && (decimals.length > 2 || (decimals.length === 0 && !trailingDot))) return null
  const fen = Number(whole) * 100 + Number((decimals ?? '').padEnd(2, '0'))
  return minus && fen !== 0 ? -fen : fen
}
