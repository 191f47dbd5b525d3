import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { cycleRange } from '../../../lib/time-range.ts'
import { ClueSource, ClueStatus, PartnerStatus, RankingCycle } from '../../../wire.ts'
import { insertPartner, partnerClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, type TestApp } from '../../../../test/helper.ts'
import { indexesOf, planOf, seqScansOf } from '../../../../test/plans.ts'
import { clues } from '../clues/clues.table.ts'
import { partners } from '../partners/partners.table.ts'
import { rankedQuery } from './ranking.repository.ts'
import { rankingRange } from './ranking.service.ts'

const HOUR = 3600_000
let phoneSeq = 0
const phone = () => `170${String(++phoneSeq).padStart(8, '0')}`

interface Ranking {
  cycle: { type: string; from: string; to: string }
  list: Array<{ rank: number; name: string; deals: number; mine: boolean }>
  me: { rank: number | null; deals: number }
}

describe('the ranking (排行榜): this cycle and the last by deals', () => {
  let t: TestApp
  const now = new Date()
  const current = cycleRange(now)
  const last = rankingRange(RankingCycle.last, now)

  /** `n` closed deals of `partnerId`, the k-th at `start` + k hours. */
  async function deals(partnerId: number, n: number, start: Date, status: string = ClueStatus.deal) {
    if (n === 0) return
    await t.app.db.insert(clues).values(
      Array.from({ length: n }, (_, k) => ({
        partnerId,
        name: '成交',
        phone: phone(),
        source: ClueSource.partner,
        status,
        dealAt: new Date(start.getTime() + k * HOUR),
        programme: '会计学(本科)',
      })),
    )
  }
  const rankingOf = async (client: Client, cycle?: string) => {
    const res = await client.get('/api/ems/partner/partner/ranking', cycle ? { cycle } : {})
    assert.equal(res.statusCode, 200, res.body)
    return res.json().data as Ranking
  }

  let me: { client: Client; id: number }
  let chen: { client: Client; id: number }
  let wang: { client: Client; id: number }
  let nobody: Client
  before(async () => {
    t = await buildTestApp()
    // 60 partners with 3 deals each this cycle, all reaching 3 at once a day into the cycle (ties by id).
    const crowd = await t.app.db
      .insert(partners)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          phone: phone(),
          passwordHash: 'x',
          code: `RK${i}`,
          status: PartnerStatus.active,
          realName: `李${i}号`,
        })),
      )
      .returning()
    for (const p of crowd) await deals(p.id, 3, new Date(current.from.getTime() + 22 * HOUR))
    // 陈 and 王 tie at 5 deals; 王 reached 5 first, so 王 ranks above 陈 although 陈 started earlier.
    const c = await partnerClient(t.app, { realName: '陈小明' })
    chen = { client: c.client, id: c.partner.id }
    await deals(chen.id, 4, new Date(current.from.getTime() + HOUR))
    await deals(chen.id, 1, new Date(current.from.getTime() + 30 * HOUR))
    const w = await partnerClient(t.app, { realName: '王芳' })
    wang = { client: w.client, id: w.partner.id }
    await deals(wang.id, 5, new Date(current.from.getTime() + 10 * HOUR))
    // A disabled partner with the most deals is not ranked; open and invalid clues do not count.
    const disabled = await insertPartner(t.app, { realName: '禁用者', status: PartnerStatus.disabled })
    await deals(disabled.id, 9, new Date(current.from.getTime() + HOUR))
    // Me: one deal this cycle (outside the top 50), four deals last cycle (first there).
    const m = await partnerClient(t.app, { realName: '张三' })
    me = { client: m.client, id: m.partner.id }
    await deals(me.id, 1, new Date(current.from.getTime() + 2 * HOUR))
    await deals(me.id, 4, new Date(current.from.getTime() + 3 * HOUR), ClueStatus.following)
    await deals(me.id, 4, new Date(last.from.getTime() + HOUR))
    await deals(chen.id, 2, new Date(last.from.getTime() + HOUR))
    nobody = (await partnerClient(t.app, { realName: '新人' })).client
  })
  after(async () => t.close())

  test('the top 50 of this cycle by deals, ties to who got there first, names masked', async () => {
    const r = await rankingOf(chen.client)
    assert.equal(r.cycle.type, RankingCycle.current)
    assert.equal(r.cycle.from, current.from.toISOString())
    assert.equal(r.list.length, 50)
    assert.deepEqual(
      r.list.map((row) => row.rank),
      Array.from({ length: 50 }, (_, i) => i + 1),
    )
    assert.deepEqual(r.list[0], { rank: 1, name: '王**', deals: 5, mine: false })
    assert.deepEqual(r.list[1], { rank: 2, name: '陈**', deals: 5, mine: true })
    assert.ok(
      r.list.slice(2).every((row) => row.deals === 3 && row.name === '李**'),
      'then the crowd',
    )
    assert.ok(!JSON.stringify(r).includes('禁用者') && !r.list.some((row) => row.name === '禁**'), 'a disabled partner is not ranked')
    assert.deepEqual(r.me, { rank: 2, deals: 5 })
  })

  test('my own rank and deals show even outside the top 50, and a partner without a deal has no rank', async () => {
    const r = await rankingOf(me.client)
    assert.equal(r.list.length, 50)
    assert.ok(!r.list.some((row) => row.mine))
    // 王, 陈 and the 60 partners of the crowd are ahead: the four open clues do not count.
    assert.deepEqual(r.me, { rank: 63, deals: 1 })
    assert.deepEqual((await rankingOf(nobody)).me, { rank: null, deals: 0 })
  })

  test("last cycle's final table counts only last cycle's deals", async () => {
    const r = await rankingOf(me.client, RankingCycle.last)
    assert.equal(r.cycle.type, RankingCycle.last)
    assert.equal(r.cycle.from, last.from.toISOString())
    assert.equal(r.cycle.to, current.from.toISOString())
    assert.deepEqual(r.list, [
      { rank: 1, name: '张**', deals: 4, mine: true },
      { rank: 2, name: '陈**', deals: 2, mine: false },
    ])
    assert.deepEqual(r.me, { rank: 1, deals: 4 })
  })

  test('an unknown cycle is a 400 with a message; signed-out callers are refused', async () => {
    const bad = await me.client.get('/api/ems/partner/partner/ranking', { cycle: '去年' })
    assert.equal(bad.statusCode, 400)
    assert.equal(bad.json().message, '周期只能是本周期或上周期')
    assert.equal((await createClient(t.app).get('/api/ems/partner/partner/ranking')).statusCode, 401)
  })
})

