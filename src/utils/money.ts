/**
 * Money arrives as integer fen (PRODUCT.md) and is shown as ¥1,234.50; with `sign`, a positive
 * amount gets + and a negative one - (+¥12.00, -¥10.00), as in fund records. A negative amount
 * always shows its -.
 */
export function formatMoney(fen: number, options: { sign?: boolean } = {}): string {
  const value = Math.round(Number.isFinite(fen) ? fen : 0)
  const abs = Math.abs(value)
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const cents = String(abs % 100).padStart(2, '0')
  const sign = value < 0 ? '-' : options.sign && value > 0 ? '+' : ''
  return `${sign}¥${yuan}.${cents}`
}

/** Yuan as typed by a person ("12", "12.5", "12.50") to fen; null when it is not an amount. */
export function parseYuan(text: string): number | null {
  const m = /^\s*(\d{1,12})(?:\.(\d{0,2}))?\s*$/.exec(text)
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}
