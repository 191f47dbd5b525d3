import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { InjectOptions } from 'fastify'
import { COOKIE_NAMES } from '../../src/modules/platform/sessions/sessions.service.ts'
import { Code } from '../../src/wire.ts'
import { adminClient, partnerClient } from '../fixtures.ts'
import { buildTestApp, type TestApp } from '../helper.ts'
import { appRoutes, concreteUrl, watchWrites, envelopeProblems } from './support.ts'

/**
 * Codes, sign-ins, registration, password reset, the activity form, the volunteer query, payFee and
 * withdrawal apply are limited per IP. Every limited route (enumerated from the app) answers its
 * limit + 1st call from one IP with 429 and a readable Chinese message saying when to retry, writes
 * nothing then, and another IP is not affected.
 */
describe('rate limits, on every limited route', () => {
  let t: TestApp
  let partnerCookie: string
  let operatorCookie: string
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT: 'on' } })
    const { client } = await partnerClient(t.app)
    partnerCookie = `${COOKIE_NAMES.user}=${client.jar.get(COOKIE_NAMES.user)}`
    const { client: operator } = await adminClient(t.app)
    operatorCookie = `${COOKIE_NAMES.admin}=${operator.jar.get(COOKIE_NAMES.admin)}`
  })
  after(async () => t?.close())

  test('the limited routes include codes, sign-ins and withdrawal apply', () => {
    const limited = appRoutes(t.app)
      .filter((r) => r.rateLimit)
      .map((r) => r.url)
    for (const url of [
      '/api/ums/user/user/sendVerify',
      '/api/ems/partner/client/signIn',
      '/api/ums/user/user/signIn',
      '/api/bms/system/admin/signIn',
      '/api/ems/partner/client/register',
      '/api/ems/partner/partner/resetPassword',
      '/api/ems/partner/withdrawalRecord/apply',
    ])
      assert.ok(limited.includes(url), url)
  })

  test('each one answers 429 with a message saying when to retry, writes nothing then, and other IPs go on', async () => {
    const writes = await watchWrites(t.app)
    const routes = appRoutes(t.app).filter((r) => r.rateLimit)
    for (const [i, route] of routes.entries()) {
      const ip = `10.9.${i}.1`
      const call = (remoteAddress: string): InjectOptions => ({
        method: route.method as InjectOptions['method'],
        url: concreteUrl(route.url),
        remoteAddress,
        // A form the route refuses (400) as cheaply as possible: the limit counts every call.
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(route.access ? { cookie: route.access.kind === 'admin' ? operatorCookie : partnerCookie } : {}),
        },
        payload: 'phone=1',
      })
      for (let n = 0; n < route.rateLimit!.max; n++) {
        const res = await t.app.inject(call(ip))
        assert.notEqual(res.statusCode, 429, `${route.url}: call ${n + 1} of ${route.rateLimit!.max} was limited`)
      }
      await writes()
      const limited = await t.app.inject(call(ip))
      assert.equal(limited.statusCode, 429, `${route.url}: ${limited.body}`)
      assert.equal(limited.json().code, Code.tooManyRequests)
      assert.match(limited.json().message, /^请求过于频繁，请\d+秒后再试$/)
      assert.deepEqual(envelopeProblems(limited), [])
      assert.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After')
      assert.deepEqual(await writes(), [], route.url)
      const other = await t.app.inject(call(`10.8.${i}.1`))
      assert.notEqual(other.statusCode, 429, `${route.url}: another IP`)
    }
  })
})