describe('the ranking over 1 000 partners and 100 000 clues reads only the cycle’s deals', () => {
  let t: TestApp
  let partnerId = 0
  before(async () => {
    t = await buildTestApp()
    const db = t.app.db
    await db.execute(sql`
      INSERT INTO partners (phone, password_hash, code, status, real_name)
      SELECT '136' || lpad(i::text, 8, '0'), 'x', 'Q' || lpad(i::text, 6, '0'), '已通过', '合伙人' || i FROM generate_series(1, 1000) AS i`)
    // A year of clues: a quarter closed, spread over 365 days, so a month holds about 2 000 deals.
    await db.execute(sql`
      INSERT INTO clues (partner_id, name, phone, source, status, deal_at, created_at, updated_at)
      SELECT p.id, '线索' || i, '135' || lpad(i::text, 8, '0'), '合伙人录入',
             (ARRAY[${ClueStatus.new}, ${ClueStatus.following}, ${ClueStatus.deal}, ${ClueStatus.invalid}])[1 + i % 4],
             CASE WHEN i % 4 = 2 THEN now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second' END,
             now() - (i % 365) * interval '1 day', now()
      FROM generate_series(1, 100000) AS i
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM partners) p ON p.n = i % 1000`)
    await db.execute(sql`ANALYZE`)
    const [row] = await db.select({ id: partners.id }).from(partners).orderBy(partners.id).limit(1)
    partnerId = row!.id
  })
  after(async () => t.close())

  for (const cycle of [RankingCycle.current, RankingCycle.last]) {
    test(`${cycle}: the deals are counted from the partial index of closed deals, no sequential scan of clues`, async () => {
      const plan = await planOf(t.app.db, rankedQuery({ db: t.app.db, range: rankingRange(cycle, new Date()), top: 50, partnerId }))
      assert.deepEqual(seqScansOf(plan, ['clues']), [])
      assert.ok(indexesOf(plan).includes('clues_deal_ranking_idx'), JSON.stringify(indexesOf(plan)))
    })
  }
})
