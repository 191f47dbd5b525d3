import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { LedgerType, PartnerStatus, WithdrawalStatus } from '../../src/wire.ts'
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../helper.ts'
import { ADMIN_TOKEN, type Answer, partnerToken, rowsOf, seedPartners, ServerProcess, walletsOffTheirLedger } from './support.ts'

/**
 * Two real server processes (`server/src/server.ts`) on one PostgreSQL database, as N processes
 * behind a load balancer: what one of them does, the other sees. PostgreSQL only (PGlite is one
 * process by design).
 */
const PARTNERS = 60
const BALANCE = 200_000
const HOME = '/api/ems/partner/partner/home'
const APPLY = '/api/ems/partner/withdrawalRecord/apply'
const admin = `asid=${ADMIN_TOKEN}`
const partner = (id: number) => `sid=${partnerToken(id)}`

/**
 * Calls `probe` back to back until it is true; answers how long that took (ms) and how many calls
 * were still answered the old way (the NOTIFY of the change had not reached that process yet).
 */
async function until(probe: () => Promise<boolean>, limitMs: number, what: string): Promise<{ ms: number; stale: number }> {
  const started = Date.now()
  for (let stale = 0; ; stale++) {
    if (await probe()) return { ms: Date.now() - started, stale }
    if (Date.now() - started > limitMs) assert.fail(`${what}: not within ${limitMs} ms`)
  }
}

