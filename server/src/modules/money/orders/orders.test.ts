import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { adminClient, partnerClient } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, openRaceApp, type TestApp } from '../../../../test/helper.ts'
import { alipayFixture, wechatPayFixture } from '../../../../test/pay-fixtures.ts'
import { createAlipayProvider, createWechatPayProvider, payGatewayOf } from '../../../gateways/pay/index.ts'
import { Code, OrderPayStatus, PayChannel } from '../../../wire.ts'
import { openIdBindings } from '../../platform/accounts/open-id-bindings.table.ts'
import { orders, paymentNotifications } from './orders.table.ts'

const ITEMS = JSON.stringify([
  { name: '2026春季学费', quantity: 1, unitPrice: 680000 },
  { name: '教材费', quantity: 2, unitPrice: 15000 },
])

async function createOrderFor(finance: ReturnType<typeof createClient>, partnerId: number, items = ITEMS) {
  const res = await finance.post('/api/fms/finance/order', { partnerId, items, remark: '线下已沟通' })
  assert.equal(res.statusCode, 200, res.body)
  return res.json().data as { id: number; orderNo: string; amount: number; payStatus: string }
}

const orderRow = async (t: TestApp, id: number) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('orders and pay with the sandbox provider', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('finance creates an order for a partner; its amount is the sum of its items and it starts unpaid', async () => {
    const { partner, client } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    const order = await createOrderFor(finance, partner.id)
    assert.equal(order.amount, 710000)
    assert.equal(order.payStatus, OrderPayStatus.unpaid)
    assert.match(order.orderNo, /^\d{20}$/)
    const mine = (await client.get('/api/fms/finance/order/detailsForClient', { id: order.id })).json().data
    assert.equal(mine.title, '2026春季学费等2项')
    assert.deepEqual(mine.items, [
      { name: '2026春季学费', quantity: 1, unitPrice: 680000, amount: 680000 },
      { name: '教材费', quantity: 2, unitPrice: 15000, amount: 30000 },
    ])
    assert.equal((await client.get('/api/fms/finance/order/listForClient')).json().data.total, 1)
    const listed = (await finance.get('/api/fms/finance/order/listTuitionOrder', { partnerId: partner.id })).json().data
    assert.equal(listed.total, 1)
    assert.equal(listed.list[0].partnerPhone, partner.phone)
    assert.equal((await finance.get('/api/fms/finance/order/listTuitionOrder', { orderNo: order.orderNo })).json().data.total, 1)
    assert.equal((await finance.get('/api/fms/finance/order/details', { id: order.id })).json().data.remark, '线下已沟通')
  })

  test("paying answers client parameters and leaves the order 支付中: the client's success alone never marks it paid", async () => {
    const { partner, client } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    const order = await createOrderFor(finance, partner.id)
    const paid = await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatMini })
    assert.equal(paid.statusCode, 200, paid.body)
    const data = paid.json().data
    assert.equal(data.provider, 'sandbox')
    assert.equal(data.payStatus, OrderPayStatus.paying)
    assert.deepEqual(Object.keys(data.wechat).sort(), ['appId', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp'])
    assert.equal(data.alipay, null)
    assert.equal((await client.get('/api/fms/finance/order/payStatus', { id: order.id })).json().data.payStatus, OrderPayStatus.paying)
    const ali = (await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.alipayMini })).json().data
    assert.equal(ali.alipay.tradeNO, `SANDBOX${order.orderNo}`)
    assert.equal((await orderRow(t, order.id)).channel, PayChannel.alipayMini)
  })

  test('the sandbox notification marks it paid once; a repeat, a late failure and a new payFee change nothing', async () => {
    const { partner, client } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    const order = await createOrderFor(finance, partner.id)
    await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatJsapi })
    const done = await createClient(t.app).post(`/api/dev/payments/complete?orderNo=${order.orderNo}&result=success`)
    assert.equal(done.statusCode, 200, done.body)
    assert.deepEqual(done.json().data, { orderNo: order.orderNo, payStatus: OrderPayStatus.paid, notifyStatusCode: 200 })
    const status = (await client.get('/api/fms/finance/order/payStatus', { id: order.id })).json().data
    assert.equal(status.payStatus, OrderPayStatus.paid)
    assert.ok(status.paidAt)
    const before = await orderRow(t, order.id)
    await createClient(t.app).post(`/api/dev/payments/complete?orderNo=${order.orderNo}&result=success`)
    await createClient(t.app).post(`/api/dev/payments/complete?orderNo=${order.orderNo}&result=fail`)
    const afterRow = await orderRow(t, order.id)
    assert.equal(afterRow.payStatus, OrderPayStatus.paid)
    assert.equal(afterRow.transactionId, before.transactionId)
    assert.equal(afterRow.paidAt?.getTime(), before.paidAt?.getTime())
    const again = await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatJsapi })
    assert.deepEqual([again.statusCode, again.json().message], [409, '订单已支付，无需重复支付'])
  })

  test("the order's detail in the console lists every payment notification received for it, oldest first, with what each did", async () => {
    const { partner, client } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    const order = await createOrderFor(finance, partner.id)
    assert.deepEqual((await finance.get('/api/fms/finance/order/details', { id: order.id })).json().data.notifications, [])
    await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatJsapi })
    await createClient(t.app).post(`/api/dev/payments/complete?orderNo=${order.orderNo}&result=success`)
    await createClient(t.app).post(`/api/dev/payments/complete?orderNo=${order.orderNo}&result=fail`)
    const detail = (await finance.get('/api/fms/finance/order/details', { id: order.id })).json().data
    assert.equal(detail.payStatus, OrderPayStatus.paid)
    assert.equal(detail.notifications.length, 2)
    const [first, second] = detail.notifications
    assert.deepEqual([first.result, first.outcome, first.amount], ['success', 'paid', order.amount])
    assert.equal(first.transactionId, detail.transactionId)
    assert.deepEqual([second.result, second.outcome], ['fail', 'unchanged'])
    assert.ok(first.id < second.id)
    // A partner never reads the office's view of an order.
    assert.equal((await client.get('/api/fms/finance/order/details', { id: order.id })).statusCode, 401)
  })

  test('a failed payment can be paid again', async () => {
    const { partner, client } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    const order = await createOrderFor(finance, partner.id)
    await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatMini })
    await createClient(t.app).post(`/api/dev/payments/complete?orderNo=${order.orderNo}&result=fail`)
    const failed = (await client.get('/api/fms/finance/order/payStatus', { id: order.id })).json().data
    assert.deepEqual([failed.payStatus, failed.failReason], [OrderPayStatus.failed, '沙箱支付失败'])
    assert.equal(
      (await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatMini })).json().data.payStatus,
      OrderPayStatus.paying,
    )
    await createClient(t.app).post(`/api/dev/payments/complete?orderNo=${order.orderNo}&result=success`)
    assert.equal((await client.get('/api/fms/finance/order/payStatus', { id: order.id })).json().data.payStatus, OrderPayStatus.paid)
  })

  test('a notification with a forged signature is a 401 and the order stays as it was', async () => {
    const { partner } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    const order = await createOrderFor(finance, partner.id)
    const ts = String(Math.floor(Date.now() / 1000))
    const body = JSON.stringify({ id: 'SBX-forged', orderNo: order.orderNo, amount: order.amount, result: 'success', transactionId: 'X' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fms/finance/payment/notify/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': ts,
        'x-sandbox-nonce': 'n',
        'x-sandbox-signature': 'a'.repeat(64),
      },
      payload: body,
    })
    assert.equal(res.statusCode, 401)
    assert.deepEqual(res.json(), { code: Code.forbidden, message: '支付通知验证失败', data: null })
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/fms/finance/payment/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: body,
    })
    assert.equal(unsigned.statusCode, 401)
    assert.equal((await orderRow(t, order.id)).payStatus, OrderPayStatus.unpaid)
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/fms/finance/payment/notify/wechatpay',
      headers: { 'content-type': 'application/json' },
      payload: body,
    })
    assert.deepEqual([unknown.statusCode, unknown.json().message], [404, '支付渠道不存在'])
  })

  test("a partner cannot see or pay another partner's order", async () => {
    const a = await partnerClient(t.app)
    const b = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    const order = await createOrderFor(finance, a.partner.id)
    for (const res of [
      await b.client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatMini }),
      await b.client.get('/api/fms/finance/order/detailsForClient', { id: order.id }),
      await b.client.get('/api/fms/finance/order/payStatus', { id: order.id }),
    ]) {
      assert.deepEqual([res.statusCode, res.json().message], [404, '订单不存在'])
    }
    assert.equal((await b.client.get('/api/fms/finance/order/listForClient')).json().data.total, 0)
    assert.equal((await orderRow(t, order.id)).payStatus, OrderPayStatus.unpaid)
    assert.equal(
      (await createClient(t.app).post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatMini })).json().code,
      Code.sessionInvalid,
    )
  })

  test('creating and listing orders needs finance or an administrator; a partner session is not enough', async () => {
    const { partner, client } = await partnerClient(t.app)
    assert.equal((await client.post('/api/fms/finance/order', { partnerId: partner.id, items: ITEMS })).statusCode, 401)
    assert.equal((await client.get('/api/fms/finance/order/listTuitionOrder')).statusCode, 401)
    const { client: teacher } = await adminClient(t.app, '招生老师')
    assert.equal((await teacher.post('/api/fms/finance/order', { partnerId: partner.id, items: ITEMS })).statusCode, 403)
    assert.equal((await teacher.get('/api/fms/finance/order/listTuitionOrder')).statusCode, 403)
    const { client: admin } = await adminClient(t.app, '管理员')
    assert.equal((await admin.get('/api/fms/finance/order/listTuitionOrder')).statusCode, 200)
  })

  test('bad input is a 400 (or 404) with a readable message and creates nothing', async () => {
    const { partner, client } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    const count = async () => (await finance.get('/api/fms/finance/order/listTuitionOrder', { partnerId: partner.id })).json().data.total
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ items: ITEMS }, 400, '请填写编号'],
      [{ partnerId: 99999999, items: ITEMS }, 404, '合伙人不存在'],
      [{ partnerId: partner.id }, 400, '订单明细格式不正确，应为 [{"name":"学费","quantity":1,"unitPrice":680000}]'],
      [{ partnerId: partner.id, items: 'not json' }, 400, '订单明细格式不正确，应为 [{"name":"学费","quantity":1,"unitPrice":680000}]'],
      [{ partnerId: partner.id, items: '[]' }, 400, '请至少添加一项订单明细'],
      [{ partnerId: partner.id, items: JSON.stringify([{ name: '', quantity: 1, unitPrice: 1 }]) }, 400, '请填写项目名称'],
      [{ partnerId: partner.id, items: JSON.stringify([{ name: 'a', quantity: 0, unitPrice: 1 }]) }, 400, '数量不能小于1'],
      [{ partnerId: partner.id, items: JSON.stringify([{ name: 'a', quantity: 1, unitPrice: 1.5 }]) }, 400, '单价必须为整数（分）'],
      [{ partnerId: partner.id, items: JSON.stringify([{ name: 'a', quantity: 1, unitPrice: -1 }]) }, 400, '单价不能小于0分'],
      [
        { partnerId: partner.id, items: JSON.stringify([{ name: 'a', quantity: 1, unitPrice: 0 }]) },
        400,
        '订单金额须在0.01元至100万元之间',
      ],
      [
        { partnerId: partner.id, items: JSON.stringify([{ name: 'a', quantity: 9999, unitPrice: 100_000_000 }]) },
        400,
        '订单金额须在0.01元至100万元之间',
      ],
      [
        { partnerId: partner.id, items: JSON.stringify(Array.from({ length: 51 }, () => ({ name: 'a', quantity: 1, unitPrice: 1 }))) },
        400,
        '订单明细最多50项',
      ],
    ]
    for (const [body, status, message] of cases) {
      const res = await finance.post('/api/fms/finance/order', body)
      assert.deepEqual([res.statusCode, res.json().message], [status, message], JSON.stringify(body))
    }
    // A JSON body may carry the items as an array.
    const json = await finance.inject({
      method: 'POST',
      url: '/api/fms/finance/order',
      payload: { partnerId: partner.id, items: [{ name: '学费', quantity: 1, unitPrice: 100 }] },
    })
    assert.equal(json.statusCode, 200, json.body)
    assert.equal(await count(), 1)
    const id = json.json().data.id
    assert.equal(
      (await client.post('/api/fms/finance/order/payFee', { id, channel: 'paypal' })).json().message,
      '支付方式只能是 wechat-mini、wechat-jsapi 或 alipay-mini',
    )
    assert.equal((await client.post('/api/fms/finance/order/payFee', { channel: 'wechat-mini' })).json().message, '请填写编号')
    assert.equal((await client.get('/api/fms/finance/order/listForClient', { payStatus: '已退款' })).statusCode, 400)
    assert.equal((await createClient(t.app).post('/api/dev/payments/complete?orderNo=1&result=maybe')).statusCode, 400)
    assert.equal((await createClient(t.app).post('/api/dev/payments/complete?orderNo=1')).statusCode, 404)
  })
})

