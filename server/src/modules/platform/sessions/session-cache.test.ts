import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../../../app.ts'
import { databaseFromPool } from '../../../db/client.ts'
import { PartnerStatus } from '../../../wire.ts'
import { adminClient, partnerClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, TEST_DATABASE_URL, testConfig, type TestApp } from '../../../../test/helper.ts'
import { sha256 } from '../../../lib/crypto.ts'
import { scheduleSessionPurge } from '../../../startup.ts'
import { parseSessionChange, SessionCache } from './session-cache.ts'
import { createSessionsRepository } from './sessions.repository.ts'
import type { LiveSession } from './sessions.repository.ts'

const HOME = '/api/ems/partner/partner/home'

function liveSession(overrides: Partial<LiveSession> = {}): LiveSession {
  const now = new Date()
  return {
    id: 1,
    tokenHash: 'h',
    kind: 'user',
    partnerId: 10,
    adminId: null,
    pendingOpenId: null,
    expiresAt: new Date(now.getTime() + 60_000),
    createdAt: now,
    lastSeenAt: now,
    partnerStatus: PartnerStatus.active,
    admin: null,
    ...overrides,
  }
}

describe('SessionCache', () => {
  test('answers only while the change feed is live, and forgets everything when it drops', () => {
    const cache = new SessionCache()
    try {
      cache.store('k', liveSession(), cache.epoch)
      assert.equal(cache.get('k'), undefined, 'not live yet: nothing stored')
      cache.setLive(true)
      cache.store('k', liveSession(), cache.epoch)
      assert.equal(cache.get('k')?.partnerId, 10)
      cache.setLive(false)
      assert.equal(cache.get('k'), undefined)
      cache.setLive(true)
      assert.equal(cache.get('k'), undefined, 'what was there before the drop is gone')
    } finally {
      cache.dispose()
    }
  })

  test('a lookup that overlapped a change is not stored', () => {
    const cache = new SessionCache()
    try {
      cache.setLive(true)
      const epoch = cache.epoch
      cache.forget({ partnerId: 999 }) // any change, even of someone else
      cache.store('k', liveSession(), epoch)
      assert.equal(cache.get('k'), undefined)
    } finally {
      cache.dispose()
    }
  })

  test('forgets by session, by partner and by operator; keeps the others', () => {
    const cache = new SessionCache()
    try {
      cache.setLive(true)
      cache.store('a', liveSession({ id: 1, partnerId: 10 }), cache.epoch)
      cache.store('b', liveSession({ id: 2, partnerId: 11 }), cache.epoch)
      cache.store('c', liveSession({ id: 3, kind: 'admin', partnerId: null, adminId: 7 }), cache.epoch)
      cache.forget({ sessionId: 1 })
      assert.deepEqual([cache.get('a')?.id, cache.get('b')?.id, cache.get('c')?.id], [undefined, 2, 3])
      cache.forget({ partnerId: 11 })
      assert.equal(cache.get('b'), undefined)
      cache.forget({ adminId: 7 })
      assert.equal(cache.get('c'), undefined)
      assert.equal(cache.size, 0)
    } finally {
      cache.dispose()
    }
  })

  test('keeps at most maxEntries (least recently used out) for at most maxAgeMs, and hands out frozen copies', () => {
    const cache = new SessionCache({ maxEntries: 2, maxAgeMs: 1000 })
    try {
      cache.setLive(true)
      cache.store('a', liveSession({ id: 1 }), cache.epoch, 0)
      cache.store('b', liveSession({ id: 2 }), cache.epoch, 0)
      assert.equal(cache.get('a', 10)?.id, 1) // a is now the most recent
      cache.store('c', liveSession({ id: 3 }), cache.epoch, 10)
      assert.equal(cache.get('b', 10), undefined, 'b was the least recently used')
      assert.equal(cache.get('a', 10)?.id, 1)
      assert.equal(cache.get('c', 1011), undefined, 'older than maxAgeMs')
      const session = cache.get('a', 20)!
      assert.throws(() => Object.assign(session, { partnerId: 1 }))
    } finally {
      cache.dispose()
    }
  })

  test('reads the triggers’ payloads', () => {
    assert.deepEqual(parseSessionChange('s:12'), { sessionId: 12 })
    assert.deepEqual(parseSessionChange('p:3'), { partnerId: 3 })
    assert.deepEqual(parseSessionChange('a:4'), { adminId: 4 })
    assert.equal(parseSessionChange('x:4'), undefined)
    assert.equal(parseSessionChange('s:'), undefined)
  })
})

