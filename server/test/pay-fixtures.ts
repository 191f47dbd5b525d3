import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AlipayPayConfig, WechatPayConfig } from '../src/gateways/pay/index.ts'
import type { WechatTransferConfig } from '../src/gateways/transfer/index.ts'

/** The far side, played locally: a merchant key pair (ours) and a platform key pair (WeChat's). */
export function wechatPayFixture() {
  const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const config: WechatPayConfig = {
    mchId: '1900000109',
    appId: 'wx-official-account',
    miniAppId: 'wx-mini-program',
    serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    apiV3Key: 'abcdefghijklmnopqrstuvwxyz012345',
    platformCert: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    notifyUrl: 'https://partner.example.com/api/fms/finance/payment/notify/wechatpay',
    apiUrl: 'https://api.mch.weixin.qq.com',
  }
  /** Signs `timestamp\nnonce\nbody\n` the way WeChat Pay does. */
  const platformHeaders = (body: string, timestamp = Math.floor(Date.now() / 1000)) => {
    const nonce = crypto.randomBytes(16).toString('hex')
    const signature = crypto.sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), platform.privateKey).toString('base64')
    return {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': 'PLATFORM-SERIAL',
    }
  }
  /** A notification body whose resource is encrypted with the APIv3 key (AEAD_AES_256_GCM). */
  const notificationBody = (
    transaction: Record<string, unknown>,
    { eventType = 'TRANSACTION.SUCCESS', id = crypto.randomUUID() as string }: { eventType?: string; id?: string } = {},
  ) => {
    const iv = crypto.randomBytes(6).toString('hex')
    const aad = 'transaction'
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(config.apiV3Key), Buffer.from(iv))
    cipher.setAAD(Buffer.from(aad))
    const encrypted = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final(), cipher.getAuthTag()])
    return JSON.stringify({
      id,
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encrypted.toString('base64'),
        associated_data: aad,
        nonce: iv,
      },
    })
  }
  const transaction = (orderNo: string, amount: number, state = 'SUCCESS') => ({
    mchid: config.mchId,
    appid: config.miniAppId,
    out_trade_no: orderNo,
    transaction_id: `4200001${Date.now()}`,
    trade_type: 'JSAPI',
    trade_state: state,
    trade_state_desc: state === 'SUCCESS' ? '支付成功' : '支付失败',
    success_time: '2026-05-01T10:00:00+08:00',
    payer: { openid: 'o-openid' },
    amount: { total: amount, payer_total: amount, currency: 'CNY', payer_currency: 'CNY' },
  })
  return { merchant, platform, config, platformHeaders, notificationBody, transaction }
}

/**
 * Alipay's side, played locally: our app's key pair, Alipay's key pair, and Alipay's open gateway
 * as a real HTTP server on 127.0.0.1 that checks each request's RSA2 signature with our public key
 * and answers signed JSON like Alipay's (alipay.trade.create, alipay.trade.query).
 */
