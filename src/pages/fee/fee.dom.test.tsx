import TestUtils from '@tarojs/test-utils-react'
import { envelope } from '../../request/testing/server'
import { drawn, NOT_STUDENT_REPLY, openAt, studentPageHarness } from '../../testing/student-pages'
import { until } from '../../components/testing'
import FeeIndexPage from './index'
import FeeDetailPage from './detail'
import FeeReceiptPage from './receipt'

// Page events belong to a page host, which a page mounted alone has not.
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  return {
    __esModule: true,
    ...actual,
    default: actual.default ?? actual,
    useDidShow: () => undefined,
    usePullDownRefresh: () => undefined,
    useReachBottom: () => undefined,
  }
})

const LIST = 'GET /api/fms/finance/order/listFeeForClient'
const DETAILS = 'GET /api/fms/finance/order/detailsForClient'
const COUPON = 'POST /api/ems/basic/coupon/activateForClient'
const RECEIPT = 'GET /api/fms/finance/receipt/detailsForClient'

const base = {
  discount: 0,
  refunded: 0,
  cancelledAt: null,
  cancelReason: null,
  failReason: null,
  channel: null,
  courseId: null,
  studentId: 5,
  receiptId: null,
}
const TUITION = {
  ...base,
  id: 11,
  orderNo: '20261126100000123456',
  title: '2026-2027学年学费',
  feeKind: '学费',
  academicYear: '2026-2027',
  amount: 680000,
  payAmount: 680000,
  payStatus: '待支付',
  paidAt: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  items: [{ name: '2026-2027学年学费', quantity: 1, unitPrice: 680000, amount: 680000 }],
}
const BOOKS = {
  ...base,
  id: 12,
  orderNo: '20261120100000654321',
  title: '2026-2027学年教材费',
  feeKind: '教材费',
  academicYear: '2026-2027',
  amount: 36000,
  payAmount: 36000,
  payStatus: '支付成功',
  paidAt: '2026-11-22T02:00:00.000Z',
  createdAt: '2026-11-18T02:00:00.000Z',
  receiptId: 3,
  items: [{ name: '2026-2027学年教材费', quantity: 1, unitPrice: 36000, amount: 36000 }],
}

