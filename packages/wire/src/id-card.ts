const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'

/**
 * A mainland resident ID-card number (GB 11643-1999): 18 characters, a real birth date not in
 * the future, and the check digit of the weighted sum mod 11. The personal-info form and the
 * back-office's schema both check with this.
 */
export function isValidIdCard(value: string, now: Date = new Date()): boolean {
  const id = value.trim().toUpperCase()
  if (!/^[1-9]\d{5}(18|19|20)\d{2}\d{2}\d{2}\d{3}[\dX]$/.test(id)) return false
  const y = Number(id.slice(6, 10))
  const m = Number(id.slice(10, 12))
  const d = Number(id.slice(12, 14))
  const birth = new Date(Date.UTC(y, m - 1, d))
  if (birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return false
  if (birth.getTime() > now.getTime()) return false
  let sum = 0
  for (let i = 0; i < 17; i += 1) sum += Number(id[i]) * (ID_WEIGHTS[i] ?? 0)
  return ID_CHECK[sum % 11] === id[17]
}
