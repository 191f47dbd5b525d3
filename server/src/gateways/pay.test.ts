import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { PayChannel } from '../wire.ts'
import { alipayNotificationSigningString, alipayRequestSigningString, fenOf, rawJsonMember, yuanOf } from './alipay.ts'
import {
  createAlipayProvider,
  createPayGateway,
  createSandboxPayProvider,
  createWechatPayProvider,
  decryptWechatPayResource,
  NotificationRejectedError,
  PayGatewayError,
  SANDBOX_HEADERS,
  sandboxSignature,
  verifyWechatPaySignature,
  wechatPayAuthorization,
  wechatPayClientParams,
} from './pay/index.ts'
import { loadConfig } from '../config.ts'
import { alipayFixture, wechatPayFixture } from '../../test/pay-fixtures.ts'

describe('WeChat Pay v3', () => {
  const f = wechatPayFixture()

  test('requests carry a WECHATPAY2-SHA256-RSA2048 Authorization signed over method, path, time, nonce and body', () => {
    const header = wechatPayAuthorization({
      mchId: f.config.mchId,
      serialNo: f.config.serialNo,
      privateKey: f.config.privateKey,
      method: 'POST',
      urlPath: '/v3/pay/transactions/jsapi',
      body: '{"a":1}',
      timestamp: 1554208460,
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    })
    const m = /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(
      header,
    )
    assert.ok(m, header)
    assert.deepEqual([m[1], m[2], m[4], m[5]], [f.config.mchId, '593BEC0C930BF1AFEB40B4A08C8FB242', '1554208460', f.config.serialNo])
    const message = 'POST\n/v3/pay/transactions/jsapi\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"a":1}\n'
    assert.equal(crypto.verify('sha256', Buffer.from(message), f.merchant.publicKey, Buffer.from(m[3]!, 'base64')), true)
  })

  test('client pay parameters are signed over appId, timeStamp, nonceStr and package', () => {
    const params = wechatPayClientParams({
      appId: 'wx1',
      prepayId: 'wx201410272009395522657a690389285100',
      privateKey: f.config.privateKey,
      timestamp: 1414561699,
      nonce: 'abc',
    })
    assert.deepEqual(
      { ...params, paySign: '' },
      {
        appId: 'wx1',
        timeStamp: '1414561699',
        nonceStr: 'abc',
        package: 'prepay_id=wx201410272009395522657a690389285100',
        signType: 'RSA',
        paySign: '',
      },
    )
    const message = 'wx1\n1414561699\nabc\nprepay_id=wx201410272009395522657a690389285100\n'
    assert.equal(crypto.verify('sha256', Buffer.from(message), f.merchant.publicKey, Buffer.from(params.paySign, 'base64')), true)
  })

  test('a prepay request goes to the JSAPI endpoint with the right app id and payer; the signed answer becomes client parameters', async () => {
    const seen: Array<{ url: string; init: RequestInit }> = []
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, init })
      const body = JSON.stringify({ prepay_id: 'wx-prepay-1' })
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json', ...f.platformHeaders(body) } })
    }) as unknown as typeof fetch
    const provider = createWechatPayProvider({ config: f.config, fetchImpl })
    const mini = await provider.createPayment({
      order: { orderNo: 'O1', amount: 680000, description: '学费' },
      channel: PayChannel.wechatMini,
      openId: 'o-mini',
    })
    assert.equal(mini.wechat?.appId, 'wx-mini-program')
    assert.equal(mini.wechat?.package, 'prepay_id=wx-prepay-1')
    const sent = JSON.parse(String(seen[0]!.init.body))
    assert.equal(seen[0]!.url, 'https://api.mch.weixin.qq.com/v3/pay/transactions/jsapi')
    assert.deepEqual(sent, {
      appid: 'wx-mini-program',
      mchid: f.config.mchId,
      description: '学费',
      out_trade_no: 'O1',
      notify_url: f.config.notifyUrl,
      amount: { total: 680000, currency: 'CNY' },
      payer: { openid: 'o-mini' },
    })
    const auth = String((seen[0]!.init.headers as Record<string, string>).authorization)
    assert.match(auth, /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",/)
    const h5 = await provider.createPayment({
      order: { orderNo: 'O2', amount: 1, description: 'x' },
      channel: PayChannel.wechatJsapi,
      openId: 'o-mp',
    })
    assert.equal(h5.wechat?.appId, 'wx-official-account')
  })

  test('an unsigned or failed prepay answer, a missing open id and Alipay are refused', async () => {
    const unsigned = createWechatPayProvider({
      config: f.config,
      fetchImpl: (async () => new Response('{"prepay_id":"x"}', { status: 200 })) as unknown as typeof fetch,
    })
    await assert.rejects(
      unsigned.createPayment({ order: { orderNo: 'O', amount: 1, description: 'x' }, channel: PayChannel.wechatMini, openId: 'o' }),
      PayGatewayError,
    )
    const failing = createWechatPayProvider({
      config: f.config,
      fetchImpl: (async () => new Response('{"code":"PARAM_ERROR"}', { status: 400 })) as unknown as typeof fetch,
    })
    await assert.rejects(
      failing.createPayment({ order: { orderNo: 'O', amount: 1, description: 'x' }, channel: PayChannel.wechatMini, openId: 'o' }),
      { publicMessage: '微信支付下单失败，请稍后再试' },
    )
    await assert.rejects(failing.createPayment({ order: { orderNo: 'O', amount: 1, description: 'x' }, channel: PayChannel.wechatMini }), {
      publicMessage: '请先在微信中授权登录后再支付',
    })
    await assert.rejects(
      failing.createPayment({ order: { orderNo: 'O', amount: 1, description: 'x' }, channel: PayChannel.alipayMini, openId: 'o' }),
      { publicMessage: '暂不支持支付宝支付' },
    )
  })

  test('a genuine notification is verified with the platform key and its resource decrypted', async () => {
    const provider = createWechatPayProvider({ config: f.config })
    const body = f.notificationBody(f.transaction('O100', 680000), { id: 'EV-1' })
    const notice = await provider.parseNotification({ headers: f.platformHeaders(body), body })
    assert.equal(notice.kind, 'transaction')
    assert.ok(notice.kind === 'transaction')
    assert.deepEqual([notice.notificationId, notice.orderNo, notice.result, notice.amount], ['EV-1', 'O100', 'success', 680000])
    assert.equal(notice.paidAt?.toISOString(), '2026-05-01T02:00:00.000Z')
    const failed = f.notificationBody(f.transaction('O100', 680000, 'PAYERROR'))
    const n2 = await provider.parseNotification({ headers: f.platformHeaders(failed), body: failed })
    assert.ok(n2.kind === 'transaction' && n2.result === 'fail')
    const pending = f.notificationBody(f.transaction('O100', 680000, 'USERPAYING'))
    assert.equal((await provider.parseNotification({ headers: f.platformHeaders(pending), body: pending })).kind, 'ignored')
    const refund = f.notificationBody({ mchid: f.config.mchId }, { eventType: 'REFUND.SUCCESS' })
    assert.equal((await provider.parseNotification({ headers: f.platformHeaders(refund), body: refund })).kind, 'ignored')
  })

  test('forged, altered, stale, foreign or undecryptable notifications are rejected', async () => {
    const provider = createWechatPayProvider({ config: f.config })
    const body = f.notificationBody(f.transaction('O200', 100))
    const headers = f.platformHeaders(body)
    const reject = (p: Promise<unknown>) => assert.rejects(p, NotificationRejectedError)
    await reject(provider.parseNotification({ headers, body: body.replace('"summary":"支付成功"', '"summary":"x"') }))
    await reject(provider.parseNotification({ headers: { ...headers, 'wechatpay-signature': 'AAAA' }, body }))
    await reject(provider.parseNotification({ headers: { ...headers, 'wechatpay-nonce': 'other' }, body }))
    await reject(provider.parseNotification({ headers: {}, body }))
    // Signed by someone else's key.
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
    const ts = String(Math.floor(Date.now() / 1000))
    const forged = crypto.sign('sha256', Buffer.from(`${ts}\nn\n${body}\n`), other.privateKey).toString('base64')
    await reject(
      provider.parseNotification({ headers: { 'wechatpay-timestamp': ts, 'wechatpay-nonce': 'n', 'wechatpay-signature': forged }, body }),
    )
    // A captured notification replayed ten minutes later.
    const old = f.platformHeaders(body, Math.floor(Date.now() / 1000) - 600)
    await reject(provider.parseNotification({ headers: old, body }))
    // Encrypted with another key, but correctly signed.
    const wrongKey = createWechatPayProvider({ config: { ...f.config, apiV3Key: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ' } })
    await reject(wrongKey.parseNotification({ headers, body }))
    // For another merchant.
    const foreign = f.notificationBody({ ...f.transaction('O200', 100), mchid: '1234567890' })
    await reject(provider.parseNotification({ headers: f.platformHeaders(foreign), body: foreign }))
  })

  test('the primitives: signature check and resource decryption', () => {
    assert.equal(
      verifyWechatPaySignature({ publicKey: f.config.platformCert, timestamp: '1', nonce: 'n', body: 'b', signature: 'not base64 !!' }),
      false,
    )
    const iv = '0123456789ab'
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(f.config.apiV3Key), Buffer.from(iv))
    cipher.setAAD(Buffer.from('certificate'))
    const ct = Buffer.concat([cipher.update('hello'), cipher.final(), cipher.getAuthTag()]).toString('base64')
    assert.equal(
      decryptWechatPayResource({ apiV3Key: f.config.apiV3Key, ciphertext: ct, nonce: iv, associatedData: 'certificate' }),
      'hello',
    )
    assert.throws(
      () => decryptWechatPayResource({ apiV3Key: f.config.apiV3Key, ciphertext: ct, nonce: iv, associatedData: 'other' }),
      NotificationRejectedError,
    )
  })
})

