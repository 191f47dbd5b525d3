import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Executor } from '../../src/db/types.ts'
import { sha256 } from '../../src/lib/crypto.ts'
import { LedgerType, PartnerStatus } from '../../src/wire.ts'

export const ROOT = path.resolve(__dirname, '..', '..', '..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export interface Answer {
  status: number
  body: { code: number; message: string; data: unknown }
}

/** A real server process (`node --import tsx <script>`) on a free port of 127.0.0.1. */
export class ServerProcess {
  child?: ChildProcess
  url = ''
  log = ''
  exit?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  constructor(
    private readonly env: Record<string, string>,
    private readonly script = 'server/src/server.ts',
  ) {}

  async start() {
    const port = await freePort()
    this.url = `http://127.0.0.1:${port}`
    this.log = ''
    const child = spawn(process.execPath, ['--import', 'tsx', this.script], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
    child.stdout?.on('data', (d) => (this.log += d))
    child.stderr?.on('data', (d) => (this.log += d))
    const deadline = Date.now() + 90_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${this.log}`)
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`no answer within 90 s:\n${this.log}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return this.exit
    child.kill(signal)
    return this.exit
  }

  /** A form call; `ip` becomes X-Forwarded-For (the servers trust the proxy), so each test has its own. */
  async call(
    method: string,
    url: string,
    { body, cookie, ip }: { body?: Record<string, string | number>; cookie?: string; ip: string },
  ): Promise<Answer> {
    const res = await fetch(`${this.url}${url}`, {
      signal: AbortSignal.timeout(30_000),
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      body: body ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)] as [string, string])).toString() : undefined,
    })
    return { status: res.status, body: (await res.json()) as Answer['body'] }
  }
}

export const ADMIN_TOKEN = 'multiprocess-admin-session-token'
export const partnerToken = (id: number) => `multiprocess-partner-session-${id}`

/** `count` active partners, each with `balance` fen (one adjustment in the ledger) and a session; one operator session. */
export async function seedPartners(db: Executor, { count, balance }: { count: number; balance: number }): Promise<number[]> {
  await db.execute(sql`INSERT INTO levels (name, min_deals, commission_per_deal) VALUES ('青铜', 0, 5000)`)
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO partners (phone, password_hash, code, status, real_name, payout_type, payout_account, payout_name)
      SELECT '135' || lpad(i::text, 8, '0'), 'x', 'M' || lpad(i::text, 5, '0'), ${PartnerStatus.active}, '多进程' || i, '支付宝', 'mp' || i || '@example.com', '多进程' || i
      FROM generate_series(1, ${count}) AS i RETURNING id`),
  ).map((r) => Number(r.id))
  await db.execute(sql`INSERT INTO wallets (partner_id, balance) SELECT id, ${balance} FROM partners`)
  await db.execute(sql`
    INSERT INTO ledger_entries (partner_id, type, amount, balance_after, note, ref_type)
    SELECT id, ${LedgerType.adjustment}, ${balance}, ${balance}, 'multiprocess test balance', 'admin' FROM partners`)
  await seedSessions(db, { account: 'multi', name: '多进程管理员', adminToken: ADMIN_TOKEN, partnerIds: ids, partnerToken })
  return ids
}

/**
 * The sessions a load test's requests carry, a day long: an operator in 管理员 (`account`, `name`)
 * signed in with `adminToken` and stepped up (二次验证) for the run, so paying needs no dialog; and
 * each of `partnerIds` signed in with `partnerToken(id)`.
 */
export async function seedSessions(
  db: Executor,
  {
    account,
    name,
    adminToken,
    partnerIds,
    partnerToken,
  }: { account: string; name: string; adminToken: string; partnerIds: number[]; partnerToken: (id: number) => string },
) {
  const [admin] = rowsOf<{ id: number }>(
    await db.execute(
      sql`INSERT INTO admins (account, name, password_hash, position_id) SELECT ${account}, ${name}, 'x', id FROM positions WHERE name = '管理员' RETURNING id`,
    ),
  )
  await db.execute(sql`
    INSERT INTO sessions (token_hash, kind, admin_id, expires_at) VALUES (${sha256(adminToken)}, 'admin', ${admin!.id}, now() + interval '1 day')`)
  await db.execute(sql`
    INSERT INTO step_ups (admin_id, session_id, method, expires_at)
    SELECT admin_id, id, 'password', now() + interval '1 day' FROM sessions WHERE token_hash = ${sha256(adminToken)}`)
  for (const id of partnerIds)
    await db.execute(sql`
      INSERT INTO sessions (token_hash, kind, partner_id, expires_at) VALUES (${sha256(partnerToken(id))}, 'user', ${id}, now() + interval '1 day')`)
}

/** Partners whose wallet is not the sum of its ledger and its last entry's balance, or is negative. */
export async function walletsOffTheirLedger(db: Executor) {
  return rowsOf(
    await db.execute(sql`
      SELECT w.partner_id, w.balance, s.total, l.balance_after FROM wallets w
      LEFT JOIN (SELECT partner_id, sum(amount) AS total FROM ledger_entries GROUP BY partner_id) s ON s.partner_id = w.partner_id
      LEFT JOIN LATERAL (SELECT balance_after FROM ledger_entries e WHERE e.partner_id = w.partner_id ORDER BY e.id DESC LIMIT 1) l ON true
      WHERE w.balance <> coalesce(s.total, 0) OR w.balance <> coalesce(l.balance_after, 0) OR w.balance < 0`),
  )
}
