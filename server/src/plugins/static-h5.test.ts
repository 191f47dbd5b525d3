import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { after, before, describe, test } from 'node:test'
import { buildTestApp, createClient, type TestApp } from '../../test/helper.ts'

const INDEX_HTML = '<!doctype html><title>app</title>'
const BIG_JS = `var list = [${Array.from({ length: 2000 }, (_, i) => `"item ${i}"`).join(',')}];`

describe('serving the built H5 app', () => {
  let t: TestApp
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-'))
  before(async () => {
    fs.mkdirSync(path.join(dir, 'js'))
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML)
    fs.writeFileSync(path.join(dir, 'js', 'app.3f9a8b7c6d.js'), 'console.log(1)')
    // What the production build writes beside its text assets (config/index.ts).
    fs.writeFileSync(path.join(dir, 'js', 'big.0123abcd45.js'), BIG_JS)
    fs.writeFileSync(path.join(dir, 'js', 'big.0123abcd45.js.br'), zlib.brotliCompressSync(BIG_JS))
    fs.writeFileSync(path.join(dir, 'js', 'big.0123abcd45.js.gz'), zlib.gzipSync(BIG_JS))
    fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(INDEX_HTML))
    fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(INDEX_HTML))
    fs.writeFileSync(
      path.join(dir, 'preload.json'),
      JSON.stringify({
        '/': ['css/651.aa.css', 'js/651.bb.js'],
        '/pages/tabBar/home': ['css/651.aa.css', 'js/651.bb.js'],
        '/pages/user/login': ['js/77.cc.js'],
      }),
    )
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

  test('a browser that accepts Brotli gets the Brotli copy the build wrote, with the type and caching of the original', async () => {
    const res = await createClient(t.app).inject({
      method: 'GET',
      url: '/js/big.0123abcd45.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-encoding'], 'br')
    assert.match(String(res.headers['content-type']), /javascript/)
    assert.match(String(res.headers['cache-control']), /max-age=31536000, immutable/)
    assert.match(String(res.headers.vary), /accept-encoding/i)
    assert.equal(zlib.brotliDecompressSync(res.rawPayload).toString(), BIG_JS)
    assert.ok(res.rawPayload.length < BIG_JS.length / 4, `${res.rawPayload.length} bytes sent for ${BIG_JS.length}`)
  })

  test('a browser that accepts only gzip gets the gzip copy; one that accepts neither gets the original', async () => {
    const client = createClient(t.app)
    const gzip = await client.inject({ method: 'GET', url: '/js/big.0123abcd45.js', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(gzip.headers['content-encoding'], 'gzip')
    assert.equal(zlib.gunzipSync(gzip.rawPayload).toString(), BIG_JS)
    const plain = await client.inject({ method: 'GET', url: '/js/big.0123abcd45.js', headers: { 'accept-encoding': 'identity' } })
    assert.equal(plain.headers['content-encoding'], undefined)
    assert.equal(plain.body, BIG_JS)
  })

  test('a small asset without compressed copies is sent as it is', async () => {
    const res = await createClient(t.app).inject({
      method: 'GET',
      url: '/js/app.3f9a8b7c6d.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-encoding'], undefined)
    assert.equal(res.body, 'console.log(1)')
  })

  test('index.html and deep links come compressed and still revalidated, under the CSP', async () => {
    const client = createClient(t.app)
    for (const url of ['/', '/pages/partner/position?from=x']) {
      const res = await client.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })
      assert.equal(res.statusCode, 200, url)
      assert.equal(res.headers['content-encoding'], 'br', url)
      assert.match(String(res.headers['content-type']), /text\/html/, url)
      assert.equal(res.headers['cache-control'], 'no-cache', url)
      assert.ok(res.headers['content-security-policy'], url)
      assert.equal(zlib.brotliDecompressSync(res.rawPayload).toString(), INDEX_HTML, url)
    }
  })

  test("a page's own files are announced for preloading with its HTML, the entry page's at the root", async () => {
    const client = createClient(t.app)
    const login = await client.get('/pages/user/login?from=%2Fpages%2FtabBar%2Fclue')
    assert.equal(login.headers.link, '</js/77.cc.js>; rel=preload; as=script')
    const root = await client.get('/')
    assert.equal(root.headers.link, '</css/651.aa.css>; rel=preload; as=style, </js/651.bb.js>; rel=preload; as=script')
    const unknown = await client.get('/pages/partner/position')
    assert.equal(unknown.headers.link, undefined)
    const asset = await client.get('/js/app.3f9a8b7c6d.js')
    assert.equal(asset.headers.link, undefined)
  })
})