describe('the sandbox completes a payment by itself shortly after payFee', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ env: { PAY_SANDBOX_AUTO_COMPLETE_MS: '30' } })
  })
  after(async () => t.close())

  test('payStatus turns 支付成功 without any client call', async () => {
    const { partner, client } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    const order = await createOrderFor(finance, partner.id)
    assert.equal((await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatMini })).statusCode, 200)
    let status = ''
    for (let i = 0; i < 100 && status !== OrderPayStatus.paid; i++) {
      await new Promise((r) => setTimeout(r, 20))
      status = (await client.get('/api/fms/finance/order/payStatus', { id: order.id })).json().data.payStatus
    }
    assert.equal(status, OrderPayStatus.paid)
  })
})

describe('orders and pay with WeChat Pay v3', () => {
  const f = wechatPayFixture()
  const prepaid: string[] = []
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    prepaid.push(String(init.body))
    const body = JSON.stringify({ prepay_id: `wx-prepay-${prepaid.length}` })
    return new Response(body, { status: 200, headers: f.platformHeaders(body) })
  }) as unknown as typeof fetch
  const provider = createWechatPayProvider({ config: f.config, fetchImpl })
  const pay = payGatewayOf([provider])
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ services: { pay } })
  })
  after(async () => t.close())

  const notify = (body: string, headers: Record<string, string> = f.platformHeaders(body)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/fms/finance/payment/notify/wechatpay',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    })

  async function payingOrder() {
    const { partner, client } = await partnerClient(t.app)
    await t.app.db.insert(openIdBindings).values({ partnerId: partner.id, platform: 'weixin', type: '小程序', openId: `o-${partner.id}` })
    const { client: finance } = await adminClient(t.app, '财务')
    const order = await createOrderFor(finance, partner.id)
    const res = await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatMini })
    assert.equal(res.statusCode, 200, res.body)
    return { order, client, partner, data: res.json().data }
  }

  test("payFee places a prepay order with the partner's mini-program open id and answers signed requestPayment parameters", async () => {
    const { order, data, partner } = await payingOrder()
    assert.equal(data.provider, 'wechatpay')
    assert.equal(data.wechat.appId, 'wx-mini-program')
    assert.match(data.wechat.package, /^prepay_id=wx-prepay-\d+$/)
    const sent = JSON.parse(prepaid.at(-1)!)
    assert.deepEqual([sent.out_trade_no, sent.amount.total, sent.payer.openid], [order.orderNo, 710000, `o-${partner.id}`])
  })

  test('without a WeChat binding the partner is asked to authorise first', async () => {
    const { partner, client } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    const order = await createOrderFor(finance, partner.id)
    const res = await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatJsapi })
    assert.deepEqual([res.statusCode, res.json().message], [502, '请先在微信中授权登录后再支付'])
    const ali = await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.alipayMini })
    assert.deepEqual([ali.statusCode, ali.json().message], [422, '暂不支持该支付方式'])
    assert.equal((await orderRow(t, order.id)).payStatus, OrderPayStatus.unpaid)
  })

  test('a genuine notification marks the order paid; replaying it changes nothing', async () => {
    const { order, client } = await payingOrder()
    const body = f.notificationBody(f.transaction(order.orderNo, order.amount), { id: 'EV-PAID-1' })
    const first = await notify(body)
    assert.equal(first.statusCode, 200, first.body)
    assert.deepEqual(first.json().data, { outcome: 'paid', orderNo: order.orderNo })
    const paid = await orderRow(t, order.id)
    assert.equal(paid.payStatus, OrderPayStatus.paid)
    assert.equal(paid.paidAt?.toISOString(), '2026-05-01T02:00:00.000Z')
    const replay = await notify(body)
    assert.deepEqual(replay.json().data, { outcome: 'duplicate', orderNo: order.orderNo })
    // The same payment reported again under a new notification id: still nothing changes.
    const again = await notify(f.notificationBody(f.transaction(order.orderNo, order.amount), { id: 'EV-PAID-2' }))
    assert.deepEqual(again.json().data, { outcome: 'unchanged', orderNo: order.orderNo })
    const late = await notify(f.notificationBody(f.transaction(order.orderNo, order.amount, 'CLOSED')))
    assert.equal(late.json().data.outcome, 'unchanged')
    const row = await orderRow(t, order.id)
    assert.deepEqual(
      [row.payStatus, row.transactionId, row.updatedAt.getTime()],
      [OrderPayStatus.paid, paid.transactionId, paid.updatedAt.getTime()],
    )
    assert.equal((await client.get('/api/fms/finance/order/payStatus', { id: order.id })).json().data.payStatus, OrderPayStatus.paid)
    const recorded = await t.app.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, order.orderNo))
    assert.deepEqual(recorded.map((r) => r.outcome).sort(), ['paid', 'unchanged', 'unchanged'])
  })

  test('a notification with a bad signature is a 401 and changes nothing', async () => {
    const { order } = await payingOrder()
    const body = f.notificationBody(f.transaction(order.orderNo, order.amount))
    const headers = f.platformHeaders(body)
    const res = await notify(body, {
      ...headers,
      'wechatpay-signature': headers['wechatpay-signature'].replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
    })
    assert.equal(res.statusCode, 401)
    assert.equal(res.json().message, '支付通知验证失败')
    assert.equal((await notify(body, {})).statusCode, 401)
    assert.equal((await notify('{not json', f.platformHeaders('{not json'))).statusCode, 401)
    assert.equal((await orderRow(t, order.id)).payStatus, OrderPayStatus.paying)
  })

  test('a notification whose amount differs from the order is refused and changes nothing, every time', async () => {
    const { order } = await payingOrder()
    const body = f.notificationBody(f.transaction(order.orderNo, order.amount - 1), { id: 'EV-WRONG' })
    for (let i = 0; i < 2; i++) {
      const res = await notify(body)
      assert.deepEqual([res.statusCode, res.json().message], [422, '支付金额与订单金额不一致'])
    }
    assert.equal((await orderRow(t, order.id)).payStatus, OrderPayStatus.paying)
    const unknown = await notify(f.notificationBody(f.transaction('00000000000000000000', 1)))
    assert.deepEqual([unknown.statusCode, unknown.json().message], [404, '订单不存在'])
  })

  test('a failure notification marks 支付失败 with the reason; a pending state is ignored', async () => {
    const { order } = await payingOrder()
    assert.equal(
      (await notify(f.notificationBody(f.transaction(order.orderNo, order.amount, 'USERPAYING')))).json().data.outcome,
      'ignored',
    )
    assert.equal((await orderRow(t, order.id)).payStatus, OrderPayStatus.paying)
    assert.equal((await notify(f.notificationBody(f.transaction(order.orderNo, order.amount, 'PAYERROR')))).json().data.outcome, 'failed')
    const row = await orderRow(t, order.id)
    assert.deepEqual([row.payStatus, row.failReason], [OrderPayStatus.failed, '支付失败'])
  })

  test('concurrent copies of a notification, and concurrent notifications of one payment, pay the order once', async () => {
    // On PostgreSQL a second app over a pool of 10 makes the race real; PGlite runs one transaction at a time.
    const { app: raceApp, close } = await openRaceApp(t, { services: { pay } })
    try {
      const send = (body: string) =>
        raceApp.inject({
          method: 'POST',
          url: '/api/fms/finance/payment/notify/wechatpay',
          headers: { 'content-type': 'application/json', ...f.platformHeaders(body) },
          payload: body,
        })
      const { order } = await payingOrder()
      const body = f.notificationBody(f.transaction(order.orderNo, order.amount), { id: 'EV-RACE' })
      const copies = await Promise.all(Array.from({ length: 10 }, () => send(body)))
      assert.deepEqual(
        copies.map((r) => r.statusCode),
        Array(10).fill(200),
      )
      assert.deepEqual(copies.map((r) => r.json().data.outcome).sort(), [
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
        'paid',
      ])

      const second = (await payingOrder()).order
      const distinct = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          send(f.notificationBody(f.transaction(second.orderNo, second.amount), { id: `EV-MANY-${i}` })),
        ),
      )
      const outcomes = distinct.map((r) => r.json().data.outcome)
      assert.equal(outcomes.filter((o) => o === 'paid').length, 1)
      assert.equal(outcomes.filter((o) => o === 'unchanged').length, 9)
      assert.equal((await orderRow(t, second.id)).payStatus, OrderPayStatus.paid)
    } finally {
      await close()
    }
  })

  test('no sandbox completion route exists with a real provider', async () => {
    assert.equal((await createClient(t.app).post('/api/dev/payments/complete?orderNo=1')).statusCode, 404)
  })
})

