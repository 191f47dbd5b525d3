import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { openPglite } from '../../src/db/client.ts'
import type { Database } from '../../src/db/types.ts'
import { ClueStatus, LedgerType, PartnerStatus, WithdrawalStatus } from '../../src/wire.ts'
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../helper.ts'
import { freePort, ROOT, rowsOf, seedSessions } from '../multiprocess/support.ts'

/**
 * Crash safety: a real server process (`node --import tsx server/src/server.ts`) under a running load
 * of withdrawals (apply, pay, refuse) and deals is killed with SIGKILL, twice, and restarted on the
 * same database; then a third run ends normally. Afterwards:
 * - every wallet equals the sum of its ledger, and its last entry's balance;
 * - no half-applied money change: every withdrawal has exactly its debit entry (and a refused one
 *   exactly one refund), every ledger entry of a withdrawal or a deal points at one, every deal with
 *   a commission has exactly one commission entry;
 * - no duplicate payout: a withdrawal paid or refused before a crash is refused when it is paid or
 *   refused again after the restart;
 * - every call answered 2xx before a crash is in the database after it (acknowledged = durable).
 * PGlite: the data directory must open again (the stale lock is taken over) and its indexes pass
 * amcheck.
 */

const PARTNERS = 24
const CLUES_PER_PARTNER = 8
const BALANCE = 200_000
const ADMIN_TOKEN = 'crash-admin-session-token'
const partnerToken = (id: number) => `crash-partner-session-${id}`

const debug = (message: string) => {
  if (process.env.CRASH_DEBUG) process.stderr.write(`[crash ${new Date().toISOString()}] ${message}\n`)
}

async function seed(db: Database['db']) {
  await db.execute(sql`INSERT INTO levels (name, min_deals, commission_per_deal) VALUES ('青铜', 0, 5000), ('白银', 3, 8000)`)
  await db.execute(sql`
    INSERT INTO partners (phone, password_hash, code, status, real_name, payout_type, payout_account, payout_name)
    SELECT '133' || lpad(i::text, 8, '0'), 'x', 'K' || lpad(i::text, 5, '0'), ${PartnerStatus.active}, '压测' || i, '支付宝', 'crash' || i || '@example.com', '压测' || i
    FROM generate_series(1, ${PARTNERS}) AS i`)
  await db.execute(sql`INSERT INTO wallets (partner_id, balance) SELECT id, ${BALANCE} FROM partners`)
  await db.execute(sql`
    INSERT INTO ledger_entries (partner_id, type, amount, balance_after, note, ref_type)
    SELECT id, ${LedgerType.adjustment}, ${BALANCE}, ${BALANCE}, 'crash test balance', 'admin' FROM partners`)
  await db.execute(sql`
    INSERT INTO clues (partner_id, name, phone, source, status)
    SELECT p.id, '线索' || p.id || '-' || i, '132' || lpad((p.id * 100 + i)::text, 8, '0'), '合伙人录入', ${ClueStatus.new}
    FROM partners p, generate_series(1, ${CLUES_PER_PARTNER}) AS i`)
  const partnerIds = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM partners`)).map((r) => r.id)
  await seedSessions(db, { account: 'crash', name: '压测管理员', adminToken: ADMIN_TOKEN, partnerIds, partnerToken })
}

/** What the load saw acknowledged (2xx) before each crash. */
interface Acked {
  applied: Map<number, { partnerId: number; amount: number; key: string }>
  deals: Set<number>
  paid: Set<number>
  refused: Set<number>
}

class Server {
  child?: ChildProcess
  url = ''
  log = ''
  constructor(private readonly env: Record<string, string>) {}

  async start() {
    const port = await freePort()
    this.url = `http://127.0.0.1:${port}`
    this.log = ''
    this.child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child.stdout?.on('data', (d) => (this.log += d))
    this.child.stderr?.on('data', (d) => (this.log += d))
    // Generous: a PGlite directory recovering from kill -9 opens slowly on a loaded 2-core machine.
    const deadline = Date.now() + 150_000
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`the server exited (${this.child.exitCode}):\n${this.log}`)
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        // Stopped, or it would keep the test process (and the whole run) alive.
        await this.kill('SIGKILL')
        throw new Error(`no answer within 150 s:\n${this.log}`)
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  async kill(signal: 'SIGKILL' | 'SIGTERM') {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill(signal)
    await exited
  }

  async call(method: string, url: string, body: Record<string, string | number>, cookie: string) {
    const res = await fetch(`${this.url}${url}`, {
      signal: AbortSignal.timeout(20_000),
      method,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)] as [string, string])).toString(),
    })
    return { status: res.status, body: (await res.json()) as { code: number; message: string; data: { id?: number } | null } }
  }
}

