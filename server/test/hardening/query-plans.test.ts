import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { AdminRole, ClueStatus, LedgerType, WithdrawalStatus } from '../../src/wire.ts'
import { adminClient, partnerClient } from '../fixtures.ts'
import { buildTestApp, type Client, TEST_DATABASE_URL, type TestApp } from '../helper.ts'

/**
 * The partner's list calls are served by an index in the order they return, without a sort step
 * and without reading a whole table: EXPLAIN (ANALYZE, BUFFERS) of every statement the routes run,
 * over enough rows (the partner under test has 4 k clues, 2 k ledger entries and 800 withdrawals,
 * among 60 k / 60 k / 24 k of 600 partners) that the planner would pick a sequential scan or a sort
 * if the index did not fit. (For a partner with a dozen rows the planner rightly prefers a bitmap
 * scan and a sort of those few rows.) Both the custom plan (the parameters' values) and the generic
 * plan a prepared statement settles on are checked.
 *
 * PostgreSQL only: the statements are captured from the pg pool. PGlite runs the same planner, but
 * its client is wrapped by the named-statement cache (src/db/pglite-statements.ts).
 */
const BIG_TABLES = new Set(['clues', 'ledger_entries', 'withdrawals', 'messages'])

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}

function problems(node: PlanNode, out: string[] = []): string[] {
  if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') out.push(node['Node Type'])
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && BIG_TABLES.has(node['Relation Name']))
    out.push(`Seq Scan on ${node['Relation Name']}`)
  for (const child of node.Plans ?? []) problems(child, out)
  return out
}

function indexes(node: PlanNode, out: string[] = []): string[] {
  if (node['Index Name']) out.push(node['Index Name'])
  for (const child of node.Plans ?? []) indexes(child, out)
  return out
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (value instanceof Date) return `'${value.toISOString()}'`
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  return `'${String(value).replace(/'/g, "''")}'`
}

/**
 * Records each statement the app sends to PostgreSQL (into the list `into` returns at the time),
 * and opens the connection that explains them.
 */
async function recordStatements(t: TestApp, into: () => Array<{ text: string; values: unknown[] }>): Promise<pg.Client> {
  const pool = (t.app.db as unknown as { $client: pg.Pool }).$client
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
  ;(pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, values?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text
    const params = (Array.isArray(values) ? values : (config as { values?: unknown[] }).values) ?? []
    into().push({ text, values: params })
    return query(config, values)
  }
  const explainer = new pg.Client({ connectionString: t.testDb.url })
  await explainer.connect()
  // The question is whether an index serves each statement, not which plan the costs of a small
  // table favour: whether VACUUM could mark its pages all-visible (and so price an index-only scan)
  // depends on what other databases of the cluster run at that moment. With sequential scans and
  // sorts priced out, a missing index still shows as one.
  await explainer.query('SET enable_seqscan = off')
  await explainer.query('SET enable_sort = off')
  return explainer
}

