import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { adminClient, insertLevels, insertPartner, partnerClient, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, type TestApp } from '../../../../test/helper.ts'
import { multipart, readXlsx, xlsx } from '../../../../test/xlsx.ts'
import { ClueSource, ClueStatus, Code } from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { clues } from './clues.table.ts'

describe('the clue workbench: assignment, follow-ups, de-dup, import and export', () => {
  let t: TestApp
  let admin: Client
  let teacherA: { client: Client; id: number; name: string }
  let teacherB: { client: Client; id: number; name: string }
  let partner: Awaited<ReturnType<typeof insertPartner>>
  const newClue = async (overrides: Partial<typeof clues.$inferInsert> = {}) => {
    const [row] = await t.app.db
      .insert(clues)
      .values({
        partnerId: partner.id,
        name: '学员',
        phone: uniquePhone(),
        source: ClueSource.partner,
        status: ClueStatus.new,
        ...overrides,
      })
      .returning()
    return row!
  }
  before(async () => {
    t = await buildTestApp()
    await insertLevels(t.app, [{ name: '青铜', minDeals: 0, commissionPerDeal: 10000 }])
    admin = (await adminClient(t.app, '管理员')).client
    const a = await adminClient(t.app, '招生老师')
    const b = await adminClient(t.app, '招生老师')
    teacherA = { client: a.client, id: a.admin.id, name: a.admin.name }
    teacherB = { client: b.client, id: b.admin.id, name: b.admin.name }
    partner = await insertPartner(t.app, { realName: '王合伙' })
  })
  after(async () => t.close())

  test("a teacher cannot see another teacher's assigned clue", async () => {
    const clue = await newClue({ name: '甲的学员' })
    const assigned = await admin.put('/api/ems/partner/clue/assign', { id: clue.id, assigneeId: teacherA.id })
    assert.equal(assigned.statusCode, 200, assigned.body)
    assert.equal(assigned.json().data.assigneeName, teacherA.name)

    const listB = (await teacherB.client.get('/api/ems/partner/clue/listForAdmin', { partnerId: partner.id })).json().data
    assert.ok(!listB.list.some((c: { id: number }) => c.id === clue.id))
    for (const res of [
      await teacherB.client.get('/api/ems/partner/clue/detailsForAdmin', { id: clue.id }),
      await teacherB.client.put('/api/ems/partner/clue/follow', { id: clue.id }),
      await teacherB.client.put('/api/ems/partner/clue/deal', { id: clue.id, programme: '会计学(本科)', amount: 100 }),
      await teacherB.client.put('/api/ems/partner/clue/invalid', { id: clue.id, reason: '无效' }),
      await teacherB.client.post('/api/ems/partner/clue/followUp', { id: clue.id, method: '电话', note: '试试' }),
    ]) {
      assert.equal(res.statusCode, 404, res.body)
      assert.equal(res.json().message, '线索不存在')
    }
    const take = await teacherB.client.put('/api/ems/partner/clue/take', { id: clue.id })
    assert.equal(take.statusCode, 409)
    assert.equal(take.json().message, '该线索已被其他老师领取')
    const listA = (await teacherA.client.get('/api/ems/partner/clue/listForAdmin', { mine: 1 })).json().data
    assert.deepEqual(
      listA.list.map((c: { id: number }) => c.id),
      [clue.id],
    )
    const all = (await admin.get('/api/ems/partner/clue/listForAdmin', { assigneeId: teacherA.id })).json().data
    assert.equal(all.total, 1)
    // Only 管理员 assigns.
    assert.equal((await teacherA.client.put('/api/ems/partner/clue/assign', { id: clue.id, assigneeId: teacherA.id })).statusCode, 403)
    // Not to a finance operator.
    const finance = await adminClient(t.app, '财务')
    const wrong = await admin.put('/api/ems/partner/clue/assign', { id: clue.id, assigneeId: finance.admin.id })
    assert.equal(wrong.statusCode, 422)
    assert.equal(wrong.json().message, '只能分配给启用中的招生老师')
  })

  test('two teachers take the same pool clue at once: one wins, the other is told it was taken', async () => {
    const clue = await newClue({ name: '抢单' })
    const inPool = (await teacherB.client.get('/api/ems/partner/clue/listForAdmin', { pool: 1 })).json().data
    assert.ok(inPool.list.some((c: { id: number }) => c.id === clue.id))
    const [a, b] = await Promise.all([
      teacherA.client.put('/api/ems/partner/clue/take', { id: clue.id }),
      teacherB.client.put('/api/ems/partner/clue/take', { id: clue.id }),
    ])
    const statuses = [a.statusCode, b.statusCode].sort()
    assert.deepEqual(statuses, [200, 409])
    const loser = a.statusCode === 409 ? a : b
    assert.equal(loser.json().code, Code.conflict)
    assert.equal(loser.json().message, '该线索已被其他老师领取')
    const [row] = await t.app.db.select().from(clues).where(eq(clues.id, clue.id))
    const winner = a.statusCode === 200 ? teacherA : teacherB
    assert.equal(row!.assigneeId, winner.id)
    const again = await winner.client.put('/api/ems/partner/clue/take', { id: clue.id })
    assert.equal(again.statusCode, 409)
    assert.equal(again.json().message, '该线索已在您名下')
  })

  test('a follow-up is recorded with its method, note and next contact; the clue shows its timeline and becomes overdue when the time passes', async () => {
    const clue = await newClue({ name: '跟进对象' })
    const bad = await teacherA.client.post('/api/ems/partner/clue/followUp', { id: clue.id, method: '短信', note: 'x' })
    assert.equal(bad.statusCode, 400)
    assert.equal(bad.json().message, '跟进方式只能是电话、微信或面谈')
    const past = await teacherA.client.post('/api/ems/partner/clue/followUp', {
      id: clue.id,
      method: '电话',
      note: 'x',
      nextContactAt: new Date(Date.now() - 60_000).toISOString(),
    })
    assert.equal(past.statusCode, 400)
    assert.equal(past.json().message, '下次联系时间需晚于现在')

    const next = new Date(Date.now() + 3600_000).toISOString()
    const res = await teacherA.client.post('/api/ems/partner/clue/followUp', {
      id: clue.id,
      method: '微信',
      note: '已加微信，下周面谈',
      nextContactAt: next,
    })
    assert.equal(res.statusCode, 200, res.body)
    const detail = res.json().data
    assert.equal(detail.status, ClueStatus.following)
    assert.equal(detail.assigneeId, teacherA.id, 'following up a pool clue takes it')
    assert.equal(detail.nextContactAt, next)
    assert.equal(detail.followUps.length, 1)
    assert.equal(detail.followUps[0].method, '微信')
    assert.equal(detail.followUps[0].adminName, teacherA.name)
    assert.deepEqual(
      detail.timeline.map((i: { kind: string }) => i.kind),
      ['followUp', 'created'],
    )

    // The next contact time passes: the clue is overdue (list filter and dashboard).
    await t.app.db
      .update(clues)
      .set({ nextContactAt: new Date(Date.now() - 1000) })
      .where(eq(clues.id, clue.id))
    const overdue = (await teacherA.client.get('/api/ems/partner/clue/listForAdmin', { overdue: 1 })).json().data
    assert.ok(overdue.list.some((c: { id: number }) => c.id === clue.id))
    const dash = (await teacherA.client.get('/api/bms/system/dashboard')).json().data
    assert.ok(dash.overdueContacts.some((c: { clueId: number }) => c.clueId === clue.id))
    assert.equal(
      (await teacherB.client.get('/api/bms/system/dashboard'))
        .json()
        .data.overdueContacts.some((c: { clueId: number }) => c.clueId === clue.id),
      false,
    )

    // A deal closes it: programme from the category tree; the timeline shows the action.
    const notInTree = await teacherA.client.put('/api/ems/partner/clue/deal', { id: clue.id, programme: '火箭科学', amount: 100 })
    assert.equal(notInTree.statusCode, 400)
    assert.equal(notInTree.json().message, '成交专业不在可选范围内')
    const deal = await teacherA.client.put('/api/ems/partner/clue/deal', {
      id: clue.id,
      programme: '学历教育(本科)-会计学(本科)',
      amount: 680000,
    })
    assert.equal(deal.statusCode, 200, deal.body)
    const closed = (await teacherA.client.get('/api/ems/partner/clue/detailsForAdmin', { id: clue.id })).json().data
    assert.equal(closed.status, ClueStatus.deal)
    assert.equal(closed.nextContactAt, null)
    assert.equal(closed.timeline[0].title, '录入成交')
    const late = await teacherA.client.post('/api/ems/partner/clue/followUp', { id: clue.id, method: '电话', note: '回访' })
    assert.equal(late.statusCode, 409)
    assert.equal(late.json().message, '该线索已成交')
  })

  test('not followed for N hours lists the open clues untouched that long', async () => {
    const stale = await newClue({
      name: '久未跟进',
      lastTouchedAt: new Date(Date.now() - 30 * 3600_000),
      createdAt: new Date(Date.now() - 30 * 3600_000),
    })
    const fresh = await newClue({ name: '刚登记' })
    const list = (await admin.get('/api/ems/partner/clue/listForAdmin', { staleHours: 24, size: 100 })).json().data
    const ids = list.list.map((c: { id: number }) => c.id)
    assert.ok(ids.includes(stale.id))
    assert.ok(!ids.includes(fresh.id))
    const bad = await admin.get('/api/ems/partner/clue/listForAdmin', { staleHours: 0 })
    assert.equal(bad.statusCode, 400)
    const order = await admin.get('/api/ems/partner/clue/listForAdmin', { dateFrom: '2026-02-30' })
    assert.equal(order.statusCode, 400)
    assert.equal(order.json().message, '开始日期不是有效日期')
  })

  test('the de-dup check shows the earlier clue and its partner', async () => {
    const phone = uniquePhone()
    const first = await newClue({ name: '先登记', phone })
    const res = (await teacherB.client.get('/api/ems/partner/clue/duplicate', { phone })).json().data
    assert.equal(res.clue.id, first.id)
    assert.equal(res.clue.partnerName, '王合伙')
    assert.equal(res.clue.partnerCode, partner.code)
    assert.equal((await teacherB.client.get('/api/ems/partner/clue/duplicate', { phone: uniquePhone() })).json().data.clue, null)
    // A partner's de-dup refusal names nobody (the earlier clue is another partner's).
    const other = await partnerClient(t.app)
    const dup = await other.client.post('/api/ems/partner/clue', { name: '再登记', phone })
    assert.equal(dup.statusCode, 409)
    assert.equal(dup.json().data, null)
    // The detail of a later clue of the same phone shows the earlier one.
    const later = await newClue({ name: '后登记', phone, partnerId: other.partner.id })
    const detail = (await admin.get('/api/ems/partner/clue/detailsForAdmin', { id: later.id })).json().data
    assert.equal(detail.duplicate.id, first.id)
  })

  test('an import with one bad row imports nothing and reports every refused row; a clean one imports all in the pool', async () => {
    const template = await teacherA.client.get('/api/ems/partner/clue/importTemplate')
    assert.equal(template.statusCode, 200)
    assert.deepEqual((await readXlsx(template.rawPayload))[0], ['合伙人推广码', '姓名', '手机号', '意向专业', '备注'])

    const taken = uniquePhone()
    await newClue({ phone: taken })
    const before = (await admin.get('/api/ems/partner/clue/listForAdmin', { source: ClueSource.imported })).json().data.total
    const p1 = uniquePhone()
    const bad = await xlsx([
      ['合伙人推广码', '姓名', '手机号', '意向专业', '备注'],
      [partner.code, '好行', p1, '学历教育(本科)-会计学(本科)', ''],
      ['NOPE99', '无码', uniquePhone(), '', ''],
      [partner.code, '坏号', '12345', '', ''],
      [partner.code, '重复', taken, '', ''],
      [partner.code, '同文件', p1, '', ''],
    ])
    const report = await teacherA.client.inject({ method: 'POST', url: '/api/ems/partner/clue/import', ...multipart(bad) })
    assert.equal(report.statusCode, 200, report.body)
    const r = report.json().data
    assert.equal(r.imported, 0)
    assert.equal(r.total, 5)
    assert.deepEqual(
      r.errors.map((e: { row: number }) => e.row),
      [3, 4, 5, 6],
    )
    assert.equal(r.errors[0].reason, '推广码NOPE99不存在')
    assert.equal(r.errors[1].reason, '手机号格式不正确')
    assert.equal(r.errors[2].reason, '该手机号已被登记，90天内不能重复登记')
    assert.equal(r.errors[2].duplicate.partnerCode, partner.code)
    assert.equal(r.errors[3].reason, '与第2行手机号重复')
    assert.equal((await admin.get('/api/ems/partner/clue/listForAdmin', { source: ClueSource.imported })).json().data.total, before)

    const good = await xlsx([
      ['姓名', '手机号', '合伙人推广码'],
      ['导入一', uniquePhone(), partner.code.toLowerCase()],
      ['导入二', uniquePhone(), partner.code],
    ])
    const ok = (await teacherA.client.inject({ method: 'POST', url: '/api/ems/partner/clue/import', ...multipart(good) })).json().data
    assert.deepEqual({ imported: ok.imported, failed: ok.failed }, { imported: 2, failed: 0 })
    const imported = (await admin.get('/api/ems/partner/clue/listForAdmin', { source: ClueSource.imported, pool: 1 })).json().data
    assert.equal(imported.total, before + 2)
    const [log] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'clue.import'))
    assert.equal(log!.summary, '导入线索2条')
    // Finance cannot import.
    const finance = await adminClient(t.app, '财务')
    assert.equal((await finance.client.inject({ method: 'POST', url: '/api/ems/partner/clue/import', ...multipart(good) })).statusCode, 403)
  })

  test('the export is the filtered list as a spreadsheet, scoped like the list for a teacher', async () => {
    const mine = await newClue({ name: '导出我的', assigneeId: teacherB.id })
    const others = await newClue({ name: '导出别人的', assigneeId: teacherA.id })
    const res = await teacherB.client.get('/api/ems/partner/clue/export', { partnerId: partner.id })
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /spreadsheetml/)
    const rows = await readXlsx(res.rawPayload)
    assert.equal(rows[0]![0], '编号')
    const ids = rows.slice(1).map((r) => Number(r[0]))
    assert.ok(ids.includes(mine.id))
    assert.ok(!ids.includes(others.id))
    const bad = await teacherB.client.get('/api/ems/partner/clue/export', { status: '不存在' })
    assert.equal(bad.statusCode, 400)
    assert.equal(bad.json().message, '状态不在可选范围内')
  })

  test('an export longer than one batch streams every row once, in the list order', async () => {
    const owner = await insertPartner(t.app)
    const base = Date.now() - 86400_000
    await t.app.db.insert(clues).values(
      Array.from({ length: 2300 }, (_, i) => ({
        partnerId: owner.id,
        name: `批量${i}`,
        phone: `199${String(i).padStart(8, '0')}`,
        source: ClueSource.imported,
        status: ClueStatus.new,
        // Pairs share a creation time: the keyset must still give each row once.
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    )
    const res = await admin.get('/api/ems/partner/clue/export', { partnerId: owner.id })
    assert.equal(res.statusCode, 200)
    const rows = (await readXlsx(res.rawPayload)).slice(1)
    assert.equal(rows.length, 2300)
    const ids = rows.map((r) => Number(r[0]))
    assert.equal(new Set(ids).size, 2300)
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    )
  })
})