/** Concurrent applies, deals, payouts and refusals until the server stops answering (or `stopAfterMs`). */
async function load({
  server,
  partnerIds,
  clueIds,
  acked,
  stopAfterMs,
}: {
  server: Server
  partnerIds: number[]
  clueIds: number[]
  acked: Acked
  stopAfterMs: number
}) {
  const deadline = Date.now() + stopAfterMs
  const admin = `asid=${ADMIN_TOKEN}`
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!
  let calls = 0
  const worker = async () => {
    while (Date.now() < deadline) {
      const roll = Math.random()
      try {
        if (roll < 0.4) {
          const partnerId = pick(partnerIds)
          const amount = 1000 + Math.floor(Math.random() * 2000)
          const key = crypto.randomBytes(12).toString('hex')
          const res = await server.call(
            'POST',
            '/api/ems/partner/withdrawalRecord/apply',
            { amount, idempotencyKey: key },
            `sid=${partnerToken(partnerId)}`,
          )
          if (res.status === 200 && res.body.data?.id) acked.applied.set(res.body.data.id, { partnerId, amount, key })
        } else if (roll < 0.7) {
          const id = pick(clueIds)
          const res = await server.call('PUT', '/api/ems/partner/clue/deal', { id, programme: '工商管理(本科)', amount: 880000 }, admin)
          if (res.status === 200) acked.deals.add(id)
        } else {
          const open = [...acked.applied.keys()].filter((id) => !acked.paid.has(id) && !acked.refused.has(id))
          if (open.length === 0) {
            await new Promise((r) => setTimeout(r, 5))
            continue
          }
          const id = pick(open)
          if (roll < 0.85) {
            const res = await server.call('PUT', '/api/ems/partner/withdrawalRecord/finishPay', { id, transactionNo: `T${id}` }, admin)
            if (res.status === 200) acked.paid.add(id)
          } else {
            const res = await server.call('PUT', '/api/ems/partner/withdrawalRecord/refuse', { id, reason: '压测拒绝' }, admin)
            if (res.status === 200) acked.refused.add(id)
          }
        }
        calls++
      } catch {
        return // the server is gone
      }
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker))
  return calls
}

async function checkMoney(db: Database['db'], acked: Acked) {
  const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))
  // Wallet = sum of its ledger = balance after its last entry; never negative.
  assert.deepEqual(
    await one(sql`
      SELECT w.partner_id, w.balance, s.total, l.balance_after FROM wallets w
      LEFT JOIN (SELECT partner_id, sum(amount) AS total FROM ledger_entries GROUP BY partner_id) s ON s.partner_id = w.partner_id
      LEFT JOIN LATERAL (SELECT balance_after FROM ledger_entries e WHERE e.partner_id = w.partner_id ORDER BY e.id DESC LIMIT 1) l ON true
      WHERE w.balance <> coalesce(s.total, 0) OR w.balance <> coalesce(l.balance_after, 0) OR w.balance < 0`),
    [],
    'wallets that differ from their ledger',
  )
  // Each withdrawal: exactly one debit of its amount; a refund only when refused, exactly one.
  assert.deepEqual(
    await one(sql`
      SELECT * FROM (SELECT w.id, w.status,
        (SELECT count(*) FROM ledger_entries e WHERE e.ref_type = 'withdrawal' AND e.ref_id = w.id AND e.type = ${LedgerType.withdrawal} AND e.amount = -w.amount)::int AS debits,
        (SELECT count(*) FROM ledger_entries e WHERE e.ref_type = 'withdrawal' AND e.ref_id = w.id AND e.type = ${LedgerType.refund} AND e.amount = w.amount)::int AS refunds
      FROM withdrawals w) x
      WHERE debits <> 1 OR refunds <> (CASE WHEN status = ${WithdrawalStatus.refused} THEN 1 ELSE 0 END)`),
    [],
    'withdrawals without exactly their ledger entries',
  )
  // Every withdrawal or commission entry points at its record, of the same partner.
  assert.deepEqual(
    await one(sql`
      SELECT e.id, e.type, e.ref_type, e.ref_id FROM ledger_entries e
      WHERE (e.ref_type = 'withdrawal' AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.id = e.ref_id AND w.partner_id = e.partner_id))
         OR (e.type = ${LedgerType.commission} AND NOT EXISTS (
              SELECT 1 FROM clues c WHERE c.id = e.ref_id AND e.ref_type = 'clue' AND c.partner_id = e.partner_id AND c.status = ${ClueStatus.deal} AND c.commission = e.amount))`),
    [],
    'ledger entries without their withdrawal or deal',
  )
  // Every deal with a commission has exactly one commission entry.
  assert.deepEqual(
    await one(sql`
      SELECT c.id FROM clues c WHERE c.status = ${ClueStatus.deal} AND coalesce(c.commission, 0) > 0
        AND (SELECT count(*) FROM ledger_entries e WHERE e.ref_type = 'clue' AND e.ref_id = c.id AND e.type = ${LedgerType.commission}) <> 1`),
    [],
    'deals without exactly one commission',
  )
  // Acknowledged before a crash = in the database after it.
  const withdrawals = new Map(
    (
      await one<{ id: number; status: string; partner_id: number; amount: number }>(
        sql`SELECT id, status, partner_id, amount FROM withdrawals`,
      )
    ).map((w) => [Number(w.id), w]),
  )
  for (const [id, { partnerId, amount }] of acked.applied) {
    const w = withdrawals.get(id)
    assert.ok(w, `acknowledged withdrawal ${id} is in the database`)
    assert.deepEqual([Number(w.partner_id), Number(w.amount)], [partnerId, amount])
  }
  for (const id of acked.paid) assert.equal(withdrawals.get(id)?.status, WithdrawalStatus.paid, `paid ${id}`)
  for (const id of acked.refused) assert.equal(withdrawals.get(id)?.status, WithdrawalStatus.refused, `refused ${id}`)
  const deals = new Set((await one<{ id: number }>(sql`SELECT id FROM clues WHERE status = ${ClueStatus.deal}`)).map((c) => Number(c.id)))
  for (const id of acked.deals) assert.ok(deals.has(id), `acknowledged deal ${id}`)
  return { withdrawals: withdrawals.size, deals: deals.size }
}

