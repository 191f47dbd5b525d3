/** 13812341234 -> 138****1234 */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone
}

/** Bank cards and payout accounts: keep the last 4. */
export function maskAccount(account: string | null): string | null {
  if (!account) return null
  if (account.length <= 4) return account
  if (account.includes('@')) {
    const [name, host] = account.split('@')
    return `${(name ?? '').slice(0, 2)}***@${host ?? ''}`
  }
  return `${account.slice(0, Math.min(3, account.length - 4))}****${account.slice(-4)}`
}

/** 陈小明 -> 陈** (the surname only; the stars do not tell the name's length). */
export function maskName(name: string | null): string | null {
  const trimmed = name?.trim()
  if (!trimmed) return null
  return `${Array.from(trimmed)[0]}**`
}

/** 330106200001011234 -> 3301**********1234: the first 4 and the last 4 (how any ID number leaves the server masked). */
export function maskIdCard4(idCard: string | null): string | null {
  if (!idCard) return null
  if (idCard.length <= 8) return '*'.repeat(idCard.length)
  return `${idCard.slice(0, 4)}${'*'.repeat(idCard.length - 8)}${idCard.slice(-4)}`
}

/** A mainland mobile number standing alone (not a piece of a longer number such as an order number). */
const PHONE = /(?<![\dA-Za-z])(1[3-9]\d)\d{4}(\d{4})(?!\d)/g
/** An 18-digit ID number standing alone; checked by its birth date and check digit (GB 11643) before it is masked. */
const ID_NUMBER = /(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/g
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'

export function isIdNumber(v: string): boolean {
  const month = Number(v.slice(10, 12))
  const day = Number(v.slice(12, 14))
  if (!/^(19|20)\d\d$/.test(v.slice(6, 10)) || month < 1 || month > 12 || day < 1 || day > 31) return false
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(v[i]), 0)
  return ID_CHECK[sum % 11] === v[17]!.toUpperCase()
}

/**
 * Text with every phone (138****0000) and ID number (3301**********1234) in it masked: the safety
 * net of a 脱敏 export for cells whose column declares no mask (a remark that quotes a number).
 */
export function maskSensitive(value: string): string {
  return value
    .replace(ID_NUMBER, (id) => (isIdNumber(id) ? maskIdCard4(id)! : id))
    .replace(PHONE, (_, head: string, tail: string) => `${head}****${tail}`)
}

/** `maskSensitive` on every string inside `value` (an audit entry's before/after JSON, say). */
export function maskSensitiveDeep(value: unknown): unknown {
  if (typeof value === 'string') return maskSensitive(value)
  if (Array.isArray(value)) return value.map(maskSensitiveDeep)
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskSensitiveDeep(v)]))
}

/** A whole mainland mobile number (13800001234), nothing around it. */
export const isWholePhone = (value: string) => /^1[3-9]\d{9}$/.test(value)
