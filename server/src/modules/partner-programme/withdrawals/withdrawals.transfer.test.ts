import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { adminClient, bindMiniProgramOpenId, credit, partnerClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, type TestApp } from '../../../../test/helper.ts'
import { wechatTransferFixture } from '../../../../test/pay-fixtures.ts'
import { createWechatTransferProvider, transferGatewayOf } from '../../../gateways/transfer/index.ts'
import { LedgerType, MessageKind, WithdrawalStatus } from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { createLedgerRepository } from '../ledger/ledger.repository.ts'
import { messages } from '../../platform/messages/messages.table.ts'
import { withdrawals } from './withdrawals.table.ts'

const BASE = '/api/ems/partner/withdrawalRecord'

/** A partner who signed in to the mini-program (has its open id), with a pending withdrawal of `amount`. */
async function pendingWithdrawal(t: TestApp, amount: number, { miniOpenId = true } = {}) {
  const { client, partner } = await partnerClient(t.app, { realName: '转账人' })
  if (miniOpenId) await bindMiniProgramOpenId(t.app, { partnerId: partner.id }, `o-mini-${partner.id}`)
  await credit(t.app, partner.id, amount)
  const res = await client.post(`${BASE}/apply`, { amount })
  assert.equal(res.statusCode, 200, res.body)
  return { client, partner, withdrawal: res.json().data as { id: number; amount: number } }
}

async function rowOf(t: TestApp, id: number) {
  const [row] = await t.app.db.select().from(withdrawals).where(eq(withdrawals.id, id))
  return row!
}

async function balanceIsConsistent(t: TestApp, partnerId: number) {
  const repo = createLedgerRepository({ db: t.app.db })
  const [balance, sum] = await Promise.all([repo.balance({ partnerId }), repo.sumEntries({ partnerId })])
  assert.equal(balance, sum, 'the balance equals the sum of the ledger entries')
  return balance
}

const complete = (finance: Client, withdrawalId: number, result: 'confirm' | 'fail' | 'expire') =>
  finance.inject({ method: 'POST', url: `/api/dev/transfers/complete?withdrawalId=${withdrawalId}&result=${result}` })

