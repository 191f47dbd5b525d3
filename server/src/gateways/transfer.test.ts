import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { wechatTransferFixture } from '../../test/pay-fixtures.ts'
import { loadConfig } from '../config.ts'
import { NotificationRejectedError, PayGatewayError } from './pay/index.ts'
import { createSandboxTransferProvider, createTransferGateway, createWechatTransferProvider, transferFailReason } from './transfer/index.ts'

describe('WeChat Pay v3 merchant transfer', () => {
  let wx: Awaited<ReturnType<typeof wechatTransferFixture>>
  before(async () => {
    wx = await wechatTransferFixture()
  })
  after(async () => wx.close())

  const bill = (outBillNo: string, amount: number) => ({
    outBillNo,
    amount,
    openId: 'o-mini-1',
    userName: '张三',
    remark: '合伙人佣金提现',
  })

  test('a bill is created by a signed POST to transfer-bills with the mini-program app id, scene and report; the signed answer gives the package_info', async () => {
    const provider = createWechatTransferProvider({ config: wx.config })
    const created = await provider.createTransfer(bill('WD1N1', 52000))
    const sent = wx.requests.at(-1)!
    assert.equal(sent.path, '/v3/fund-app/mch-transfer/transfer-bills')
    assert.equal(sent.signedCorrectly, true, 'signed with our merchant key over method, path, time, nonce and body')
    assert.deepEqual(sent.body, {
      appid: 'wx-mini-program',
      out_bill_no: 'WD1N1',
      transfer_scene_id: '1005',
      openid: 'o-mini-1',
      transfer_amount: 52000,
      transfer_remark: '合伙人佣金提现',
      notify_url: wx.config.notifyUrl,
      user_recv_perception: '劳务报酬',
      transfer_scene_report_infos: [
        { info_type: '岗位类型', info_content: '合伙人' },
        { info_type: '报酬说明', info_content: '推广佣金提现' },
      ],
    })
    assert.equal(sent.headers['wechatpay-serial'], undefined, 'no name, no platform serial below ¥2,000')
    const made = wx.bills.get('WD1N1')!
    assert.deepEqual(created, {
      billNo: made.billNo,
      state: 'WAIT_USER_CONFIRM',
      packageInfo: made.packageInfo,
      mchId: wx.config.mchId,
      appId: 'wx-mini-program',
    })
  })

  test("from ¥2,000 the payee's name is sent encrypted with WeChat's public key (RSA-OAEP) and its serial; without the serial it is refused before any request", async () => {
    const provider = createWechatTransferProvider({ config: wx.config })
    await provider.createTransfer(bill('WD2N1', 200000))
    const sent = wx.requests.at(-1)!
    assert.equal(sent.headers['wechatpay-serial'], wx.config.platformSerial)
    const name = crypto
      .privateDecrypt(
        { key: wx.platform.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
        Buffer.from(String(sent.body.user_name), 'base64'),
      )
      .toString('utf8')
    assert.equal(name, '张三')

    const count = wx.requests.length
    const noSerial = createWechatTransferProvider({ config: { ...wx.config, platformSerial: undefined } })
    await assert.rejects(noSerial.createTransfer(bill('WD3N1', 200000)), (e: PayGatewayError) => e.refused !== undefined)
    assert.equal(wx.requests.length, count)
  })

  test('an answer not signed by WeChat is not trusted and its outcome counts as unknown; an error answer counts as refused', async () => {
    const unsigned = createWechatTransferProvider({
      config: wx.config,
      fetchImpl: (async () =>
        new Response('{"out_bill_no":"WD4N1","transfer_bill_no":"1","state":"WAIT_USER_CONFIRM","package_info":"p"}', {
          status: 200,
        })) as unknown as typeof fetch,
    })
    await assert.rejects(
      unsigned.createTransfer(bill('WD4N1', 1000)),
      (e: PayGatewayError) => e instanceof PayGatewayError && e.refused === undefined,
    )
    wx.failNextWith({ status: 403, code: 'NO_AUTH', message: '商户无权限' })
    const provider = createWechatTransferProvider({ config: wx.config })
    await assert.rejects(provider.createTransfer(bill('WD5N1', 1000)), (e: PayGatewayError) => e.refused?.code === 'NO_AUTH')
    const unreachable = createWechatTransferProvider({ config: { ...wx.config, apiUrl: 'http://127.0.0.1:1' } })
    await assert.rejects(unreachable.createTransfer(bill('WD6N1', 1000)), (e: PayGatewayError) => e.refused === undefined)
  })

  test('a genuine notification is verified with the platform key and its resource decrypted; forged, stale, tampered or foreign ones are refused', async () => {
    const provider = createWechatTransferProvider({ config: wx.config })
    await provider.createTransfer(bill('WD7N1', 3000))
    const ok = wx.notificationBody({ outBillNo: 'WD7N1', state: 'SUCCESS' })
    const notice = await provider.parseNotification({ headers: wx.platformHeaders(ok), body: ok })
    assert.ok(notice.kind === 'bill')
    assert.deepEqual(
      [notice.outBillNo, notice.billNo, notice.result, notice.amount, notice.reason],
      ['WD7N1', wx.bills.get('WD7N1')!.billNo, 'success', 3000, null],
    )

    const failed = wx.notificationBody({ outBillNo: 'WD7N1', state: 'FAIL', failReason: 'NAME_NOT_CORRECT' })
    const f = await provider.parseNotification({ headers: wx.platformHeaders(failed), body: failed })
    assert.ok(f.kind === 'bill')
    assert.deepEqual([f.result, f.reason], ['fail', '收款人姓名与微信实名不一致'])

    const waiting = wx.notificationBody({ outBillNo: 'WD7N1', state: 'TRANSFERING' })
    assert.equal((await provider.parseNotification({ headers: wx.platformHeaders(waiting), body: waiting })).kind, 'ignored')
    const otherEvent = wx.notificationBody({ outBillNo: 'WD7N1', state: 'SUCCESS', eventType: 'TRANSACTION.SUCCESS' })
    assert.equal((await provider.parseNotification({ headers: wx.platformHeaders(otherEvent), body: otherEvent })).kind, 'ignored')

    await assert.rejects(provider.parseNotification({ headers: wx.forgedHeaders(ok), body: ok }), NotificationRejectedError)
    const old = Math.floor(Date.now() / 1000) - 3600
    await assert.rejects(provider.parseNotification({ headers: wx.platformHeaders(ok, old), body: ok }), NotificationRejectedError)
    const parsed = JSON.parse(ok)
    parsed.resource.ciphertext = Buffer.from('x'.repeat(40)).toString('base64')
    const tampered = JSON.stringify(parsed)
    await assert.rejects(provider.parseNotification({ headers: wx.platformHeaders(tampered), body: tampered }), NotificationRejectedError)
    const foreign = wx.notificationBody({ outBillNo: 'WD7N1', state: 'SUCCESS', mchId: '1999999999' })
    await assert.rejects(provider.parseNotification({ headers: wx.platformHeaders(foreign), body: foreign }), NotificationRejectedError)
    await assert.rejects(provider.parseNotification({ headers: {}, body: ok }), NotificationRejectedError)
  })

  test('failure reasons read as Chinese; a cancelled bill says the partner did not confirm', () => {
    assert.equal(transferFailReason('FAIL', 'OVERDUE_CLOSE'), '收款人超时未确认收款，转账已关闭')
    assert.equal(transferFailReason('CANCELLED'), '转账已撤销（收款人未确认收款）')
    assert.equal(transferFailReason('FAIL', 'SOMETHING_NEW'), '微信转账失败（SOMETHING_NEW）')
  })
})

describe('the sandbox transfer provider', () => {
  test('answers a bill at once and notifies confirm / fail / expire with a signature it alone verifies', async () => {
    const delivered: Array<{ headers: Record<string, string>; body: string }> = []
    const sandbox = createSandboxTransferProvider({
      secret: 's'.repeat(64),
      deliver: async (n) => {
        delivered.push(n)
        return { statusCode: 200, body: '' }
      },
    })
    const created = await sandbox.createTransfer({ outBillNo: 'WD9N1', amount: 1000, openId: 'o', userName: '张三', remark: 'r' })
    assert.equal(created.state, 'WAIT_USER_CONFIRM')
    for (const result of ['confirm', 'fail', 'expire'] as const) await sandbox.complete({ outBillNo: 'WD9N1', amount: 1000, result })
    const notices = await Promise.all(delivered.map((d) => sandbox.parseNotification(d)))
    assert.deepEqual(
      notices.map((n) => (n.kind === 'bill' ? [n.result, n.reason] : null)),
      [
        ['success', null],
        ['fail', '收款人微信账户收款异常'],
        ['fail', '收款人超时未确认收款，转账已关闭'],
      ],
    )
    const other = createSandboxTransferProvider({ secret: 't'.repeat(64), deliver: async () => ({ statusCode: 200, body: '' }) })
    await assert.rejects(other.parseNotification(delivered[0]!), NotificationRejectedError)
  })
})

describe('transfer configuration', () => {
  const base = { NODE_ENV: 'test', APP_SECRET: 'x'.repeat(32), SMS_PROVIDER: 'local' }
  test('the sandbox by default outside production; none in production without WeChat Pay; sandbox refused in production', () => {
    assert.equal(loadConfig(base).transfer.provider, 'sandbox')
    assert.equal(loadConfig({ ...base, NODE_ENV: 'production' }).transfer.provider, 'none')
    assert.throws(
      () => loadConfig({ ...base, NODE_ENV: 'production', TRANSFER_PROVIDER: 'sandbox' }),
      /TRANSFER_PROVIDER=sandbox is not allowed/,
    )
    assert.throws(() => loadConfig({ ...base, TRANSFER_PROVIDER: 'wechatpay' }), /TRANSFER_PROVIDER=wechatpay needs WeChat Pay/)
    const gateway = createTransferGateway({
      config: { provider: 'none' },
      secret: 'x',
      deliver: async () => ({ statusCode: 200, body: '' }),
    })
    assert.equal(gateway.provider, undefined)
  })

  test('with WeChat Pay configured, transfers reuse its merchant and keys and notify their own route', async () => {
    const wx = await wechatTransferFixture()
    try {
      const config = loadConfig({
        ...base,
        PUBLIC_ORIGIN: 'https://partner.example.com',
        PAY_PROVIDER: 'wechatpay',
        TRANSFER_PROVIDER: 'wechatpay',
        WECHATPAY_MCH_ID: wx.config.mchId,
        WECHATPAY_APP_ID: wx.config.appId,
        WECHATPAY_MINI_APP_ID: wx.config.miniAppId!,
        WECHATPAY_SERIAL_NO: wx.config.serialNo,
        WECHATPAY_PRIVATE_KEY: wx.config.privateKey,
        WECHATPAY_API_V3_KEY: wx.config.apiV3Key,
        WECHATPAY_PLATFORM_CERT: wx.config.platformCert,
        WECHATPAY_API_URL: wx.config.apiUrl,
      })
      assert.equal(config.transfer.wechat?.notifyUrl, 'https://partner.example.com/api/fms/finance/transfer/notify/wechatpay')
      const gateway = createTransferGateway({ config: config.transfer, secret: 'x', deliver: async () => ({ statusCode: 200, body: '' }) })
      assert.equal(gateway.provider?.name, 'wechatpay')
      await gateway.provider!.createTransfer({ outBillNo: 'WD10N1', amount: 1000, openId: 'o', userName: '张三', remark: 'r' })
      assert.equal(wx.requests.at(-1)!.signedCorrectly, true)
    } finally {
      await wx.close()
    }
  })
})
