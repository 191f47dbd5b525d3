import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { buildTestApp, createClient, type TestApp } from '../../../test/helper.ts'

describe('health', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('the health call answers ok and names the database it queried', async () => {
    const res = await createClient(t.app).get('/api/health')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { code: 0, message: '成功', data: { status: 'ok', db: t.testDb.kind } })
  })

  test('every answer carries the security headers', async () => {
    const res = await createClient(t.app).get('/api/health')
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN')
    assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin')
  })

  test('the OpenAPI document lists the health call', async () => {
    const res = await createClient(t.app).get('/docs/json')
    assert.equal(res.statusCode, 200)
    const doc = res.json()
    assert.ok(doc.paths['/api/health'])
  })
})