describe('the sandbox pay provider', () => {
  test('it signs its notifications with HMAC and verifies only its own', async () => {
    let delivered: { headers: Record<string, string>; body: string } | undefined
    const sandbox = createSandboxPayProvider({
      secret: 's3cret',
      autoCompleteMs: 0,
      deliver: async (n) => {
        delivered = n
        return { statusCode: 200, body: '' }
      },
    })
    const params = await sandbox.createPayment({ order: { orderNo: 'S1', amount: 500, description: 'x' }, channel: PayChannel.alipayMini })
    assert.deepEqual(params, { wechat: null, alipay: { tradeNO: 'SANDBOXS1' } })
    await sandbox.complete({ orderNo: 'S1', amount: 500, result: 'success' })
    assert.ok(delivered)
    const notice = await sandbox.parseNotification(delivered)
    assert.ok(notice.kind === 'transaction' && notice.orderNo === 'S1' && notice.amount === 500 && notice.result === 'success')
    const tampered = delivered.body.replace('"amount":500', '"amount":1')
    await assert.rejects(sandbox.parseNotification({ headers: delivered.headers, body: tampered }), NotificationRejectedError)
    const other = createSandboxPayProvider({ secret: 'other', autoCompleteMs: 0, deliver: async () => ({ statusCode: 200, body: '' }) })
    await assert.rejects(other.parseNotification(delivered), NotificationRejectedError)
    const ts = String(Math.floor(Date.now() / 1000) - 3600)
    const stale = {
      ...delivered.headers,
      [SANDBOX_HEADERS.timestamp]: ts,
      [SANDBOX_HEADERS.signature]: sandboxSignature({
        secret: 's3cret',
        timestamp: ts,
        nonce: delivered.headers[SANDBOX_HEADERS.nonce]!,
        body: delivered.body,
      }),
    }
    await assert.rejects(sandbox.parseNotification({ headers: stale, body: delivered.body }), NotificationRejectedError)
    sandbox.close?.()
  })
})

