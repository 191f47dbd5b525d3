import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { after, before, describe, test } from 'node:test'
import { adminClient } from '../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../test/helper.ts'
import { SettingKey } from '@activity/wire'
import { PRODUCT_NAME } from '@activity/domain'
import { ADMIN_CSP } from './static-admin.ts'

describe('serving the built operator console at /admin/', () => {
  let t: TestApp
  const admin = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-'))
  const h5 = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-'))
  const script = `console.log(${JSON.stringify('控制台'.repeat(400))})`
  before(async () => {
    fs.mkdirSync(path.join(admin, 'assets'))
    fs.writeFileSync(
      path.join(admin, 'index.html'),
      '<!doctype html><title>console</title><meta name="school-name" content="console" /><script type="module" src="/admin/assets/index-Dx_3kQ9a.js"></script>' +
        '<div id="root"><!--shell--><div class="console-shell"><div class="console-shell__sider"><h1 class="console-shell__name">console</h1></div></div><!--/shell--></div>',
    )
    fs.writeFileSync(path.join(admin, 'assets', 'index-Dx_3kQ9a.js'), script)
    fs.writeFileSync(path.join(admin, 'assets', 'index-Dx_3kQ9a.js.br'), zlib.brotliCompressSync(script))
    fs.writeFileSync(path.join(admin, 'assets', 'index-Dx_3kQ9a.js.gz'), zlib.gzipSync(script))
    fs.writeFileSync(path.join(h5, 'index.html'), '<!doctype html><title>app</title>')
    t = await buildTestApp({ env: { ADMIN_DIR: admin, H5_DIR: h5 } })
  })
  after(async () => {
    await t.close()
    fs.rmSync(admin, { recursive: true, force: true })
    fs.rmSync(h5, { recursive: true, force: true })
  })

  test("the console's entry is its index.html, revalidated on every load, under the console's own policy", async () => {
    const res = await createClient(t.app).get('/admin/')
    assert.equal(res.statusCode, 200)
    assert.match(res.body, new RegExp(`<title>${PRODUCT_NAME}</title>`))
    assert.equal(res.headers['cache-control'], 'no-cache')
    assert.equal(res.headers['content-security-policy'], ADMIN_CSP)
    assert.match(ADMIN_CSP, /script-src 'self';/)
  })

  test('a deep link into the console (a partner, with filters) gets the console, not the H5 app', async () => {
    for (const url of ['/admin/partners/12?tab=clues', '/admin', '/admin/audit?dateFrom=2025-01-01']) {
      const res = await createClient(t.app).get(url)
      assert.equal(res.statusCode, 200, url)
      assert.match(res.body, new RegExp(`<title>${PRODUCT_NAME}</title>`), url)
      assert.equal(res.headers['cache-control'], 'no-cache', url)
      assert.equal(res.headers['content-security-policy'], ADMIN_CSP, url)
    }
  })

  test("the browser tab and the console's title carry the school's name from 设置, as text, on the next load", async () => {
    const client = (await adminClient(t.app, '管理员')).client
    const saved = await client.put('/api/bms/develop/config/settings', { [SettingKey.schoolName]: '  杭州 "明德" & 学院 ' })
    assert.equal(saved.json().code, 0, saved.body)
    assert.equal(saved.json().data[SettingKey.schoolName], '杭州 "明德" & 学院')
    for (const url of ['/admin/', '/admin/index.html', '/admin/clues?status=1', '/admin/signIn']) {
      const page = await createClient(t.app).get(url)
      assert.match(page.body, /<title>杭州 &quot;明德&quot; &amp; 学院<\/title>/, url)
      assert.match(page.body, /<meta name="school-name" content="杭州 &quot;明德&quot; &amp; 学院" \/>/, url)
      // The frame's shell paints the name before any script; the sign-in screen has no frame.
      if (url === '/admin/signIn') assert.match(page.body, /<div id="root"><\/div>/, url)
      else assert.match(page.body, /<h1 class="console-shell__name">杭州 &quot;明德&quot; &amp; 学院<\/h1>/, url)
    }
    const refusals: Array<[string, string]> = [
      ['', '请填写学校名称'],
      ['<script>', '学校名称不能含有 < > 或控制字符'],
      ['学'.repeat(21), '学校名称不能超过20个字符'],
    ]
    for (const [name, message] of refusals) {
      const refused = await client.put('/api/bms/develop/config/settings', { [SettingKey.schoolName]: name })
      assert.equal(refused.statusCode, 400, name)
      assert.match(refused.json().message, new RegExp(message.replace(/[<>]/g, '.')), name)
    }
    // A replacement pattern in the name is shown as typed.
    assert.equal((await client.put('/api/bms/develop/config/settings', { [SettingKey.schoolName]: '明德$&学院$1' })).json().code, 0)
    const patterned = await createClient(t.app).get('/admin/')
    assert.match(patterned.body, /<title>明德\$&amp;学院\$1<\/title>/)
    assert.match(patterned.body, /content="明德\$&amp;学院\$1"/)
    assert.match(patterned.body, /<h1 class="console-shell__name">明德\$&amp;学院\$1<\/h1>/)
    await client.put('/api/bms/develop/config/settings', { [SettingKey.schoolName]: PRODUCT_NAME })
  })

  test('hashed assets are cached for a year and sent pre-compressed to a browser that takes brotli or gzip', async () => {
    const client = createClient(t.app)
    const br = await client.inject({ method: 'GET', url: '/admin/assets/index-Dx_3kQ9a.js', headers: { 'accept-encoding': 'br, gzip' } })
    assert.equal(br.statusCode, 200)
    assert.equal(br.headers['content-encoding'], 'br')
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.equal(zlib.brotliDecompressSync(br.rawPayload).toString(), script)
    const gz = await client.inject({ method: 'GET', url: '/admin/assets/index-Dx_3kQ9a.js', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(gz.headers['content-encoding'], 'gzip')
    const plain = await client.inject({ method: 'GET', url: '/admin/assets/index-Dx_3kQ9a.js' })
    assert.equal(plain.headers['content-encoding'], undefined)
    assert.equal(plain.body, script)
  })

  test('a missing console file is a 404, and the H5 app keeps its own pages and policy', async () => {
    const client = createClient(t.app)
    const missing = await client.get('/admin/assets/missing-AAAAAAAA.js')
    assert.equal(missing.statusCode, 404)
    const h5Page = await client.get('/pages/tabBar/clue')
    assert.equal(h5Page.statusCode, 200)
    assert.match(h5Page.body, /<title>app<\/title>/)
    assert.notEqual(h5Page.headers['content-security-policy'], ADMIN_CSP)
    const api = await client.get('/api/unknown')
    assert.equal(api.json().code, 100000005)
  })
})
