import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import type { GoodOrder, PointsApplication, PointsSummary, ShopGood } from '../../api/zms/point'
import { countCalls, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import { TRACKS, parcelOf } from '../../testing/textbooks'
import PointsApplyPage from './apply'
import PointsGoodPage from './good'
import PointsIndexPage from './index'
import PointsOrdersPage from './orders'
import PointsShopPage from './shop'

jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const none = () => undefined
  return {
    __esModule: true,
    ...actual,
    default: actual.default ?? actual,
    useDidShow: none,
    usePullDownRefresh: none,
    useReachBottom: none,
  }
})

const SUMMARY = 'GET /api/zms/point/studentPoint/listForClient'
const CHECK_IN = 'POST /api/zms/point/studentPoint/checkIn'
const RECORDS = 'GET /api/fms/cybermoney/pointsRecord/listForClient'
const GOODS = 'GET /api/fms/cybermoney/shopGood/listForClient'
const GOOD = 'GET /api/fms/cybermoney/shopGood/detailsForClient'
const ORDER = 'POST /api/fms/cybermoney/goodOrder/order'
const ORDERS = 'GET /api/fms/cybermoney/goodOrder/listForClient'
const CANCEL = 'PUT /api/fms/cybermoney/goodOrder/cancelForClient'
const EXPRESS = 'GET /api/fms/cybermoney/goodOrder/expressForClient'
const RECEIVED = 'PUT /api/fms/cybermoney/goodOrder/confirmForClient'
const APPLY = 'POST /api/zms/point/studentPointRecord/applyPoint'
const APPLICATIONS = 'GET /api/zms/point/studentPointRecord/listForClient'

const summary = (over: Partial<PointsSummary> = {}): PointsSummary => ({
  balance: 355,
  lifetime: 355,
  level: { id: 1, name: '青铜学员', minPoints: 0 },
  nextLevel: { id: 2, name: '白银学员', minPoints: 500 },
  checkedInToday: false,
  ways: [
    { id: 1, kind: '每日签到', name: '每日签到', points: 5, dailyCap: 1, description: null, doneToday: 0 },
    { id: 5, kind: '线下活动', name: '线下活动', points: 30, dailyCap: 3, description: '上传照片申请', doneToday: 1 },
  ],
  ...over,
})
const good = (over: Partial<ShopGood> = {}): ShopGood => ({
  id: 3,
  kind: '实物',
  name: '帆布书包',
  cover: null,
  coverUrl: null,
  description: '帆布材质',
  points: 200,
  stock: 30,
  sold: 0,
  perPersonLimit: 0,
  courseId: null,
  courseTitle: null,
  status: '上架',
  sort: 10,
  needsAddress: true,
  exchanged: 0,
  ...over,
})
const order = (over: Partial<GoodOrder> = {}): GoodOrder => ({
  id: 11,
  goodId: 3,
  goodName: '帆布书包',
  goodKind: '实物',
  quantity: 1,
  unitPoints: 200,
  totalPoints: 200,
  status: '待发货',
  address: { name: '林小雨', phone: '13900000000', address: '杭州市西湖区文三路1号' },
  expressCompany: null,
  expressNo: null,
  shippedAt: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2026-11-26T02:00:00.000Z',
  parcel: null,
  ...over,
})
const page = <T,>(list: T[]) => envelope({ list, total: list.length, page: 1, size: 20 })

