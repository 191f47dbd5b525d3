/**
 * Issue 44's 我的教材 in the compiled WeChat mini-program, against the real back-office (its own
 * process, a fresh embedded database with the demo data): the office (教务处) publishes the demo's
 * draft mailing 2026年春季教材 to 2026年1期; 林小雨, signed in silently by her bound open id, sees it
 * 待确认 on 我的教材, confirms her address on 收货地址 (the name and phone the server suggests, 浙江省
 * 杭州市 西湖区 from the region picker's three columns, the street), and 我的教材 then shows 已确认 with
 * that address; the server's record holds it too. WeChat itself is the only fake.
 * Build first: `npx taro build --type weapp --mode test` (or set WEAPP_DIR).
 */
import { type BackOffice, httpCall, jsonCall, sessionCall, signInOperator, studentOnBackOffice } from './back-office'
import { installMiniGlobals, loadApp, networkedHost, renderPage, textOf, until, withQuery } from './harness'

/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components and data are untyped */
const OPEN_ID_CODE = 'fake:weapp-textbooks-open-id'
const MAILING = '2026年春季教材'
const STREET = '文三路478号华星科技大厦'

interface ClientRecord {
  id: number
  mailing: { id: number; title: string; addressDeadline: string }
  address: { receiver: string; phone: string; province: string; city: string; district: string | null; street: string } | null
  confirmedAt: string | null
  editable: boolean
  state: string
}

let office: BackOffice | undefined
let backend = ''
let cookie = ''
let page: any
/** 我的教材, open under 收货地址 as it is on a phone. */
let list: any
let record: ClientRecord
const backs: unknown[] = []

/** Fires an event on the first element matching `selector`. */
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

const mine = async () =>
  (await sessionCall<{ list: ClientRecord[] }>(backend, cookie, 'GET', '/api/ems/textbook/record/listForClient')).list.find(
    (r) => r.mailing.title === MAILING,
  )

beforeAll(async () => {
  ;({ office, backend, cookie } = await studentOnBackOffice(OPEN_ID_CODE))
  const networked = networkedHost(backend)
  networked.host.loginCodes.push(OPEN_ID_CODE)
  installMiniGlobals({
    ...networked.overrides,
    // Back from 收货地址 to 我的教材: recorded (the simulator keeps no page stack of its own).
    navigateBack(options: { success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      backs.push(options)
      setTimeout(() => {
        options.success?.({ errMsg: 'navigateBack:ok' })
        options.complete?.({ errMsg: 'navigateBack:ok' })
      }, 0)
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

describe('我的教材 in the WeChat mini-program', () => {
  it('the office publishes the draft mailing: 林小雨 sees it 待确认 with its books and the deadline', async () => {
    const staff = await signInOperator(backend, 'office')
    const drafts = JSON.parse(
      (await httpCall('GET', `${backend}/api/ems/textbook/mail/list?status=${encodeURIComponent('草稿')}`, undefined, { cookie: staff }))
        .body,
    ) as { data: { list: Array<{ id: number; title: string }> } }
    const draft = drafts.data.list.find((m) => m.title === MAILING)
    expect(draft).toBeDefined()
    const published = JSON.parse(
      (await jsonCall('PUT', `${backend}/api/ems/textbook/mail/publish`, { id: draft!.id }, { cookie: staff })).body,
    )
    expect([published.code, published.data.status]).toEqual([0, '已发布'])
    record = (await mine())!
    expect([record.state, record.address, record.editable]).toEqual(['待确认', null, true])

    page = await renderPage('pages/student/textbooks')
    await until(() => Boolean(page.querySelector('.textbook-card')), 15_000, 'the mailing')
    const text = textOf(page)
    expect(text).toContain(MAILING)
    expect(text).toContain('待确认')
    expect(text).toContain('大学英语（二） ×1')
    const [, month, day] = record.mailing.addressDeadline.split('-')
    expect(text).toContain(`请在${Number(month)}月${Number(day)}日前确认收货地址`)
    expect(page.querySelector('.textbook-address__confirm')).toBeTruthy()
  })

  it('confirms her address on 收货地址, the place from the region picker: the server holds it 已确认', async () => {
    withQuery({ id: String(record.id) })
    list = page
    page = await renderPage('pages/student/textbookAddress')
    await until(() => Boolean(page.querySelector('.textbook-form__submit')), 15_000, 'the form')
    // 收件人 and 手机号 are left as the server suggests them (her name and phone).
    await settled()
    // The columns as a finger scrolls them (浙江省, then 杭州市, then 西湖区), then 确定.
    fire('.app-region-picker', 'columnchange', { column: 0, value: 10 })
    await settled()
    fire('.app-region-picker', 'columnchange', { column: 1, value: 0 })
    await settled()
    fire('.app-region-picker', 'columnchange', { column: 2, value: 2 })
    await settled()
    fire('.app-region-picker', 'change', { value: [10, 0, 2] })
    await settled()
    expect(textOf(page.querySelector('.user-form__row--region'))).toContain('浙江省 杭州市 西湖区')
    fire('.textbook-form__street', 'input', { value: STREET })
    await settled()
    fire('.textbook-form__submit', 'tap')
    const deadline = Date.now() + 15_000
    while ((await mine())?.state !== '已确认' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    const confirmed = (await mine())!
    expect(confirmed.state).toBe('已确认')
    expect(confirmed.address).toEqual({
      receiver: '林小雨',
      phone: '13900000000',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      street: STREET,
    })
    expect(confirmed.confirmedAt).not.toBeNull()
    await until(() => backs.length === 1, 5000, 'back to 我的教材')
  })

  it('back on 我的教材, the list asked again shows 已确认 with her address and 修改地址', async () => {
    page.detach()
    page = list
    // WeChat shows the page under the form again.
    page.instance.onShow()
    await until(() => textOf(page.querySelector('.textbook-card__state')) === '已确认', 15_000, '已确认')
    const text = textOf(page)
    expect(text).toContain('林小雨 13900000000')
    expect(text).toContain(`浙江省 杭州市 西湖区 ${STREET}`)
    expect(page.querySelector('.textbook-address__edit')).toBeTruthy()
    expect(page.querySelector('.textbook-address__confirm')).toBeFalsy()
  })
})
