/** A mainland mobile number: 11 digits starting with 1. */
export function isPhone(text: string): boolean {
  return /^1\d{10}$/.test(text.trim())
}

/** 13812341234 -> 138****1234 (as lists show them); anything else is returned unchanged. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return ''
  const p = phone.trim()
  return /^\d{11}$/.test(p) ? `${p.slice(0, 3)}****${p.slice(7)}` : p
}
