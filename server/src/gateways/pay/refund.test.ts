import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { alipayFixture, wechatPayFixture } from '../../../test/pay-fixtures.ts'
import {
  createAlipayProvider,
  createSandboxPayProvider,
  createWechatPayProvider,
  NotificationRejectedError,
  PayGatewayError,
} from './index.ts'

const request = { orderNo: '20260901100000123456', refundNo: 'R20260901000001', amount: 30000, total: 680000, reason: '退学退费' }

describe('refunds through each provider (the far side played locally)', () => {
  test('the sandbox completes a refund at once', async () => {
    const sandbox = createSandboxPayProvider({ secret: 's', autoCompleteMs: 0, deliver: async () => ({ statusCode: 200, body: '' }) })
    assert.deepEqual(await sandbox.refund(request), { status: 'done', providerRefundId: `SBXR${request.refundNo}` })
  })

  describe('WeChat Pay v3 /v3/refund/domestic/refunds', () => {
    const f = wechatPayFixture()
    const fake = (answer: (sent: Record<string, unknown>) => { status: number; body: Record<string, unknown>; signed?: boolean }) => {
      const seen: Array<{ url: string; body: Record<string, unknown>; authorization: string }> = []
      const fetchImpl = (async (url: string, init: RequestInit) => {
        const sent = JSON.parse(String(init.body)) as Record<string, unknown>
        seen.push({ url, body: sent, authorization: String((init.headers as Record<string, string>).authorization) })
        const a = answer(sent)
        const text = JSON.stringify(a.body)
        return new Response(text, {
          status: a.status,
          headers: { 'content-type': 'application/json', ...(a.signed === false ? {} : f.platformHeaders(text)) },
        })
      }) as unknown as typeof fetch
      return { seen, provider: createWechatPayProvider({ config: f.config, fetchImpl }) }
    }

    test('a signed request names the order, the refund number and both amounts; SUCCESS is done, PROCESSING pending', async () => {
      const { seen, provider } = fake((sent) => ({
        status: 200,
        body: { refund_id: '50000000382019052709732678859', out_refund_no: sent.out_refund_no, status: 'SUCCESS' },
      }))
      assert.deepEqual(await provider.refund(request), { status: 'done', providerRefundId: '50000000382019052709732678859' })
      assert.equal(seen[0]!.url, 'https://api.mch.weixin.qq.com/v3/refund/domestic/refunds')
      assert.deepEqual(seen[0]!.body, {
        out_trade_no: request.orderNo,
        out_refund_no: request.refundNo,
        reason: request.reason,
        notify_url: f.config.notifyUrl,
        amount: { refund: 30000, total: 680000, currency: 'CNY' },
      })
      assert.match(seen[0]!.authorization, /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",/)
      const processing = fake((sent) => ({
        status: 200,
        body: { refund_id: 'r2', out_refund_no: sent.out_refund_no, status: 'PROCESSING' },
      }))
      assert.deepEqual(await processing.provider.refund(request), { status: 'pending', providerRefundId: 'r2' })
    })

    test("a verified REFUND.* notification is read as the refund's outcome; another merchant's is rejected", async () => {
      const provider = createWechatPayProvider({ config: f.config })
      const refund = (status: string, mchid = f.config.mchId) => ({
        mchid,
        out_trade_no: request.orderNo,
        transaction_id: '4200000000000000000000000001',
        out_refund_no: request.refundNo,
        refund_id: '50000000382019052709732678859',
        refund_status: status,
        amount: { total: 680000, refund: 30000, payer_total: 680000, payer_refund: 30000 },
      })
      const read = (resource: Record<string, unknown>, eventType: string) => {
        const body = f.notificationBody(resource, { eventType })
        return provider.parseNotification({ headers: f.platformHeaders(body), body })
      }
      const done = await read(refund('SUCCESS'), 'REFUND.SUCCESS')
      assert.deepEqual(done, {
        kind: 'refund',
        notificationId: done.notificationId,
        orderNo: request.orderNo,
        refundNo: request.refundNo,
        result: 'success',
        providerRefundId: '50000000382019052709732678859',
        reason: null,
      })
      const closed = await read(refund('CLOSED'), 'REFUND.CLOSED')
      assert.ok(closed.kind === 'refund' && closed.result === 'fail' && closed.reason === '退款关闭')
      await assert.rejects(read(refund('SUCCESS', '1900000999'), 'REFUND.SUCCESS'), NotificationRejectedError)
    })

    test('a refusal is definite; an unsigned answer or a server error leaves the outcome unknown', async () => {
      const refused = fake(() => ({ status: 403, body: { code: 'NOT_ENOUGH', message: '基本账户余额不足' } }))
      await assert.rejects(
        refused.provider.refund(request),
        (e: unknown) => e instanceof PayGatewayError && e.refused?.code === 'NOT_ENOUGH',
      )
      const closed = fake((sent) => ({ status: 200, body: { refund_id: 'r3', out_refund_no: sent.out_refund_no, status: 'CLOSED' } }))
      await assert.rejects(closed.provider.refund(request), (e: unknown) => e instanceof PayGatewayError && e.refused?.code === 'CLOSED')
      const unsigned = fake((sent) => ({ status: 200, body: { out_refund_no: sent.out_refund_no, status: 'SUCCESS' }, signed: false }))
      await assert.rejects(unsigned.provider.refund(request), (e: unknown) => e instanceof PayGatewayError && e.refused === undefined)
      const down = fake(() => ({ status: 500, body: { code: 'SYSTEM_ERROR', message: '系统错误' } }))
      await assert.rejects(down.provider.refund(request), (e: unknown) => e instanceof PayGatewayError && e.refused === undefined)
    })
  })

  describe('Alipay alipay.trade.refund', () => {
    let f: Awaited<ReturnType<typeof alipayFixture>>
    before(async () => {
      f = await alipayFixture()
    })
    after(async () => f.close())
    const fake = (result: (biz: Record<string, unknown>) => Record<string, unknown>) => {
      const seen: Array<{ params: Record<string, string>; biz: Record<string, unknown> }> = []
      const fetchImpl = (async (_url: string, init: RequestInit) => {
        const params = Object.fromEntries(new URLSearchParams(String(init.body)))
        const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>
        seen.push({ params, biz })
        const raw = JSON.stringify(result(biz))
        const sign = crypto.sign('sha256', Buffer.from(raw), f.alipay.privateKey).toString('base64')
        return new Response(`{"alipay_trade_refund_response":${raw},"sign":"${sign}"}`, { status: 200 })
      }) as unknown as typeof fetch
      return { seen, provider: createAlipayProvider({ config: f.config, fetchImpl }) }
    }

    test('a signed request in yuan with the request number; a signed success is done', async () => {
      const { seen, provider } = fake((biz) => ({
        code: '10000',
        msg: 'Success',
        out_trade_no: biz.out_trade_no,
        trade_no: '2026090122001400000000000001',
        refund_fee: biz.refund_amount,
        fund_change: 'Y',
      }))
      assert.deepEqual(await provider.refund(request), { status: 'done', providerRefundId: '2026090122001400000000000001' })
      assert.equal(seen[0]!.params.method, 'alipay.trade.refund')
      assert.deepEqual(seen[0]!.biz, {
        out_trade_no: request.orderNo,
        refund_amount: '300.00',
        out_request_no: request.refundNo,
        refund_reason: request.reason,
      })
    })

    test('a business refusal is definite', async () => {
      const { provider } = fake(() => ({
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
        sub_msg: '退款金额超限',
      }))
      await assert.rejects(
        provider.refund(request),
        (e: unknown) => e instanceof PayGatewayError && e.refused?.code === 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
      )
    })
  })
})
