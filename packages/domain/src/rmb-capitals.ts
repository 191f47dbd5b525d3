const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖']
const SMALL = ['', '拾', '佰', '仟']
const BIG = ['', '万', '亿', '万亿']

/** Four digits (0-9999) in capitals, with 零 for inner gaps; '' for 0. */
function section(n: number): string {
  let out = ''
  let zero = false
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10
    if (d === 0) {
      if (out) zero = true
      continue
    }
    if (zero) out += '零'
    zero = false
    out += DIGITS[d]! + SMALL[i]!
  }
  return out
}

/**
 * An amount in fen written in Chinese capitals as on a receipt (人民币大写):
 * 680000 -> 陆仟捌佰元整, 100005 -> 壹仟元零伍分, 1 -> 壹分, 0 -> 零元整.
 * Refuses a negative, fractional or unsafe amount.
 */
export function rmbCapitals(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`)
  const yuan = Math.floor(fen / 100)
  const jiao = Math.floor(fen / 10) % 10
  const cent = fen % 10
  let integer = ''
  if (yuan > 0) {
    const sections: number[] = []
    for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10000)) sections.push(rest % 10000)
    let pendingZero = false
    for (let i = sections.length - 1; i >= 0; i--) {
      const s = sections[i]!
      if (s === 0) {
        pendingZero = integer !== ''
        continue
      }
      if (integer && (pendingZero || s < 1000)) integer += '零'
      pendingZero = false
      integer += section(s) + BIG[i]!
    }
    integer += '元'
  }
  if (jiao === 0 && cent === 0) return yuan === 0 ? '零元整' : `${integer}整`
  let fraction = ''
  if (jiao > 0) fraction += `${DIGITS[jiao]}角`
  else if (yuan > 0) fraction += '零'
  if (cent > 0) fraction += `${DIGITS[cent]}分`
  return integer + fraction
}
