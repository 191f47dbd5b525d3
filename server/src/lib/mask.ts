/** 13812341234 -> 138****1234 */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone
}

/** 110101199003078515 -> 110***********8515 */
export function maskIdCard(idCard: string | null): string | null {
  if (!idCard) return null
  return `${idCard.slice(0, 3)}${'*'.repeat(Math.max(0, idCard.length - 7))}${idCard.slice(-4)}`
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

/** 330106200001011234 -> 3301**********1234: the first 4 and the last 4 (how a student's ID number leaves the server). */
export function maskIdCard4(idCard: string | null): string | null {
  if (!idCard) return null
  if (idCard.length <= 8) return '*'.repeat(idCard.length)
  return `${idCard.slice(0, 4)}${'*'.repeat(idCard.length - 8)}${idCard.slice(-4)}`
}
