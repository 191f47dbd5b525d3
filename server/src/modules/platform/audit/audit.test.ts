import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { adminClient, credit, insertPartner, insertPosition, partnerClient } from '../../../../test/fixtures.ts'
import { builtinPositionId } from '../admins/index.ts'
import { buildTestApp, type Client, type TestApp } from '../../../../test/helper.ts'
import { readXlsx } from '../../../../test/xlsx.ts'
import { PartnerStatus } from '../../../wire.ts'
import { auditLogs } from './audit.table.ts'

describe('the audit log and the partner screens of the console', () => {
  let t: TestApp
  let admin: Client
  let adminId: number
  let finance: Client
  let teacher: Client
  before(async () => {
    t = await buildTestApp()
    const a = await adminClient(t.app, '管理员')
    admin = a.client
    adminId = a.admin.id
    finance = (await adminClient(t.app, '财务')).client
    teacher = (await adminClient(t.app, '招生老师')).client
  })
  after(async () => t.close())

  const entries = async (entityType: string, entityId: number | string) =>
    (await admin.get('/api/bms/system/auditLog/list', { entityType, entityId })).json().data.list

  test('finance cannot approve a partner, and neither finance nor a teacher reads the audit log', async () => {
    const p = await insertPartner(t.app, { status: PartnerStatus.pending, reviewedAt: null })
    for (const client of [finance, teacher]) {
      const res = await client.put('/api/ems/partner/partner/audit', { id: p.id, status: PartnerStatus.active })
      assert.equal(res.statusCode, 403)
      assert.equal((await client.get('/api/bms/system/auditLog/list')).statusCode, 403)
      assert.equal((await client.get('/api/ems/partner/partner/export')).statusCode, 403)
    }
    assert.equal((await entries('partner', p.id)).length, 0)
  })

  test('approve, disable and enable are each recorded with who, what and the status before and after; disabling ends the partner session at once', async () => {
    const { partner, client } = await partnerClient(t.app, { status: PartnerStatus.pending, reviewedAt: null })
    assert.equal((await admin.put('/api/ems/partner/partner/audit', { id: partner.id, status: PartnerStatus.active })).statusCode, 200)
    assert.equal((await client.get('/api/ems/partner/client/signInfo')).statusCode, 200)
    assert.equal(
      (await admin.put('/api/ems/partner/partner/audit', { id: partner.id, status: PartnerStatus.disabled, reason: '违规' })).statusCode,
      200,
    )
    assert.equal((await client.get('/api/ems/partner/client/signInfo')).statusCode, 401)
    const enabled = await admin.put('/api/ems/partner/partner/audit', { id: partner.id, status: PartnerStatus.active })
    assert.equal(enabled.json().data.status, PartnerStatus.active)
    const list = await entries('partner', partner.id)
    assert.deepEqual(
      list.map((e: { action: string }) => e.action),
      ['partner.enable', 'partner.disable', 'partner.approve'],
    )
    assert.equal(list[2].adminId, adminId)
    assert.equal(list[2].actionLabel, '审核通过')
    assert.deepEqual(list[2].before, { status: PartnerStatus.pending })
    assert.deepEqual(list[2].after, { status: PartnerStatus.active })
    assert.deepEqual(list[1].after, { status: PartnerStatus.disabled, reason: '违规' })
    // A refused write leaves no entry (the entry is in the write's transaction).
    const again = await admin.put('/api/ems/partner/partner/audit', { id: partner.id, status: PartnerStatus.rejected, reason: 'x' })
    assert.equal(again.statusCode, 409)
    assert.equal((await entries('partner', partner.id)).length, 3)
  })

  test('the audit log is append-only in the database itself', async () => {
    await admin.post('/api/ems/partner/config/level', { name: '日志档', minDeals: 99, commissionPerDeal: 100 })
    const [row] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'level.create'))
    assert.ok(row)
    const refused = (op: string) => (error: unknown) => {
      assert.match(String((error as { cause?: unknown }).cause), new RegExp(`append-only \\(${op} refused\\)`))
      return true
    }
    await assert.rejects(t.app.db.execute(sql`update audit_logs set summary = 'changed' where id = ${row.id}`), refused('UPDATE'))
    await assert.rejects(t.app.db.execute(sql`delete from audit_logs where id = ${row.id}`), refused('DELETE'))
    await assert.rejects(t.app.db.execute(sql`truncate audit_logs`), refused('TRUNCATE'))
    const [still] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.id, row.id))
    assert.equal(still!.summary, row.summary)
  })

  test('configuration writes are audited too, and the list filters by operator, action and date, newest first', async () => {
    const created = await admin.post('/api/bms/system/admin', {
      account: 'audit_teacher',
      name: '审计老师',
      password: 'pass1234',
      positionId: await builtinPositionId(t.app.db, '招生老师'),
    })
    assert.equal(created.statusCode, 200, created.body)
    const p = await insertPartner(t.app)
    await credit(t.app, p.id, 5000)
    const adjusted = await finance.post('/api/ems/partner/withdrawalRecord/adjust', { partnerId: p.id, amount: -2000, note: '扣回' })
    assert.equal(adjusted.statusCode, 200, adjusted.body)
    const byAction = (await admin.get('/api/bms/system/auditLog/list', { action: 'admin.create' })).json().data
    assert.equal(byAction.total, 1)
    assert.match(byAction.list[0].summary, /审计老师/)
    const adjust = (await entries('wallet', p.id))[0]
    assert.equal(adjust.action, 'ledger.adjust')
    assert.equal(adjust.adminRole, '财务')
    assert.deepEqual(adjust.before, { balance: 5000 })
    assert.deepEqual(adjust.after, { balance: 3000, amount: -2000 })
    const mine = (await admin.get('/api/bms/system/auditLog/list', { adminId, size: 100 })).json().data
    assert.ok(mine.list.every((e: { adminId: number }) => e.adminId === adminId))
    const times = mine.list.map((e: { createdAt: string; id: number }) => [e.createdAt, e.id])
    assert.deepEqual(
      times,
      [...times].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1)),
    )
    const future = (await admin.get('/api/bms/system/auditLog/list', { dateFrom: '2999-01-01' })).json().data
    assert.equal(future.total, 0)
    assert.equal((await admin.get('/api/bms/system/auditLog/list', { action: 'nope' })).statusCode, 400)
  })

  test('partners are filtered by status, keyword and registration date, and exported', async () => {
    const p = await insertPartner(t.app, { realName: '筛选甲', createdAt: new Date('2025-03-10T04:00:00Z') })
    await insertPartner(t.app, { realName: '筛选乙', createdAt: new Date('2025-04-10T04:00:00Z') })
    const march = (
      await teacher.get('/api/ems/partner/partner/list', { keyword: '筛选', dateFrom: '2025-03-01', dateTo: '2025-03-31' })
    ).json().data
    assert.deepEqual(
      march.list.map((x: { id: number }) => x.id),
      [p.id],
    )
    const oldest = (await admin.get('/api/ems/partner/partner/list', { keyword: '筛选', sort: 'createdAt_asc' })).json().data
    assert.deepEqual(
      oldest.list.map((x: { personal: { realName: string } }) => x.personal.realName),
      ['筛选甲', '筛选乙'],
    )
    const reversed = await admin.get('/api/ems/partner/partner/list', { dateFrom: '2025-04-01', dateTo: '2025-03-01' })
    assert.equal(reversed.statusCode, 400)
    assert.equal(reversed.json().message, '开始日期不能晚于结束日期')
    const file = await admin.get('/api/ems/partner/partner/export', { keyword: '筛选' })
    assert.equal(file.statusCode, 200)
    const rows = await readXlsx(file.rawPayload)
    assert.deepEqual(rows[0]!.slice(0, 4), ['编号', '姓名', '手机号', '推广码'])
    assert.deepEqual(
      rows.slice(1).map((r) => r[1]),
      ['筛选乙', '筛选甲'],
    )
  })

  test('a partner detail shows ID card and payout account whole only with 查看完整手机号 and a money right, the wallet with the money rights', async () => {
    const p = await insertPartner(t.app, { idCard: '11010519491231002X', payoutAccount: '6222020200112233445' })
    await insertPartner(t.app, { referrerId: p.id })
    await insertPartner(t.app, { referrerId: p.id })
    await credit(t.app, p.id, 12345)
    for (const client of [admin, finance]) {
      const d = (await client.get('/api/ems/partner/partner/details', { id: p.id })).json().data
      assert.equal(d.sensitiveVisible, true)
      assert.equal(d.personal.idCard, '11010519491231002X')
      assert.equal(d.personal.payoutAccount, '6222020200112233445')
      assert.equal(d.teamSize, 2)
      assert.equal(d.wallet.balance, 12345)
    }
    // Money rights without data.reveal: the wallet, and the numbers masked.
    const position = await insertPosition(t.app, ['partners.view', 'ledger.view'])
    const { client: noReveal } = await adminClient(t.app, '管理员', { positionId: position.id })
    const d = (await noReveal.get('/api/ems/partner/partner/details', { id: p.id })).json().data
    assert.equal(d.sensitiveVisible, false)
    assert.equal(d.personal.idCard, '1101**********002X')
    assert.equal(d.personal.payoutAccount, '622****3445')
    assert.match(d.phone, /^\d{3}\*{4}\d{4}$/)
    assert.equal(d.wallet.balance, 12345)
    assert.equal(d.teamSize, 2)
    // 招生老师 holds 查看完整手机号 for phones, and no money screen: the payout data stays masked.
    const taught = (await teacher.get('/api/ems/partner/partner/details', { id: p.id })).json().data
    assert.equal(taught.sensitiveVisible, false)
    assert.equal(taught.personal.idCard, '1101**********002X')
    assert.equal(taught.wallet, null)
  })
})