describe('积分 pages', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const type = async (row: string, value: string) =>
    t.fireEvent.input(
      (await drawn(`.user-form__row--${row} input, .user-form__row--${row} textarea`)) as Element,
      { target: { value } } as never,
    )

  it('我的积分: balance, level and the way up, check-in once, the ways of today, records by type', async () => {
    openAt('/pages/points/index')
    let checked = false
    h.server.on(SUMMARY, () => ({ body: envelope(summary(checked ? { balance: 360, lifetime: 360, checkedInToday: true } : {})) }))
    h.server.on(CHECK_IN, () => {
      checked = true
      return { body: envelope({ points: 5, balance: 360 }) }
    })
    h.server.on(RECORDS, (req) => ({
      body: page(
        req.query.type === '兑换'
          ? []
          : [
              {
                id: 2,
                change: 30,
                balanceAfter: 355,
                type: '获得',
                wayKind: '线下活动',
                note: '线下活动：感谢参与',
                createdAt: '2026-11-25T02:00:00.000Z',
              },
              {
                id: 1,
                change: 300,
                balanceAfter: 325,
                type: '人工调整',
                wayKind: null,
                note: '新学员奖励',
                createdAt: '2026-11-24T02:00:00.000Z',
              },
            ],
      ),
    }))
    await t.mount(PointsIndexPage)
    await until(() => document.querySelector('.points-hero__balance')?.textContent === '355', 'the balance drawn')
    expect(document.querySelector('.points-hero__hint')?.textContent).toBe('再获得 145 积分升级为「白银学员」')
    expect(texts('.points-way__today')).toEqual(['今日 0/1', '今日 1/3'])
    await until(() => document.querySelectorAll('.points-record').length === 2, 'the records drawn')
    expect(texts('.points-record__change')).toEqual(['+30', '+300'])

    t.fireEvent.click(document.querySelector('.points-hero__check') as Element)
    await until(() => document.querySelector('.points-hero__balance')?.textContent === '360', 'the balance after the check-in')
    expect(document.querySelector('.points-hero__check')?.textContent).toBe('今日已签到')
    const calls = countCalls()
    t.fireEvent.click(document.querySelector('.points-hero__check') as Element)
    expect(calls.sent(CHECK_IN)).toBe(0)

    const exchanges = Array.from(document.querySelectorAll('.points-tabs__item')).find((e) => e.textContent === '兑换') as Element
    t.fireEvent.click(exchanges)
    await until(() => h.server.last(RECORDS)?.query.type === '兑换', 'the records asked by type')
    await until(() => document.querySelectorAll('.points-record').length === 0, 'no exchange records')
  })

  it('积分商城: listed goods by kind; a good opens its page', async () => {
    openAt('/pages/points/shop')
    h.server.on(SUMMARY, { body: envelope(summary()) })
    h.server.on(GOODS, (req) => ({
      body: page(req.query.kind === '课程券' ? [] : [good(), good({ id: 4, name: '定制保温杯', points: 500, stock: 0 })]),
    }))
    await t.mount(PointsShopPage)
    await until(() => document.querySelectorAll('.shop-good').length === 2, 'the goods drawn')
    expect(texts('.shop-good__stock')).toEqual(['库存 30', '已兑完'])
    expect(document.querySelector('.shop-head__balance')?.textContent).toBe('355')
    t.fireEvent.click(document.querySelector('.shop-good') as Element)
    expect(h.navigations).toEqual(['/pages/points/good?id=3'])
  })

  it("兑换: a shipped good needs the address; confirmed, the exchange goes with exactly the server's fields, then 兑换记录", async () => {
    openAt('/pages/points/good', { id: '3' })
    h.server.on(SUMMARY, { body: envelope(summary()) })
    h.server.on(GOOD, { body: envelope(good()) })
    h.server.on(ORDER, { body: envelope({ order: order(), balance: 155 }) })
    const calls = countCalls()
    await t.mount(PointsGoodPage)
    await drawn('.good-card__name')
    await until(() => document.querySelector('.good-page__balance')?.textContent === '355', 'my balance drawn')

    t.fireEvent.click(document.querySelector('.good-page__submit') as Element)
    await until(() => texts('.user-form__error').length === 3, 'the address is asked for')
    expect(texts('.user-form__error')).toEqual(['请填写收货人', '请填写手机号', '请填写收货地址'])
    expect(calls.sent(ORDER)).toBe(0)

    await type('name', '林小雨')
    await type('phone', '13900000000')
    await type('address', '杭州市西湖区文三路1号')
    t.fireEvent.click(document.querySelector('.good-page__submit') as Element)
    const confirm = await drawn('.app-dialog__confirm')
    expect(document.querySelector('.app-dialog')?.textContent).toContain('使用 200 积分兑换「帆布书包」×1？')
    expect(calls.sent(ORDER)).toBe(0)
    t.fireEvent.click(confirm)
    await until(() => calls.answered(ORDER) === 1, 'the exchange sent')
    expect(h.server.last(ORDER)?.form).toEqual({
      goodId: '3',
      quantity: '1',
      address: JSON.stringify({ name: '林小雨', phone: '13900000000', address: '杭州市西湖区文三路1号' }),
    })
    await until(() => h.navigations.length === 1, 'on to 兑换记录')
    expect(h.navigations).toEqual(['/pages/points/orders'])
  })

  it('兑换: a course voucher sends no address; points short is said before asking', async () => {
    openAt('/pages/points/good', { id: '4' })
    h.server.on(SUMMARY, { body: envelope(summary({ balance: 100 })) })
    h.server.on(GOOD, {
      body: envelope(
        good({ id: 4, kind: '课程券', name: '课程券', points: 800, needsAddress: false, courseId: 7, courseTitle: '大学英语' }),
      ),
    })
    const calls = countCalls()
    await t.mount(PointsGoodPage)
    await drawn('.good-card__name')
    await until(() => document.querySelector('.good-page__balance')?.textContent === '100', 'my balance drawn')
    expect(document.querySelector('.user-form__row--address')).toBeNull()
    t.fireEvent.click(document.querySelector('.good-page__submit') as Element)
    await until(() => texts('.user-form__error--refusal').length === 1, 'the refusal shown')
    expect(texts('.user-form__error--refusal')).toEqual(['积分不足'])
    expect(calls.sent(ORDER)).toBe(0)
  })

  it('兑换记录: only a 待发货 exchange can be cancelled; confirmed, it is cancelled and the list asked again', async () => {
    openAt('/pages/points/orders')
    let cancelled = false
    h.server.on(ORDERS, () => ({
      body: page([
        order(cancelled ? { status: '已取消', cancelReason: '学员取消' } : {}),
        order({ id: 10, status: '已发货', expressCompany: '顺丰速运', expressNo: 'SF1234567890' }),
      ]),
    }))
    h.server.on(CANCEL, () => {
      cancelled = true
      return { body: envelope({ order: order({ status: '已取消' }), balance: 355 }) }
    })
    await t.mount(PointsOrdersPage)
    await until(() => document.querySelectorAll('.points-order').length === 2, 'the exchanges drawn')
    expect(document.querySelectorAll('.points-order__cancel')).toHaveLength(1)
    expect(texts('.points-order__express')).toEqual(['顺丰速运 SF1234567890'])
    t.fireEvent.click(document.querySelector('.points-order__cancel') as Element)
    t.fireEvent.click(await drawn('.app-dialog__confirm'))
    await until(() => h.server.last(CANCEL) !== undefined, 'the cancel sent')
    expect(h.server.last(CANCEL)?.form).toEqual({ id: '11' })
    await until(() => document.querySelectorAll('.points-order__cancel').length === 0, 'the list asked again')
    expect(texts('.points-status')).toEqual(['已取消', '已发货'])
  })

  it('兑换记录: a shipped exchange shows its parcel and timeline; 确认收货 is sent once and the exchange reads 已完成', async () => {
    openAt('/pages/points/orders')
    let received: string | null = null
    const shipped = () =>
      order({
        id: 10,
        status: received ? '已完成' : '已发货',
        expressCompany: '顺丰速运',
        expressNo: 'SF1234567890',
        shippedAt: '2026-11-27T02:00:00.000Z',
        parcel: parcelOf({ id: 9, title: '帆布书包', state: '签收', receivedAt: received }),
      })
    h.server.on(ORDERS, () => ({ body: page([shipped()]) }))
    h.server.on(EXPRESS, { body: envelope({ ...parcelOf({ id: 9 }), tracks: TRACKS }) })
    h.server.on(RECEIVED, () => {
      received = '2026-11-28T04:05:00.000Z'
      return { body: envelope(shipped()) }
    })
    await t.mount(PointsOrdersPage)
    await drawn('.points-order .parcel')
    // The parcel says the carrier and waybill; the bare express line is for exchanges shipped before parcels.
    expect(texts('.points-order__express')).toEqual([])
    expect(texts('.parcel__waybill')).toEqual(['SF1234567890'])
    expect(document.querySelector('.points-order__cancel')).toBeNull()
    t.fireEvent.click(document.querySelector('.parcel__toggle') as Element)
    await until(() => document.querySelectorAll('.parcel-track').length === 2, 'the timeline drawn')
    expect(h.server.last(EXPRESS)?.query).toEqual({ id: '10' })
    t.fireEvent.click(document.querySelector('.parcel__confirm') as Element)
    t.fireEvent.click(await drawn('.app-dialog__confirm'))
    await until(() => texts('.points-status')[0] === '已完成', 'the list asked again')
    expect(h.server.requests.filter((r) => `${r.method} ${r.path}` === RECEIVED).map((r) => r.form)).toEqual([{ id: '10' }])
    expect(texts('.parcel__received')).toEqual(['已确认收货 2026-11-28 12:05'])
  })

  it('积分申请: asks for a description, uploads a photo, sends the keys and lists the application', async () => {
    openAt('/pages/points/apply')
    const mine: PointsApplication[] = []
    h.server.on(SUMMARY, { body: envelope(summary()) })
    h.server.on(APPLICATIONS, () => ({ body: page(mine) }))
    h.server.on(APPLY, () => {
      const a: PointsApplication = {
        id: 7,
        wayId: 5,
        wayName: '线下活动',
        description: '参加读书会',
        images: [],
        status: '待审核',
        points: null,
        note: null,
        reviewedAt: null,
        createdAt: '2026-11-26T02:00:00.000Z',
      }
      mine.push(a)
      return { body: envelope(a) }
    })
    jest.spyOn(Taro, 'chooseImage').mockResolvedValue({ tempFilePaths: ['blob:pic-1'], tempFiles: [], errMsg: 'chooseImage:ok' } as never)
    const uploads: string[] = []
    jest.spyOn(Taro, 'uploadFile').mockImplementation(((options: Taro.uploadFile.Option) => {
      uploads.push(options.url)
      return Promise.resolve({ statusCode: 200, data: JSON.stringify(envelope({ key: 'points/2026/11/s1-abc.png', url: '/files/x' })) })
    }) as never)
    const calls = countCalls()
    await t.mount(PointsApplyPage)
    await until(
      () => document.querySelector('.user-form__row--way .app-picker-field')?.textContent?.includes('线下活动') === true,
      'the only way chosen',
    )

    t.fireEvent.click(document.querySelector('.points-apply__submit') as Element)
    await until(() => texts('.user-form__error').length === 1, 'the description asked for')
    expect(texts('.user-form__error')).toEqual(['请填写申请说明'])
    expect(calls.sent(APPLY)).toBe(0)

    await type('description', '参加读书会')
    t.fireEvent.click(document.querySelector('.image-picker__add') as Element)
    await until(() => document.querySelectorAll('.image-picker__item').length === 1, 'the photo uploaded')
    expect(uploads).toEqual([`${h.server.url}/api/zms/point/studentPointRecord/upload`])
    t.fireEvent.click(document.querySelector('.points-apply__submit') as Element)
    await until(() => calls.answered(APPLY) === 1, 'the application sent')
    expect(h.server.last(APPLY)?.form).toEqual({
      wayId: '5',
      description: '参加读书会',
      images: JSON.stringify(['points/2026/11/s1-abc.png']),
    })
    await until(() => document.querySelectorAll('.points-application').length === 1, 'my application listed')
    expect(texts('.points-status')).toEqual(['待审核'])
  })
})