describe('paying a withdrawal by WeChat transfer (sandbox provider)', () => {
  let t: TestApp
  let finance: Client
  before(async () => {
    t = await buildTestApp()
    finance = (await adminClient(t.app, '财务')).client
  })
  after(async () => t.close())

  test('finance starts a transfer: the withdrawal waits for the partner (待确认收款) with the confirm-receipt parameters, and only the confirmation notification pays it', async () => {
    const { client, partner, withdrawal } = await pendingWithdrawal(t, 25000)
    const res = await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data.status, WithdrawalStatus.confirming)

    const mine = (await client.get(`${BASE}/list`)).json().data.list[0]
    assert.equal(mine.status, WithdrawalStatus.confirming)
    const row = await rowOf(t, withdrawal.id)
    assert.deepEqual(mine.confirm, { mchId: 'sandbox-mch', appId: 'wx-sandbox', package: row.transferPackage })
    assert.equal(row.transferOutBillNo, `WD${withdrawal.id}N1`)
    assert.equal(row.transactionNo, null, 'not paid before WeChat says so')

    // No manual pay, refuse or second transfer while the partner is asked.
    assert.equal((await finance.put(`${BASE}/finishPay`, { id: withdrawal.id, transactionNo: 'HAND-1' })).statusCode, 409)
    const refused = await finance.put(`${BASE}/refuse`, { id: withdrawal.id, reason: '不要了' })
    assert.equal(refused.statusCode, 409)
    assert.equal(refused.json().message, '该提现已处理（待确认收款）')
    assert.equal((await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })).statusCode, 409)

    const done = await complete(finance, withdrawal.id, 'confirm')
    assert.equal(done.statusCode, 200, done.body)
    assert.deepEqual(done.json().data, { status: WithdrawalStatus.paid, notifyStatusCode: 200 })
    const paid = (await client.get(`${BASE}/list`)).json().data.list[0]
    assert.equal(paid.status, WithdrawalStatus.paid)
    assert.equal(paid.transactionNo, `SBXT${row.transferOutBillNo}`, "WeChat's bill number is the transaction number")
    assert.equal(paid.confirm, null)
    assert.equal(await balanceIsConsistent(t, partner.id), 0)

    const logs = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(withdrawal.id)))
    assert.deepEqual(
      logs.filter((l) => l.entityType === 'withdrawal').map((l) => l.action),
      ['withdrawal.transfer'],
    )
  })

  test('the same notification delivered twice pays once', async () => {
    const { partner, withdrawal } = await pendingWithdrawal(t, 12000)
    await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })
    const row = await rowOf(t, withdrawal.id)
    const sandbox = t.app.transfer.sandbox!
    const [a, b] = await Promise.all([
      sandbox.complete({ outBillNo: row.transferOutBillNo!, amount: 12000, result: 'confirm' }),
      sandbox.complete({ outBillNo: row.transferOutBillNo!, amount: 12000, result: 'confirm' }),
    ])
    const outcomes = [JSON.parse(a.body).data.outcome, JSON.parse(b.body).data.outcome].sort()
    assert.deepEqual(outcomes, ['paid', 'unchanged'])
    const again = await sandbox.complete({ outBillNo: row.transferOutBillNo!, amount: 12000, result: 'confirm' })
    assert.equal(JSON.parse(again.body).data.outcome, 'unchanged')
    // A late failure of the paid bill changes nothing either.
    const late = await sandbox.complete({ outBillNo: row.transferOutBillNo!, amount: 12000, result: 'fail' })
    assert.equal(JSON.parse(late.body).data.outcome, 'unchanged')
    const after = await rowOf(t, withdrawal.id)
    assert.equal(after.status, WithdrawalStatus.paid)
    const entries = await createLedgerRepository({ db: t.app.db }).sumEntries({ partnerId: partner.id })
    assert.equal(entries, 0, 'one 提现 debit, no refund, no second payout')
    const told = await t.app.db.select().from(messages).where(eq(messages.partnerId, partner.id))
    assert.deepEqual(
      told.filter((m) => m.kind === MessageKind.withdrawalPaid).map((m) => m.targetId),
      [withdrawal.id],
      'the partner is told once that it was paid',
    )
  })

  test('a failed or expired transfer goes back to finance (审核中) with the reason; finance can then pay by hand or transfer again', async () => {
    const { client, partner, withdrawal } = await pendingWithdrawal(t, 30000)
    await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })
    const failed = await complete(finance, withdrawal.id, 'fail')
    assert.equal(failed.json().data.status, WithdrawalStatus.applying)
    let admin = (await finance.get(`${BASE}/listForAdmin`, { partnerId: partner.id })).json().data.list[0]
    assert.equal(admin.status, WithdrawalStatus.applying)
    assert.equal(admin.transferFailReason, '收款人微信账户收款异常')
    assert.equal(admin.confirm, null)
    assert.equal((await client.get(`${BASE}/list`)).json().data.list[0].confirm, null)

    // Again: a new bill number; this time the partner lets it expire.
    await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })
    assert.equal((await rowOf(t, withdrawal.id)).transferOutBillNo, `WD${withdrawal.id}N2`)
    assert.equal((await complete(finance, withdrawal.id, 'expire')).json().data.status, WithdrawalStatus.applying)
    admin = (await finance.get(`${BASE}/listForAdmin`, { partnerId: partner.id })).json().data.list[0]
    assert.equal(admin.transferFailReason, '收款人超时未确认收款，转账已关闭')

    // Back with finance, it is paid by hand once; the partner's balance never got the money back.
    const hand = await finance.put(`${BASE}/finishPay`, { id: withdrawal.id, transactionNo: 'BANK-77' })
    assert.equal(hand.statusCode, 200, hand.body)
    assert.equal(await balanceIsConsistent(t, partner.id), 0)
    // The first bill's late notice cannot touch it.
    const stale = await t.app.transfer.sandbox!.complete({ outBillNo: `WD${withdrawal.id}N1`, amount: 30000, result: 'confirm' })
    assert.equal(JSON.parse(stale.body).data.outcome, 'unchanged')
    assert.equal((await rowOf(t, withdrawal.id)).transactionNo, 'BANK-77')
  })

  test('while a transfer waits the partner cannot apply for another withdrawal', async () => {
    const { client, partner, withdrawal } = await pendingWithdrawal(t, 20000)
    await credit(t.app, partner.id, 5000)
    await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })
    const second = await client.post(`${BASE}/apply`, { amount: 5000 })
    assert.equal(second.statusCode, 409)
    assert.equal(second.json().message, '已有审核中的提现，请等待处理完成后再申请')
  })

  test('a partner who never signed in to the mini-program cannot be paid by transfer, and the withdrawal stays with finance', async () => {
    const { withdrawal } = await pendingWithdrawal(t, 15000, { miniOpenId: false })
    const res = await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })
    assert.equal(res.statusCode, 422)
    assert.equal(res.json().message, '该合伙人未在微信小程序中登录过，无法微信转账，请手工打款')
    assert.equal((await rowOf(t, withdrawal.id)).status, WithdrawalStatus.applying)
  })

  test('a notification with a bad signature is refused and changes nothing', async () => {
    const { withdrawal } = await pendingWithdrawal(t, 11000)
    await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })
    const row = await rowOf(t, withdrawal.id)
    const body = JSON.stringify({ id: 'forged', outBillNo: row.transferOutBillNo, billNo: 'X', amount: 11000, state: 'SUCCESS' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fms/finance/transfer/notify/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-sandbox-nonce': 'n',
        'x-sandbox-signature': 'a'.repeat(64),
      },
      payload: body,
    })
    assert.equal(res.statusCode, 401)
    assert.equal(res.json().message, '转账通知验证失败')
    assert.equal(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/fms/finance/transfer/notify/nope',
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        })
      ).statusCode,
      404,
    )
    assert.equal((await rowOf(t, withdrawal.id)).status, WithdrawalStatus.confirming)
  })

  test('only finance and administrators start transfers; bad ids get a clear 4xx', async () => {
    const teacher = (await adminClient(t.app, '招生老师')).client
    const { withdrawal } = await pendingWithdrawal(t, 10000)
    assert.equal((await teacher.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })).statusCode, 403)
    const missing = await finance.put(`${BASE}/wechatTransfer`, { id: 99999999 })
    assert.equal(missing.statusCode, 404)
    assert.equal(missing.json().message, '提现记录不存在')
    assert.equal((await finance.put(`${BASE}/wechatTransfer`, { id: 'abc' })).statusCode, 400)
  })

  test('a transfer racing a manual pay: exactly one of them wins, and the money leaves once', async () => {
    for (let i = 0; i < 5; i++) {
      const { partner, withdrawal } = await pendingWithdrawal(t, 10000 + i)
      const [transfer, hand] = await Promise.all([
        finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id }),
        finance.put(`${BASE}/finishPay`, { id: withdrawal.id, transactionNo: `RACE-${i}` }),
      ])
      assert.deepEqual([transfer.statusCode, hand.statusCode].sort(), [200, 409], `${transfer.body} ${hand.body}`)
      const row = await rowOf(t, withdrawal.id)
      if (hand.statusCode === 200) {
        assert.equal(row.status, WithdrawalStatus.paid)
        assert.equal(row.transferOutBillNo, null, 'no bill was made')
      } else {
        assert.equal(row.status, WithdrawalStatus.confirming)
        assert.equal(row.transactionNo, null)
      }
      assert.equal(await balanceIsConsistent(t, partner.id), 0)
    }
  })
})

