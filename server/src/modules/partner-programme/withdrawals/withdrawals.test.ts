import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { WithdrawalStatus } from '../../../wire.ts'
import { adminClient, credit, partnerClient } from '../../../../test/fixtures.ts'
import { buildTestApp, openRaceApp, type TestApp } from '../../../../test/helper.ts'
import { createLedgerRepository } from '../ledger/ledger.repository.ts'
import { COOKIE_NAMES } from '../../platform/sessions/sessions.service.ts'

describe('ledger and withdrawals', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  async function ledgerIsConsistent(partnerId: number) {
    const repo = createLedgerRepository({ db: t.app.db })
    const [balance, sum] = await Promise.all([repo.balance({ partnerId }), repo.sumEntries({ partnerId })])
    assert.equal(balance, sum, 'the balance equals the sum of the ledger entries')
    assert.ok(balance >= 0, 'the balance is never negative')
    return balance
  }

  test('a partner withdraws within the withdrawable balance; the ledger records it', async () => {
    const { client, partner } = await partnerClient(t.app)
    await credit(t.app, partner.id, 50000)
    const res = await client.post('/api/ems/partner/withdrawalRecord/apply', { amount: 20000, idempotencyKey: 'key-aaaa-0001' })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data.status, WithdrawalStatus.applying)
    assert.equal(res.json().data.payoutAccount, '138****0001')
    const ledger = (await client.get('/api/ems/partner/withdrawalRecord/ledger')).json().data
    assert.equal(ledger.total, 2)
    assert.deepEqual(
      ledger.list.map((e: { type: string; amount: number; balanceAfter: number }) => [e.type, e.amount, e.balanceAfter]),
      [
        ['提现', -20000, 30000],
        ['调整', 50000, 50000],
      ],
    )
    assert.equal((await client.get('/api/ems/partner/withdrawalRecord/ledger', { type: '提现' })).json().data.total, 1)
    assert.equal(await ledgerIsConsistent(partner.id), 30000)
  })

  test('a partner cannot withdraw more than the withdrawable balance, and frozen commissions are not withdrawable', async () => {
    const { client, partner } = await partnerClient(t.app)
    await credit(t.app, partner.id, 5000)
    await t.app.db.transaction(async (tx) => {
      const ledger = createLedgerRepository({ db: tx })
      await ledger.lockWallet({ partnerId: partner.id })
      await ledger.post({ partnerId: partner.id, type: '佣金', amount: 10000, frozenUntil: new Date(Date.now() + 86400_000) })
    })
    const over = await client.post('/api/ems/partner/withdrawalRecord/apply', { amount: 6000 })
    assert.equal(over.statusCode, 422)
    assert.equal(over.json().message, '提现金额超过可提现余额（可提现¥50.00）')
    const small = await client.post('/api/ems/partner/withdrawalRecord/apply', { amount: 999 })
    assert.equal(small.json().message, '提现金额不能低于¥10.00')
    const notInt = await client.post('/api/ems/partner/withdrawalRecord/apply', { amount: '10.5' })
    assert.equal(notInt.statusCode, 400)
    const home = (await client.get('/api/ems/partner/partner/home')).json().data
    assert.deepEqual([home.balance, home.frozen, home.withdrawable], [15000, 10000, 5000])
  })

  test('one pending withdrawal at a time; the same idempotency key returns the same record', async () => {
    const { client, partner } = await partnerClient(t.app)
    await credit(t.app, partner.id, 100000)
    const first = (
      await client.post('/api/ems/partner/withdrawalRecord/apply', { amount: 10000, idempotencyKey: 'double-submit-1' })
    ).json().data
    const again = (
      await client.post('/api/ems/partner/withdrawalRecord/apply', { amount: 10000, idempotencyKey: 'double-submit-1' })
    ).json().data
    assert.equal(again.id, first.id)
    const second = await client.post('/api/ems/partner/withdrawalRecord/apply', { amount: 10000, idempotencyKey: 'double-submit-2' })
    assert.equal(second.statusCode, 409)
    assert.equal(second.json().message, '已有审核中的提现，请等待处理完成后再申请')
    assert.equal(await ledgerIsConsistent(partner.id), 90000)
  })

  test('the payout account must be filled before withdrawing', async () => {
    const { client, partner } = await partnerClient(t.app, { payoutAccount: null })
    await credit(t.app, partner.id, 100000)
    const res = await client.post('/api/ems/partner/withdrawalRecord/apply', { amount: 10000 })
    assert.equal(res.json().message, '请先在个人信息中填写收款账号')
  })

  test('finance refuses: the amount returns exactly once, even when refused twice at once', async () => {
    const { client, partner } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    await credit(t.app, partner.id, 30000)
    const w = (await client.post('/api/ems/partner/withdrawalRecord/apply', { amount: 30000 })).json().data
    const results = await Promise.all([
      finance.put('/api/ems/partner/withdrawalRecord/refuse', { id: w.id, reason: '账号有误' }),
      finance.put('/api/ems/partner/withdrawalRecord/refuse', { id: w.id, reason: '账号有误' }),
    ])
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409])
    assert.equal(await ledgerIsConsistent(partner.id), 30000)
    const list = (await client.get('/api/ems/partner/withdrawalRecord/list')).json().data
    assert.equal(list.list[0].status, WithdrawalStatus.refused)
    assert.equal(list.list[0].refuseReason, '账号有误')
  })

  test('finish pay twice pays once', async () => {
    const { client, partner } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    await credit(t.app, partner.id, 30000)
    const w = (await client.post('/api/ems/partner/withdrawalRecord/apply', { amount: 20000 })).json().data
    const first = await finance.put('/api/ems/partner/withdrawalRecord/finishPay', { id: w.id, transactionNo: 'TX001' })
    assert.equal(first.json().data.status, WithdrawalStatus.paid)
    const second = await finance.put('/api/ems/partner/withdrawalRecord/finishPay', { id: w.id, transactionNo: 'TX002' })
    assert.equal(second.statusCode, 409)
    const refuse = await finance.put('/api/ems/partner/withdrawalRecord/refuse', { id: w.id, reason: 'x' })
    assert.equal(refuse.statusCode, 409)
    assert.equal(await ledgerIsConsistent(partner.id), 10000)
    const admin = (await finance.get('/api/ems/partner/withdrawalRecord/listForAdmin', { partnerId: partner.id })).json().data
    assert.equal(admin.list[0].transactionNo, 'TX001')
    assert.equal(admin.list[0].payoutAccount, '13800000001')
  })

  test('operator adjustments move money but never below zero; only finance or administrators adjust', async () => {
    const { partner } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    const { client: teacher } = await adminClient(t.app, '招生老师')
    assert.equal(
      (await finance.post('/api/ems/partner/withdrawalRecord/adjust', { partnerId: partner.id, amount: 5000, note: '活动奖励' }))
        .statusCode,
      200,
    )
    const tooMuch = await finance.post('/api/ems/partner/withdrawalRecord/adjust', { partnerId: partner.id, amount: -6000, note: '扣回' })
    assert.equal(tooMuch.json().message, '余额不足')
    assert.equal(
      (await finance.post('/api/ems/partner/withdrawalRecord/adjust', { partnerId: partner.id, amount: 0, note: 'x' })).json().message,
      '调整金额不能为0',
    )
    assert.equal(
      (await teacher.post('/api/ems/partner/withdrawalRecord/adjust', { partnerId: partner.id, amount: 5000, note: 'x' })).statusCode,
      403,
    )
    assert.equal(await ledgerIsConsistent(partner.id), 5000)
  })

  test("a partner cannot read or change another partner's withdrawals or ledger", async () => {
    const a = await partnerClient(t.app)
    const b = await partnerClient(t.app)
    await credit(t.app, a.partner.id, 20000)
    const w = (await a.client.post('/api/ems/partner/withdrawalRecord/apply', { amount: 10000 })).json().data
    assert.equal((await b.client.get('/api/ems/partner/withdrawalRecord/list')).json().data.total, 0)
    assert.equal((await b.client.get('/api/ems/partner/withdrawalRecord/ledger')).json().data.total, 0)
    // Operator calls are not open to partner sessions.
    assert.equal((await b.client.put('/api/ems/partner/withdrawalRecord/refuse', { id: w.id, reason: 'x' })).statusCode, 401)
    assert.equal((await b.client.get('/api/ems/partner/withdrawalRecord/listForAdmin')).statusCode, 401)
    // B applying with A's idempotency key gets their own answer, not A's record.
    const mine = await b.client.post('/api/ems/partner/withdrawalRecord/apply', { amount: 10000 })
    assert.notEqual(mine.json().data?.id, w.id)
  })

  test('100 concurrent withdrawal applications against one balance never overdraw', async () => {
    const { partner } = await partnerClient(t.app)
    await credit(t.app, partner.id, 1_000_000)
    // On PostgreSQL, a second app over a pool of 10 makes the race real; PGlite runs one transaction at a time.
    const { app: raceApp, close } = await openRaceApp(t)
    try {
      const { token } = await t.app.sessions.create({ db: t.app.db, kind: 'user', partnerId: partner.id })
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          raceApp.inject({
            method: 'POST',
            url: '/api/ems/partner/withdrawalRecord/apply',
            headers: { cookie: `${COOKIE_NAMES.user}=${token}`, 'content-type': 'application/x-www-form-urlencoded' },
            payload: `amount=${1000 + i}&idempotencyKey=race-${String(i).padStart(4, '0')}`,
          }),
        ),
      )
      const ok = results.filter((r) => r.statusCode === 200)
      assert.equal(ok.length, 1, 'exactly one pending withdrawal wins')
      assert.ok(
        results.every((r) => r.statusCode === 200 || r.statusCode === 409),
        results.map((r) => r.body).find((b) => !/审核中|成功/.test(b)),
      )
      const balance = await ledgerIsConsistent(partner.id)
      assert.equal(balance, 1_000_000 - ok[0]!.json().data.amount)

      // And without the one-pending rule in the way: many small debits racing against a small balance.
      const { client: finance } = await adminClient(t.app, '财务')
      await finance.put('/api/ems/partner/withdrawalRecord/finishPay', { id: ok[0]!.json().data.id, transactionNo: 'TX-RACE' })
      const drains = await Promise.all(
        Array.from({ length: 50 }, () =>
          raceApp.inject({
            method: 'POST',
            url: '/api/ems/partner/withdrawalRecord/adjust',
            headers: {
              cookie: finance.jar.get(COOKIE_NAMES.admin) ? `${COOKIE_NAMES.admin}=${finance.jar.get(COOKIE_NAMES.admin)}` : '',
              'content-type': 'application/x-www-form-urlencoded',
            },
            payload: `partnerId=${partner.id}&amount=-${Math.ceil(balance / 10)}&note=race`,
          }),
        ),
      )
      assert.ok(drains.filter((r) => r.statusCode === 200).length <= 10)
      await ledgerIsConsistent(partner.id)
    } finally {
      await close()
    }
  })
})
