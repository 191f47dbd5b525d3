import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { adminClient, credit, insertLevels, insertPartner, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, type TestApp } from '../../../../test/helper.ts'
import { shanghaiDate } from '../../../lib/time-range.ts'
import { ClueSource, ClueStatus, PartnerStatus } from '../../../wire.ts'
import { clues } from '../../partner-programme/clues/clues.table.ts'
import { recordDeal } from '../../partner-programme/clues/deals.service.ts'
import { applyWithdrawal, finishPay } from '../../partner-programme/withdrawals/withdrawals.service.ts'

describe('the dashboard', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
    await insertLevels(t.app, [{ name: '青铜', minDeals: 0, commissionPerDeal: 10000 }])
  })
  after(async () => t.close())

  test('what needs doing follows the role; the cycle and 30 days of figures count every day, zero included', async () => {
    const admin = await adminClient(t.app, '管理员')
    const teacher = await adminClient(t.app, '招生老师')
    const other = await adminClient(t.app, '招生老师')
    const finance = await adminClient(t.app, '财务')
    await insertPartner(t.app, { status: PartnerStatus.pending, reviewedAt: null })
    const p = await insertPartner(t.app)
    const old = new Date(Date.now() - 30 * 3600_000)
    const base = { partnerId: p.id, name: '线索', source: ClueSource.partner, status: ClueStatus.new }
    await t.app.db.insert(clues).values([
      { ...base, phone: uniquePhone(), createdAt: old, lastTouchedAt: old },
      { ...base, phone: uniquePhone(), createdAt: old, lastTouchedAt: old, assigneeId: teacher.admin.id },
      { ...base, phone: uniquePhone(), createdAt: old, lastTouchedAt: old, assigneeId: other.admin.id },
      { ...base, phone: uniquePhone() },
    ])
    const [dealClue] = await t.app.db
      .insert(clues)
      .values({ ...base, phone: uniquePhone() })
      .returning()
    await recordDeal({ db: t.app.db, id: dealClue!.id, programme: '会计学(本科)', amount: 500000, freezeDays: 0 })
    await credit(t.app, p.id, 5000)
    const { withdrawal } = await applyWithdrawal({ db: t.app.db, partnerId: p.id, amount: 2000, idempotencyKey: 'dash-1-key' })
    await finishPay({ db: t.app.db, id: withdrawal.id, transactionNo: 'D1', adminId: finance.admin.id })
    await applyWithdrawal({ db: t.app.db, partnerId: p.id, amount: 1500, idempotencyKey: 'dash-2-key' })

    const a = (await admin.client.get('/api/bms/system/dashboard')).json().data
    assert.equal(a.pendingPartners, 1)
    assert.equal(a.staleClues, 3)
    assert.deepEqual(a.pendingWithdrawals, { count: 1, amount: 1500 })
    assert.equal(a.trend.length, 30)
    const today = shanghaiDate(new Date())
    assert.equal(a.trend[29].date, today)
    assert.deepEqual(a.trend[29], { date: today, clues: 2, deals: 1, commission: 10000, paidOut: 2000 })
    assert.ok(a.trend.slice(0, 28).every((d: { deals: number; paidOut: number }) => d.deals === 0 && d.paidOut === 0))
    assert.equal(a.trend[0].date, shanghaiDate(new Date(Date.now() - 29 * 86400_000)))
    assert.equal(a.cycle.deals, 1)
    assert.equal(a.cycle.commission, 10000)
    assert.equal(a.cycle.paidOut, 2000)
    assert.ok(a.cycle.newClues >= 2)

    const tv = (await teacher.client.get('/api/bms/system/dashboard')).json().data
    assert.equal(tv.staleClues, 2, 'own + pool')
    assert.equal(tv.pendingPartners, null)
    assert.equal(tv.pendingWithdrawals, null)
    const fv = (await finance.client.get('/api/bms/system/dashboard')).json().data
    assert.equal(fv.staleClues, null)
    assert.deepEqual(fv.overdueContacts, [])
    assert.deepEqual(fv.pendingWithdrawals, { count: 1, amount: 1500 })
    assert.equal((await admin.client.get('/api/bms/system/dashboard', { overdueLimit: 0 })).statusCode, 400)
  })
})