describe('我的缴费', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it('lists my fee orders as the server orders them (unpaid first), each with its items and amount, and opens one', async () => {
    openAt('/pages/fee/index')
    h.server.on(LIST, (req) => ({
      body: envelope({ list: [TUITION, BOOKS], total: 2, page: Number(req.query.page), size: Number(req.query.size) }),
    }))
    await t.mount(FeeIndexPage)
    await until(() => document.querySelectorAll('.fee-card').length === 2, 'both orders drawn')
    const cards = Array.from(document.querySelectorAll('.fee-card'))
    expect(cards.map((c) => c.querySelector('.fee-card__status')?.textContent)).toEqual(['待支付', '支付成功'])
    expect(cards[0]?.textContent).toContain('学费 · 2026-2027学年')
    expect(cards[0]?.querySelector('.fee-card__amount')?.textContent).toBe('应付 ¥6,800.00')
    expect(cards[1]?.querySelector('.fee-card__amount')?.textContent).toBe('实付 ¥360.00')
    t.fireEvent.click(cards[0] as Element)
    expect(h.navigations).toEqual(['/pages/fee/detail?id=11'])
  })

  it('says so when there is nothing to pay, and when the person is not a student', async () => {
    openAt('/pages/fee/index')
    h.server.on(LIST, () => ({ body: envelope({ list: [], total: 0, page: 1, size: 20 }) }))
    await t.mount(FeeIndexPage)
    expect((await drawn('.app-empty')).textContent).toBe('亲，没有相关内容哦～')
    t.unmout()
    t = new TestUtils()
    h.server.on(LIST, () => NOT_STUDENT_REPLY)
    await t.mount(FeeIndexPage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
  })

  it('uses a coupon code on an unpaid order: the code goes to the server and the order shows what is left to pay', async () => {
    openAt('/pages/fee/detail', { id: '11' })
    let current = { ...TUITION, refunds: [], couponCode: null as string | null }
    h.server.on(DETAILS, () => ({ body: envelope(current) }))
    h.server.on(COUPON, () => {
      current = { ...current, discount: 10000, payAmount: 670000, couponCode: 'DEMO-COUPON-100' }
      return { body: envelope({ orderId: 11, code: 'DEMO-COUPON-100', amount: 680000, discount: 10000, payAmount: 670000 }) }
    })
    await t.mount(FeeDetailPage)
    await drawn('.fee-detail__coupon')
    expect(document.querySelector('.fee-detail__amount')?.textContent).toBe('¥6,800.00')
    // An empty code is refused before asking.
    t.fireEvent.click(document.querySelector('.fee-detail__coupon-apply') as Element)
    await until(
      () => document.querySelector('.fee-detail__coupon .fee-detail__note')?.textContent === '请输入优惠券码',
      'the refusal shown',
    )
    const input = document.querySelector('.fee-detail__coupon-input input') as HTMLInputElement
    t.fireEvent.input(input, { target: { value: 'demo-coupon-100' } } as never)
    t.fireEvent.click(document.querySelector('.fee-detail__coupon-apply') as Element)
    await until(() => document.querySelector('.fee-detail__amount')?.textContent === '¥6,700.00', 'the discounted amount drawn')
    expect(h.server.last(COUPON)?.form).toEqual({ code: 'demo-coupon-100', orderId: '11' })
    expect(document.querySelector('.fee-detail__row--discount')?.textContent).toContain('-¥100.00')
    expect(document.querySelector('.fee-detail__coupon')).toBeNull()
  })

  it('a paid order shows its refunds and opens its receipt', async () => {
    openAt('/pages/fee/detail', { id: '12' })
    h.server.on(DETAILS, () => ({
      body: envelope({
        ...BOOKS,
        refunded: 4500,
        couponCode: null,
        refunds: [{ id: 1, amount: 4500, reason: '少发一本教材', status: '已退款', createdAt: BOOKS.paidAt, doneAt: BOOKS.paidAt }],
      }),
    }))
    await t.mount(FeeDetailPage)
    await drawn('.fee-detail__card')
    await until(() => document.querySelector('.fee-detail__label')?.textContent === '支付成功', 'paid drawn')
    expect(document.body.textContent).toContain('少发一本教材（已退款）')
    const button = Array.from(document.querySelectorAll('.fee-detail__actions *')).find((el) => el.textContent === '查看电子收据')
    t.fireEvent.click(button as Element)
    expect(h.navigations).toEqual(['/pages/fee/receipt?id=3'])
  })

  it('the receipt shows its number, payer, items, the amount in figures and in capitals, and the payee', async () => {
    openAt('/pages/fee/receipt', { id: '3' })
    h.server.on(RECEIPT, () => ({
      body: envelope({
        id: 3,
        receiptNo: 'SJ20261122000001',
        orderId: 12,
        orderNo: BOOKS.orderNo,
        payer: '林小雨',
        items: BOOKS.items,
        amount: 36000,
        amountCapitals: '叁佰陆拾元整',
        paidAt: BOOKS.paidAt,
        payee: '学历教育服务中心',
        seal: null,
        status: '有效',
        voidedAt: null,
        voidReason: null,
        replacesId: null,
        createdAt: BOOKS.paidAt,
      }),
    }))
    await t.mount(FeeReceiptPage)
    const paper = await drawn('.fee-receipt__paper')
    expect(paper.textContent).toContain('No. SJ20261122000001')
    expect(paper.textContent).toContain('交款人：林小雨')
    expect(paper.textContent).toContain('合计（小写）：¥360.00')
    expect(paper.textContent).toContain('合计（大写）：人民币叁佰陆拾元整')
    expect(paper.textContent).toContain('收款单位：学历教育服务中心')
    expect(h.server.last(RECEIPT)?.query).toEqual({ id: '3' })
  })
})
