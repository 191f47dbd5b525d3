import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { decodeCursor, encodeCursor } from './cursor.ts'

describe('a list cursor', () => {
  test('gives back the exact position it was made from, microseconds included', () => {
    const at = '2026-01-02T03:04:05.123456+00:00'
    assert.deepEqual(decodeCursor(encodeCursor({ at, id: 42 })), { at, id: 42 })
    assert.deepEqual(decodeCursor(encodeCursor({ at: '2026-01-02T03:04:05+08:00', id: 7 })), { at: '2026-01-02T03:04:05+08:00', id: 7 })
  })

  test('refuses what this server did not make: other text, a bad time, a bad or huge id, extra parts', () => {
    for (const text of ['', 'abc', '!!!', 'x'.repeat(200)]) assert.equal(decodeCursor(text), null, text)
    const made = (raw: string) => Buffer.from(raw).toString('base64url')
    for (const raw of [
      '2026-01-02T03:04:05Z',
      'yesterday|5',
      '2026-13-45T03:04:05Z|5',
      '2026-01-02T03:04:05Z|0',
      '2026-01-02T03:04:05Z|-1',
      '2026-01-02T03:04:05Z|99999999999',
      '2026-01-02T03:04:05Z|5|6',
      "2026-01-02T03:04:05Z'; drop table clues;--|5",
    ])
      assert.equal(decodeCursor(made(raw)), null, raw)
  })
})