describe(`crash safety: kill -9 under load, restart on the same ${TEST_DATABASE_URL ? 'PostgreSQL database' : 'PGlite directory'}`, () => {
  let testDb: TestDatabase | undefined
  let dataDir: string | undefined
  let env: Record<string, string>
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-uploads-'))

  before(async () => {
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'off',
      SEED_DEMO: 'off',
      H5_DIR: path.join(os.tmpdir(), 'activity-mobile-no-h5'),
      UPLOADS_DIR: uploads,
      COMMISSION_FREEZE_DAYS: '0',
    }
    if (TEST_DATABASE_URL) {
      testDb = await createTestDatabase()
      await seed(testDb.database.db)
      env.DATABASE_URL = testDb.url!
      env.DATABASE_POOL_SIZE = '10'
    } else {
      dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crash-pglite-')), 'pglite')
      const database = await openPglite({ dataDir })
      await database.migrate()
      await seed(database.db)
      await database.close()
      env.DATA_DIR = dataDir
    }
  })
  after(async () => {
    await testDb?.dispose()
    if (dataDir) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true })
    fs.rmSync(uploads, { recursive: true, force: true })
  })

  test('money stays whole and acknowledged calls stay done across two kill -9 and a restart', { timeout: 480_000 }, async (context) => {
    const acked: Acked = { applied: new Map(), deals: new Set(), paid: new Set(), refused: new Set() }
    const inspect = async <T>(fn: (db: Database['db']) => Promise<T>): Promise<T> => {
      if (testDb) return fn(testDb.database.db)
      const database = await openPglite({ dataDir: dataDir! })
      try {
        return await fn(database.db)
      } finally {
        await database.close()
      }
    }
    const { partnerIds, clueIds } = await inspect(async (db) => ({
      partnerIds: rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM partners ORDER BY id`)).map((r) => Number(r.id)),
      clueIds: rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM clues ORDER BY id`)).map((r) => Number(r.id)),
    }))

    const server = new Server(env)
    // Whatever happens (a failure, the time-out), no server outlives the test.
    context.after(() => server.kill('SIGKILL'))
    const counts: number[] = []
    for (let round = 0; round < 3; round++) {
      debug(`round ${round}: starting`)
      await server.start()
      debug(`round ${round}: listening at ${server.url}`)
      // After a crash: an apply sent again with its idempotency key answers the same withdrawal.
      for (const [id, { partnerId, amount, key }] of [...acked.applied].slice(-10)) {
        const again = await server.call(
          'POST',
          '/api/ems/partner/withdrawalRecord/apply',
          { amount, idempotencyKey: key },
          `sid=${partnerToken(partnerId)}`,
        )
        assert.equal(again.status, 200, JSON.stringify(again.body))
        assert.equal(again.body.data?.id, id, 'the same withdrawal, not a second one')
      }
      // After a crash: what was paid or refused before it is not paid or refused again.
      for (const id of [...acked.paid, ...acked.refused]) {
        const again = await server.call('PUT', '/api/ems/partner/withdrawalRecord/refuse', { id, reason: '重复' }, `asid=${ADMIN_TOKEN}`)
        assert.equal(again.status, 409, `withdrawal ${id} handled twice: ${JSON.stringify(again.body)}`)
        assert.match(again.body.message, /该提现已处理/)
      }
      if (round < 2) {
        // Kill while requests are in flight: once this round has had a few applies and deals
        // acknowledged (a slow machine takes longer to get there), then 0-800 ms later.
        const before = { applied: acked.applied.size, deals: acked.deals.size }
        const running = load({ server, partnerIds, clueIds, acked, stopAfterMs: 60_000 })
        const started = Date.now()
        while (acked.applied.size - before.applied < 4 || acked.deals.size - before.deals < 4) {
          if (Date.now() - started > 45_000) break // the assertion at the end says the load did too little
          await new Promise((r) => setTimeout(r, 50))
        }
        await new Promise((r) => setTimeout(r, Math.random() * 800))
        debug(`round ${round}: kill -9`)
        await server.kill('SIGKILL')
        debug(`round ${round}: killed`)
        counts.push(await running)
        debug(`round ${round}: load ended after ${counts.at(-1)} calls`)
      } else {
        counts.push(await load({ server, partnerIds, clueIds, acked, stopAfterMs: 800 }))
        await server.kill('SIGTERM')
      }
    }
    const result = await inspect((db) => checkMoney(db, acked))
    context.diagnostic(
      `calls per run ${counts.join(' / ')}; acknowledged: ${acked.applied.size} applies, ${acked.deals.size} deals, ${acked.paid.size} paid, ${acked.refused.size} refused; in the database: ${result.withdrawals} withdrawals, ${result.deals} deals`,
    )
    assert.ok(acked.applied.size > 5 && acked.deals.size > 5, 'the load did real work')
  })

  /** Starts the server on a copy of the crash-tested directory, damaged by `damage`; it must refuse. */
  async function refusedOn(damage: (dir: string) => Promise<void>): Promise<string> {
    const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crash-copy-')), 'pglite')
    try {
      fs.cpSync(dataDir!, copy, { recursive: true })
      fs.rmSync(path.join(copy, 'server.lock'), { force: true })
      await damage(copy)
      const port = await freePort()
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...env, DATA_DIR: copy, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout?.on('data', (d) => (output += d))
      child.stderr?.on('data', (d) => (output += d))
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
      assert.equal(code, 1, output)
      await assert.rejects(fetch(`http://127.0.0.1:${port}/api/health`), 'it never listened')
      return output
    } finally {
      fs.rmSync(path.dirname(copy), { recursive: true, force: true })
    }
  }

  test(
    'PGlite: a directory whose money does not add up is refused at start, with a message saying why',
    { skip: TEST_DATABASE_URL ? 'PGlite only' : false },
    async () => {
      const output = await refusedOn(async (dir) => {
        const database = await openPglite({ dataDir: dir })
        await database.db.execute(sql`UPDATE wallets SET balance = balance + 100 WHERE partner_id = (SELECT min(partner_id) FROM wallets)`)
        await database.close()
      })
      assert.match(output, /Refusing to start: in the PGlite directory .* the balance of partner\(s\) \d+ does not equal their ledger/)
      assert.doesNotMatch(output, /at .*\.ts:\d+/, 'a message, not a stack')
    },
  )

  test(
    'PGlite: a damaged directory is refused at start, with a message saying why',
    { skip: TEST_DATABASE_URL ? 'PGlite only' : false },
    async () => {
      const output = await refusedOn(async (dir) => {
        const control = path.join(dir, 'global', 'pg_control')
        const bytes = fs.readFileSync(control)
        bytes.fill(0, 0, 512)
        fs.writeFileSync(control, bytes)
      })
      assert.match(output, /Refusing to start: the PGlite database directory .* could not be opened/)
    },
  )

  test(
    'PGlite: the directory opens again and every index passes amcheck',
    { skip: TEST_DATABASE_URL ? 'PGlite only' : false },
    async () => {
      const { PGlite } = await import('@electric-sql/pglite')
      const { amcheck } = await import('@electric-sql/pglite/contrib/amcheck')
      fs.rmSync(path.join(dataDir!, 'server.lock'), { force: true })
      const client = await PGlite.create({ dataDir: dataDir!, extensions: { amcheck } })
      try {
        await client.exec('CREATE EXTENSION IF NOT EXISTS amcheck')
        const { rows } = await client.query<{ name: string }>(`
        SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE am.amname = 'btree' AND n.nspname = 'public'`)
        assert.ok(rows.length > 20)
        for (const { name } of rows) await client.query(`SELECT bt_index_check('"${name}"'::regclass, true)`)
      } finally {
        await client.close()
      }
    },
  )
})
