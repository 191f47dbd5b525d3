/**
 * Issue 25's "done when" in the compiled WeChat mini-program, against the real back-office (its
 * own process, a fresh embedded database with the demo data, the sandbox pay provider that
 * confirms a payment 3 s after it starts): the demo student 林小雨
 * - pays her unpaid 学费 order: payFee asks for wechat-mini; the sandbox provider needs no pay sheet
 *   (fee-pay.test.ts checks wx.requestPayment against a WeChat Pay answer); the order reads 支付成功
 *   only once the provider's notification says so; then she opens its 电子收据;
 * - earns points (每日签到) and spends them: the 帆布书包 exchange sends exactly the server's
 *   parameters, and the server spends the points and takes the stock;
 * - signs up for a night class starting in ten minutes and checks in by scanning its QR code: the
 *   camera scanner opens for QR codes and checkInForClient carries exactly the code's c and t.
 * WeChat's camera is the fake far side; everything else is the product.
 * Build first: `npx taro build --type weapp --mode test` (or set WEAPP_DIR).
 */
import { type BackOffice, jsonCall, signInOperator, sessionCall, studentOnBackOffice } from './back-office'
import { installMiniGlobals, loadApp, networkedHost, renderPage, textOf, until, withQuery } from './harness'

/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components and data are untyped */
const OPEN_ID_CODE = 'fake:weapp-campus-open-id'
const PAY_FEE = '/api/fms/finance/order/payFee'
const EXCHANGE = '/api/fms/cybermoney/goodOrder/order'
const CHECK_IN = '/api/cms/night/nightAttendance/checkInForClient'
const BAG = '帆布书包'
const ADDRESS = { name: '林小雨', phone: '13900000000', address: '杭州市西湖区文三路1号' }
const NIGHT_TITLE = '夜校小程序签到课'

interface Envelope<T> {
  code: number
  message: string
  data: T
}

let office: BackOffice | undefined
let backend = ''
let cookie = ''
let page: any
/** What the weapp sent to the calls watched, and what the server answered, by path. */
const sent: Record<string, string[]> = {}
const answers: Record<string, string[]> = {}
const payments: Array<Record<string, unknown>> = []
const scans: Array<Record<string, unknown>> = []
const navigations: string[] = []
let scanned = ''
const fields = (body: string) => Object.fromEntries(new URLSearchParams(body))

const call = <T>(pathAndQuery: string) => sessionCall<T>(backend, cookie, 'GET', pathAndQuery)

