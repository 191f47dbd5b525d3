import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../../app.ts'
import { Code } from '../../../wire.ts'
import { buildTestApp, createClient, createTestDatabase, testConfig, type TestApp } from '../../../../test/helper.ts'

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

describe('readiness', () => {
  test('ready while the database and the change feed are up: 200', async () => {
    const t = await buildTestApp()
    try {
      const res = await createClient(t.app).get('/api/health/ready')
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { code: 0, message: '成功', data: { status: 'ready', db: 'up', listen: 'up', draining: false } })
    } finally {
      await t.close()
    }
  })

  test('not ready while the change feed is down: 503, and ready again once it is back', async () => {
    const t = await buildTestApp()
    try {
      const cache = t.app.sessions.cache!
      if (t.testDb.kind === 'postgres') {
        // The real thing: the LISTEN connection is killed; it reconnects within a second or two.
        await t.app.db.execute(
          sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN session_changed'`,
        )
        for (const deadline = Date.now() + 5000; cache.live && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 10))
      } else {
        // PGlite's notifications are in-process and cannot drop: tell the cache the feed is down.
        cache.setLive(false)
      }
      const down = await createClient(t.app).get('/api/health/ready')
      assert.equal(down.statusCode, 503)
      assert.deepEqual(down.json(), {
        code: Code.unavailable,
        message: '服务暂不可用',
        data: { status: 'not ready', db: 'up', listen: 'down', draining: false },
      })
      if (t.testDb.kind === 'postgres') {
        for (const deadline = Date.now() + 5000; !cache.live && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50))
      } else {
        cache.setLive(true)
      }
      assert.equal((await createClient(t.app).get('/api/health/ready')).statusCode, 200)
    } finally {
      await t.close()
    }
  })

  test('not ready when the database does not answer: 503', async () => {
    const testDb = await createTestDatabase()
    const app = await buildApp({ config: testConfig(), database: testDb.database })
    await app.ready()
    try {
      await testDb.database.close()
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' })
      assert.equal(res.statusCode, 503)
      assert.equal(res.json().data.db, 'down')
      assert.equal(res.json().data.status, 'not ready')
    } finally {
      await app.close()
      await testDb.dispose().catch(() => {}) // its database is closed already
    }
  })

  test('not ready once a stop began (draining), so the load balancer sends no more', async () => {
    const t = await buildTestApp()
    try {
      await t.app.drain({ delayMs: 0, maxWaitMs: 0 })
      const res = await createClient(t.app).get('/api/health/ready')
      assert.equal(res.statusCode, 503)
      assert.deepEqual(res.json().data, { status: 'not ready', db: 'up', listen: 'up', draining: true })
      assert.equal(res.headers.connection, 'close')
    } finally {
      await t.close()
    }
  })
})
