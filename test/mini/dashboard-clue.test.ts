/**
 * 招生线索 in the compiled WeChat mini-program against the real back-office: the server started
 * in its own process over a fresh embedded database with the demo data, the simulator's wx.request
 * made real HTTP by networkedHost. The device already holds the demo partner's session (cookie and
 * user in local storage, as after a login). Build first:
 * `TARO_OUTPUT_ROOT=/tmp/weapp-dash npx taro build --type weapp --mode test`, then run with
 * `WEAPP_DIR=/tmp/weapp-dash`.
 */
import { type BackOffice, signedInDevice, startBackOffice } from './back-office'
import {
  hasWeappBuild,
  installMiniGlobals,
  loadApp,
  networkedHost,
  renderPage,
  simulate,
  textOf,
  until,
  type NetworkedHost,
} from './harness'

/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's component wrappers are untyped */
type Comp = any

const CLUE_LIST = '/api/ems/partner/clue/list'

let office: BackOffice | undefined
let backend = ''
let host: NetworkedHost
let page: Comp

const listCalls = () => host.requests.filter((r) => new URL(r.url).pathname === CLUE_LIST)
const texts = (selector: string): string[] => (page.querySelectorAll(selector) as Comp[]).map((c) => (c.dom?.textContent ?? '').trim())

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('the weapp build is missing: run `npx taro build --type weapp --mode test` first')
  office = await startBackOffice()
  backend = office.url
  const networked = networkedHost(backend)
  host = networked.host
  await signedInDevice(backend, host.storage)
  installMiniGlobals(networked.overrides)
  // This host hands out no wx.login code, so the launch-time open-id login logs that it did not
  // run; the stored session is what signs the partner in here.
  jest.spyOn(console, 'warn').mockImplementation(() => {})
  loadApp()
  page = await renderPage('pages/tabBar/clue')
  await until(() => textOf(page).includes('共 10 条'), 20_000)
}, 240_000)

afterAll(async () => {
  jest.restoreAllMocks()
  await office?.stop()
})

describe('招生线索 in the weapp build', () => {
  it("renders the demo partner's clues with masked phones, their statuses and the end of the list", () => {
    const phones = texts('.clue-item__phone')
    expect(phones).toHaveLength(10)
    for (const phone of phones) expect(phone).toMatch(/^137\*{4}\d{4}$/)
    expect(new Set(texts('.clue-item__status'))).toEqual(new Set(['待跟进', '跟进中', '已成交', '无效']))
    expect(texts('.clue-item__name')[0]).toBe('吴刚')
    const text = textOf(page)
    for (const words of ['招生线索', '登记新线索', '全部', '待跟进', '跟进中', '已成交', '无效', '没有更多了'])
      expect(text).toContain(words)
  })

  it('asked the back-office for the first page with the stored session cookie', () => {
    const [first] = listCalls()
    expect(first).toBeDefined()
    const url = new URL(first!.url)
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', size: '10' })
    expect(first!.header?.cookie ?? first!.header?.Cookie).toMatch(/sid=/)
  })

  it('lists only the deals after a tap on 已成交', async () => {
    const tab = (page.querySelectorAll('.filter-bar__tab') as Comp[]).find((c) => (c.dom?.textContent ?? '').trim() === '已成交')
    expect(tab).toBeDefined()
    tab.dispatchEvent('tap')
    await until(() => textOf(page).includes('共 4 条'), 10_000)
    await simulate.sleep(50)
    expect(new Set(texts('.clue-item__status'))).toEqual(new Set(['已成交']))
    expect(new URL(listCalls().at(-1)!.url).searchParams.get('status')).toBe('已成交')
  })
})
