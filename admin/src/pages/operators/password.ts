/**
 * A password for a new or reset operator account, shown once: 12 letters and digits with both
 * kinds (the back-office's rule, server/src/lib/fields.ts passwordField), from the browser's
 * cryptographic random source. Look-alike characters (0/O, 1/l/I) are left out: it is read aloud.
 */
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'
const ALL = LETTERS + DIGITS

/** The back-office's password rule: 8-32 letters and digits, with at least one of each. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{8,32}$/

export function generatePassword(length = 12, random: (n: number) => Uint32Array = randomWords): string {
  for (;;) {
    const words = random(length)
    const text = Array.from(words, (w) => ALL[w % ALL.length]).join('')
    if (PASSWORD_RULE.test(text)) return text
  }
}

function randomWords(n: number): Uint32Array {
  return crypto.getRandomValues(new Uint32Array(n))
}