/** Polls `check` until it holds: a notification from the database arrives asynchronously on PostgreSQL. */
async function eventually(check: () => Promise<boolean>, what: string, ms = 3000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`${what} within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('the live-session cache in the app', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t?.close())

  const status = async (client: Client) => (await client.get(HOME)).statusCode
  const cached = () => t.app.sessions.cache!.size

  test('is on, live, and serves a second call from memory', async () => {
    assert.ok(t.app.sessions.cache?.live)
    const { client } = await partnerClient(t.app)
    const before = cached()
    assert.equal(await status(client), 200)
    assert.equal(cached(), before + 1)
    assert.equal(await status(client), 200)
  })

  test('a session deleted, a partner disabled or an operator disabled by hand in SQL stops being served', async () => {
    const { client: a } = await partnerClient(t.app)
    const { partner: bPartner, client: b } = await partnerClient(t.app)
    const { admin, client: op } = await adminClient(t.app)
    assert.equal(await status(a), 200)
    assert.equal(await status(b), 200)
    assert.equal((await op.get('/api/bms/system/admin/signInfo')).statusCode, 200)

    await t.app.db.execute(sql`DELETE FROM sessions WHERE token_hash = ${sha256(a.jar.get('sid')!)}`)
    await eventually(async () => (await status(a)) === 401, 'a deleted session is refused')
    await t.app.db.execute(sql`UPDATE partners SET status = ${PartnerStatus.disabled} WHERE id = ${bPartner.id}`)
    await eventually(async () => (await status(b)) === 401, 'a disabled partner is refused')
    await t.app.db.execute(sql`UPDATE admins SET enabled = false WHERE id = ${admin.id}`)
    await eventually(async () => (await op.get('/api/bms/system/admin/signInfo')).statusCode !== 200, 'a disabled operator is refused')
  })

  test('expired sessions are purged at start without disturbing the cache; live ones stay', async () => {
    const { partner, client } = await partnerClient(t.app)
    assert.equal(await status(client), 200)
    const expired = await createSessionsRepository({ db: t.app.db }).insert({
      tokenHash: sha256(`expired-${partner.id}`),
      kind: 'user',
      partnerId: partner.id,
      expiresAt: new Date(Date.now() - 1000),
    })
    const epochBefore = t.app.sessions.cache!.epoch
    const purger = Fastify()
    scheduleSessionPurge({ app: purger, db: t.app.db })
    await purger.ready()
    await purger.close()
    const left = (await t.app.db.execute(sql`SELECT id FROM sessions WHERE id = ${expired.id}`)) as unknown as { rows: unknown[] }
    assert.equal(left.rows.length, 0, 'the expired session is gone')
    await new Promise((r) => setTimeout(r, 100)) // a notification, had there been one, has arrived
    assert.equal(t.app.sessions.cache!.epoch, epochBefore, 'deleting an expired session notifies nobody')
    assert.equal(await status(client), 200, 'the live session stays')
  })

  test('a change made through the app is refused at once in this process (no waiting for the notification)', async () => {
    const { partner, client } = await partnerClient(t.app)
    const { client: op } = await adminClient(t.app)
    assert.equal(await status(client), 200)
    const res = await op.put('/api/ems/partner/partner/audit', { id: partner.id, status: PartnerStatus.disabled })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(await status(client), 401)
  })

  test(
    'PostgreSQL: another process’s sign-out and a dropped change feed never leave a session served',
    {
      skip: TEST_DATABASE_URL ? false : 'PostgreSQL only (DATABASE_URL)',
    },
    async () => {
      const pool = new pg.Pool({ connectionString: t.testDb.url, max: 2 })
      let other: FastifyInstance | undefined
      try {
        other = await buildApp({ config: testConfig(), database: databaseFromPool({ pool }) })
        await other.ready()
        await eventually(async () => other!.sessions.cache!.live, 'the second app listens')
        const { client } = await partnerClient(t.app)
        const cookie = { cookie: `sid=${client.jar.get('sid')}` }
        const call = async () => (await other!.inject({ method: 'GET', url: HOME, headers: cookie })).statusCode
        assert.equal(await call(), 200)
        assert.equal(await call(), 200)
        // Signed out through the first app: the second (another process in production) hears it on commit.
        assert.equal((await client.del('/api/ems/partner/client/signOut')).statusCode, 200)
        await eventually(async () => (await call()) === 401, 'the other process refuses the signed-out session')

        // The change feed drops: the cache stops answering until it is back, so a change meanwhile is seen.
        const { client: second } = await partnerClient(t.app)
        const cookie2 = { cookie: `sid=${second.jar.get('sid')}` }
        const call2 = async () => (await other!.inject({ method: 'GET', url: HOME, headers: cookie2 })).statusCode
        assert.equal(await call2(), 200)
        await t.app.db.execute(
          sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN session_changed'`,
        )
        await eventually(async () => !other!.sessions.cache!.live, 'the cache notices the feed dropped')
        assert.equal(other.sessions.cache!.size, 0)
        await eventually(async () => other!.sessions.cache!.live, 'the feed reconnects', 5000)
        assert.equal(await call2(), 200)
      } finally {
        await other?.close()
        await pool.end()
      }
    },
  )
})
