import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { ClueStatus, Code, PartnerStatus } from '../../../wire.ts'
import { adminClient, insertLevels, partnerClient, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'
import { clues } from './clues.table.ts'

describe('clues, tiers and deals', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
    await insertLevels(t.app, [
      { name: '青铜', minDeals: 0, commissionPerDeal: 10000 },
      { name: '白银', minDeals: 3, commissionPerDeal: 20000 },
      { name: '黄金', minDeals: 5, commissionPerDeal: 30000 },
    ])
  })
  after(async () => t.close())

  test('a partner records a clue and sees it in their list with the phone masked', async () => {
    const { client } = await partnerClient(t.app)
    const phone = uniquePhone()
    const res = await client.post('/api/ems/partner/clue', {
      name: '李四',
      phone,
      contactMethod: '微信',
      intention: '学历教育(本科)-会计学(本科)',
      remark: '晚上联系',
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data.status, ClueStatus.new)
    const list = (await client.get('/api/ems/partner/clue/list')).json().data
    assert.equal(list.total, 1)
    assert.equal(list.list[0].phone, `${phone.slice(0, 3)}****${phone.slice(-4)}`)
    assert.equal(list.page, 1)
    assert.equal(list.size, 20)
  })

  test('the same phone within 90 days is refused and the first partner keeps it', async () => {
    const a = await partnerClient(t.app)
    const b = await partnerClient(t.app)
    const phone = uniquePhone()
    assert.equal((await a.client.post('/api/ems/partner/clue', { name: '王五', phone })).statusCode, 200)
    const dup = await b.client.post('/api/ems/partner/clue', { name: '王五', phone })
    assert.equal(dup.statusCode, 409)
    assert.equal(dup.json().message, '该手机号已被登记，90天内不能重复登记')
    const viaActivity = await createClient(t.app).post('/api/ems/partner/clue/saveForActivity', {
      name: '王五',
      phone,
      ref: b.partner.code,
    })
    assert.equal(viaActivity.statusCode, 409)
    assert.equal((await b.client.get('/api/ems/partner/clue/list')).json().data.total, 0)
    // Older than 90 days no longer counts.
    const old = uniquePhone()
    await t.app.db.insert(clues).values({
      partnerId: a.partner.id,
      name: '旧',
      phone: old,
      source: '合伙人录入',
      status: ClueStatus.new,
      createdAt: new Date(Date.now() - 91 * 86400_000),
    })
    assert.equal((await b.client.post('/api/ems/partner/clue', { name: '旧', phone: old })).statusCode, 200)
  })

  test('the activity form creates a clue for the partner of the ref code, without a session', async () => {
    const { client, partner } = await partnerClient(t.app)
    const res = await createClient(t.app).post('/api/ems/partner/clue/saveForActivity', {
      name: '赵六',
      phone: uniquePhone(),
      ref: partner.code,
    })
    assert.equal(res.statusCode, 200, res.body)
    const list = (await client.get('/api/ems/partner/clue/list')).json().data.list
    assert.equal(list[0].source, '活动')
    const bad = await createClient(t.app).post('/api/ems/partner/clue/saveForActivity', {
      name: '赵六',
      phone: uniquePhone(),
      ref: 'ZZZZZZ',
    })
    assert.equal(bad.json().message, '推广链接无效，请联系推荐人重新获取')
  })

  test('a NUL character in a clue is refused with a 400 and nothing is written', async () => {
    const { client, partner } = await partnerClient(t.app)
    const res = await client.post('/api/ems/partner/clue', { name: '周\u0000九', phone: uniquePhone() })
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().code, Code.badRequest)
    assert.equal(res.json().message, '请求包含无法识别的字符')
    assert.equal((await t.app.db.select().from(clues).where(eq(clues.partnerId, partner.id))).length, 0)
  })

  test('a partner not yet approved cannot record clues', async () => {
    const { client } = await partnerClient(t.app, { status: PartnerStatus.pending })
    const res = await client.post('/api/ems/partner/clue', { name: '钱七', phone: uniquePhone() })
    assert.equal(res.statusCode, 422)
  })

  test("a partner cannot read another partner's clue", async () => {
    const a = await partnerClient(t.app)
    const b = await partnerClient(t.app)
    const clue = (await a.client.post('/api/ems/partner/clue', { name: '孙八', phone: uniquePhone() })).json().data
    const res = await b.client.get('/api/ems/partner/clue/details', { id: clue.id })
    assert.equal(res.statusCode, 404)
    assert.equal((await b.client.get('/api/ems/partner/clue/list')).json().data.total, 0)
    assert.equal((await a.client.get('/api/ems/partner/clue/details', { id: clue.id })).statusCode, 200)
  })

  test('lists filter by status and time type, and page', async () => {
    const { client, partner } = await partnerClient(t.app)
    const lastYear = new Date(Date.now() - 400 * 86400_000)
    for (let i = 0; i < 5; i++)
      await t.app.db.insert(clues).values({
        partnerId: partner.id,
        name: `n${i}`,
        phone: uniquePhone(),
        source: '活动',
        status: i < 2 ? ClueStatus.following : ClueStatus.new,
      })
    await t.app.db
      .insert(clues)
      .values({ partnerId: partner.id, name: 'old', phone: uniquePhone(), source: '活动', status: ClueStatus.new, createdAt: lastYear })
    assert.equal((await client.get('/api/ems/partner/clue/list', { status: '跟进中' })).json().data.total, 2)
    assert.equal((await client.get('/api/ems/partner/clue/list', { timeType: '今天' })).json().data.total, 5)
    const page2 = (await client.get('/api/ems/partner/clue/list', { page: 2, size: 4 })).json().data
    assert.equal(page2.list.length, 2)
    assert.equal(page2.total, 6)
    assert.equal((await client.get('/api/ems/partner/clue/list', { size: 101 })).json().message, '每页条数不能大于100')
    assert.equal((await client.get('/api/ems/partner/clue/list', { timeType: '明天' })).json().message, '时间类型不在可选范围内')
  })

  test('load-more follows the cursor: every clue once, newest first, ties in the same microsecond included', async () => {
    const { client, partner } = await partnerClient(t.app)
    const other = await partnerClient(t.app)
    // 23 clues: pairs created at the very same instant (the keyset must order them by id), a third 跟进中.
    const base = Date.UTC(2026, 0, 10, 8)
    for (let i = 0; i < 23; i++)
      await t.app.db.insert(clues).values({
        partnerId: partner.id,
        name: `c${i}`,
        phone: uniquePhone(),
        source: '合伙人录入',
        status: i % 3 === 0 ? ClueStatus.following : ClueStatus.new,
        createdAt: new Date(base + Math.floor(i / 2) * 60_000),
      })
    await t.app.db
      .insert(clues)
      .values({ partnerId: other.partner.id, name: 'x', phone: uniquePhone(), source: '活动', status: ClueStatus.new })
    // Two more, one microsecond apart (a JS Date would see one millisecond for both).
    await t.app.db.execute(
      sql`INSERT INTO clues (partner_id, name, phone, source, status, created_at) VALUES
        (${partner.id}, 'u1', ${uniquePhone()}, '活动', ${ClueStatus.new}, timestamptz '2026-01-10 09:00:00.000101+00'),
        (${partner.id}, 'u2', ${uniquePhone()}, '活动', ${ClueStatus.new}, timestamptz '2026-01-10 09:00:00.000102+00')`,
    )
    const walk = async (query: Record<string, string | number>) => {
      const seen: string[] = []
      let cursor: string | null | undefined
      let calls = 0
      do {
        const data = (await client.get('/api/ems/partner/clue/list', { ...query, size: 5, ...(cursor ? { cursor } : {}) })).json().data
        seen.push(...data.list.map((c: { name: string }) => c.name))
        assert.equal(data.total, query.status ? 8 : 25)
        cursor = data.nextCursor
        calls++
      } while (cursor && calls < 20)
      return seen
    }
    const all = await walk({})
    const byTime = [...Array.from({ length: 23 }, (_, i) => `c${i}`)].reverse()
    assert.deepEqual(all, ['u2', 'u1', ...byTime])
    const following = await walk({ status: ClueStatus.following })
    assert.deepEqual(
      following,
      byTime.filter((n) => Number(n.slice(1)) % 3 === 0),
    )
    // The last page says no more follow; the page-number form still works alongside.
    const last = (await client.get('/api/ems/partner/clue/list', { page: 5, size: 5 })).json().data
    assert.deepEqual(
      last.list.map((c: { name: string }) => c.name),
      byTime.slice(-5),
    )
    assert.equal(last.nextCursor, null)
    // Another partner's list, with this partner's cursor, stays theirs.
    const first = (await client.get('/api/ems/partner/clue/list', { size: 3 })).json().data
    const theirs = (await other.client.get('/api/ems/partner/clue/list', { cursor: first.nextCursor })).json().data
    assert.deepEqual(theirs.list, [])
    const forged = await client.get('/api/ems/partner/clue/list', { cursor: 'not-a-cursor' })
    assert.equal(forged.statusCode, 400)
    assert.equal(forged.json().message, '分页位置不正确，请刷新后重试')
  })

  test('an enrolment teacher follows, deals and invalidates; a deal earns the tier reached counting it, earlier deals keep their price', async () => {
    const { client, partner } = await partnerClient(t.app)
    const { client: teacher } = await adminClient(t.app, '招生老师')
    const ids: number[] = []
    for (let i = 0; i < 6; i++)
      ids.push((await client.post('/api/ems/partner/clue', { name: `客户${i}`, phone: uniquePhone() })).json().data.id)
    assert.equal((await teacher.put('/api/ems/partner/clue/follow', { id: ids[0] })).json().data.status, ClueStatus.following)
    const commissions: number[] = []
    for (let i = 0; i < 5; i++) {
      const res = await teacher.put('/api/ems/partner/clue/deal', { id: ids[i], programme: '会计学(本科)', amount: 680000 })
      assert.equal(res.statusCode, 200, res.body)
      commissions.push(res.json().data.commission)
    }
    assert.deepEqual(commissions, [10000, 10000, 20000, 20000, 30000])
    const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.partnerId, partner.id))
    assert.equal(entries.length, 5)
    assert.ok(entries.every((e) => e.type === '佣金' && e.frozenUntil && e.frozenUntil.getTime() > Date.now() + 6 * 86400_000))
    const again = await teacher.put('/api/ems/partner/clue/deal', { id: ids[0], programme: '会计学(本科)', amount: 1 })
    assert.equal(again.statusCode, 409)
    assert.equal(again.json().message, '该线索已成交')
    assert.equal((await teacher.put('/api/ems/partner/clue/invalid', { id: ids[5] })).json().message, '请填写无效原因')
    assert.equal(
      (await teacher.put('/api/ems/partner/clue/invalid', { id: ids[5], reason: '空号' })).json().data.status,
      ClueStatus.invalid,
    )
    assert.equal((await teacher.put('/api/ems/partner/clue/deal', { id: 99999999, programme: '会计学(本科)', amount: 1 })).statusCode, 404)
    assert.equal(
      (await teacher.put('/api/ems/partner/clue/deal', { id: ids[5], programme: '会计学(本科)', amount: -5 })).json().message,
      '成交金额不能小于1分',
    )

    const home = (await client.get('/api/ems/partner/partner/home')).json().data
    assert.equal(home.balance, 90000)
    assert.equal(home.frozen, 90000)
    assert.equal(home.withdrawable, 0)
    assert.equal(home.tier.name, '黄金')
    assert.equal(home.dealsThisCycle, 5)
    assert.equal(home.nextTier, null)
    const position = (await client.get('/api/ems/partner/partner/position')).json().data
    assert.equal(position.levels.length, 3)
    const counts = (await client.get('/api/ems/partner/partner/dealCount')).json().data
    assert.equal(counts.find((c: { timeType: string }) => c.timeType === '本月').count, 5)
    const deals = (await client.get('/api/ems/partner/partner/dealList', { size: 2 })).json().data
    assert.equal(deals.total, 5)
    assert.equal(deals.list.length, 2)
  })

  test('the home page shows the next tier and how many deals reach it', async () => {
    const { client } = await partnerClient(t.app)
    const home = (await client.get('/api/ems/partner/partner/home')).json().data
    assert.equal(home.tier.name, '青铜')
    assert.equal(home.nextTier.name, '白银')
    assert.equal(home.dealsToNext, 3)
    assert.equal(home.status, PartnerStatus.active)
  })

  test('clue work needs an enrolment teacher or administrator; the public level list needs nothing', async () => {
    const { client: finance } = await adminClient(t.app, '财务')
    assert.equal((await finance.put('/api/ems/partner/clue/follow', { id: 1 })).json().code, Code.forbidden)
    assert.equal((await finance.get('/api/ems/partner/clue/listForAdmin')).statusCode, 403)
    const { client: admin } = await adminClient(t.app, '管理员')
    assert.equal((await admin.get('/api/ems/partner/clue/listForAdmin')).statusCode, 200)
    const levels = (await createClient(t.app).get('/api/ems/partner/config/level/listSimple')).json().data
    assert.deepEqual(
      levels.map((l: { name: string }) => l.name),
      ['青铜', '白银', '黄金'],
    )
  })
})
