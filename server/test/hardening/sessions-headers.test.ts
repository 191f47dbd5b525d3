import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { Code } from '../../src/wire.ts'
import { adminClient, insertPartner, PASSWORD } from '../fixtures.ts'
import { buildTestApp, type TestApp } from '../helper.ts'
import { appRoutes, concreteUrl, watchWrites, envelopeProblems } from './support.ts'

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: 'hardening-secret-0123456789',
  SMS_PROVIDER: 'local',
  LOGIN_GATEWAY: 'local',
  PAY_PROVIDER: 'none',
  LOG_LEVEL: 'silent',
}
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

function cookieAttributes(res: LightMyRequestResponse, name: string): string[] {
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${name}=`))
  assert.ok(header, `a ${name} cookie is set`)
  return header.split(';').map((p) => p.trim().toLowerCase())
}

function assertSecurityHeaders(res: LightMyRequestResponse, where: string) {
  assert.equal(res.headers['x-content-type-options'], 'nosniff', where)
  assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN', where)
  assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', where)
  assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'self'/, where)
}

describe('session cookies', () => {
  for (const [label, env, secure] of [
    ['development and tests', {}, false],
    ['production', PRODUCTION, true],
  ] as const) {
    test(`partner and operator cookies are HttpOnly, SameSite=Lax${secure ? ' and Secure' : ''} in ${label}; so is clearing them`, async () => {
      const t = await buildTestApp({ env })
      try {
        const partner = await insertPartner(t.app)
        const signIn = await t.app.inject({
          method: 'POST',
          url: '/api/ems/partner/client/signIn',
          headers: FORM,
          payload: `phone=${partner.phone}&password=${PASSWORD}`,
        })
        assert.equal(signIn.statusCode, 200, signIn.body)
        const sid = cookieAttributes(signIn, 'sid')
        for (const expected of ['httponly', 'samesite=lax', 'path=/']) assert.ok(sid.includes(expected), `${expected} in ${sid.join('; ')}`)
        assert.equal(sid.includes('secure'), secure)
        assert.ok(sid.some((a) => a.startsWith('max-age=')))
        const token = signIn.cookies.find((c) => c.name === 'sid')!.value
        const signOut = await t.app.inject({
          method: 'DELETE',
          url: '/api/ems/partner/client/signOut',
          headers: { cookie: `sid=${token}` },
        })
        const cleared = cookieAttributes(signOut, 'sid')
        for (const expected of ['httponly', 'samesite=lax']) assert.ok(cleared.includes(expected))
        assert.equal(cleared.includes('secure'), secure)

        const { admin } = await adminClient(t.app)
        const adminSignIn = await t.app.inject({
          method: 'POST',
          url: '/api/bms/system/admin/signIn',
          headers: FORM,
          payload: `account=${admin.account}&password=${PASSWORD}`,
        })
        assert.equal(adminSignIn.statusCode, 200, adminSignIn.body)
        const asid = cookieAttributes(adminSignIn, 'asid')
        for (const expected of ['httponly', 'samesite=lax']) assert.ok(asid.includes(expected))
        assert.equal(asid.includes('secure'), secure)
      } finally {
        await t.close()
      }
    })
  }
})

describe('the Origin check of state-changing browser calls', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ env: { ALLOWED_ORIGINS: 'https://h5.example.com' } })
  })
  after(async () => t?.close())

  test('every POST/PUT/DELETE route refuses a foreign Origin, Origin: null and a cross-site fetch with 403 before doing anything', async () => {
    const writes = await watchWrites(t.app)
    const { client } = await adminClient(t.app)
    const cookie = `asid=${client.jar.get('asid')}`
    const unsafe = appRoutes(t.app).filter((r) => ['POST', 'PUT', 'DELETE'].includes(r.method))
    assert.ok(unsafe.length >= 40)
    const problems: string[] = []
    for (const route of unsafe) {
      for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }] as Array<
        Record<string, string>
      >) {
        await writes()
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: concreteUrl(route.url),
          headers: { ...headers, ...FORM, cookie },
          payload: 'id=1',
        })
        const where = `${route.method} ${route.url} ${JSON.stringify(headers)} -> ${res.statusCode}`
        if (res.statusCode !== 403 || res.json().code !== Code.forbidden || res.json().message !== '请求来源不被允许') problems.push(where)
        problems.push(...envelopeProblems(res).map((p) => `${where}: ${p}`))
        const written = await writes()
        if (written.length) problems.push(`${where}: wrote ${written.join(', ')}`)
      }
    }
    assert.deepEqual(problems, [])
  })

  test('the same calls pass from this origin, an allowed origin, same-site fetches and callers without an Origin (mini-programs)', async () => {
    const partner = await insertPartner(t.app)
    for (const headers of [
      {},
      { origin: 'https://partner.example.com' },
      { origin: 'https://h5.example.com' },
      { origin: 'http://localhost:80', host: 'localhost:80' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ] as Array<Record<string, string>>) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ems/partner/client/signIn',
        headers: { ...headers, ...FORM },
        payload: `phone=${partner.phone}&password=${PASSWORD}`,
      })
      assert.equal(res.statusCode, 200, `${JSON.stringify(headers)}: ${res.body}`)
    }
  })

  test('CORS answers only the allowed origins, preflights included', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/ems/partner/client/signIn',
      headers: { origin: 'https://h5.example.com', 'access-control-request-method': 'POST' },
    })
    assert.equal(allowed.statusCode, 204)
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://h5.example.com')
    assert.equal(allowed.headers['access-control-allow-credentials'], 'true')
    const foreign = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/ems/partner/client/signIn',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    assert.equal(foreign.headers['access-control-allow-origin'], undefined)
    const read = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } })
    assert.equal(read.statusCode, 200)
    assert.equal(read.headers['access-control-allow-origin'], undefined)
  })
})

describe('security headers', () => {
  let t: TestApp
  const h5 = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-csp-'))
  // Like the built app: an inline rem script, then the bundles.
  const remScript = '!function(n){n.document.documentElement.style.fontSize="20px"}(window);'
  before(async () => {
    fs.mkdirSync(path.join(h5, 'js'))
    fs.writeFileSync(
      path.join(h5, 'index.html'),
      `<!doctype html><html><head><title>app</title><script>${remScript}</script><script defer="defer" src="/js/app.0123abcd.js"></script></head><body><div id="app"></div></body></html>`,
    )
    fs.writeFileSync(path.join(h5, 'js', 'app.0123abcd.js'), 'console.log(1)')
    t = await buildTestApp({ env: { H5_DIR: h5, WEB_ALLOWED_HOSTS: 'www.example.com,*.example.org', TRUST_PROXY: 'true' } })
  })
  after(async () => {
    await t?.close()
    fs.rmSync(h5, { recursive: true, force: true })
  })

  test('API answers carry nosniff, a frame policy, a referrer policy and a CSP that lets nothing run, refusals and framework errors included', async () => {
    const { client } = await adminClient(t.app)
    const answers: Array<[string, LightMyRequestResponse]> = [
      ['ok', await t.app.inject({ method: 'GET', url: '/api/health' })],
      ['401', await t.app.inject({ method: 'GET', url: '/api/ems/partner/clue/list' })],
      ['400', await client.get('/api/ems/partner/partner/details', { id: 'x' })],
      ['404', await t.app.inject({ method: 'GET', url: '/api/nothing' })],
      [
        '415',
        await t.app.inject({
          method: 'POST',
          url: '/api/ems/partner/client/signIn',
          headers: { 'content-type': 'application/xml' },
          payload: '<a/>',
        }),
      ],
      ['414', await t.app.inject({ method: 'POST', url: `/api/fms/finance/payment/notify/${'x'.repeat(300)}` })],
      ['400 bad url', await t.app.inject({ method: 'GET', url: '/api/fms/finance/payment/notify/%zz' })],
      ['an upload', await t.app.inject({ method: 'GET', url: '/uploads/missing.png' })],
    ]
    for (const [where, res] of answers) {
      assertSecurityHeaders(res, where)
      assert.match(String(res.headers['content-security-policy']), /default-src 'none'/, where)
      assert.deepEqual(envelopeProblems(res), [], where)
    }
  })

  test("the H5 index and its deep links carry the app's CSP: its own scripts and the inline rem script by hash, no inline script otherwise", async () => {
    const hash = `'sha256-${crypto.createHash('sha256').update(remScript).digest('base64')}'`
    for (const url of ['/', '/pages/tabBar/clue?x=1']) {
      const res = await t.app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 200)
      assertSecurityHeaders(res, url)
      const csp = String(res.headers['content-security-policy'])
      assert.match(csp, new RegExp(`script-src 'self' ${hash.replace(/[+/]/g, (c) => `\\${c}`)}(;|$)`))
      assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/)
      assert.match(csp, /object-src 'none'/)
      assert.match(csp, /base-uri 'self'/)
      assert.match(csp, /frame-src 'self' www\.example\.com \*\.example\.org/)
      assert.match(csp, /connect-src 'self' https:\/\/partner\.example\.com https:\/\/restapi\.amap\.com/)
    }
    const asset = await t.app.inject({ method: 'GET', url: '/js/app.0123abcd.js' })
    assertSecurityHeaders(asset, 'asset')
    // A reload revalidates: the 304 has no content type, and the browser takes its headers for the cached page.
    const first = await t.app.inject({ method: 'GET', url: '/pages/user/agreement' })
    const reload = await t.app.inject({
      method: 'GET',
      url: '/pages/user/agreement',
      headers: { 'if-none-match': String(first.headers.etag), 'if-modified-since': String(first.headers['last-modified']) },
    })
    assert.equal(reload.statusCode, 304)
    assert.equal(reload.headers['content-security-policy'], first.headers['content-security-policy'])
  })

  test('the API docs get a policy that lets Swagger UI run', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' })
    assert.equal(res.statusCode, 200)
    assert.match(res.body, /swagger-ui/)
    assert.match(String(res.headers['content-security-policy']), /script-src 'self'; script-src-attr 'none'/)
  })

  test('HTTPS answers (behind a proxy that says so) carry Strict-Transport-Security; plain HTTP ones do not', async () => {
    const https = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })
    assert.equal(https.headers['strict-transport-security'], 'max-age=15552000')
    const http = await t.app.inject({ method: 'GET', url: '/api/health' })
    assert.equal(http.headers['strict-transport-security'], undefined)
  })
})
