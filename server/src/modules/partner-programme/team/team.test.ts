import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { cycleRange } from '../../../lib/time-range.ts'
import { ClueSource, ClueStatus, PartnerStatus } from '../../../wire.ts'
import { insertPartner, partnerClient, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, type TestApp } from '../../../../test/helper.ts'
import { indexesOf, nodesOf, planOf, seqScansOf } from '../../../../test/plans.ts'
import { clues } from '../clues/clues.table.ts'
import { teamPageQuery } from './team.repository.ts'

describe('my team (我的团队): the partners who registered with my share code', () => {
  let t: TestApp
  let me: { client: Client; id: number; phone: string }
  const current = cycleRange(new Date())
  before(async () => {
    t = await buildTestApp()
    const m = await partnerClient(t.app, { realName: '张三' })
    me = { client: m.client, id: m.partner.id, phone: m.partner.phone }
  })
  after(async () => t.close())

  const teamOf = async (client: Client, query: Record<string, string> = {}) => {
    const res = await client.get('/api/ems/partner/partner/team', query)
    assert.equal(res.statusCode, 200, res.body)
    return res.json().data
  }

  test('each member shows masked name and phone, joined date, review status and deals this cycle only, newest first', async () => {
    const day = 86400_000
    const older = await insertPartner(t.app, { referrerId: me.id, realName: '陈小明', createdAt: new Date(Date.now() - 3 * day) })
    const newer = await insertPartner(t.app, {
      referrerId: me.id,
      realName: null,
      nickname: null,
      status: PartnerStatus.pending,
      createdAt: new Date(Date.now() - day),
    })
    // Someone else's referral and a second-level one (referred by my member) are not in my team.
    const stranger = await insertPartner(t.app)
    await insertPartner(t.app, { referrerId: stranger.id })
    await insertPartner(t.app, { referrerId: older.id })
    const deal = (partnerId: number, dealAt: Date, status: string = ClueStatus.deal) => ({
      partnerId,
      name: '成交',
      phone: uniquePhone(),
      source: ClueSource.partner,
      status,
      dealAt,
    })
    await t.app.db
      .insert(clues)
      .values([
        deal(older.id, new Date(current.from.getTime() + 1000)),
        deal(older.id, new Date(current.from.getTime() + 2000)),
        deal(older.id, new Date(current.from.getTime() - 1000)),
        deal(older.id, new Date(current.from.getTime() + 3000), ClueStatus.following),
      ])

    const team = await teamOf(me.client)
    assert.equal(team.total, 2)
    assert.deepEqual(
      team.list.map((m: { id: number }) => m.id),
      [newer.id, older.id],
    )
    const [n, o] = team.list
    assert.deepEqual(o, {
      id: older.id,
      name: '陈**',
      phone: `${older.phone.slice(0, 3)}****${older.phone.slice(-4)}`,
      status: PartnerStatus.active,
      joinedAt: older.createdAt.toISOString(),
      dealsThisCycle: 2,
    })
    assert.equal(n.name, null)
    assert.equal(n.status, PartnerStatus.pending)
    assert.equal(n.dealsThisCycle, 0)
    const body = JSON.stringify(team)
    assert.ok(!body.includes('陈小明') && !body.includes(older.phone), 'no full name or phone')
  })

  test('the team is paged, the total on every page', async () => {
    const { client, partner } = await partnerClient(t.app)
    for (let i = 0; i < 5; i++) await insertPartner(t.app, { referrerId: partner.id, createdAt: new Date(Date.now() - i * 1000) })
    const first = await teamOf(client, { page: '1', size: '2' })
    const third = await teamOf(client, { page: '3', size: '2' })
    assert.equal(first.total, 5)
    assert.equal(third.total, 5)
    assert.equal(first.list.length, 2)
    assert.equal(third.list.length, 1)
    const empty = await teamOf((await partnerClient(t.app)).client)
    assert.deepEqual(empty, { list: [], total: 0, page: 1, size: 20 })
  })

  test('bad paging is a 400 with a message; signed-out callers are refused', async () => {
    const bad = await me.client.get('/api/ems/partner/partner/team', { size: '1000' })
    assert.equal(bad.statusCode, 400)
    assert.match(bad.json().message, /[\u4e00-\u9fa5]/)
    assert.equal((await createClient(t.app).get('/api/ems/partner/partner/team')).statusCode, 401)
  })

  test('a page is read in the order of (referrer_id, created_at, id), each member’s deals from its own index', async () => {
    const db = t.app.db
    await db.execute(sql`
      INSERT INTO partners (phone, password_hash, code, status, referrer_id, created_at)
      SELECT '137' || lpad(i::text, 8, '0'), 'x', 'W' || lpad(i::text, 6, '0'), '已通过', ${me.id} + (i % 2), now() - i * interval '1 minute'
      FROM generate_series(1, 5000) AS i`)
    await db.execute(sql`
      INSERT INTO clues (partner_id, name, phone, source, status, deal_at)
      SELECT p.id, '线索', '138' || lpad(i::text, 8, '0'), '合伙人录入', '已成交', now() - (i % 60) * interval '1 day'
      FROM generate_series(1, 20000) AS i JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM partners) p ON p.n = i % 5000`)
    await db.execute(sql`ANALYZE`)
    const plan = await planOf(db, teamPageQuery({ db, referrerId: me.id, range: current, page: 2, size: 20 }))
    assert.deepEqual(seqScansOf(plan, ['partners', 'clues']), [])
    assert.ok(!nodesOf(plan).some((n) => n['Node Type'] === 'Sort'), 'no sort step')
    assert.ok(indexesOf(plan).includes('partners_referrer_created_idx'), JSON.stringify(indexesOf(plan)))
  })
})