describe('paying a withdrawal by WeChat transfer (WeChat Pay v3 against a local WeChat)', () => {
  let t: TestApp
  let finance: Client
  let wx: Awaited<ReturnType<typeof wechatTransferFixture>>
  before(async () => {
    wx = await wechatTransferFixture()
    t = await buildTestApp({ services: { transfer: transferGatewayOf(createWechatTransferProvider({ config: wx.config })) } })
    finance = (await adminClient(t.app, '财务')).client
  })
  after(async () => {
    await t.close()
    await wx.close()
  })

  const notify = (body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/fms/finance/transfer/notify/wechatpay',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    })

  test("the bill is made by WeChat, the partner gets its package_info, and WeChat's signed notification (twice) pays it once", async () => {
    const { client, partner, withdrawal } = await pendingWithdrawal(t, 52000)
    const res = await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })
    assert.equal(res.statusCode, 200, res.body)
    const sent = wx.requests.at(-1)!
    assert.equal(sent.signedCorrectly, true)
    assert.equal(sent.body.openid, `o-mini-${partner.id}`)
    assert.equal(sent.body.transfer_amount, 52000)
    const bill = wx.bills.get(`WD${withdrawal.id}N1`)!
    const mine = (await client.get(`${BASE}/list`)).json().data.list[0]
    assert.deepEqual(mine.confirm, { mchId: wx.config.mchId, appId: wx.config.miniAppId, package: bill.packageInfo })

    const body = wx.notificationBody({ outBillNo: `WD${withdrawal.id}N1`, state: 'SUCCESS' })
    const headers = wx.platformHeaders(body)
    assert.equal((await notify(body, headers)).json().data.outcome, 'paid')
    assert.equal((await notify(body, headers)).json().data.outcome, 'unchanged')
    const row = await rowOf(t, withdrawal.id)
    assert.equal(row.status, WithdrawalStatus.paid)
    assert.equal(row.transactionNo, bill.billNo)
    const entries = await t.app.db.select().from((await import('../ledger/ledger.table.ts')).ledgerEntries)
    assert.equal(entries.filter((e) => e.partnerId === partner.id && e.type === LedgerType.refund).length, 0)
  })

  test('a notification signed with another key, or for another amount, is refused and pays nothing', async () => {
    const { withdrawal } = await pendingWithdrawal(t, 33000)
    await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })
    const body = wx.notificationBody({ outBillNo: `WD${withdrawal.id}N1`, state: 'SUCCESS' })
    const forged = await notify(body, wx.forgedHeaders(body))
    assert.equal(forged.statusCode, 401)
    const other = wx.notificationBody({ outBillNo: `WD${withdrawal.id}N1`, state: 'SUCCESS', amount: 1 })
    const wrongAmount = await notify(other, wx.platformHeaders(other))
    assert.equal(wrongAmount.statusCode, 422)
    assert.equal((await rowOf(t, withdrawal.id)).status, WithdrawalStatus.confirming)
  })

  test('WeChat refusing the bill leaves it with finance with the reason; a lost answer keeps it waiting and a retry resends the same bill', async () => {
    const { withdrawal } = await pendingWithdrawal(t, 14000)
    wx.failNextWith({ status: 400, code: 'INVALID_REQUEST', message: '转账场景未开通' })
    const refused = await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })
    assert.equal(refused.statusCode, 502)
    assert.equal(refused.json().message, '微信转账未发起：微信转账发起失败')
    let row = await rowOf(t, withdrawal.id)
    assert.equal(row.status, WithdrawalStatus.applying)
    assert.equal(row.transferFailReason, '微信转账发起失败')

    wx.failNextWith({ status: 500, code: 'SYSTEM_ERROR', message: '系统繁忙' })
    const lost = await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })
    assert.equal(lost.statusCode, 502)
    row = await rowOf(t, withdrawal.id)
    assert.equal(row.status, WithdrawalStatus.confirming)
    assert.equal(row.transferPackage, null)
    assert.equal((await finance.put(`${BASE}/finishPay`, { id: withdrawal.id, transactionNo: 'HAND' })).statusCode, 409)

    const retry = await finance.put(`${BASE}/wechatTransfer`, { id: withdrawal.id })
    assert.equal(retry.statusCode, 200, retry.body)
    row = await rowOf(t, withdrawal.id)
    assert.equal(row.transferOutBillNo, `WD${withdrawal.id}N2`, 'the retry used the same bill number as the lost attempt')
    assert.deepEqual(wx.requests.filter((r) => r.body.out_bill_no === `WD${withdrawal.id}N2`).length, 2)
    assert.ok(row.transferPackage)

    const body = wx.notificationBody({ outBillNo: `WD${withdrawal.id}N2`, state: 'CANCELLED' })
    assert.equal((await notify(body, wx.platformHeaders(body))).json().data.outcome, 'failed')
    row = await rowOf(t, withdrawal.id)
    assert.equal(row.status, WithdrawalStatus.applying)
    assert.equal(row.transferFailReason, '转账已撤销（收款人未确认收款）')
  })
})
