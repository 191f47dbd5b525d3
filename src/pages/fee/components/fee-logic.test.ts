import { OrderPayStatus } from '@activity/wire'
import { amountLine, canUseCoupon, couponRefusal, drawReceipt, receiptFileName, receiptPlan, toneOf } from './fee-logic'

const RECEIPT = {
  receiptNo: 'SJ20261126000001',
  payer: '林小雨',
  items: [
    { name: '2026-2027学年教材费', quantity: 1, amount: 36000 },
    { name: '练习册', quantity: 2, amount: 3000 },
  ],
  amount: 39000,
  amountCapitals: '叁佰玖拾元整',
  paidAt: '2026-11-25T16:30:00.000Z',
  payee: '学历教育服务中心',
  seal: null,
  status: '有效',
}

describe('fee pages: what a student sees of a fee order', () => {
  test('statuses have their tone; coupons go on unpaid orders without one', () => {
    expect(toneOf(OrderPayStatus.unpaid)).toBe('due')
    expect(toneOf(OrderPayStatus.cancelled)).toBe('cancelled')
    expect(canUseCoupon({ payStatus: OrderPayStatus.unpaid, discount: 0 })).toBe(true)
    expect(canUseCoupon({ payStatus: OrderPayStatus.failed, discount: 0 })).toBe(true)
    expect(canUseCoupon({ payStatus: OrderPayStatus.paying, discount: 0 })).toBe(false)
    expect(canUseCoupon({ payStatus: OrderPayStatus.unpaid, discount: 100 })).toBe(false)
    expect(couponRefusal(' ')).toBe('请输入优惠券码')
    expect(couponRefusal('a b')).toBe('优惠券码为4-32位字母、数字或-')
    expect(couponRefusal('DEMO-COUPON-100')).toBeNull()
    expect(amountLine({ amount: 680000, payAmount: 680000 })).toBe('¥6,800.00')
    expect(amountLine({ amount: 680000, payAmount: 670000 })).toBe('¥6,700.00（原价 ¥6,800.00）')
  })

  test('the receipt picture carries the number, payer, Shanghai date, items, both amounts and the payee', () => {
    const { steps, height } = receiptPlan(RECEIPT)
    const texts = steps.flatMap((s) => (s.kind === 'text' ? [s.text] : []))
    expect(texts).toEqual(
      expect.arrayContaining([
        'No. SJ20261126000001',
        '交款人：林小雨',
        '2026年11月26日',
        '2026-2027学年教材费',
        '练习册 ×2',
        '合计（小写）：¥390.00',
        '合计（大写）：人民币叁佰玖拾元整',
        '收款单位：学历教育服务中心',
      ]),
    )
    expect(steps.some((s) => s.kind === 'seal' && !s.image)).toBe(true)
    expect(height).toBeGreaterThan(300)
    expect(receiptPlan({ ...RECEIPT, status: '已作废' }).steps.some((s) => s.kind === 'text' && s.text === '（已作废）')).toBe(true)
    expect(receiptFileName(RECEIPT.receiptNo)).toBe('收据SJ20261126000001.png')
  })

  test('drawing calls the context for every step and draws a ring when there is no seal picture', () => {
    const calls: string[] = []
    const ctx = new Proxy({} as Record<string, unknown>, {
      get: (target, key: string) => (key in target ? target[key] : (...args: unknown[]) => calls.push(`${key}(${args.length})`)),
      set: (target, key: string, value) => ((target[key] = value), true),
    })
    drawReceipt(ctx as never, receiptPlan(RECEIPT).steps, null)
    expect(calls.filter((c) => c.startsWith('fillText')).length).toBeGreaterThan(10)
    expect(calls).toContain('arc(5)')
    calls.length = 0
    drawReceipt(ctx as never, receiptPlan(RECEIPT).steps, {})
    expect(calls).toContain('drawImage(5)')
  })
})