describe('orders and pay with Alipay (its gateway faked by a local HTTP server)', () => {
  let f: Awaited<ReturnType<typeof alipayFixture>>
  let t: TestApp
  before(async () => {
    f = await alipayFixture()
    t = await buildTestApp({ services: { pay: payGatewayOf([createAlipayProvider({ config: f.config })]) } })
  })
  after(async () => {
    await t.close()
    await f.close()
  })

  const notify = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/fms/finance/payment/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: body,
    })
  const paidFields = (order: { orderNo: string; amount: number }, extra: Record<string, string> = {}) => ({
    out_trade_no: order.orderNo,
    trade_no: f.tradeOf(order.orderNo)?.tradeNo ?? 'T',
    trade_status: 'TRADE_SUCCESS',
    total_amount: `${Math.floor(order.amount / 100)}.${String(order.amount % 100).padStart(2, '0')}`,
    ...extra,
  })

  async function payingOrder() {
    const { partner, client } = await partnerClient(t.app)
    const userId = `2088${String(100000000000 + partner.id)}`
    await t.app.db.insert(openIdBindings).values({ partnerId: partner.id, platform: 'alipay', type: '小程序', openId: userId })
    const { client: finance } = await adminClient(t.app, '财务')
    const order = await createOrderFor(finance, partner.id)
    const res = await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.alipayMini })
    assert.equal(res.statusCode, 200, res.body)
    return { order, client, partner, userId, data: res.json().data }
  }

  test("payFee creates the trade for the partner's Alipay user and answers exactly Alipay's trade_no as tradeNO", async () => {
    const { order, data, userId } = await payingOrder()
    const sent = f.requests.at(-1)!
    assert.equal(sent.signedCorrectly, true)
    assert.deepEqual([sent.biz.out_trade_no, sent.biz.total_amount, sent.biz.buyer_id], [order.orderNo, '7100.00', userId])
    assert.deepEqual(
      [data.provider, data.channel, data.wechat, data.alipay],
      ['alipay', 'alipay-mini', null, { tradeNO: f.tradeOf(order.orderNo)!.tradeNo }],
    )
    assert.equal((await orderRow(t, order.id)).payStatus, OrderPayStatus.paying)
  })

  test('without an Alipay sign-in the partner is asked to authorise; WeChat channels are not served by Alipay', async () => {
    const { partner, client } = await partnerClient(t.app)
    const { client: finance } = await adminClient(t.app, '财务')
    const order = await createOrderFor(finance, partner.id)
    const res = await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.alipayMini })
    assert.deepEqual([res.statusCode, res.json().message], [502, '请先在支付宝中授权登录后再支付'])
    const wx = await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatMini })
    assert.deepEqual([wx.statusCode, wx.json().message], [422, '暂不支持该支付方式'])
    assert.equal((await orderRow(t, order.id)).payStatus, OrderPayStatus.unpaid)
  })

  test("a genuine notification marks the order paid and is answered with Alipay's bare success; a repeat changes nothing", async () => {
    const { order, client } = await payingOrder()
    const body = f.notificationBody(paidFields(order, { notify_id: `N-${order.orderNo}` }))
    const first = await notify(body)
    assert.deepEqual([first.statusCode, first.body, first.headers['content-type']], [200, 'success', 'text/plain; charset=utf-8'])
    const paid = await orderRow(t, order.id)
    assert.deepEqual(
      [paid.payStatus, paid.provider, paid.transactionId, paid.paidAt?.toISOString()],
      [OrderPayStatus.paid, 'alipay', f.tradeOf(order.orderNo)!.tradeNo, '2026-05-01T02:00:00.000Z'],
    )
    for (const again of [body, f.notificationBody(paidFields(order, { trade_status: 'TRADE_FINISHED' }))]) {
      const res = await notify(again)
      assert.deepEqual([res.statusCode, res.body], [200, 'success'])
    }
    const row = await orderRow(t, order.id)
    assert.deepEqual([row.payStatus, row.updatedAt.getTime()], [OrderPayStatus.paid, paid.updatedAt.getTime()])
    const recorded = await t.app.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, order.orderNo))
    assert.deepEqual(recorded.map((r) => r.outcome).sort(), ['paid', 'unchanged'])
    assert.equal((await client.get('/api/fms/finance/order/payStatus', { id: order.id })).json().data.payStatus, OrderPayStatus.paid)
  })

  test('a notification with a wrong signature, amount or app id is refused (Alipay retries) and changes nothing', async () => {
    const { order } = await payingOrder()
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
    const forged = await notify(f.notificationBody(paidFields(order), { signer: other.privateKey }))
    assert.deepEqual([forged.statusCode, forged.json().message], [401, '支付通知验证失败'])
    const tampered = await notify(
      f.notificationBody(paidFields(order), { tamper: { trade_status: 'TRADE_SUCCESS', total_amount: '0.01' } }),
    )
    assert.equal(tampered.statusCode, 401)
    const foreign = await notify(f.notificationBody(paidFields(order, { app_id: '2021999999999999' })))
    assert.equal(foreign.statusCode, 401)
    const wrongAmount = await notify(f.notificationBody(paidFields(order, { total_amount: '7099.99' })))
    assert.deepEqual([wrongAmount.statusCode, wrongAmount.json().message], [422, '支付金额与订单金额不一致'])
    assert.notEqual(wrongAmount.body, 'success')
    assert.equal((await orderRow(t, order.id)).payStatus, OrderPayStatus.paying)
  })

  test('a closed trade marks 支付失败; a trade still waiting for the buyer is ignored', async () => {
    const { order } = await payingOrder()
    assert.equal((await notify(f.notificationBody(paidFields(order, { trade_status: 'WAIT_BUYER_PAY' })))).body, 'success')
    assert.equal((await orderRow(t, order.id)).payStatus, OrderPayStatus.paying)
    assert.equal((await notify(f.notificationBody(paidFields(order, { trade_status: 'TRADE_CLOSED' })))).body, 'success')
    const row = await orderRow(t, order.id)
    assert.deepEqual([row.payStatus, row.failReason], [OrderPayStatus.failed, '交易已关闭'])
  })

  test('when the notification is late, payStatus asks Alipay (alipay.trade.query) and the signed answer marks the order paid', async () => {
    const { order, client } = await payingOrder()
    f.setTradeStatus(order.orderNo, 'TRADE_SUCCESS')
    // Within the first seconds the notification is waited for: nothing is asked.
    const asked = f.requests.length
    assert.equal((await client.get('/api/fms/finance/order/payStatus', { id: order.id })).json().data.payStatus, OrderPayStatus.paying)
    assert.equal(f.requests.length, asked)
    await t.app.db
      .update(orders)
      .set({ updatedAt: new Date(Date.now() - 10_000) })
      .where(eq(orders.id, order.id))
    const status = (await client.get('/api/fms/finance/order/payStatus', { id: order.id })).json().data
    assert.equal(status.payStatus, OrderPayStatus.paid)
    assert.equal(f.requests.at(-1)!.params.method, 'alipay.trade.query')
    // The notification arriving afterwards changes nothing.
    const late = await notify(f.notificationBody(paidFields(order)))
    assert.deepEqual([late.statusCode, late.body], [200, 'success'])
    const recorded = await t.app.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, order.orderNo))
    assert.deepEqual(recorded.map((r) => r.outcome).sort(), ['paid', 'unchanged'])
  })

  test('a trade Alipay still waits on stays 支付中 when polled', async () => {
    const { order, client } = await payingOrder()
    await t.app.db
      .update(orders)
      .set({ updatedAt: new Date(Date.now() - 10_000) })
      .where(eq(orders.id, order.id))
    assert.equal((await client.get('/api/fms/finance/order/payStatus', { id: order.id })).json().data.payStatus, OrderPayStatus.paying)
    assert.equal(f.requests.at(-1)!.params.method, 'alipay.trade.query')
  })
})
