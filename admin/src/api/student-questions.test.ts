import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { imageRefusal } from './student-questions.ts'

describe('答疑 pictures before sending', () => {
  test('a PNG, JPEG or WebP picture up to 5 MB goes; others are refused in words', () => {
    assert.equal(imageRefusal({ type: 'image/png', size: 5 * 1024 * 1024 }), null)
    assert.equal(imageRefusal({ type: 'image/webp', size: 10 }), null)
    assert.equal(imageRefusal({ type: 'image/gif', size: 10 }), '只能上传 PNG、JPEG 或 WebP 图片')
    assert.equal(imageRefusal({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 }), '图片不能超过5MB')
  })
})