export async function alipayFixture() {
  const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const alipay = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const appId = '2021000000000001'
  const requests: Array<{ params: Record<string, string>; biz: Record<string, unknown>; signedCorrectly: boolean }> = []
  /** What the next answers say; tests change them. */
  const trades = new Map<string, { tradeNo: string; status: string; amount: string }>()
  let answerSigner: crypto.KeyLike = alipay.privateKey
  let failCreate: { sub_code: string; sub_msg: string } | null = null

  const signingString = (params: Record<string, string>) =>
    Object.keys(params)
      .filter((k) => k !== 'sign' && params[k] !== '')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&')

  const server = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body))
      const signedCorrectly = crypto.verify(
        'sha256',
        Buffer.from(signingString(params)),
        app.publicKey,
        Buffer.from(params.sign ?? '', 'base64'),
      )
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>
      requests.push({ params, biz, signedCorrectly })
      const node = `${String(params.method).replace(/\./g, '_')}_response`
      let result: Record<string, unknown>
      if (!signedCorrectly) result = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' }
      else if (params.method === 'alipay.trade.create') {
        if (failCreate) result = { code: '40004', msg: 'Business Failed', ...failCreate }
        else {
          const tradeNo = `2026${String(Date.now()).slice(-10)}${crypto.randomInt(100000, 999999)}`
          trades.set(String(biz.out_trade_no), { tradeNo, status: 'WAIT_BUYER_PAY', amount: String(biz.total_amount) })
          result = { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, trade_no: tradeNo }
        }
      } else if (params.method === 'alipay.trade.query') {
        const t = trades.get(String(biz.out_trade_no))
        result = t
          ? {
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              trade_no: t.tradeNo,
              trade_status: t.status,
              total_amount: t.amount,
              send_pay_date: '2026-05-01 10:00:00',
            }
          : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' }
      } else result = { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' }
      const raw = JSON.stringify(result)
      const sign = crypto.sign('sha256', Buffer.from(raw), answerSigner).toString('base64')
      res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' })
      res.end(`{"${node}":${raw},"sign":"${sign}"}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const config: AlipayPayConfig = {
    appId,
    privateKey: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    // As Alipay's console shows it: bare base64.
    alipayPublicKey: alipay.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    notifyUrl: 'https://partner.example.com/api/fms/finance/payment/notify/alipay',
    gatewayUrl: `http://127.0.0.1:${port}/gateway.do`,
  }

  /** An asynchronous notification as Alipay posts it: a form body signed over the sorted decoded values. */
  const notificationBody = (
    fields: Record<string, string>,
    { signer = alipay.privateKey, tamper }: { signer?: crypto.KeyLike; tamper?: Record<string, string> } = {},
  ) => {
    const params: Record<string, string> = {
      notify_time: '2026-05-01 10:00:05',
      notify_type: 'trade_status_sync',
      notify_id: crypto.randomUUID().replace(/-/g, ''),
      app_id: appId,
      charset: 'utf-8',
      version: '1.0',
      auth_app_id: appId,
      buyer_id: '2088102177846880',
      seller_id: '2088101117955611',
      subject: '2026春季学费 & 教材费',
      gmt_create: '2026-05-01 09:59:00',
      gmt_payment: '2026-05-01 10:00:00',
      ...fields,
    }
    const content = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&')
    const sign = crypto.sign('sha256', Buffer.from(content), signer).toString('base64')
    return new URLSearchParams({ ...params, ...tamper, sign, sign_type: 'RSA2' }).toString()
  }
  const tradeOf = (orderNo: string) => trades.get(orderNo)

  return {
    app,
    alipay,
    config,
    requests,
    notificationBody,
    tradeOf,
    setTradeStatus: (orderNo: string, status: string) => {
      const t = trades.get(orderNo)
      if (t) t.status = status
    },
    signAnswersWith: (key: crypto.KeyLike) => (answerSigner = key),
    failCreateWith: (error: typeof failCreate) => (failCreate = error),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * WeChat Pay's merchant transfer, played locally: a real HTTP server on 127.0.0.1 that checks each
 * request's WECHATPAY2-SHA256-RSA2048 signature with our merchant public key, makes bills (the
 * same out_bill_no answers the same bill, as WeChat does) and answers signed by the platform key;
 * plus MCHTRANSFER.BILL.FINISHED notifications encrypted with the APIv3 key.
 */
export async function wechatTransferFixture() {
  const f = wechatPayFixture()
  const forger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const requests: Array<{ path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown>; signedCorrectly: boolean }> = []
  const bills = new Map<string, { billNo: string; packageInfo: string; amount: number; state: string }>()
  let failNext: { status: number; code: string; message: string } | null = null

  const server = http.createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (raw += c))
    req.on('end', () => {
      const auth = String(req.headers.authorization ?? '')
      const m = /^WECHATPAY2-SHA256-RSA2048 mchid="(\w+)",nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(
        auth,
      )
      const signedCorrectly =
        !!m &&
        m[1] === f.config.mchId &&
        crypto.verify(
          'sha256',
          Buffer.from(`${req.method}\n${req.url}\n${m[4]}\n${m[2]}\n${raw}\n`),
          f.merchant.publicKey,
          Buffer.from(m[3]!, 'base64'),
        )
      const body = JSON.parse(raw || '{}') as Record<string, unknown>
      requests.push({ path: String(req.url), headers: req.headers, body, signedCorrectly })
      const answer = (status: number, payload: unknown) => {
        const text = JSON.stringify(payload)
        res.writeHead(status, { 'content-type': 'application/json', ...f.platformHeaders(text) })
        res.end(text)
      }
      if (!signedCorrectly) return answer(401, { code: 'SIGN_ERROR', message: '签名错误' })
      if (failNext) {
        const e = failNext
        failNext = null
        return answer(e.status, { code: e.code, message: e.message })
      }
      if (req.url !== '/v3/fund-app/mch-transfer/transfer-bills') return answer(404, { code: 'NOT_FOUND', message: '无此接口' })
      const outBillNo = String(body.out_bill_no)
      let bill = bills.get(outBillNo)
      if (!bill) {
        bill = {
          billNo: `1330000${Date.now()}${crypto.randomInt(1000, 9999)}`,
          packageInfo: `ABBQO+oYAAABAAAAAAAk${crypto.randomBytes(12).toString('base64')}`,
          amount: Number(body.transfer_amount),
          state: 'WAIT_USER_CONFIRM',
        }
        bills.set(outBillNo, bill)
      }
      answer(200, {
        out_bill_no: outBillNo,
        transfer_bill_no: bill.billNo,
        create_time: new Date().toISOString(),
        state: bill.state,
        package_info: bill.packageInfo,
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const config: WechatTransferConfig = {
    mchId: f.config.mchId,
    appId: f.config.appId,
    miniAppId: f.config.miniAppId,
    serialNo: f.config.serialNo,
    privateKey: f.config.privateKey,
    apiV3Key: f.config.apiV3Key,
    platformCert: f.config.platformCert,
    apiUrl: `http://127.0.0.1:${port}`,
    notifyUrl: 'https://partner.example.com/api/fms/finance/transfer/notify/wechatpay',
    platformSerial: 'PUB_KEY_ID_0000000000000001',
    sceneId: '1005',
    sceneReportInfos: [
      { info_type: '岗位类型', info_content: '合伙人' },
      { info_type: '报酬说明', info_content: '推广佣金提现' },
    ],
    userRecvPerception: '劳务报酬',
  }

  /** A finished bill's notification, as WeChat posts it. */
  const notificationBody = ({
    outBillNo,
    state,
    amount,
    failReason,
    eventType = 'MCHTRANSFER.BILL.FINISHED',
    mchId = f.config.mchId,
  }: {
    outBillNo: string
    state: string
    amount?: number
    failReason?: string
    eventType?: string
    mchId?: string
  }) => {
    const bill = bills.get(outBillNo)
    return f.notificationBody(
      {
        mchid: mchId,
        out_bill_no: outBillNo,
        transfer_bill_no: bill?.billNo ?? 'unknown',
        state,
        transfer_amount: amount ?? bill?.amount ?? 0,
        ...(failReason ? { fail_reason: failReason } : {}),
        openid: 'o-openid',
        create_time: '2026-05-01T10:00:00+08:00',
        update_time: '2026-05-01T10:05:00+08:00',
      },
      { eventType },
    )
  }
  /** Headers as WeChat signs them, but with a key that is not WeChat's. */
  const forgedHeaders = (body: string) => {
    const h = f.platformHeaders(body)
    h['wechatpay-signature'] = crypto
      .sign('sha256', Buffer.from(`${h['wechatpay-timestamp']}\n${h['wechatpay-nonce']}\n${body}\n`), forger.privateKey)
      .toString('base64')
    return h
  }

  return {
    ...f,
    config,
    requests,
    bills,
    notificationBody,
    forgedHeaders,
    failNextWith: (e: typeof failNext) => (failNext = e),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A request to `fakeWechatApi` past the token endpoint, and the means to answer it. */
export interface WechatApiCall {
  path: string
  body: Record<string, unknown>
  /** Whether the request's access_token is one the fake issued and has not expired. */
  tokenLive: boolean
  /** Answers 200 with `value` as JSON, as WeChat answers its errors too. */
  json: (value: unknown) => void
  res: http.ServerResponse
}

/**
 * WeChat's API played by a local HTTP server on 127.0.0.1: stable tokens (/cgi-bin/stable_token)
 * for the app wx-mini with the secret mini-secret, and every other path answered by `answer`.
 * `seen`: every request; `expireAll()`: every token issued so far stops being live.
 */
export async function fakeWechatApi(answer: (call: WechatApiCall) => void) {
  const seen: Array<{ path: string; query: URLSearchParams; body: Record<string, unknown> }> = []
  let issued = 0
  const live = new Set<string>()
  const server = http.createServer((req, res) => {
    let text = ''
    req.on('data', (c: Buffer) => (text += c.toString('utf8')))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x')
      const body = JSON.parse(text || '{}') as Record<string, unknown>
      seen.push({ path: url.pathname, query: url.searchParams, body })
      const json = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value))
      if (url.pathname === '/cgi-bin/stable_token') {
        if (body.appid !== 'wx-mini' || body.secret !== 'mini-secret') return json({ errcode: 40125, errmsg: 'invalid appsecret' })
        const token = `TOKEN-${++issued}`
        live.add(token)
        return json({ access_token: token, expires_in: 7200 })
      }
      answer({ path: url.pathname, body, tokenLive: live.has(url.searchParams.get('access_token') ?? ''), json, res })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    expireAll: () => live.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
