import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { and, desc, eq } from 'drizzle-orm'
import { adminClient, insertLevels, partnerClient, studentClient, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, ok, openRaceApp, refused, type TestApp } from '../../../../test/helper.ts'
import { sandboxNotificationHeaders } from '../../../gateways/pay/index.ts'
import {
  AdminRole,
  ClueSource,
  ClueStatus,
  CouponStatus,
  FeeKind,
  LedgerType,
  MessageKind,
  OrderPayStatus,
  PayChannel,
  ReceiptStatus,
  RefundStatus,
  SettingKey,
} from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { clues } from '../../partner-programme/clues/clues.table.ts'
import { recordDeal } from '../../partner-programme/index.ts'
import { createLedgerRepository } from '../../partner-programme/index.ts'
import { ledgerEntries } from '../../partner-programme/ledger/ledger.table.ts'
import { messages } from '../../platform/messages/messages.table.ts'
import { orders } from '../orders/orders.table.ts'
import { COOKIE_NAMES } from '../../platform/sessions/sessions.service.ts'
import { onRefundNotice, retryStaleRefunds, STALE_REFUND_AFTER_MS } from './fees.refunds.ts'
import { coupons, orderRefunds, receipts } from './fees.table.ts'

const STD = '/api/fms/finance/feeStandard'
const FEE = '/api/fms/finance/feeOrder'
const COUPON = '/api/ems/basic/coupon'
const ORDER = '/api/fms/finance/order'
const SETTINGS = '/api/bms/develop/config/settings'