describe('payment configuration', () => {
  const base = { NODE_ENV: 'production', APP_SECRET: 'a-production-secret-0123456789', SMS_PROVIDER: 'local' }

  test('the sandbox is the default outside production; production without WeChat Pay has no provider', () => {
    assert.deepEqual(loadConfig({ NODE_ENV: 'development' }).pay.providers, ['sandbox'])
    assert.equal(loadConfig({ NODE_ENV: 'test' }).pay.sandboxAutoCompleteMs, 0)
    assert.equal(loadConfig({ NODE_ENV: 'development' }).pay.sandboxAutoCompleteMs, 3000)
    assert.deepEqual(loadConfig(base).pay.providers, [])
    assert.deepEqual(loadConfig({ ...base, PAY_PROVIDER: 'none' }).pay.providers, [])
    assert.throws(() => loadConfig({ ...base, PAY_PROVIDER: 'sandbox' }), /PAY_PROVIDER=sandbox is not allowed in production/)
  })

  test('WeChat Pay names every missing variable', () => {
    assert.throws(
      () => loadConfig({ ...base, PAY_PROVIDER: 'wechatpay', WECHATPAY_MCH_ID: '1900000109' }),
      (error: Error) => {
        for (const name of [
          'WECHATPAY_APP_ID',
          'WECHATPAY_SERIAL_NO',
          'WECHATPAY_API_V3_KEY',
          'WECHATPAY_PRIVATE_KEY',
          'WECHATPAY_PLATFORM_CERT',
        ])
          assert.match(error.message, new RegExp(name))
        return true
      },
    )
    assert.throws(
      () =>
        loadConfig({
          ...base,
          WECHATPAY_MCH_ID: '1',
          WECHATPAY_APP_ID: 'wx',
          WECHATPAY_SERIAL_NO: 's',
          WECHATPAY_API_V3_KEY: 'short',
          WECHATPAY_PRIVATE_KEY: 'k',
          WECHATPAY_PLATFORM_CERT: 'c',
        }),
      /32 characters/,
    )
  })

  test('keys are read from files or from variables with \\n escapes, and the notify URL defaults to this app', () => {
    const f = wechatPayFixture()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wxpay-'))
    fs.writeFileSync(path.join(dir, 'apiclient_key.pem'), f.config.privateKey)
    try {
      const config = loadConfig({
        ...base,
        PUBLIC_ORIGIN: 'https://pay.example.com',
        WECHATPAY_MCH_ID: f.config.mchId,
        WECHATPAY_APP_ID: f.config.appId,
        WECHATPAY_SERIAL_NO: f.config.serialNo,
        WECHATPAY_API_V3_KEY: f.config.apiV3Key,
        WECHATPAY_PRIVATE_KEY_PATH: path.join(dir, 'apiclient_key.pem'),
        WECHATPAY_PLATFORM_CERT: f.config.platformCert.replace(/\n/g, '\\n'),
      })
      assert.deepEqual(config.pay.providers, ['wechatpay'])
      assert.equal(config.pay.wechat?.notifyUrl, 'https://pay.example.com/api/fms/finance/payment/notify/wechatpay')
      const gateway = createPayGateway({ config: config.pay, secret: config.secret, deliver: async () => ({ statusCode: 200, body: '' }) })
      assert.equal(gateway.forChannel(PayChannel.wechatMini)?.name, 'wechatpay')
      assert.equal(gateway.forChannel(PayChannel.alipayMini), undefined)
      assert.equal(gateway.sandbox, undefined)
      assert.equal(gateway.find('sandbox'), undefined)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('Alipay (RSA2, a local key pair standing in for Alipay)', () => {
  let f: Awaited<ReturnType<typeof alipayFixture>>
  before(async () => {
    f = await alipayFixture()
  })
  after(async () => f.close())
  const order = { orderNo: '20260501100000123456', amount: 710000, description: '2026春季学费等2项' }

  test('the signing strings follow Alipay: sorted, raw values; requests drop empty values, notifications drop sign and sign_type only', () => {
    const params = { method: 'alipay.trade.create', app_id: '1', biz_content: '{"a":"x y&z"}', empty: '', sign: 'S' }
    assert.equal(alipayRequestSigningString(params), 'app_id=1&biz_content={"a":"x y&z"}&method=alipay.trade.create')
    assert.equal(
      alipayNotificationSigningString({ b: '2', a: '1', sign: 'S', sign_type: 'RSA2', empty: '', subject: '学费 & 书' }),
      'a=1&b=2&empty=&subject=学费 & 书',
    )
    assert.deepEqual([yuanOf(710000), yuanOf(1), yuanOf(1050)], ['7100.00', '0.01', '10.50'])
    assert.deepEqual(
      [fenOf('7100.00'), fenOf('0.01'), fenOf('10.5'), fenOf('3'), fenOf('1.005'), fenOf('-1')],
      [710000, 1, 1050, 300, null, null],
    )
    assert.equal(rawJsonMember('{"x_response":{"a":"}\\"{","b":{"c":1}},"sign":"s"}', 'x_response'), '{"a":"}\\"{","b":{"c":1}}')
  })

  test("alipay.trade.create is signed with our key and names the buyer; Alipay's signed trade_no becomes my.tradePay's tradeNO", async () => {
    const provider = createAlipayProvider({ config: f.config })
    const params = await provider.createPayment({ order, channel: PayChannel.alipayMini, openId: '2088102177846880' })
    const sent = f.requests.at(-1)!
    assert.equal(sent.signedCorrectly, true)
    // Checked again here with the public key, over the string Alipay's rules make.
    const content = Object.keys(sent.params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}=${sent.params[k]}`)
      .join('&')
    assert.equal(crypto.verify('sha256', Buffer.from(content), f.app.publicKey, Buffer.from(sent.params.sign!, 'base64')), true)
    assert.deepEqual(
      [sent.params.method, sent.params.sign_type, sent.params.app_id, sent.params.charset, sent.params.notify_url],
      ['alipay.trade.create', 'RSA2', f.config.appId, 'utf-8', f.config.notifyUrl],
    )
    assert.match(sent.params.timestamp!, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    assert.deepEqual(sent.biz, {
      out_trade_no: order.orderNo,
      total_amount: '7100.00',
      subject: order.description,
      product_code: 'JSAPI_PAY',
      op_app_id: f.config.appId,
      buyer_id: '2088102177846880',
      timeout_express: '30m',
    })
    assert.deepEqual(params, { wechat: null, alipay: { tradeNO: f.tradeOf(order.orderNo)!.tradeNo } })
    // An app in open-id mode signs people in with an open id: it is sent as buyer_open_id.
    await provider.createPayment({
      order: { ...order, orderNo: 'O-OPENID' },
      channel: PayChannel.alipayMini,
      openId: '074a1CcTG1LelxKe4xQC0zgNdId0nxi',
    })
    assert.equal(f.requests.at(-1)!.biz.buyer_open_id, '074a1CcTG1LelxKe4xQC0zgNdId0nxi')
    assert.equal(f.requests.at(-1)!.biz.buyer_id, undefined)
  })

  test('an answer not signed by Alipay, a refusal, a missing user id and WeChat channels are refused', async () => {
    const provider = createAlipayProvider({ config: f.config })
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
    f.signAnswersWith(other.privateKey)
    try {
      await assert.rejects(provider.createPayment({ order, channel: PayChannel.alipayMini, openId: '2088102177846880' }), PayGatewayError)
    } finally {
      f.signAnswersWith(f.alipay.privateKey)
    }
    f.failCreateWith({ sub_code: 'ACQ.TRADE_HAS_SUCCESS', sub_msg: '交易已被支付' })
    try {
      await assert.rejects(provider.createPayment({ order, channel: PayChannel.alipayMini, openId: '2088102177846880' }), {
        publicMessage: '订单已支付，无需重复支付',
      })
    } finally {
      f.failCreateWith(null)
    }
    await assert.rejects(provider.createPayment({ order, channel: PayChannel.alipayMini }), {
      publicMessage: '请先在支付宝中授权登录后再支付',
    })
    await assert.rejects(provider.createPayment({ order, channel: PayChannel.wechatMini, openId: 'o' }), {
      publicMessage: '暂不支持该支付方式',
    })
    // Signed with a key Alipay does not know: Alipay refuses it, and so do we.
    const wrongKey = createAlipayProvider({
      config: { ...f.config, privateKey: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    })
    await assert.rejects(wrongKey.createPayment({ order, channel: PayChannel.alipayMini, openId: '2088102177846880' }), PayGatewayError)
  })

  test('a genuine notification is verified over its URL-decoded, sorted parameters and read in fen', async () => {
    const provider = createAlipayProvider({ config: f.config })
    const body = f.notificationBody({
      out_trade_no: 'A1',
      trade_no: 'T1',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '7100.00',
      notify_id: 'N-1',
    })
    assert.match(body, /subject=2026%E6%98%A5.*\+%26\+/)
    const notice = await provider.parseNotification({ headers: {}, body })
    assert.deepEqual(notice, {
      kind: 'transaction',
      notificationId: 'N-1',
      orderNo: 'A1',
      result: 'success',
      amount: 710000,
      transactionId: 'T1',
      paidAt: new Date('2026-05-01T02:00:00.000Z'),
      reason: null,
    })
    const finished = f.notificationBody({ out_trade_no: 'A1', trade_status: 'TRADE_FINISHED', total_amount: '0.01' })
    assert.ok((await provider.parseNotification({ headers: {}, body: finished })).kind === 'transaction')
    const closed = await provider.parseNotification({
      headers: {},
      body: f.notificationBody({ out_trade_no: 'A1', trade_status: 'TRADE_CLOSED', total_amount: '7100.00' }),
    })
    assert.ok(closed.kind === 'transaction' && closed.result === 'fail' && closed.reason === '交易已关闭')
    const waiting = f.notificationBody({ out_trade_no: 'A1', trade_status: 'WAIT_BUYER_PAY', total_amount: '7100.00' })
    assert.equal((await provider.parseNotification({ headers: {}, body: waiting })).kind, 'ignored')
    const refund = f.notificationBody({
      out_trade_no: 'A1',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '7100.00',
      refund_fee: '1.00',
      gmt_refund: '2026-05-02 10:00:00',
    })
    assert.equal((await provider.parseNotification({ headers: {}, body: refund })).kind, 'ignored')
  })

  test('a notification with a wrong signature, an altered amount, another app id or seller, or twice-given fields is rejected', async () => {
    const provider = createAlipayProvider({ config: { ...f.config, sellerId: '2088101117955611' } })
    const reject = (body: string) => assert.rejects(provider.parseNotification({ headers: {}, body }), NotificationRejectedError)
    const fields = { out_trade_no: 'A2', trade_no: 'T2', trade_status: 'TRADE_SUCCESS', total_amount: '7100.00' }
    await reject(f.notificationBody(fields, { signer: crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }))
    await reject(f.notificationBody(fields, { tamper: { total_amount: '0.01' } }))
    await reject(f.notificationBody(fields).replace(/&sign=[^&]*/, ''))
    await reject(f.notificationBody(fields).replace(/sign=([A-Za-z0-9%]{4})/, 'sign=AAAA'))
    await reject(f.notificationBody({ ...fields, app_id: '2021999999999999' }))
    await reject(f.notificationBody({ ...fields, seller_id: '2088000000000000' }))
    await reject(`${f.notificationBody(fields)}&total_amount=0.01`)
    await reject(f.notificationBody(fields).replace('sign_type=RSA2', 'sign_type=RSA'))
    // Signed by Alipay's key, but over a string that kept sign_type.
    await reject(f.notificationBody({ ...fields, sign_type: 'RSA2' }))
  })

  test('alipay.trade.query reads a late payment from a signed answer', async () => {
    const provider = createAlipayProvider({ config: f.config })
    await provider.createPayment({ order: { ...order, orderNo: 'Q1' }, channel: PayChannel.alipayMini, openId: '2088102177846880' })
    assert.equal((await provider.queryPayment!({ orderNo: 'Q1' })).kind, 'ignored')
    f.setTradeStatus('Q1', 'TRADE_SUCCESS')
    const notice = await provider.queryPayment!({ orderNo: 'Q1' })
    assert.ok(notice.kind === 'transaction')
    assert.deepEqual(
      [notice.orderNo, notice.result, notice.amount, notice.transactionId],
      ['Q1', 'success', 710000, f.tradeOf('Q1')!.tradeNo],
    )
    assert.equal((await provider.queryPayment!({ orderNo: 'NOPE' })).kind, 'ignored')
    const q = f.requests.at(-1)!
    assert.deepEqual([q.params.method, q.biz, q.signedCorrectly], ['alipay.trade.query', { out_trade_no: 'NOPE' }, true])
  })

  test('Alipay names every missing variable and reads keys from files; WeChat Pay and Alipay work side by side', () => {
    const base = { NODE_ENV: 'production', APP_SECRET: 'a-production-secret-0123456789', SMS_PROVIDER: 'local' }
    assert.throws(
      () => loadConfig({ ...base, PAY_PROVIDER: 'alipay' }),
      (error: Error) =>
        /ALIPAY_APP_ID/.test(error.message) && /ALIPAY_PRIVATE_KEY/.test(error.message) && /ALIPAY_PUBLIC_KEY/.test(error.message),
    )
    assert.throws(() => loadConfig({ ...base, PAY_PROVIDER: 'sandbox,alipay' }))
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-'))
    fs.writeFileSync(path.join(dir, 'app_private_key.pem'), f.config.privateKey)
    const w = wechatPayFixture()
    try {
      const config = loadConfig({
        ...base,
        PUBLIC_ORIGIN: 'https://pay.example.com',
        ALIPAY_APP_ID: f.config.appId,
        ALIPAY_PRIVATE_KEY_PATH: path.join(dir, 'app_private_key.pem'),
        ALIPAY_PUBLIC_KEY: f.config.alipayPublicKey,
        WECHATPAY_MCH_ID: w.config.mchId,
        WECHATPAY_APP_ID: w.config.appId,
        WECHATPAY_SERIAL_NO: w.config.serialNo,
        WECHATPAY_API_V3_KEY: w.config.apiV3Key,
        WECHATPAY_PRIVATE_KEY: w.config.privateKey,
        WECHATPAY_PLATFORM_CERT: w.config.platformCert,
      })
      assert.deepEqual(config.pay.providers, ['wechatpay', 'alipay'])
      assert.equal(config.pay.alipay?.notifyUrl, 'https://pay.example.com/api/fms/finance/payment/notify/alipay')
      assert.equal(config.login.alipay?.privateKey, f.config.privateKey)
      const gateway = createPayGateway({ config: config.pay, secret: config.secret, deliver: async () => ({ statusCode: 200, body: '' }) })
      assert.deepEqual(
        [
          gateway.forChannel(PayChannel.wechatMini)?.name,
          gateway.forChannel(PayChannel.wechatJsapi)?.name,
          gateway.forChannel(PayChannel.alipayMini)?.name,
        ],
        ['wechatpay', 'wechatpay', 'alipay'],
      )
      assert.equal(gateway.sandbox, undefined)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
