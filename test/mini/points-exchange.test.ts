/**
 * Exchanging a good in the compiled weapp against the real back-office (its own process, a fresh
 * embedded database with the demo data): the demo student 林小雨 (355 points) opens the demo
 * 帆布书包 (实物, 200 points) on pages/points/good, fills in the address and confirms; the exchange
 * call carries exactly the server's parameters (goodId, quantity, address as its JSON text), the
 * server spends the points and takes the stock, and the page goes on to 兑换记录.
 * Build first: `npx taro build --type weapp --mode test` (or set WEAPP_DIR).
 */
import { type BackOffice, bindOpenId, httpCall, signInStudentBySms, startBackOffice } from './back-office'
import { hasWeappBuild, installMiniGlobals, loadApp, networkedHost, renderPage, textOf, until, withQuery } from './harness'

/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components and data are untyped */
const OPEN_ID_CODE = 'fake:weapp-points-open-id'
const ORDER = '/api/fms/cybermoney/goodOrder/order'
const BAG = '帆布书包'
const ADDRESS = { name: '林小雨', phone: '13900000000', address: '杭州市西湖区文三路1号' }

interface Envelope<T> {
  code: number
  message: string
  data: T
}

let office: BackOffice | undefined
let backend = ''
let cookie = ''
let page: any
let bag: { id: number; points: number; stock: number }
let balanceBefore = 0
/** The bodies the weapp sent to the exchange call, the server's answers, and where it went next. */
const sent: string[] = []
const answers: string[] = []
const navigations: string[] = []
const fields = (body: string) => Object.fromEntries(new URLSearchParams(body))

async function call<T>(pathAndQuery: string): Promise<T> {
  const res = await httpCall('GET', `${backend}${pathAndQuery}`, undefined, { cookie })
  const body = JSON.parse(res.body) as Envelope<T>
  if (body.code !== 0) throw new Error(`GET ${pathAndQuery}: ${res.body}`)
  return body.data
}

async function fire(selector: string, event: string, detail: Record<string, unknown> = {}) {
  const el = page.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}: ${textOf(page)}`)
  el.dispatchEvent(event, { detail })
  await new Promise((r) => setTimeout(r, 30))
}

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('the weapp build is missing: run `npx taro build --type weapp --mode test` first')
  office = await startBackOffice()
  backend = office.url
  cookie = await bindOpenId(backend, await signInStudentBySms(backend), OPEN_ID_CODE)
  const goods = await call<{ list: Array<{ id: number; name: string; points: number; stock: number }> }>(
    '/api/fms/cybermoney/shopGood/listForClient?size=100',
  )
  const found = goods.list.find((g) => g.name === BAG)
  if (!found) throw new Error(`no demo good ${BAG}`)
  bag = found
  balanceBefore = (await call<{ balance: number }>('/api/zms/point/studentPoint/listForClient')).balance

  const networked = networkedHost(backend)
  networked.host.loginCodes.push(OPEN_ID_CODE)
  const request = networked.overrides.request as (options: never) => unknown
  installMiniGlobals({
    ...networked.overrides,
    request(options: { url: string; data?: unknown; success?: (res: { data: unknown }) => void }) {
      if (new URL(options.url).pathname !== ORDER) return request(options as never)
      sent.push(String(options.data))
      return request({
        ...options,
        success: (res: { data: unknown }) => {
          answers.push(typeof res.data === 'string' ? res.data : JSON.stringify(res.data))
          options.success?.(res)
        },
      } as never)
    },
    redirectTo(options: { url: string; success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      navigations.push(options.url)
      setTimeout(() => {
        options.success?.({ errMsg: 'redirectTo:ok' })
        options.complete?.({ errMsg: 'redirectTo:ok' })
      }, 0)
    },
  })
  jest.spyOn(console, 'warn').mockImplementation(() => {})
  withQuery({ id: String(bag.id) })
  loadApp()
  await until(() => {
    const saved = networked.host.storage.get('activity_mobile_userInfo')
    return typeof saved === 'string' && Boolean(JSON.parse(saved).state?.person)
  }, 30_000)
  page = await renderPage('pages/points/good')
  await until(() => textOf(page).includes(BAG) && textOf(page).includes(String(balanceBefore)), 15_000, 'the good and my balance')
}, 240_000)

afterAll(async () => {
  jest.restoreAllMocks()
  await office?.stop()
})

describe('exchanging a good in the WeChat mini-program', () => {
  it('shows the good, its points and the address form a shipped good needs', () => {
    const text = textOf(page)
    expect(text).toContain(`${bag.points} 积分`)
    expect(text).toContain('收货人')
    expect(text).toContain('收货地址')
  })

  it("confirms, then sends the exchange with exactly the server's parameters; the server spends the points and takes the stock", async () => {
    await fire('.user-form__row--name .app-input__field', 'input', { value: ADDRESS.name })
    await fire('.user-form__row--phone .app-input__field', 'input', { value: ADDRESS.phone })
    await fire('.user-form__row--address .app-input__field', 'input', { value: ADDRESS.address })
    await fire('.good-page__submit', 'tap')
    // Nothing is sent before the person confirms.
    await until(() => textOf(page).includes(`使用 ${bag.points} 积分兑换「${BAG}」×1？`), 5000, 'the confirmation')
    expect(sent).toHaveLength(0)
    await fire('.app-dialog__confirm', 'tap')
    await until(() => answers.length === 1, 15_000, 'the server’s answer to the exchange')
    expect(sent.map(fields)).toEqual([{ goodId: String(bag.id), quantity: '1', address: JSON.stringify(ADDRESS) }])
    const answer = JSON.parse(answers[0]!) as Envelope<{ order: { status: string; totalPoints: number }; balance: number }>
    expect(answer.code).toBe(0)
    expect(answer.data.order.status).toBe('待发货')
    expect(answer.data.balance).toBe(balanceBefore - bag.points)
    await until(() => navigations.length === 1, 5000, 'on to 兑换记录')
    expect(navigations).toEqual(['/pages/points/orders'])

    // Kept by the server for every device.
    const after = await call<{ balance: number }>('/api/zms/point/studentPoint/listForClient')
    expect(after.balance).toBe(balanceBefore - bag.points)
    const good = await call<{ stock: number; exchanged: number }>(`/api/fms/cybermoney/shopGood/detailsForClient?id=${bag.id}`)
    expect(good).toMatchObject({ stock: bag.stock - 1, exchanged: 1 })
    const orders = await call<{ list: Array<{ goodName: string; address: unknown }> }>('/api/fms/cybermoney/goodOrder/listForClient')
    expect(orders.list[0]).toMatchObject({ goodName: BAG, address: ADDRESS })
  })
})
