import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { adminClient, credit, insertPartner } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, type TestApp } from '../../../../test/helper.ts'
import { readXlsx } from '../../../../test/xlsx.ts'
import { WithdrawalStatus } from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { applyWithdrawal } from './withdrawals.service.ts'
import { withdrawals } from './withdrawals.table.ts'

describe('the console: withdrawals queue, batch pay, export; the ledger across partners', () => {
  let t: TestApp
  let finance: Client
  let teacher: Client
  const pending = async (amount: number, name = '提现人') => {
    const p = await insertPartner(t.app, { realName: name })
    await credit(t.app, p.id, amount)
    const { withdrawal } = await applyWithdrawal({ db: t.app.db, partnerId: p.id, amount, idempotencyKey: `key-${p.id}-x` })
    return { partner: p, withdrawal }
  }
  before(async () => {
    t = await buildTestApp()
    finance = (await adminClient(t.app, '财务')).client
    teacher = (await adminClient(t.app, '招生老师')).client
  })
  after(async () => t.close())

  test('the queue lists 审核中 first, then the newest', async () => {
    const a = await pending(1000)
    const b = await pending(2000)
    assert.equal(
      (await finance.put('/api/ems/partner/withdrawalRecord/finishPay', { id: b.withdrawal.id, transactionNo: 'T-B' })).statusCode,
      200,
    )
    const c = await pending(3000)
    const list = (await finance.get('/api/ems/partner/withdrawalRecord/listForAdmin')).json().data.list
    assert.deepEqual(
      list.map((w: { id: number }) => w.id),
      [c.withdrawal.id, a.withdrawal.id, b.withdrawal.id],
    )
    const paid = (await finance.get('/api/ems/partner/withdrawalRecord/listForAdmin', { status: WithdrawalStatus.paid })).json().data
    assert.deepEqual(
      paid.list.map((w: { id: number }) => w.id),
      [b.withdrawal.id],
    )
    assert.equal((await teacher.get('/api/ems/partner/withdrawalRecord/listForAdmin')).statusCode, 403)
  })

  test('a second pay of the same withdrawal is refused clearly, and only one audit entry is kept', async () => {
    const { withdrawal } = await pending(1500)
    assert.equal(
      (await finance.put('/api/ems/partner/withdrawalRecord/finishPay', { id: withdrawal.id, transactionNo: 'T1' })).statusCode,
      200,
    )
    const again = await finance.put('/api/ems/partner/withdrawalRecord/refuse', { id: withdrawal.id, reason: '重复' })
    assert.equal(again.statusCode, 409)
    assert.equal(again.json().message, '该提现已处理（已打款）')
    const logs = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(withdrawal.id)))
    assert.equal(logs.filter((l) => l.entityType === 'withdrawal').length, 1)
    assert.deepEqual(logs[0]!.before, { status: WithdrawalStatus.applying, amount: 1500 })
    assert.deepEqual(logs[0]!.after, { status: WithdrawalStatus.paid, amount: 1500, transactionNo: 'T1' })
  })

  test('batch pay pays each in its own transaction and reports which failed and why', async () => {
    const one = await pending(1100)
    const two = await pending(1200)
    await finance.put('/api/ems/partner/withdrawalRecord/refuse', { id: two.withdrawal.id, reason: '信息有误' })
    const three = await pending(1300)
    const res = await finance.inject({
      method: 'POST',
      url: '/api/ems/partner/withdrawalRecord/batchPay',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        items: [
          { id: one.withdrawal.id, transactionNo: 'B-1' },
          { id: two.withdrawal.id, transactionNo: 'B-2' },
          { id: 99999999, transactionNo: 'B-X' },
          { id: three.withdrawal.id, transactionNo: 'B-3' },
        ],
      }),
    })
    assert.equal(res.statusCode, 200, res.body)
    const report = res.json().data
    assert.deepEqual(report.succeeded, [one.withdrawal.id, three.withdrawal.id])
    assert.deepEqual(report.failed, [
      { id: two.withdrawal.id, message: '该提现已处理（已拒绝）' },
      { id: 99999999, message: '提现记录不存在' },
    ])
    const [paid] = await t.app.db.select().from(withdrawals).where(eq(withdrawals.id, three.withdrawal.id))
    assert.equal(paid!.status, WithdrawalStatus.paid)
    assert.equal(paid!.transactionNo, 'B-3')
    const dup = await finance.inject({
      method: 'POST',
      url: '/api/ems/partner/withdrawalRecord/batchPay',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        items: [
          { id: 1, transactionNo: 'a' },
          { id: 1, transactionNo: 'b' },
        ],
      }),
    })
    assert.equal(dup.statusCode, 400)
    assert.equal(dup.json().message, '同一笔提现不能重复提交')
  })

  test('the export carries what a batch payout file needs', async () => {
    const { partner, withdrawal } = await pending(123456, '导出人')
    const res = await finance.get('/api/ems/partner/withdrawalRecord/export', { partnerId: partner.id })
    assert.equal(res.statusCode, 200)
    const rows = await readXlsx(res.rawPayload)
    assert.deepEqual(rows[0], [
      '提现编号',
      '合伙人姓名',
      '手机号',
      '收款方式',
      '收款人',
      '收款账号',
      '金额（元）',
      '状态',
      '申请时间',
      '交易流水号',
    ])
    assert.equal(rows.length, 2)
    // 脱敏 by default: the phone and the account masked; the payout file itself is the 明文导出 (right + step-up).
    assert.deepEqual(rows[1]!.slice(0, 3), [String(withdrawal.id), '导出人', `${partner.phone.slice(0, 3)}****${partner.phone.slice(-4)}`])
    assert.equal(rows[1]![5], `${partner.payoutAccount!.slice(0, 3)}****${partner.payoutAccount!.slice(-4)}`)
    assert.equal(rows[1]![6], '1234.56')
    const whole = await readXlsx(
      (await finance.get('/api/ems/partner/withdrawalRecord/export', { partnerId: partner.id, unmasked: '是' })).rawPayload,
    )
    assert.deepEqual(whole[1]!.slice(0, 3), [String(withdrawal.id), '导出人', partner.phone])
    assert.equal(whole[1]![5], partner.payoutAccount)
  })

  test('the ledger lists every partner by partner and type; the adjustment preview gives the balance after without writing', async () => {
    const p = await insertPartner(t.app, { realName: '流水人' })
    await credit(t.app, p.id, 8000)
    const preview = (await finance.get('/api/ems/partner/withdrawalRecord/adjustPreview', { partnerId: p.id, amount: -3000 })).json().data
    assert.deepEqual(
      { balance: preview.balance, balanceAfter: preview.balanceAfter, allowed: preview.allowed, message: preview.message },
      { balance: 8000, balanceAfter: 5000, allowed: true, message: null },
    )
    const tooMuch = (await finance.get('/api/ems/partner/withdrawalRecord/adjustPreview', { partnerId: p.id, amount: -9000 })).json().data
    assert.equal(tooMuch.allowed, false)
    assert.equal(tooMuch.message, '余额不足')
    assert.equal((await finance.get('/api/ems/partner/withdrawalRecord/adjustPreview', { partnerId: p.id, amount: 0 })).statusCode, 400)
    const all = (await finance.get('/api/ems/partner/withdrawalRecord/ledgerForAdmin', { partnerId: p.id })).json().data
    assert.equal(all.total, 1)
    assert.equal(all.list[0].partnerName, '流水人')
    assert.equal(all.list[0].balanceAfter, 8000)
    const byType = (await finance.get('/api/ems/partner/withdrawalRecord/ledgerForAdmin', { type: '佣金', partnerId: p.id })).json().data
    assert.equal(byType.total, 0)
    assert.equal((await teacher.get('/api/ems/partner/withdrawalRecord/ledgerForAdmin')).statusCode, 403)
    assert.equal((await teacher.get('/api/ems/partner/withdrawalRecord/adjustPreview', { partnerId: p.id, amount: 1 })).statusCode, 403)
  })
})