/** Fires a tap or an input on the first element matching `selector`. */
function fire(selector: string, event: string, detail: Record<string, unknown> = {}) {
  const el = page.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}: ${textOf(page)}`)
  el.dispatchEvent(event, { detail })
}

/** Waits until the page has drawn what the last events changed (its markup stops changing), not a fixed time. */
async function settled(): Promise<void> {
  let before = ''
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 20))
    const now: string = page.dom?.innerHTML ?? ''
    if (now === before) return
    before = now
  }
}

/** Calls a WeChat API's success and complete callbacks on the next turn, as WeChat does. */
function answerLater(options: { success?: (r: unknown) => void; complete?: (r: unknown) => void }, res: unknown) {
  setTimeout(() => {
    options.success?.(res)
    options.complete?.(res)
  }, 0)
}

beforeAll(async () => {
  ;({ office, backend, cookie } = await studentOnBackOffice(OPEN_ID_CODE))

  const networked = networkedHost(backend)
  networked.host.loginCodes.push(OPEN_ID_CODE)
  const request = networked.overrides.request as (options: never) => unknown
  installMiniGlobals({
    ...networked.overrides,
    request(options: { url: string; data?: unknown; success?: (res: { data: unknown }) => void }) {
      const path = new URL(options.url).pathname
      if (![PAY_FEE, EXCHANGE, CHECK_IN].includes(path)) return request(options as never)
      ;(sent[path] ??= []).push(String(options.data))
      return request({
        ...options,
        success: (res: { data: unknown }) => {
          ;(answers[path] ??= []).push(typeof res.data === 'string' ? res.data : JSON.stringify(res.data))
          options.success?.(res)
        },
      } as never)
    },
    // WeChat's pay sheet: not opened for the sandbox provider.
    requestPayment(options: Record<string, unknown> & { success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      payments.push(options)
      answerLater(options, { errMsg: 'requestPayment:ok' })
    },
    // WeChat's scanner: the person points the camera at the class's printed code.
    scanCode(options: Record<string, unknown> & { success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      const { success: _s, fail: _f, complete: _c, ...args } = options
      scans.push(args)
      answerLater(options, { result: scanned, scanType: 'QR_CODE', charSet: 'utf-8', path: '', rawData: '', errMsg: 'scanCode:ok' })
    },
    navigateTo(options: { url: string; success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      navigations.push(options.url)
      answerLater(options, { errMsg: 'navigateTo:ok' })
    },
    redirectTo(options: { url: string; success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      navigations.push(options.url)
      answerLater(options, { errMsg: 'redirectTo:ok' })
    },
  })
  jest.spyOn(console, 'warn').mockImplementation(() => {})
  loadApp()
  await until(() => {
    const saved = networked.host.storage.get('activity_mobile_userInfo')
    return typeof saved === 'string' && Boolean(JSON.parse(saved).state?.person)
  }, 30_000)
}, 240_000)

afterAll(async () => {
  jest.restoreAllMocks()
  await office?.stop()
})

describe('the student pays a tuition order and opens its receipt in the WeChat mini-program', () => {
  let order: { id: number; payAmount: number; title: string }

  it('pays with the wechat-mini channel; 支付中 until the provider has told the server, then 支付成功', async () => {
    const fees = await call<{ list: Array<{ id: number; payStatus: string; feeKind: string; payAmount: number; title: string }> }>(
      '/api/fms/finance/order/listFeeForClient',
    )
    const unpaid = fees.list.find((o) => o.payStatus === '待支付' && o.feeKind === '学费')
    if (!unpaid) throw new Error(`no unpaid demo tuition: ${JSON.stringify(fees.list)}`)
    order = unpaid
    withQuery({ id: String(order.id) })
    page = await renderPage('pages/fee/detail')
    await until(() => Boolean(page.querySelector('.fee-detail__pay')), 15_000, 'the pay button')
    expect(textOf(page)).toContain(order.title)

    fire('.fee-detail__pay', 'tap')
    await until(() => textOf(page).includes('支付中'), 15_000, '支付中 once the button is pressed')
    await until(() => answers[PAY_FEE]?.length === 1, 15_000, 'the server’s answer to payFee')
    expect(sent[PAY_FEE]?.map(fields)).toEqual([{ id: String(order.id), channel: 'wechat-mini' }])
    const started = JSON.parse(answers[PAY_FEE]![0]!) as Envelope<{ provider: string; payStatus: string }>
    expect(started.code).toBe(0)
    expect(started.data).toMatchObject({ provider: 'sandbox', payStatus: '支付中' })
    expect(payments).toHaveLength(0)
    await until(() => textOf(page).includes('支付成功'), 30_000, 'the provider’s notification, read back by payStatus')
    const paid = await call<{ payStatus: string; receiptId: number | null }>(`/api/fms/finance/order/detailsForClient?id=${order.id}`)
    expect(paid.payStatus).toBe('支付成功')
    expect(paid.receiptId).not.toBeNull()
  })

  it('opens the receipt: its number, the payer and the amount in figures and in capitals', async () => {
    await until(() => Boolean(page.querySelector('.fee-detail__receipt')), 15_000, 'the 查看电子收据 button')
    fire('.fee-detail__receipt', 'tap')
    await until(() => navigations.some((u) => u.startsWith('/pages/fee/receipt?id=')), 5000, 'on to the receipt')
    const id = new URLSearchParams(navigations.find((u) => u.startsWith('/pages/fee/receipt?id='))!.split('?')[1]).get('id')!
    withQuery({ id })
    page = await renderPage('pages/fee/receipt')
    await until(() => /No\. SJ\d{14}/.test(textOf(page)), 15_000, 'the receipt')
    expect(textOf(page)).toContain('交款人：林小雨')
    expect(textOf(page)).toContain('合计（大写）：人民币')
  })
})

describe('the student earns and spends points in the WeChat mini-program', () => {
  let balance = 0

  it('checks in for the day (每日签到) and the balance grows by its points', async () => {
    balance = (await call<{ balance: number }>('/api/zms/point/studentPoint/listForClient')).balance
    page = await renderPage('pages/points/index')
    await until(() => /签到 \+\d+/.test(textOf(page)), 15_000, 'the 签到 button')
    const points = Number(/签到 \+(\d+)/.exec(textOf(page))![1])
    fire('.points-hero__check', 'tap')
    await until(() => textOf(page).includes('今日已签到'), 15_000, 'checked in today')
    const after = (await call<{ balance: number }>('/api/zms/point/studentPoint/listForClient')).balance
    expect(after).toBe(balance + points)
    balance = after
  })

  it("exchanges the 帆布书包 with exactly the server's parameters; the server spends the points and takes the stock", async () => {
    const goods = await call<{ list: Array<{ id: number; name: string; points: number; stock: number }> }>(
      '/api/fms/cybermoney/shopGood/listForClient?size=100',
    )
    const bag = goods.list.find((g) => g.name === BAG)
    if (!bag) throw new Error(`no demo good ${BAG}`)
    withQuery({ id: String(bag.id) })
    page = await renderPage('pages/points/good')
    await until(() => textOf(page).includes(BAG) && textOf(page).includes('收货地址'), 15_000, 'the good and the address form')
    fire('.user-form__row--name .app-input__field', 'input', { value: ADDRESS.name })
    fire('.user-form__row--phone .app-input__field', 'input', { value: ADDRESS.phone })
    fire('.user-form__row--address .app-input__field', 'input', { value: ADDRESS.address })
    await settled()
    fire('.good-page__submit', 'tap')
    // Nothing is sent before the person confirms.
    await until(() => textOf(page).includes(`使用 ${bag.points} 积分兑换「${BAG}」×1？`), 5000, 'the confirmation')
    expect(sent[EXCHANGE]).toBeUndefined()
    fire('.app-dialog__confirm', 'tap')
    await until(() => answers[EXCHANGE]?.length === 1, 15_000, 'the server’s answer to the exchange')
    expect(sent[EXCHANGE]!.map(fields)).toEqual([{ goodId: String(bag.id), quantity: '1', address: JSON.stringify(ADDRESS) }])
    const answer = JSON.parse(answers[EXCHANGE]![0]!) as Envelope<{ order: { status: string }; balance: number }>
    expect(answer.code).toBe(0)
    expect(answer.data.order.status).toBe('待发货')
    expect(answer.data.balance).toBe(balance - bag.points)
    await until(() => navigations.includes('/pages/points/orders'), 5000, 'on to 兑换记录')

    expect((await call<{ balance: number }>('/api/zms/point/studentPoint/listForClient')).balance).toBe(balance - bag.points)
    const good = await call<{ stock: number; exchanged: number }>(`/api/fms/cybermoney/shopGood/detailsForClient?id=${bag.id}`)
    expect(good).toMatchObject({ stock: bag.stock - 1, exchanged: 1 })
    const orders = await call<{ list: Array<{ goodName: string; address: unknown }> }>('/api/fms/cybermoney/goodOrder/listForClient')
    expect(orders.list[0]).toMatchObject({ goodName: BAG, address: ADDRESS })
  })
})

describe('the student signs up for a night class and checks in by scanning its code in the WeChat mini-program', () => {
  let cls: { id: number; checkInUrl: string }

  it('signs up for a class starting in ten minutes', async () => {
    const teacher = await signInOperator(backend, 'teacher')
    const startsAt = new Date(Date.now() + 10 * 60_000)
    const created = await jsonCall(
      'POST',
      `${backend}/api/cms/night/nightClass`,
      {
        title: NIGHT_TITLE,
        subject: '会计学',
        teacher: '王老师',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * 3600_000).toISOString(),
        place: '文三路 88 号 301 教室',
        capacity: 30,
        description: '请带上计算器。',
        published: true,
      },
      { cookie: teacher },
    )
    const body = JSON.parse(created.body) as Envelope<{ id: number; checkInUrl: string }>
    if (body.code !== 0) throw new Error(`creating the class: ${created.body}`)
    cls = body.data
    withQuery({ id: String(cls.id) })
    page = await renderPage('pages/night/detail')
    await until(() => Boolean(page.querySelector('.night-actions__sign-up')), 15_000, 'the 立即报名 button')
    expect(textOf(page)).toContain(NIGHT_TITLE)
    fire('.night-actions__sign-up', 'tap')
    await until(() => Boolean(page.querySelector('.night-actions__scan')), 15_000, 'signed up, the check-in open: 扫码签到')
    expect((await call<{ signedUp: boolean }>(`/api/cms/night/nightClass/detailsForClient?id=${cls.id}`)).signedUp).toBe(true)
  })

  it('scans the class’s QR code: the camera scanner for QR codes, and exactly the c and t of the code sent', async () => {
    scanned = cls.checkInUrl
    const code = new URL(cls.checkInUrl)
    expect(code.pathname).toBe('/pages/night/checkIn')
    fire('.night-actions__scan', 'tap')
    await until(() => answers[CHECK_IN]?.length === 1, 15_000, 'the server’s answer to the check-in')
    expect(scans).toEqual([{ onlyFromCamera: true, scanType: ['qrCode'] }])
    expect(sent[CHECK_IN]!.map(fields)).toEqual([{ classId: code.searchParams.get('c'), token: code.searchParams.get('t') }])
    expect((JSON.parse(answers[CHECK_IN]![0]!) as Envelope<{ way: string }>).data.way).toBe('扫码签到')
    await until(() => textOf(page).includes('已签到 · 扫码签到'), 15_000, 'the attendance shown')
    expect(page.querySelector('.night-actions__scan')).toBeFalsy()
  })
})
