import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { generatePassword, PASSWORD_RULE } from './password.ts'

describe('a reset password meets the back-office rule', () => {
  test('every generated password has 12 letters and digits with both kinds, and they differ', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 500; i++) {
      const password = generatePassword()
      assert.equal(password.length, 12)
      assert.match(password, PASSWORD_RULE)
      assert.doesNotMatch(password, /[01OlI]/)
      seen.add(password)
    }
    assert.equal(seen.size, 500)
  })

  test('a draw without a digit is drawn again', () => {
    const draws = [new Uint32Array(12).fill(0), new Uint32Array(12).map((_, i) => (i === 0 ? 48 : 0))]
    // 0 -> 'a' twelve times (refused), then 48 -> '2' followed by letters.
    const password = generatePassword(12, () => draws.shift() ?? new Uint32Array(12))
    assert.equal(password, '2aaaaaaaaaaa')
  })
})