describe('query plans of the partner lists (PostgreSQL)', { skip: TEST_DATABASE_URL ? false : 'PostgreSQL only (DATABASE_URL)' }, () => {
  let t: TestApp
  let client: Client
  let explainer: pg.Client
  let captured: Array<{ text: string; values: unknown[] }> = []

  before(async () => {
    t = await buildTestApp()
    const partner = await partnerClient(t.app)
    client = partner.client
    const db = t.app.db
    const pid = partner.partner.id
    // 600 partners (ours is one of them) with 100 clues each, a quarter closed; ledger entries and withdrawals.
    await db.execute(sql`
      INSERT INTO partners (phone, password_hash, code, status)
      SELECT '136' || lpad(i::text, 8, '0'), 'x', 'Q' || lpad(i::text, 6, '0'), '已通过' FROM generate_series(1, 599) AS i`)
    await db.execute(sql`
      INSERT INTO clues (partner_id, name, phone, source, status, deal_at, created_at, updated_at)
      SELECT p.id, '线索' || i, '135' || lpad(i::text, 8, '0'), '合伙人录入',
             (ARRAY[${ClueStatus.new}, ${ClueStatus.following}, ${ClueStatus.deal}, ${ClueStatus.invalid}])[1 + i % 4],
             CASE WHEN i % 4 = 2 THEN now() - (i % 300) * interval '1 day' END,
             now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second', now()
      FROM generate_series(1, 60000) AS i
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM partners) p ON p.n = i % 600`)
    await db.execute(sql`
      INSERT INTO ledger_entries (partner_id, type, amount, balance_after, created_at)
      SELECT p.id, (ARRAY[${LedgerType.commission}, ${LedgerType.adjustment}])[1 + i % 2], 100, 100 * i, now() - (i % 365) * interval '1 day'
      FROM generate_series(1, 60000) AS i
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM partners) p ON p.n = i % 600`)
    await db.execute(sql`
      INSERT INTO withdrawals (partner_id, amount, status, idempotency_key, payout_type, payout_account, payout_name, created_at)
      SELECT p.id, 1000, (ARRAY[${WithdrawalStatus.paid}, ${WithdrawalStatus.refused}])[1 + i % 2], 'k' || i, '支付宝', 'a', 'b', now() - (i % 365) * interval '1 day'
      FROM generate_series(1, 24000) AS i
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM partners) p ON p.n = i % 600`)
    // The partner under test is a busy one.
    await db.execute(sql`
      INSERT INTO clues (partner_id, name, phone, source, status, deal_at, created_at, updated_at)
      SELECT ${pid}, '线索' || i, '134' || lpad(i::text, 8, '0'), '合伙人录入',
             (ARRAY[${ClueStatus.new}, ${ClueStatus.following}, ${ClueStatus.deal}, ${ClueStatus.invalid}])[1 + i % 4],
             CASE WHEN i % 4 = 2 THEN now() - (i % 300) * interval '1 day' END,
             now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second', now()
      FROM generate_series(1, 4000) AS i`)
    await db.execute(sql`
      INSERT INTO ledger_entries (partner_id, type, amount, balance_after, created_at)
      SELECT ${pid}, (ARRAY[${LedgerType.commission}, ${LedgerType.adjustment}])[1 + i % 2], 100, 100 * i, now() - (i % 365) * interval '1 day'
      FROM generate_series(1, 2000) AS i`)
    await db.execute(sql`
      INSERT INTO withdrawals (partner_id, amount, status, idempotency_key, payout_type, payout_account, payout_name, created_at)
      SELECT ${pid}, 1000, (ARRAY[${WithdrawalStatus.paid}, ${WithdrawalStatus.refused}])[1 + i % 2], 'own' || i, '支付宝', 'a', 'b', now() - (i % 365) * interval '1 day'
      FROM generate_series(1, 800) AS i`)
    // 100 messages per partner, a third unread; ours has 3 k.
    await db.execute(sql`
      INSERT INTO messages (partner_id, kind, title, body, read_at, created_at)
      SELECT p.id, '线索跟进', '线索跟进', '内容', CASE WHEN i % 3 = 0 THEN NULL ELSE now() END, now() - (i % 365) * interval '1 day'
      FROM generate_series(1, 60000) AS i
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM partners) p ON p.n = i % 600`)
    await db.execute(sql`
      INSERT INTO messages (partner_id, kind, title, body, read_at, created_at)
      SELECT ${pid}, '线索跟进', '线索跟进', '内容', CASE WHEN i % 3 = 0 THEN NULL ELSE now() END, now() - (i % 365) * interval '1 day'
      FROM generate_series(1, 3000) AS i`)
    await db.execute(sql`ANALYZE`)

    explainer = await recordStatements(t, () => captured)
  })

  after(async () => {
    await explainer?.end()
    await t?.close()
  })

  /** The load-more query: the cursor the first page (of this filter) hands out. */
  const nextPageOf = (query: Record<string, string>) =>
    Object.assign(
      async (): Promise<Record<string, string>> => {
        const first = (await client.get('/api/ems/partner/clue/list', { ...query, size: '10' })).json().data
        assert.ok(first.nextCursor, 'a cursor to the next page')
        return { ...query, size: '10', cursor: first.nextCursor }
      },
      { label: `load-more after ${JSON.stringify(query)}` },
    )
  const routes: Array<[string, Record<string, string> | ((() => Promise<Record<string, string>>) & { label: string })]> = [
    ['/api/ems/partner/clue/list', {}],
    ['/api/ems/partner/clue/list', nextPageOf({})],
    ['/api/ems/partner/clue/list', nextPageOf({ status: ClueStatus.deal })],
    ['/api/ems/partner/clue/list', nextPageOf({ timeType: '今年' })],
    ['/api/ems/partner/clue/list', nextPageOf({ status: ClueStatus.new, timeType: '今年' })],
    ['/api/ems/partner/clue/list', { status: ClueStatus.deal }],
    ['/api/ems/partner/clue/list', { timeType: '今年' }],
    ['/api/ems/partner/clue/list', { status: ClueStatus.new, timeType: '今年', page: '2', size: '10' }],
    ['/api/ems/partner/withdrawalRecord/ledger', {}],
    ['/api/ems/partner/withdrawalRecord/ledger', { type: LedgerType.commission }],
    ['/api/ems/partner/withdrawalRecord/ledger', { timeType: '今年' }],
    ['/api/ems/partner/partner/dealList', {}],
    ['/api/ems/partner/partner/dealList', { timeType: '今年' }],
    ['/api/ems/partner/withdrawalRecord/list', {}],
    ['/api/ems/partner/withdrawalRecord/list', { status: WithdrawalStatus.paid }],
    ['/api/ems/partner/partner/home', {}],
    ['/api/ems/partner/message/list', {}],
    ['/api/ems/partner/message/list', { page: '3', size: '10' }],
    ['/api/ems/partner/message/unreadCount', {}],
  ]

  for (const [url, query] of routes) {
    const shown = typeof query === 'function' ? query.label : JSON.stringify(query)
    test(`${url} ${shown}: index-served, no sort, no sequential scan of a big table`, async () => {
      const q = typeof query === 'function' ? await query() : query
      captured = []
      // The session statement is checked too: read it from the database, not from the session cache.
      t.app.sessions.cache?.clear()
      const res = await client.get(url, q)
      assert.equal(res.statusCode, 200, res.body)
      assert.ok(captured.length >= 2, 'the session and the list statement')
      for (const { text, values } of captured) {
        const custom = await explainer.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values)
        const customPlan = (custom.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan
        const show = async () =>
          (await explainer.query(`EXPLAIN ${text}`, values)).rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
        if (problems(customPlan).length > 0) assert.fail(`custom plan of ${text}:\n${await show()}`)
        await explainer.query(`PREPARE plan_check AS ${text}`)
        try {
          await explainer.query('SET plan_cache_mode = force_generic_plan')
          const args = values.length ? `(${values.map(literal).join(', ')})` : ''
          const generic = await explainer.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE plan_check${args}`)
          const genericPlan = (generic.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan
          assert.deepEqual(problems(genericPlan), [], `generic plan of ${text}`)
          if (/order by/i.test(text)) assert.ok(indexes(customPlan).length > 0, `an index serves ${text}`)
        } finally {
          await explainer.query('RESET plan_cache_mode')
          await explainer.query('DEALLOCATE plan_check')
        }
      }
    })
  }
})

/**
 * The console's lists, filters and dashboard over the whole history (every partner's rows): the
 * default order of each list is read from an index without a sort step; every filter is served by
 * an index (no sequential scan of a big table). Counts are index(-only) scans. The tables are
 * vacuumed, as autovacuum keeps them in production, so the planner knows the visibility map.
 */
describe('query plans of the console lists (PostgreSQL)', { skip: TEST_DATABASE_URL ? false : 'PostgreSQL only (DATABASE_URL)' }, () => {
  const CONSOLE_TABLES = new Set([...BIG_TABLES, 'audit_logs', 'clue_follow_ups'])
  let t: TestApp
  let admin: Client
  let teacher: Client
  let teacherId: number
  let partnerId: number
  let clueId: number
  let explainer: pg.Client
  let captured: Array<{ text: string; values: unknown[] }> = []

  function consoleProblems(node: PlanNode, { sort }: { sort: boolean }, out: string[] = []): string[] {
    if (!sort && (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort')) out.push(node['Node Type'])
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && CONSOLE_TABLES.has(node['Relation Name']))
      out.push(`Seq Scan on ${node['Relation Name']}`)
    for (const child of node.Plans ?? []) consoleProblems(child, { sort }, out)
    return out
  }

  before(async () => {
    t = await buildTestApp()
    const a = await adminClient(t.app, AdminRole.admin)
    admin = a.client
    const tc = await adminClient(t.app, AdminRole.enrollTeacher)
    teacher = tc.client
    teacherId = tc.admin.id
    const other = await adminClient(t.app, AdminRole.enrollTeacher)
    const db = t.app.db
    await db.execute(sql`
      INSERT INTO partners (phone, password_hash, code, status, real_name, created_at)
      SELECT '136' || lpad(i::text, 8, '0'), 'x', 'Q' || lpad(i::text, 6, '0'),
             (ARRAY['已通过', '待审核', '已拒绝', '已禁用'])[1 + i % 4], '合伙人' || i, now() - (i % 700) * interval '1 day'
      FROM generate_series(1, 1000) AS i`)
    // 80 k clues: a quarter each status, a third in the pool, the rest split between two teachers.
    await db.execute(sql`
      INSERT INTO clues (partner_id, name, phone, source, status, deal_at, assignee_id, last_touched_at, next_contact_at, created_at, updated_at)
      SELECT p.id, '线索' || i, '135' || lpad(i::text, 8, '0'), (ARRAY['合伙人录入', '活动', '后台导入'])[1 + i % 3],
             (ARRAY[${ClueStatus.new}, ${ClueStatus.following}, ${ClueStatus.deal}, ${ClueStatus.invalid}])[1 + i % 4],
             CASE WHEN i % 4 = 2 THEN now() - (i % 300) * interval '1 day' END,
             (ARRAY[NULL, ${teacherId}, ${other.admin.id}])[1 + i % 3]::int,
             now() - (i % 365) * interval '1 day',
             CASE WHEN i % 4 = 1 AND i % 10 = 1 THEN now() + ((i % 20) - 10) * interval '1 day' END,
             now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second', now()
      FROM generate_series(1, 80000) AS i
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM partners) p ON p.n = i % 1000`)
    await db.execute(sql`
      INSERT INTO ledger_entries (partner_id, type, amount, balance_after, created_at)
      SELECT p.id, (ARRAY[${LedgerType.commission}, ${LedgerType.adjustment}, ${LedgerType.withdrawal}])[1 + i % 3], 100, 100 * i, now() - (i % 365) * interval '1 day'
      FROM generate_series(1, 150000) AS i
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM partners) p ON p.n = i % 1000`)
    await db.execute(sql`
      INSERT INTO withdrawals (partner_id, amount, status, idempotency_key, payout_type, payout_account, payout_name, handled_at, created_at)
      SELECT p.id, 1000, (ARRAY[${WithdrawalStatus.paid}, ${WithdrawalStatus.refused}])[1 + i % 2], 'k' || i, '支付宝', 'a', 'b',
             now() - (i % 365) * interval '1 day', now() - (i % 365) * interval '1 day'
      FROM generate_series(1, 30000) AS i
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM partners) p ON p.n = i % 1000`)
    await db.execute(sql`
      INSERT INTO withdrawals (partner_id, amount, status, idempotency_key, payout_type, payout_account, payout_name, created_at)
      SELECT id, 1000, ${WithdrawalStatus.applying}, 'pending' || id, '支付宝', 'a', 'b', now() FROM partners WHERE id % 10 = 0`)
    await db.execute(sql`
      INSERT INTO audit_logs (admin_id, admin_name, admin_role, action, entity_type, entity_id, summary, created_at)
      SELECT ${a.admin.id} + i % 3, '操作员', '管理员', (ARRAY['clue.take', 'clue.followUp', 'withdrawal.pay', 'partner.approve'])[1 + i % 4],
             (ARRAY['clue', 'clue', 'withdrawal', 'partner'])[1 + i % 4], (i % 5000)::text, '摘要', now() - (i % 365) * interval '1 day'
      FROM generate_series(1, 50000) AS i`)
    await db.execute(sql`
      INSERT INTO clue_follow_ups (clue_id, admin_id, admin_name, method, note, created_at)
      SELECT c.id, ${teacherId}, '老师', '电话', '跟进', c.created_at + interval '1 hour' FROM clues c WHERE c.id % 3 = 0`)
    const pick = (await db.execute(
      sql`SELECT id, partner_id FROM clues WHERE assignee_id IS NULL ORDER BY id DESC LIMIT 1`,
    )) as unknown as {
      rows: Array<{ id: number; partner_id: number }>
    }
    clueId = pick.rows[0]!.id
    partnerId = pick.rows[0]!.partner_id
    await (db as unknown as { $client: pg.Pool }).$client.query('VACUUM ANALYZE')
    explainer = await recordStatements(t, () => captured)
  })

  after(async () => {
    await explainer?.end()
    await t?.close()
  })

  type Who = 'admin' | 'teacher'
  /** [who, url, query, whether a sort step is allowed (filters whose index is not in the list's order; aggregates)]. */
  const cases: Array<[Who, string, () => Record<string, string>, boolean]> = [
    ['admin', '/api/ems/partner/clue/listForAdmin', () => ({}), false],
    ['teacher', '/api/ems/partner/clue/listForAdmin', () => ({}), false],
    ['admin', '/api/ems/partner/clue/listForAdmin', () => ({ status: ClueStatus.new }), false],
    ['admin', '/api/ems/partner/clue/listForAdmin', () => ({ pool: '1' }), false],
    ['admin', '/api/ems/partner/clue/listForAdmin', () => ({ assigneeId: String(teacherId) }), false],
    ['teacher', '/api/ems/partner/clue/listForAdmin', () => ({ mine: '1', page: '3' }), false],
    ['teacher', '/api/ems/partner/clue/listForAdmin', () => ({ status: ClueStatus.new }), false],
    ['admin', '/api/ems/partner/clue/listForAdmin', () => ({ partnerId: String(partnerId) }), false],
    ['admin', '/api/ems/partner/clue/listForAdmin', () => ({ source: '活动' }), false],
    ['admin', '/api/ems/partner/clue/listForAdmin', () => ({ sort: 'createdAt_asc' }), false],
    ['admin', '/api/ems/partner/clue/listForAdmin', () => ({ dateFrom: '2025-01-01', dateTo: '2025-03-31' }), false],
    ['admin', '/api/ems/partner/clue/listForAdmin', () => ({ staleHours: '24' }), true],
    ['teacher', '/api/ems/partner/clue/listForAdmin', () => ({ overdue: '1' }), true],
    ['admin', '/api/ems/partner/clue/detailsForAdmin', () => ({ id: String(clueId) }), false],
    ['admin', '/api/ems/partner/partner/list', () => ({}), false],
    ['admin', '/api/ems/partner/partner/list', () => ({ status: '待审核', dateFrom: '2025-01-01' }), false],
    ['admin', '/api/ems/partner/partner/details', () => ({ id: String(partnerId) }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/listForAdmin', () => ({}), false],
    ['admin', '/api/ems/partner/withdrawalRecord/listForAdmin', () => ({ status: WithdrawalStatus.paid }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/listForAdmin', () => ({ partnerId: String(partnerId) }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/listForAdmin', () => ({ dateFrom: '2025-06-01', dateTo: '2025-06-30' }), true],
    ['admin', '/api/ems/partner/withdrawalRecord/ledgerForAdmin', () => ({}), false],
    ['admin', '/api/ems/partner/withdrawalRecord/ledgerForAdmin', () => ({ type: LedgerType.commission }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/ledgerForAdmin', () => ({ partnerId: String(partnerId) }), false],
    // The console's sorting (issue 12): every order read from an index, either way.
    ['admin', '/api/ems/partner/withdrawalRecord/listForAdmin', () => ({ sort: 'createdAt_asc' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/listForAdmin', () => ({ sort: 'createdAt_asc', page: '5' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/listForAdmin', () => ({ sort: 'amount_desc' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/listForAdmin', () => ({ sort: 'amount_asc' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/listForAdmin', () => ({ status: WithdrawalStatus.paid, sort: 'createdAt_asc' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/listForAdmin', () => ({ status: WithdrawalStatus.paid, sort: 'amount_desc' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/listForAdmin', () => ({ partnerId: String(partnerId), sort: 'amount_asc' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/listForAdmin', () => ({ partnerId: String(partnerId), sort: 'createdAt_asc' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/export', () => ({ sort: 'createdAt_asc' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/export', () => ({ sort: 'amount_desc' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/ledgerForAdmin', () => ({ sort: 'createdAt_asc' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/ledgerForAdmin', () => ({ sort: 'createdAt_asc', page: '5' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/ledgerForAdmin', () => ({ type: LedgerType.commission, sort: 'createdAt_asc' }), false],
    ['admin', '/api/ems/partner/withdrawalRecord/ledgerForAdmin', () => ({ partnerId: String(partnerId), sort: 'createdAt_asc' }), false],
    [
      'admin',
      '/api/ems/partner/withdrawalRecord/ledgerForAdmin',
      () => ({ partnerId: String(partnerId), type: LedgerType.adjustment, sort: 'createdAt_asc' }),
      false,
    ],
    ['admin', '/api/bms/system/auditLog/list', () => ({}), false],
    ['admin', '/api/bms/system/auditLog/list', () => ({ action: 'clue.take' }), false],
    ['admin', '/api/bms/system/auditLog/list', () => ({ entityType: 'clue', entityId: '42' }), false],
    ['admin', '/api/bms/system/dashboard', () => ({}), true],
    ['teacher', '/api/bms/system/dashboard', () => ({}), true],
  ]

  for (const [who, url, query, sort] of cases) {
    test(`${who} ${url} ${String(query).slice(6, 80)}: index-served${sort ? '' : ', no sort'}, no sequential scan of a big table`, async () => {
      captured = []
      const res = await (who === 'admin' ? admin : teacher).get(url, query())
      assert.equal(res.statusCode, 200, res.body)
      for (const { text, values } of captured) {
        for (const mode of ['auto', 'force_generic_plan']) {
          await explainer.query(`SET plan_cache_mode = ${mode}`)
          await explainer.query(`PREPARE plan_check AS ${text}`)
          try {
            const args = values.length ? `(${values.map(literal).join(', ')})` : ''
            const out = await explainer.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE plan_check${args}`)
            const plan = (out.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan
            const found = consoleProblems(plan, { sort })
            if (found.length) {
              const shown = (await explainer.query(`EXPLAIN EXECUTE plan_check${args}`)).rows.map(
                (r: Record<string, string>) => r['QUERY PLAN'],
              )
              assert.fail(`${mode} plan of ${text}: ${found.join(', ')}\n${shown.join('\n')}`)
            }
          } finally {
            await explainer.query('DEALLOCATE plan_check')
            await explainer.query('RESET plan_cache_mode')
          }
        }
      }
    })
  }
})
