import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { PayChannel } from '../wire.ts'
import {
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
} from './pay.ts'
import { loadConfig } from '../config.ts'
import { wechatPayFixture } from '../../test/pay-fixtures.ts'

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
    assert.equal(loadConfig({ NODE_ENV: 'development' }).pay.provider, 'sandbox')
    assert.equal(loadConfig({ NODE_ENV: 'test' }).pay.sandboxAutoCompleteMs, 0)
    assert.equal(loadConfig({ NODE_ENV: 'development' }).pay.sandboxAutoCompleteMs, 3000)
    assert.equal(loadConfig(base).pay.provider, 'none')
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
      assert.equal(config.pay.provider, 'wechatpay')
      assert.equal(config.pay.wechat?.notifyUrl, 'https://pay.example.com/api/fms/finance/payment/notify/wechatpay')
      const gateway = createPayGateway({ config: config.pay, secret: config.secret, deliver: async () => ({ statusCode: 200, body: '' }) })
      assert.equal(gateway.active?.name, 'wechatpay')
      assert.equal(gateway.sandbox, undefined)
      assert.equal(gateway.find('sandbox'), undefined)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
