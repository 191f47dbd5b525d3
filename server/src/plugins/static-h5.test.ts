import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { buildTestApp, createClient, type TestApp } from '../../test/helper.ts'

describe('serving the built H5 app', () => {
  let t: TestApp
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-'))
  before(async () => {
    fs.mkdirSync(path.join(dir, 'js'))
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>')
    fs.writeFileSync(path.join(dir, 'js', 'app.3f9a8b7c6d.js'), 'console.log(1)')
    t = await buildTestApp({ env: { H5_DIR: dir } })
  })
  after(async () => {
    await t.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('a deep link without an extension gets index.html, not cached', async () => {
    const res = await createClient(t.app).get('/pages/tabBar/clue?x=1')
    assert.equal(res.statusCode, 200)
    assert.match(res.body, /<title>app<\/title>/)
    assert.equal(res.headers['cache-control'], 'no-cache')
  })

  test('the root serves index.html', async () => {
    const res = await createClient(t.app).get('/')
    assert.equal(res.statusCode, 200)
    assert.match(res.body, /<title>app<\/title>/)
  })

  test('hashed assets are cached for a year', async () => {
    const res = await createClient(t.app).get('/js/app.3f9a8b7c6d.js')
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['cache-control']), /max-age=31536000/)
  })

  test('a missing file or an unknown API path is a 404 envelope, never index.html', async () => {
    const client = createClient(t.app)
    const missing = await client.get('/js/missing.js')
    assert.equal(missing.statusCode, 404)
    const api = await client.get('/api/unknown')
    assert.equal(api.statusCode, 404)
    assert.equal(api.json().code, 100000005)
  })
})