describe('two server processes on one PostgreSQL', { skip: TEST_DATABASE_URL ? false : 'PostgreSQL only (DATABASE_URL)' }, () => {
  let testDb: TestDatabase
  let a: ServerProcess
  let b: ServerProcess
  let partnerIds: number[]
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'multiprocess-uploads-'))
  let nextPartner = 0
  const takePartner = () => partnerIds[nextPartner++]!

  before(async () => {
    testDb = await createTestDatabase()
    partnerIds = await seedPartners(testDb.database.db, { count: PARTNERS, balance: BALANCE })
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: testDb.url!,
      DATABASE_POOL_SIZE: '10',
      RATE_LIMIT: 'on',
      TRUST_PROXY: 'on',
      SEED_DEMO: 'off',
      COMMISSION_FREEZE_DAYS: '0',
      H5_DIR: path.join(os.tmpdir(), 'activity-mobile-no-h5'),
      UPLOADS_DIR: uploads,
    }
    a = new ServerProcess(env)
    b = new ServerProcess(env)
    await Promise.all([a.start(), b.start()])
  })
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await testDb?.dispose()
    fs.rmSync(uploads, { recursive: true, force: true })
  })

  test('a partner signed out on one process is refused on the other as soon as the change is committed', async (t) => {
    const id = takePartner()
    const ip = '10.16.1.1'
    assert.equal((await b.call('GET', HOME, { cookie: partner(id), ip })).status, 200, 'B knows (and caches) the session')
    assert.equal((await b.call('GET', HOME, { cookie: partner(id), ip })).status, 200)
    assert.equal((await a.call('DELETE', '/api/ems/partner/client/signOut', { cookie: partner(id), ip })).status, 200)
    const { ms, stale } = await until(
      async () => (await b.call('GET', HOME, { cookie: partner(id), ip })).status === 401,
      1000,
      'B refuses',
    )
    t.diagnostic(`B refused the signed-out session ${ms} ms after A answered the sign-out (${stale} call(s) served before)`)
    // And it stays refused: the cache never serves it again.
    for (let i = 0; i < 5; i++) assert.equal((await b.call('GET', HOME, { cookie: partner(id), ip })).status, 401)
  })

  test('a partner disabled through one process is refused by the other as soon as the change is committed', async (t) => {
    const id = takePartner()
    const ip = '10.16.2.1'
    assert.equal((await a.call('GET', HOME, { cookie: partner(id), ip })).status, 200, 'A knows (and caches) the session')
    const res = await b.call('PUT', '/api/ems/partner/partner/audit', { body: { id, status: PartnerStatus.disabled }, cookie: admin, ip })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const { ms, stale } = await until(
      async () => (await a.call('GET', HOME, { cookie: partner(id), ip })).status === 401,
      1000,
      'A refuses',
    )
    t.diagnostic(`A refused the disabled partner ${ms} ms after B answered the disabling (${stale} call(s) served before)`)
    assert.equal((await a.call('POST', APPLY, { body: { amount: 1000 }, cookie: partner(id), ip })).status, 401)
  })

  test('the one-code-a-minute rule of a phone holds across processes', async () => {
    const phone = '13612345678'
    const sent = await a.call('POST', '/api/ums/user/user/sendVerify', { body: { phone }, ip: '10.16.3.1' })
    assert.equal(sent.status, 200, JSON.stringify(sent.body))
    const again = await b.call('POST', '/api/ums/user/user/sendVerify', { body: { phone }, ip: '10.16.3.2' })
    assert.equal(again.status, 429, JSON.stringify(again.body))
    assert.match(again.body.message, /^验证码发送过于频繁，请\d+秒后再试$/)
  })

  test('the per-IP limit is one limit across processes: 60 code requests from one IP, half to each, get 20 through', async (t) => {
    const ip = '10.16.4.1'
    const send = (server: ServerProcess, i: number) =>
      server.call('POST', '/api/ums/user/user/sendVerify', { body: { phone: `1370${String(10_000_000 + i).slice(1)}` }, ip })
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => send(i % 2 === 0 ? a : b, i)))
    const passed = answers.filter((r) => r.status !== 429)
    const refused = answers.filter((r) => r.status === 429)
    t.diagnostic(
      `60 concurrent code requests from one IP over two processes (limit 20 a minute): ${passed.length} through, ${refused.length} refused with 429 (memory counts would let 40 through)`,
    )
    assert.equal(passed.length, 20)
    for (const r of passed) assert.equal(r.status, 200, JSON.stringify(r.body))
    for (const r of refused) assert.match(r.body.message, /^请求过于频繁，请\d+秒后再试$/)
    // A later request from the same IP, to either process, is refused too; another IP is not.
    assert.equal((await send(b, 100)).status, 429)
    assert.equal((await send(a, 101)).status, 429)
    assert.equal((await b.call('POST', '/api/ums/user/user/sendVerify', { body: { phone: '13799999999' }, ip: '10.16.4.2' })).status, 200)
  })

  test('a withdrawal paid through both processes at once is paid once; paid and refused at once, it is one or the other', async () => {
    const ip = '10.16.5.1'
    const apply = async (id: number) => {
      const res = await a.call('POST', APPLY, { body: { amount: 50_000, idempotencyKey: crypto.randomUUID() }, cookie: partner(id), ip })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      return (res.body.data as { id: number }).id
    }
    const pay = (server: ServerProcess, id: number, n: number) =>
      server.call('PUT', '/api/ems/partner/withdrawalRecord/finishPay', { body: { id, transactionNo: `MP${id}-${n}` }, cookie: admin, ip })
    const refuse = (server: ServerProcess, id: number) =>
      server.call('PUT', '/api/ems/partner/withdrawalRecord/refuse', { body: { id, reason: '多进程测试' }, cookie: admin, ip })

    const first = await apply(takePartner())
    const pays = await Promise.all(Array.from({ length: 10 }, (_, n) => pay(n % 2 === 0 ? a : b, first, n)))
    assert.equal(pays.filter((r) => r.status === 200).length, 1, JSON.stringify(pays.map((r) => r.status)))
    for (const r of pays.filter((x) => x.status !== 200)) {
      assert.equal(r.status, 409)
      assert.match(r.body.message, /该提现已处理/)
    }

    const secondPartner = takePartner()
    const second = await apply(secondPartner)
    const mixed = await Promise.all(Array.from({ length: 10 }, (_, n) => (n % 2 === 0 ? pay(a, second, n) : refuse(b, second))))
    assert.equal(mixed.filter((r) => r.status === 200).length, 1, JSON.stringify(mixed.map((r) => r.status)))

    const db = testDb.database.db
    const statuses = rowsOf<{ id: number; status: string; transaction_no: string | null }>(
      await db.execute(sql`SELECT id, status, transaction_no FROM withdrawals WHERE id IN (${first}, ${second}) ORDER BY id`),
    )
    assert.equal(statuses[0]!.status, WithdrawalStatus.paid)
    const refunds = rowsOf<{ n: number }>(
      await db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_entries WHERE ref_type = 'withdrawal' AND ref_id = ${second} AND type = ${LedgerType.refund}`,
      ),
    )[0]!.n
    assert.equal(refunds, statuses[1]!.status === WithdrawalStatus.refused ? 1 : 0)
    assert.deepEqual(await walletsOffTheirLedger(db), [])
  })

  test('100 concurrent applies spread over both processes leave every wallet equal to its ledger', async (t) => {
    // 40 partners, each sending 2 applies of 1,500 yuan (their balance is 2,000) with different
    // keys, one to each process, plus 20 repeats of an apply with the same key to the other one.
    const chosen = Array.from({ length: 40 }, () => takePartner())
    const calls: Array<{ partnerId: number; key: string; server: ServerProcess }> = []
    for (const [i, partnerId] of chosen.entries()) {
      const key = crypto.randomUUID()
      calls.push({ partnerId, key, server: a }, { partnerId, key: crypto.randomUUID(), server: b })
      if (i < 20) calls.push({ partnerId, key, server: b })
    }
    assert.equal(calls.length, 100)
    const answers = await Promise.all(
      calls.map(({ partnerId, key, server }, i) =>
        server
          .call('POST', APPLY, { body: { amount: 150_000, idempotencyKey: key }, cookie: partner(partnerId), ip: `10.16.6.${i}` })
          .then((r): Answer & { partnerId: number; key: string } => ({ ...r, partnerId, key })),
      ),
    )
    const fiveHundreds = answers.filter((r) => r.status >= 500)
    assert.deepEqual(fiveHundreds, [])
    const db = testDb.database.db
    const rows = rowsOf<{ partner_id: number; n: number }>(
      await db.execute(
        sql`SELECT partner_id, count(*)::int AS n FROM withdrawals WHERE partner_id IN (${sql.join(chosen, sql`, `)}) GROUP BY partner_id`,
      ),
    )
    // The balance covers one apply, and one may be pending: exactly one withdrawal per partner.
    assert.equal(rows.length, 40)
    for (const r of rows) assert.equal(r.n, 1, `partner ${r.partner_id} has ${r.n} withdrawals`)
    // The same key sent to both processes answers the same withdrawal, never a second one.
    const byKey = new Map<string, Set<number>>()
    for (const r of answers.filter((x) => x.status === 200)) {
      const set = byKey.get(r.key) ?? new Set()
      set.add((r.body.data as { id: number }).id)
      byKey.set(r.key, set)
    }
    for (const [key, ids] of byKey) assert.equal(ids.size, 1, `key ${key}`)
    assert.deepEqual(await walletsOffTheirLedger(db), [])
    t.diagnostic(
      `100 concurrent applies: ${answers.filter((r) => r.status === 200).length} answered 200 (same-key repeats included), ${answers.filter((r) => r.status >= 400 && r.status < 500).length} refused 4xx, 0 5xx; 40 withdrawals; every wallet equals its ledger`,
    )
  })
})
