import assert from 'node:assert/strict'
import net from 'node:net'
import { describe, test } from 'node:test'
import { Code } from '../wire.ts'
import { partnerClient } from '../../test/fixtures.ts'
import { buildTestApp, createClient } from '../../test/helper.ts'

const TOKEN = 'metrics-operator-token-0123456789'

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

/** The value of one sample line of a Prometheus text exposition (`name{labels} value`). */
function sample(text: string, line: RegExp): number | undefined {
  for (const l of text.split('\n')) if (line.test(l)) return Number(l.slice(l.lastIndexOf(' ') + 1))
  return undefined
}

describe('/metrics', () => {
  test('is not served at all without METRICS_TOKEN or METRICS_PORT', async () => {
    const t = await buildTestApp()
    try {
      assert.equal((await createClient(t.app).get('/metrics')).statusCode, 404)
    } finally {
      await t.close()
    }
  })

  test('with METRICS_TOKEN: refused without the token or with a wrong one, in the usual envelope', async () => {
    const t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } })
    try {
      for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token' }, { authorization: TOKEN }]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers })
        assert.equal(res.statusCode, 401)
        assert.deepEqual(res.json(), { code: Code.sessionInvalid, message: '需要运维令牌', data: null })
        assert.equal(res.headers['www-authenticate'], 'Bearer')
        assert.doesNotMatch(res.body, /http_requests_total/)
      }
    } finally {
      await t.close()
    }
  })

  test('with the token: requests by route, latency histogram, session cache hits, pool and money figures', async () => {
    const t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } })
    try {
      const { client } = await partnerClient(t.app)
      for (let i = 0; i < 3; i++) assert.equal((await client.get('/api/ems/partner/partner/home')).statusCode, 200)
      await createClient(t.app).get('/no/such/route')
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
      assert.equal(res.statusCode, 200)
      assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/)
      const text = res.body
      assert.equal(sample(text, /^http_requests_total\{method="GET",route="\/api\/ems\/partner\/partner\/home",status="200"\}/), 3)
      assert.equal(sample(text, /^http_requests_total\{method="GET",route="\(unmatched\)",status="404"\}/), 1)
      assert.equal(sample(text, /^http_request_duration_seconds_count\{method="GET",route="\/api\/ems\/partner\/partner\/home"\}/), 3)
      assert.match(
        text,
        /^http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/api\/ems\/partner\/partner\/home"\} \d+$/m,
      )
      // The first call looked the session up in the database, the later ones found it in memory. On a
      // loaded machine the notification of the sign-in's own writes (the new partner's account) can
      // arrive after the first lookup and evict it once, so one more lookup may be a miss.
      const hits = sample(text, /^session_cache_lookups_total\{result="hit"\}/) ?? 0
      const misses = sample(text, /^session_cache_lookups_total\{result="miss"\}/) ?? 0
      assert.ok(hits >= 1 && misses >= 1 && hits + misses >= 3, text)
      assert.equal(sample(text, /^session_cache_live /), 1)
      assert.ok(sample(text, /^money_ledger_last_entry_id /) !== undefined)
      assert.equal(sample(text, /^money_withdrawals_pending /), 0)
      assert.ok(sample(text, /^process_cpu_seconds_total /) !== undefined)
      if (t.testDb.kind === 'postgres') assert.equal(sample(text, /^db_pool_connections\{state="max"\}/), 1)
    } finally {
      await t.close()
    }
  })

  test('with METRICS_PORT: served on that port only, not on the public one', async () => {
    const port = await freePort()
    const t = await buildTestApp({ env: { METRICS_PORT: String(port), HOST: '127.0.0.1' } })
    try {
      assert.equal((await createClient(t.app).get('/metrics')).statusCode, 404)
      const res = await fetch(`http://127.0.0.1:${port}/metrics`)
      assert.equal(res.status, 200)
      assert.match(await res.text(), /^# TYPE http_requests_total counter$/m)
      assert.equal((await fetch(`http://127.0.0.1:${port}/api/health`)).status, 404)
    } finally {
      await t.close()
    }
    await assert.rejects(fetch(`http://127.0.0.1:${port}/metrics`), 'the port closes with the app')
  })
})