describe('fees (缴费): standards, fee orders, pay, coupons, refunds, receipts', () => {
  let t: TestApp
  let finance: Client
  let school: string
  before(async () => {
    t = await buildTestApp()
    finance = (await adminClient(t.app, AdminRole.finance)).client
  })
  after(async () => t.close())

  let n = 0
  /** A student of a school of their own (so bulk raising counts only this test's students). */
  const newStudent = async (overrides: Record<string, unknown> = {}) => studentClient(t.app, { school: school, ...overrides })
  const newSchool = () => (school = `测试大学${process.pid}-${++n}`)
  const standard = async (overrides: Record<string, unknown> = {}) =>
    ok(
      await finance.post(STD, {
        school,
        major: '工商管理',
        level: '本科',
        feeKind: FeeKind.tuition,
        academicYear: '2026-2027',
        name: '2026-2027学年学费',
        amount: 680000,
        ...overrides,
      }),
    )
  const raise = async (studentId: number, body: Record<string, unknown> = {}) =>
    ok(
      await finance.post(
        FEE,
        body.feeStandardId
          ? { studentId, ...body }
          : {
              studentId,
              feeKind: FeeKind.textbook,
              academicYear: '2026-2027',
              items: JSON.stringify([{ name: '教材费', quantity: 4, unitPrice: 4500 }]),
              ...body,
            },
      ),
    )
  const row = async (id: number) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!
  const complete = (orderNo: string, result = 'success') =>
    createClient(t.app).post(`/api/dev/payments/complete?orderNo=${orderNo}&result=${result}`)
  const pay = async (client: Client, id: number) => {
    const started = ok(await client.post(`${ORDER}/payFee`, { id, channel: PayChannel.wechatMini }))
    ok(await complete(started.orderNo))
    return started
  }

  test('finance keeps fee standards; wrong input is refused in Chinese; a 招生老师 reads but cannot write', async () => {
    newSchool()
    const s = await standard({ batchYear: 2026, batch: 1 })
    assert.equal(s.amount, 680000)
    refused(
      await finance.post(STD, { school, major: 'x', level: '本科', feeKind: '学费', academicYear: '2026-2028', name: 'x', amount: 1 }),
      400,
      /学年应为相邻的两年/,
    )
    refused(
      await finance.post(STD, { school, major: 'x', level: '硕士', feeKind: '学费', academicYear: '2026-2027', name: 'x', amount: 1 }),
      400,
      /层次只能是/,
    )
    refused(
      await finance.post(STD, { school, major: 'x', level: '本科', feeKind: '学费', academicYear: '2026-2027', name: 'x', amount: 0 }),
      400,
      /金额不能小于1/,
    )
    refused(
      await finance.post(STD, {
        school,
        major: 'x',
        level: '本科',
        feeKind: '学费',
        academicYear: '2026-2027',
        name: 'x',
        amount: 1,
        batch: 2,
      }),
      400,
      /批次年份/,
    )
    const updated = ok(
      await finance.put(STD, {
        id: s.id,
        school,
        major: '工商管理',
        level: '本科',
        feeKind: '学费',
        academicYear: '2026-2027',
        name: '学费（调整）',
        amount: 690000,
      }),
    )
    assert.equal(updated.batchYear, null)
    const teacher = (await adminClient(t.app, AdminRole.enrollTeacher)).client
    assert.equal(ok(await teacher.get(`${STD}/list`, { school })).total, 1)
    refused(await teacher.post(STD, { school }), 403)
    const { student } = await newStudent()
    await raise(student.id, { feeStandardId: s.id })
    refused(await finance.del(STD, { id: s.id }), 409, '该收费标准已开具缴费单，不能删除')
    const spare = await standard({ name: '备用' })
    ok(await finance.del(STD, { id: spare.id }))
    refused(await finance.del(STD, { id: spare.id }), 404, '收费标准不存在')
  })

  test('a fee order raised singly: the student sees it (unpaid first), another student does not; a standard twice for one year is refused', async () => {
    newSchool()
    const s = await standard()
    const { student, client } = await newStudent()
    const other = await newStudent()
    const tuition = await raise(student.id, { feeStandardId: s.id })
    assert.deepEqual(
      [tuition.feeKind, tuition.academicYear, tuition.amount, tuition.payAmount, tuition.payStatus],
      [FeeKind.tuition, '2026-2027', 680000, 680000, OrderPayStatus.unpaid],
    )
    refused(await finance.post(FEE, { studentId: student.id, feeStandardId: s.id }), 409, '该学员本学年已有此收费标准的缴费单')
    const book = await raise(student.id)
    assert.equal(book.amount, 18000)
    await pay(client, book.id)
    const list = ok(await client.get(`${ORDER}/listFeeForClient`))
    assert.deepEqual(
      list.list.map((o: { id: number; payStatus: string }) => [o.id, o.payStatus]),
      [
        [tuition.id, OrderPayStatus.unpaid],
        [book.id, OrderPayStatus.paid],
      ],
    )
    assert.equal(list.list[0].items[0].name, '2026-2027学年学费')
    assert.equal(ok(await client.get(`${ORDER}/listFeeForClient`, { status: OrderPayStatus.paid })).total, 1)
    refused(await other.client.get(`${ORDER}/detailsForClient`, { id: tuition.id }), 404)
    assert.equal(ok(await other.client.get(`${ORDER}/listFeeForClient`)).total, 0)
    // Home's reminder counts what is still to pay: the tuition, not the paid book; none for the other student.
    assert.equal(ok(await client.get(`${ORDER}/unpaidCountForClient`)).count, 1)
    assert.equal(ok(await other.client.get(`${ORDER}/unpaidCountForClient`)).count, 0)
    const msgs = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, student.accountId), eq(messages.kind, MessageKind.feeOrder)))
    assert.equal(msgs.length, 2)
    refused(await finance.post(FEE, { studentId: student.id }), 400, /请选择费用类型/)
    refused(
      await finance.post(FEE, {
        studentId: 99999999,
        feeKind: '其他',
        academicYear: '2026-2027',
        items: '[{"name":"x","quantity":1,"unitPrice":1}]',
      }),
      404,
      '学员不存在',
    )
    const mismatch = await standard({ major: '会计学' })
    refused(await finance.post(FEE, { studentId: student.id, feeStandardId: mismatch.id }), 422, /不适用于此学员/)
  })

  test('bulk raising makes one order per applicable student; a rerun and a concurrent run make none twice', async () => {
    newSchool()
    const s = await standard({ batchYear: 2026, batch: 1 })
    const a = await newStudent()
    await newStudent()
    await newStudent({ batch: 2 })
    await newStudent({ status: '退学' })
    assert.deepEqual(ok(await finance.post(`${FEE}/bulk`, { feeStandardId: s.id })), { created: 2, skipped: 0 })
    assert.deepEqual(ok(await finance.post(`${FEE}/bulk`, { feeStandardId: s.id })), { created: 0, skipped: 2 })
    await newStudent()
    const runs = await Promise.all([
      finance.post(`${FEE}/bulk`, { feeStandardId: s.id }),
      finance.post(`${FEE}/bulk`, { feeStandardId: s.id }),
    ])
    assert.equal(
      runs.map((r) => ok(r).created).reduce((x: number, y: number) => x + y, 0),
      1,
    )
    assert.equal(ok(await finance.get(`${FEE}/list`, { keyword: a.student.phone })).total, 1)
    const audit = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'feeOrder.bulkCreate'))
    assert.ok(audit.length >= 2)
  })

  test('a notification delivered twice pays once: one receipt with the next SJ number, the capitals, payee and seal from settings', async () => {
    newSchool()
    const admin = (await adminClient(t.app, AdminRole.admin)).client
    ok(await admin.put(SETTINGS, { [SettingKey.receiptPayee]: '浙江学历教育中心', [SettingKey.receiptSeal]: '/files/seal.png' }))
    const { student, client } = await newStudent()
    const order = await raise(student.id)
    const started = ok(await client.post(`${ORDER}/payFee`, { id: order.id, channel: PayChannel.wechatMini }))
    assert.equal(started.amount, 18000)
    const secret = crypto.createHmac('sha256', t.app.config.secret).update('sandbox-pay-notifications').digest('hex')
    const body = JSON.stringify({
      id: `SBX-TWICE-${order.id}`,
      orderNo: order.orderNo,
      amount: 18000,
      result: 'success',
      transactionId: 'T1',
      paidAt: new Date().toISOString(),
      reason: null,
    })
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/fms/finance/payment/notify/sandbox',
        headers: sandboxNotificationHeaders(secret, body),
        payload: body,
      })
    const [first, second] = [await deliver(), await deliver()]
    assert.equal(first.json().data.outcome, 'paid')
    assert.equal(second.json().data.outcome, 'duplicate')
    assert.equal((await complete(order.orderNo)).json().data.payStatus, OrderPayStatus.paid)
    const rs = await t.app.db.select().from(receipts).where(eq(receipts.orderId, order.id))
    assert.equal(rs.length, 1)
    const detail = ok(await client.get(`${ORDER}/detailsForClient`, { id: order.id }))
    assert.equal(detail.receiptId, rs[0]!.id)
    const receipt = ok(await client.get('/api/fms/finance/receipt/detailsForClient', { id: rs[0]!.id }))
    assert.match(receipt.receiptNo, /^SJ\d{8}\d{6}$/)
    assert.deepEqual(
      [receipt.payer, receipt.amount, receipt.amountCapitals, receipt.payee, receipt.seal, receipt.status],
      [student.name, 18000, '壹佰捌拾元整', '浙江学历教育中心', '/files/seal.png', ReceiptStatus.valid],
    )
    assert.deepEqual(receipt.items, [{ name: '教材费', quantity: 4, unitPrice: 4500, amount: 18000 }])
    refused(await (await newStudent()).client.get('/api/fms/finance/receipt/detailsForClient', { id: rs[0]!.id }), 404, '收据不存在')
    // A wrong amount is refused and changes nothing.
    const order2 = await raise(student.id)
    const wrong = JSON.stringify({
      id: 'SBX-WRONG',
      orderNo: order2.orderNo,
      amount: 1,
      result: 'success',
      transactionId: 'T2',
      paidAt: null,
      reason: null,
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fms/finance/payment/notify/sandbox',
      headers: sandboxNotificationHeaders(secret, wrong),
      payload: wrong,
    })
    assert.equal(res.statusCode, 422)
    assert.equal((await row(order2.id)).payStatus, OrderPayStatus.unpaid)
  })

  test('a late notification for a cancelled order marks it paid and refunds it in full automatically', async () => {
    newSchool()
    const { student, client } = await newStudent()
    const order = await raise(student.id)
    const started = ok(await client.post(`${ORDER}/payFee`, { id: order.id, channel: PayChannel.wechatMini }))
    const owed = ok(await client.get(`${ORDER}/unpaidCountForClient`)).count
    const cancelled = ok(await finance.put(`${FEE}/cancel`, { id: order.id, reason: '学员改为线下缴费' }))
    assert.equal(cancelled.payStatus, OrderPayStatus.cancelled)
    assert.equal(ok(await client.get(`${ORDER}/unpaidCountForClient`)).count, owed - 1)
    refused(await client.post(`${ORDER}/payFee`, { id: order.id, channel: PayChannel.wechatMini }), 422, '该订单已取消，无法支付')
    refused(await finance.put(`${FEE}/cancel`, { id: order.id, reason: 'x' }), 409, '只有未支付的缴费单可以取消')
    ok(await complete(started.orderNo))
    const after = await row(order.id)
    assert.equal(after.payStatus, OrderPayStatus.paid)
    assert.equal(after.refunded, 18000)
    const refunds = await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))
    assert.deepEqual(
      refunds.map((r) => [r.amount, r.status, r.reason, r.auto]),
      [[18000, RefundStatus.done, '订单已取消，自动退款', true]],
    )
    assert.equal((await t.app.db.select().from(receipts).where(eq(receipts.orderId, order.id))).length, 0)
    const told = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, student.accountId), eq(messages.kind, MessageKind.feeRefunded)))
    assert.equal(told.length, 1)
    const detail = ok(await client.get(`${ORDER}/detailsForClient`, { id: order.id }))
    assert.equal(detail.refunds[0].status, RefundStatus.done)
  })

  test('coupons: an amount or a rate off one unpaid order, a code once, checked for owner, expiry and state', async () => {
    newSchool()
    const { student, client } = await newStudent()
    const other = await newStudent()
    const future = new Date(Date.now() + 86400_000).toISOString()
    const [amountOff] = ok(await finance.post(COUPON, { code: `AMT-${process.pid}-${n}`, kind: '金额券', value: 10000, expiresAt: future }))
    const [rate] = ok(await finance.post(COUPON, { code: `RATE-${process.pid}-${n}`, kind: '折扣券', value: 85, expiresAt: future }))
    const [huge] = ok(await finance.post(COUPON, { code: `HUGE-${process.pid}-${n}`, kind: '金额券', value: 99999999, expiresAt: future }))
    const [theirs] = ok(
      await finance.post(COUPON, {
        code: `THEIRS-${process.pid}-${n}`,
        kind: '金额券',
        value: 100,
        expiresAt: future,
        studentId: other.student.id,
      }),
    )
    refused(await finance.post(COUPON, { code: amountOff.code, kind: '金额券', value: 1, expiresAt: future }), 409, '优惠券码已存在')
    refused(await finance.post(COUPON, { kind: '折扣券', value: 100, expiresAt: future }), 400, /1-99/)
    refused(await finance.post(COUPON, { kind: '金额券', value: 100, expiresAt: '2000-01-01' }), 400, '有效期须晚于现在')
    const batch = ok(await finance.post(COUPON, { count: 5, kind: '金额券', value: 500, expiresAt: future }))
    assert.equal(new Set(batch.map((c: { code: string }) => c.code)).size, 5)

    const o1 = await raise(student.id)
    const used = ok(await client.post(`${COUPON}/activateForClient`, { code: amountOff.code.toLowerCase(), orderId: o1.id }))
    assert.deepEqual([used.amount, used.discount, used.payAmount], [18000, 10000, 8000])
    refused(await client.post(`${COUPON}/activateForClient`, { code: rate.code, orderId: o1.id }), 422, '该订单已使用优惠券')
    const o2 = await raise(student.id)
    refused(await client.post(`${COUPON}/activateForClient`, { code: amountOff.code, orderId: o2.id }), 422, '该优惠券已被使用')
    refused(await client.post(`${COUPON}/activateForClient`, { code: theirs.code, orderId: o2.id }), 422, '优惠券码不存在')
    refused(await client.post(`${COUPON}/activateForClient`, { code: 'NOPE', orderId: o2.id }), 422, '优惠券码不存在')
    refused(await other.client.post(`${COUPON}/activateForClient`, { code: rate.code, orderId: o2.id }), 404)
    const r = ok(await client.post(`${COUPON}/activateForClient`, { code: rate.code, orderId: o2.id }))
    assert.deepEqual([r.payAmount, r.discount], [15300, 2700])
    const o3 = await raise(student.id, { items: JSON.stringify([{ name: '小额', quantity: 1, unitPrice: 50 }]) })
    assert.equal(ok(await client.post(`${COUPON}/activateForClient`, { code: huge.code, orderId: o3.id })).payAmount, 1)
    // Paying charges what is left; a 支付中 order takes no coupon.
    const started = ok(await client.post(`${ORDER}/payFee`, { id: o1.id, channel: PayChannel.wechatMini }))
    assert.equal(started.amount, 8000)
    const o4 = await raise(student.id)
    ok(await client.post(`${ORDER}/payFee`, { id: o4.id, channel: PayChannel.wechatMini }))
    refused(await client.post(`${COUPON}/activateForClient`, { code: batch[0].code, orderId: o4.id }), 422, '订单支付中，请稍后再试')
    ok(await complete(started.orderNo))
    const paidReceipt = (await t.app.db.select().from(receipts).where(eq(receipts.orderId, o1.id)))[0]!
    assert.equal(paidReceipt.amount, 8000)
    assert.deepEqual(
      (paidReceipt.items as Array<{ name: string; amount: number }>).map((i) => [i.name, i.amount]),
      [
        ['教材费', 18000],
        ['优惠券减免', -10000],
      ],
    )
    // Void, expired, and the console's statuses.
    ok(await finance.put(`${COUPON}/void`, { id: batch[1].id, reason: '发错了' }))
    refused(await finance.put(`${COUPON}/void`, { id: batch[1].id, reason: '再作废' }), 409)
    const o5 = await raise(student.id)
    refused(await client.post(`${COUPON}/activateForClient`, { code: batch[1].code, orderId: o5.id }), 422, '该优惠券已作废')
    await t.app.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.id, batch[2].id))
    refused(await client.post(`${COUPON}/activateForClient`, { code: batch[2].code, orderId: o5.id }), 422, '该优惠券已过期')
    assert.equal(ok(await finance.get(`${COUPON}/list`, { code: batch[2].code })).list[0].status, CouponStatus.expired)
    assert.equal(ok(await finance.get(`${COUPON}/list`, { code: amountOff.code })).list[0].status, CouponStatus.used)
    // Cancelling an order frees its coupon.
    ok(await finance.put(`${FEE}/cancel`, { id: o2.id, reason: '重开' }))
    assert.equal(ok(await finance.get(`${COUPON}/list`, { code: rate.code })).list[0].status, CouponStatus.unused)
  })

  test("a coupon's expiry sent without an offset is the school's time (Asia/Shanghai), not the server's zone", async () => {
    const zone = process.env.TZ
    process.env.TZ = 'UTC'
    try {
      const expiry = async (expiresAt: string) =>
        ok(await finance.post(COUPON, { kind: '金额券', value: 100, expiresAt }))[0].expiresAt as string
      assert.equal(await expiry('2099-12-31 23:59:59'), '2099-12-31T15:59:59.000Z')
      assert.equal(await expiry('2099-12-31T23:59:59'), '2099-12-31T15:59:59.000Z')
      assert.equal(await expiry('2099-12-31T23:59:59Z'), '2099-12-31T23:59:59.000Z')
      for (const expiresAt of ['2099-02-30 10:00', '明年元旦'])
        refused(await finance.post(COUPON, { kind: '金额券', value: 100, expiresAt }), 400, /^有效期格式不正确/)
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  test('refunds: part then the rest through the provider, never above what was paid, told and audited; void and reissue a receipt', async () => {
    newSchool()
    const { student, client } = await newStudent()
    const order = await raise(student.id)
    refused(await finance.post(`${FEE}/refund`, { id: order.id, amount: 100, reason: '退' }), 422, '只有已支付的缴费单可以退款')
    await pay(client, order.id)
    const part = ok(await finance.post(`${FEE}/refund`, { id: order.id, amount: 4500, reason: '少发一本教材' }))
    assert.equal(part.status, RefundStatus.done)
    refused(
      await finance.post(`${FEE}/refund`, { id: order.id, amount: 13501, reason: '退学' }),
      422,
      '退款金额超过可退金额（可退¥135.00）',
    )
    refused(await finance.post(`${FEE}/refund`, { id: order.id, amount: 0, reason: '退学' }), 400, /退款金额不能小于1/)
    refused(await finance.post(`${FEE}/refund`, { id: order.id, amount: 1 }), 400, /请填写退款原因/)
    ok(await finance.post(`${FEE}/refund`, { id: order.id, amount: 13500, reason: '退学' }))
    const detail = ok(await finance.get(`${FEE}/details`, { id: order.id }))
    assert.deepEqual([detail.refunded, detail.refundable, detail.refunds.length], [18000, 0, 2])
    const teacher = (await adminClient(t.app, AdminRole.enrollTeacher)).client
    refused(await teacher.post(`${FEE}/refund`, { id: order.id, amount: 1, reason: 'x' }), 403)
    const told = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, student.accountId), eq(messages.kind, MessageKind.feeRefunded)))
    assert.equal(told.length, 2)
    assert.equal(
      (
        await t.app.db
          .select()
          .from(auditLogs)
          .where(and(eq(auditLogs.action, 'feeOrder.refund'), eq(auditLogs.entityId, String(order.id))))
      ).length,
      2,
    )

    const [receipt] = detail.receipts
    const voided = ok(await finance.put('/api/fms/finance/receipt/void', { id: receipt.id, reason: '抬头有误' }))
    assert.equal(voided.status, ReceiptStatus.voided)
    refused(await finance.put('/api/fms/finance/receipt/void', { id: receipt.id, reason: '再次' }), 409, '该收据已作废')
    const again = ok(await finance.post('/api/fms/finance/receipt/reissue', { id: receipt.id }))
    assert.notEqual(again.receiptNo, receipt.receiptNo)
    assert.deepEqual([again.replacesId, again.status, again.amount], [receipt.id, ReceiptStatus.valid, 18000])
    refused(await finance.post('/api/fms/finance/receipt/reissue', { id: receipt.id }), 409, /已有有效收据/)
    const reissuedFromValid = ok(await finance.post('/api/fms/finance/receipt/reissue', { id: again.id }))
    const all = ok(await finance.get(`${FEE}/details`, { id: order.id })).receipts
    assert.deepEqual(
      all.map((r: { status: string }) => r.status),
      [ReceiptStatus.voided, ReceiptStatus.voided, ReceiptStatus.valid],
    )
    assert.equal(ok(await client.get(`${ORDER}/detailsForClient`, { id: order.id })).receiptId, reissuedFromValid.id)
  })

  test('a refund the provider answered 退款中 is settled by its notification, once', async () => {
    newSchool()
    const { student, client } = await newStudent()
    const order = await raise(student.id)
    await pay(client, order.id)
    const [pending] = await t.app.db
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        refundNo: `RTEST${order.id}`,
        amount: 5000,
        reason: '退学',
        status: RefundStatus.pending,
        provider: 'wechatpay',
      })
      .returning()
    const notice = { db: t.app.db, refundNo: pending!.refundNo, result: 'success' as const, providerRefundId: 'WX-R-1', reason: null }
    await onRefundNotice(notice)
    await onRefundNotice(notice)
    const [after] = await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.id, pending!.id))
    assert.deepEqual([after!.status, after!.providerRefundId], [RefundStatus.done, 'WX-R-1'])
    assert.equal((await row(order.id)).refunded, 5000)
    const [failing] = await t.app.db
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        refundNo: `RTEST${order.id}-2`,
        amount: 1000,
        reason: '退学',
        status: RefundStatus.pending,
        provider: 'wechatpay',
      })
      .returning()
    await onRefundNotice({ ...notice, refundNo: failing!.refundNo, result: 'fail', reason: '退款关闭' })
    const [failed] = await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.id, failing!.id))
    assert.deepEqual([failed!.status, failed!.failReason], [RefundStatus.failed, '退款关闭'])
    assert.equal((await row(order.id)).refunded, 5000)
  })

  test('a refund left 退款中 (the process stopped before asking) is asked again after 2 minutes and settled once', async () => {
    newSchool()
    const { student, client } = await newStudent()
    const order = await raise(student.id)
    await pay(client, order.id)
    const [stuck] = await t.app.db
      .insert(orderRefunds)
      .values({ orderId: order.id, refundNo: `RSTALE${order.id}`, amount: 3000, reason: '退学', status: RefundStatus.pending })
      .returning()
    const mine = async () => (await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.id, stuck!.id)))[0]!
    // Too fresh: it may still be on its way to the provider.
    await retryStaleRefunds({ db: t.app.db, pay: t.app.pay, now: new Date(stuck!.createdAt.getTime() + 60_000) })
    assert.equal((await mine()).status, RefundStatus.pending)
    const later = new Date(stuck!.createdAt.getTime() + STALE_REFUND_AFTER_MS + 1000)
    const [a, b] = await Promise.all([
      retryStaleRefunds({ db: t.app.db, pay: t.app.pay, now: later }),
      retryStaleRefunds({ db: t.app.db, pay: t.app.pay, now: later }),
    ])
    assert.ok(a.asked >= 1 && b.asked >= 1)
    const settled = await mine()
    assert.deepEqual([settled.status, settled.providerRefundId], [RefundStatus.done, `SBXR${stuck!.refundNo}`])
    assert.equal((await row(order.id)).refunded, 3000)
    const told = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, student.accountId), eq(messages.kind, MessageKind.feeRefunded)))
    assert.equal(told.length, 1)
  })

  test('concurrent refunds never add up to more than was paid; concurrent uses of one code: one wins', async () => {
    newSchool()
    const { student, client } = await newStudent()
    const order = await raise(student.id)
    await pay(client, order.id)
    // On PostgreSQL, a second app over a pool of 10 makes the race real; PGlite runs one transaction at a time.
    const { app: race, close } = await openRaceApp(t)
    try {
      const cookie = `${COOKIE_NAMES.admin}=${finance.jar.get(COOKIE_NAMES.admin)}`
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          race.inject({
            method: 'POST',
            url: `${FEE}/refund`,
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
            payload: `id=${order.id}&amount=5000&reason=${encodeURIComponent('并发退款')}`,
          }),
        ),
      )
      assert.equal(results.filter((r) => r.statusCode === 200).length, 3)
      assert.ok(results.every((r) => r.statusCode === 200 || r.statusCode === 422))
      const refunds = await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))
      assert.equal(
        refunds.reduce((x, r) => x + r.amount, 0),
        15000,
      )
      assert.equal((await row(order.id)).refunded, 15000)

      const future = new Date(Date.now() + 86400_000).toISOString()
      const [code] = ok(await finance.post(COUPON, { kind: '金额券', value: 1000, expiresAt: future }))
      const targets = await Promise.all(Array.from({ length: 8 }, () => raise(student.id)))
      const studentCookie = `${COOKIE_NAMES.user}=${client.jar.get(COOKIE_NAMES.user)}`
      const uses = await Promise.all(
        targets.map((o) =>
          race.inject({
            method: 'POST',
            url: `${COUPON}/activateForClient`,
            headers: { cookie: studentCookie, 'content-type': 'application/x-www-form-urlencoded' },
            payload: `code=${code.code}&orderId=${o.id}`,
          }),
        ),
      )
      assert.equal(uses.filter((r) => r.statusCode === 200).length, 1)
      const discounted = (await Promise.all(targets.map((o) => row(o.id)))).filter((o) => o.discount > 0)
      assert.equal(discounted.length, 1)
      // And many codes on one order: one wins.
      const many = ok(await finance.post(COUPON, { count: 6, kind: '金额券', value: 100, expiresAt: future }))
      const one = await raise(student.id)
      const tries = await Promise.all(
        many.map((c: { code: string }) =>
          race.inject({
            method: 'POST',
            url: `${COUPON}/activateForClient`,
            headers: { cookie: studentCookie, 'content-type': 'application/x-www-form-urlencoded' },
            payload: `code=${c.code}&orderId=${one.id}`,
          }),
        ),
      )
      assert.equal(tries.filter((r) => r.statusCode === 200).length, 1)
      assert.equal((await t.app.db.select().from(coupons).where(eq(coupons.orderId, one.id))).length, 1)
    } finally {
      await close()
    }
  })
})

