import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { databaseFromPool } from '../../../db/client.ts'
import type { Database } from '../../../db/types.ts'
import { createTestDatabase, type TestDatabase } from '../../../../test/helper.ts'
import { countHit, createDatabaseStore, deleteEndedWindows } from './rate-limits.store.ts'

describe('rate-limit counts in the database', () => {
  let testDb: TestDatabase
  /** PostgreSQL: a pool of 20 over the same database, so the calls really run at once. */
  let wide: Database | undefined
  before(async () => {
    testDb = await createTestDatabase()
    if (testDb.url) wide = databaseFromPool({ pool: new pg.Pool({ connectionString: testDb.url, max: 20 }) })
  })
  after(async () => {
    await wide?.close()
    await testDb.dispose()
  })
  const db = () => (wide ?? testDb.database).db

  test('concurrent calls of one IP are each counted once: 60 at once count 1 to 60', async () => {
    const results = await Promise.all(Array.from({ length: 60 }, () => countHit({ db: db(), key: 'k:concurrent', windowMs: 60_000 })))
    assert.deepEqual(
      results.map((r) => r.current).sort((a, b) => a - b),
      Array.from({ length: 60 }, (_, i) => i + 1),
    )
    for (const r of results) assert.ok(r.ttl > 55_000 && r.ttl <= 60_000, `ttl ${r.ttl}`)
  })

  test('a window that ended starts again at one, with a full window', async () => {
    // A window long enough for four hits on a loaded machine (CI), then waited out.
    const windowMs = 2000
    for (let i = 0; i < 3; i++) await countHit({ db: db(), key: 'k:expiry', windowMs })
    assert.equal((await countHit({ db: db(), key: 'k:expiry', windowMs })).current, 4)
    await new Promise((r) => setTimeout(r, windowMs + 100))
    const again = await countHit({ db: db(), key: 'k:expiry', windowMs })
    assert.equal(again.current, 1)
    assert.ok(again.ttl > windowMs / 2 && again.ttl <= windowMs, `ttl ${again.ttl}`)
  })

  test('the time left shrinks within a window instead of starting over', async () => {
    const first = await countHit({ db: db(), key: 'k:ttl', windowMs: 2000 })
    await new Promise((r) => setTimeout(r, 300))
    const second = await countHit({ db: db(), key: 'k:ttl', windowMs: 2000 })
    assert.equal(second.current, 2)
    assert.ok(second.ttl <= first.ttl - 250, `${second.ttl} after ${first.ttl}`)
  })

  test('each route counts apart: the same IP on two routes has two counts', async () => {
    const Store = createDatabaseStore({ db: db() })
    const root = new Store()
    const signIn = root.child({ routeInfo: { method: 'POST', url: '/a/signIn' } })
    const apply = root.child({ routeInfo: { method: 'POST', url: '/a/apply' } })
    const incr = (store: typeof signIn) =>
      new Promise<number>((resolve, reject) => store.incr('10.0.0.1', (e, r) => (e ? reject(e) : resolve(r!.current)), 60_000, 10))
    assert.equal(await incr(signIn), 1)
    assert.equal(await incr(signIn), 2)
    assert.equal(await incr(apply), 1)
  })

  test('ended windows are swept, live ones stay', async () => {
    await countHit({ db: db(), key: 'k:sweep-ended', windowMs: 1 })
    await countHit({ db: db(), key: 'k:sweep-live', windowMs: 60_000 })
    await new Promise((r) => setTimeout(r, 20))
    assert.ok((await deleteEndedWindows({ db: db() })) >= 1)
    const rows = (await db().execute(sql`SELECT key FROM rate_limit_hits WHERE key LIKE 'k:sweep%'`)) as unknown as {
      rows: Array<{ key: string }>
    }
    assert.deepEqual(
      rows.rows.map((r) => r.key),
      ['k:sweep-live'],
    )
  })
})
