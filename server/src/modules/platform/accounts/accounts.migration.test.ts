import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { MIGRATIONS_DIR } from '../../../db/client.ts'
import { TEST_DATABASE_URL } from '../../../../test/helper.ts'

/** One SQL runner over a fresh, empty database: PGlite in memory, or a new database on the test server. */
interface Raw {
  exec(sql: string): Promise<void>
  rows<T>(sql: string): Promise<T[]>
  close(): Promise<void>
}

async function freshDatabase(): Promise<Raw> {
  if (!TEST_DATABASE_URL) {
    const client = await PGlite.create()
    return {
      exec: async (sql) => void (await client.exec(sql)),
      rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
      close: () => client.close(),
    }
  }
  const name = `am_migration_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(TEST_DATABASE_URL)
  url.pathname = `/${name}`
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  return {
    exec: async (sql) => void (await client.query(sql)),
    rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    close: async () => {
      await client.end()
      await admin.query(`DROP DATABASE IF EXISTS ${name}`)
      await admin.end()
    },
  }
}

/** The statements of the migration files whose tag is within [from, to] (e.g. 0000..0009). */
function statements(from: number, to: number): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort()
    .filter((f) => {
      const n = Number(f.slice(0, 4))
      return n >= from && n <= to
    })
    .flatMap((f) => fs.readFileSync(path.join(MIGRATIONS_DIR, f), 'utf8').split('--> statement-breakpoint'))
    .map((s) => s.trim())
    .filter(Boolean)
}

/**
 * Migrations 0010 and 0011 (accounts) carry a database of the partner-only product over: every
 * partner gets the account of its phone, and its sessions, open-id bindings, messages and
 * subscribe-message acceptances name it.
 */
describe('migrations 0010-0011 carry existing partners over to accounts', () => {
  let db: Raw
  before(async () => {
    db = await freshDatabase()
    for (const sql of statements(0, 9)) await db.exec(sql)
    await db.exec(`
      INSERT INTO partners (phone, password_hash, code, status) VALUES
        ('13800000011', 'x', 'MIG001', '已通过'),
        ('13800000012', 'x', 'MIG002', '待审核');
      INSERT INTO sessions (token_hash, kind, partner_id, expires_at)
        SELECT 'hash-a', 'user', id, now() + interval '1 day' FROM partners WHERE code = 'MIG001';
      INSERT INTO open_id_bindings (platform, type, open_id, partner_id)
        SELECT 'weixin', '小程序', 'o-mig-1', id FROM partners WHERE code = 'MIG001';
      INSERT INTO messages (partner_id, kind, title, body)
        SELECT id, '审核通过', '审核通过', '您的合伙人资料已审核通过' FROM partners;
      INSERT INTO message_subscriptions (partner_id, template, remaining)
        SELECT id, 'clue', 2 FROM partners WHERE code = 'MIG001';
    `)
    for (const sql of statements(10, 11)) await db.exec(sql)
  })
  after(async () => db?.close())

  test('one account per partner phone, linked from the partner and from what named the partner', async () => {
    const linked = await db.rows<{ code: string; phone: string; account_phone: string }>(`
      SELECT p.code, p.phone, a.phone AS account_phone FROM partners p JOIN accounts a ON a.id = p.account_id ORDER BY p.code`)
    assert.deepEqual(
      linked.map((r) => [r.code, r.phone === r.account_phone]),
      [
        ['MIG001', true],
        ['MIG002', true],
      ],
    )
    const [counts] = await db.rows<{ accounts: number; sessions: number; bindings: number; messages: number }>(`
      SELECT (SELECT count(*)::int FROM accounts) AS accounts,
        (SELECT count(*)::int FROM sessions s JOIN partners p ON p.id = s.partner_id WHERE s.account_id = p.account_id) AS sessions,
        (SELECT count(*)::int FROM open_id_bindings b JOIN partners p ON p.id = b.partner_id WHERE b.account_id = p.account_id) AS bindings,
        (SELECT count(*)::int FROM messages m JOIN partners p ON p.id = m.partner_id WHERE m.account_id = p.account_id) AS messages`)
    assert.deepEqual(counts, { accounts: 2, sessions: 1, bindings: 1, messages: 2 })
    const subscriptions = await db.rows<{ code: string; template: string; remaining: number }>(`
      SELECT p.code, s.template, s.remaining FROM message_subscriptions s JOIN partners p ON p.account_id = s.account_id`)
    assert.deepEqual(subscriptions, [{ code: 'MIG001', template: 'clue', remaining: 2 }])
  })

  test('after the migration, a student registered with a partner phone joins that account', async () => {
    await db.exec(`INSERT INTO students (phone, name, education_type, school, major, level, batch_year, batch, status)
      VALUES ('13800000012', '李四', '成人高考', '浙江工商大学', '工商管理', '本科', 2026, 1, '在读')`)
    const [row] = await db.rows<{ same: boolean }>(`
      SELECT s.account_id = p.account_id AS same FROM students s JOIN partners p ON p.phone = s.phone WHERE s.phone = '13800000012'`)
    assert.equal(row?.same, true)
  })
})