describe('the partner loop closes on money: commission frozen until tuition is paid, clawed back on its refund', () => {
  let t: TestApp
  let finance: Client
  let admin: Client
  before(async () => {
    t = await buildTestApp()
    finance = (await adminClient(t.app, AdminRole.finance)).client
    admin = (await adminClient(t.app, AdminRole.admin)).client
    await insertLevels(t.app, [{ name: '青铜', minDeals: 0, commissionPerDeal: 50000 }])
  })
  after(async () => t.close())

  const dealStudent = async () => {
    const { partner } = await partnerClient(t.app)
    const [clue] = await t.app.db
      .insert(clues)
      .values({ partnerId: partner.id, name: '学员', phone: uniquePhone(), source: ClueSource.partner, status: ClueStatus.following })
      .returning()
    await recordDeal({ db: t.app.db, id: clue!.id, programme: '专升本', amount: 680000, freezeDays: 7 })
    const s = await studentClient(t.app, { clueId: clue!.id, school: `伙伴大学${process.pid}` })
    return { partner, clue: clue!, ...s }
  }
  const commission = async (partnerId: number) =>
    (
      await t.app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.partnerId, partnerId), eq(ledgerEntries.type, LedgerType.commission)))
        .orderBy(desc(ledgerEntries.id))
    )[0]!
  const tuition = async (studentId: number) =>
    ok(
      await finance.post(FEE, {
        studentId,
        feeKind: FeeKind.tuition,
        academicYear: '2026-2027',
        items: JSON.stringify([{ name: '学费', quantity: 1, unitPrice: 680000 }]),
      }),
    )
  const pay = async (client: Client, id: number) => {
    const started = ok(await client.post(`${ORDER}/payFee`, { id, channel: PayChannel.wechatMini }))
    ok(await createClient(t.app).post(`/api/dev/payments/complete?orderNo=${started.orderNo}`))
  }

  test('setting off (the default): the commission has its usual freeze, and a tuition refund leaves it alone', async () => {
    assert.equal(ok(await admin.get(SETTINGS))[SettingKey.commissionUntilTuitionPaid], false)
    const { partner, clue, student, client } = await dealStudent()
    const c = await commission(partner.id)
    assert.ok(c.frozenUntil!.getTime() < Date.now() + 8 * 86400_000)
    const order = await tuition(student.id)
    await pay(client, order.id)
    ok(await finance.post(`${FEE}/refund`, { id: order.id, amount: 680000, reason: '退学' }))
    assert.equal((await t.app.db.select().from(clues).where(eq(clues.id, clue.id)))[0]!.status, ClueStatus.deal)
  })

  test('setting on: frozen with no end until the first tuition is paid, released by that payment, clawed back when it is wholly refunded', async () => {
    ok(await admin.put(SETTINGS, { [SettingKey.commissionUntilTuitionPaid]: true }))
    refused(await finance.put(SETTINGS, { [SettingKey.commissionUntilTuitionPaid]: false }), 403)
    refused(await admin.put(SETTINGS, { [SettingKey.receiptSeal]: 'javascript:alert(1)' }), 400, /https/)
    const { partner, clue, student, client } = await dealStudent()
    assert.equal((await commission(partner.id)).frozenUntil!.getUTCFullYear(), 9999)
    const ledger = createLedgerRepository({ db: t.app.db })
    assert.equal(await ledger.frozen({ partnerId: partner.id, now: new Date() }), 50000)
    // A textbook payment releases nothing.
    const book = ok(
      await finance.post(FEE, {
        studentId: student.id,
        feeKind: FeeKind.textbook,
        academicYear: '2026-2027',
        items: '[{"name":"教材","quantity":1,"unitPrice":100}]',
      }),
    )
    await pay(client, book.id)
    assert.equal((await commission(partner.id)).frozenUntil!.getUTCFullYear(), 9999)
    const order = await tuition(student.id)
    assert.equal(ok(await finance.get(`${FEE}/tuitionOfClue`, { clueId: clue.id })).status, '未缴学费')
    await pay(client, order.id)
    assert.equal(ok(await finance.get(`${FEE}/tuitionOfClue`, { clueId: clue.id })).status, '已缴学费')
    assert.equal(ok(await finance.get(`${FEE}/tuitionOfClue`, { clueId: 99999999 })).status, '无学员')
    assert.ok((await commission(partner.id)).frozenUntil!.getTime() <= Date.now())
    assert.equal(await ledger.frozen({ partnerId: partner.id, now: new Date() }), 0)
    // A part refund keeps it; the rest claws it back (the deal becomes 已退费).
    ok(await finance.post(`${FEE}/refund`, { id: order.id, amount: 80000, reason: '减免' }))
    assert.equal((await t.app.db.select().from(clues).where(eq(clues.id, clue.id)))[0]!.status, ClueStatus.deal)
    ok(await finance.post(`${FEE}/refund`, { id: order.id, amount: 600000, reason: '退学' }))
    assert.equal((await t.app.db.select().from(clues).where(eq(clues.id, clue.id)))[0]!.status, ClueStatus.cancelled)
    const back = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.partnerId, partner.id), eq(ledgerEntries.type, LedgerType.clawback)))
    assert.equal(-back.reduce((x, e) => x + e.amount, 0), 50000)
    const [balance, sum] = await Promise.all([ledger.balance({ partnerId: partner.id }), ledger.sumEntries({ partnerId: partner.id })])
    assert.equal(balance, sum)
    ok(await admin.put(SETTINGS, { [SettingKey.commissionUntilTuitionPaid]: false }))
  })
})
