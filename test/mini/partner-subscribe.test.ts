/**
 * WeChat subscribe messages in the compiled weapp against the real back-office (its own process,
 * a fresh embedded database with the demo data, local template ids): adding a clue first asks
 * `wx.requestSubscribeMessage` for exactly the template ids the server configured (clue, then
 * commission), in the tap, before the clue is sent; the ids the partner accepted (and only those)
 * go to the server. Build first: `npx taro build --type weapp` (or set WEAPP_DIR).
 */
import { type BackOffice, httpCall, signedInDevice, startBackOffice } from './back-office'
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

let office: BackOffice | undefined
let backend = ''
let host: NetworkedHost
let page: Comp
let cookie = ''
/** What happened, in order: the subscribe requests WeChat was asked and the back-office calls. */
const events: string[] = []
const subscribeAsks: Array<Record<string, unknown>> = []

async function fire(selector: string, event: string, detail: Record<string, unknown> = {}) {
  const el = page.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}`)
  el.dispatchEvent(event, { detail })
  await simulate.sleep(30)
}

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('the weapp build is missing: run `npx taro build --type weapp` first')
  office = await startBackOffice()
  backend = office.url
  const networked = networkedHost(backend)
  host = networked.host
  cookie = await signedInDevice(backend, host.storage)
  const request = networked.overrides.request as (o: { url: string; method?: string }) => unknown
  installMiniGlobals({
    ...networked.overrides,
    request(options: { url: string; method?: string }) {
      events.push(`${options.method ?? 'GET'} ${new URL(options.url).pathname}`)
      return request(options)
    },
    // The partner accepts news of the clue and declines commission news.
    requestSubscribeMessage(options: { tmplIds: string[]; success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      const { success, complete, ...args } = options as Record<string, any>
      subscribeAsks.push(args)
      events.push('wx.requestSubscribeMessage')
      const res = { errMsg: 'requestSubscribeMessage:ok', [options.tmplIds[0]!]: 'accept', [options.tmplIds[1]!]: 'reject' }
      setTimeout(() => {
        success?.(res)
        complete?.(res)
      }, 0)
    },
  })
  jest.spyOn(console, 'warn').mockImplementation(() => {})
  loadApp()
  page = await renderPage('pages/tabBar/clue')
  await until(() => textOf(page).includes('共 10 条'), 30_000)
}, 240_000)

afterAll(async () => {
  jest.restoreAllMocks()
  await office?.stop()
})

describe('subscribe messages in the weapp build', () => {
  it("adding a clue asks WeChat for exactly the server's clue and commission template ids, before sending the clue", async () => {
    await fire('.clue-page__add', 'tap')
    await until(() => !!page.querySelector('.clue-form__name .app-input__field'), 5000)
    // The form fetched the server's template ids when it opened.
    await until(() => events.includes('GET /api/ems/partner/message/subscribeTemplates'), 10_000)
    const served = JSON.parse(
      (await httpCall('GET', `${backend}/api/ems/partner/message/subscribeTemplates`, undefined, { cookie })).body,
    ) as {
      data: { templates: Array<{ template: string; templateId: string }> }
    }
    const idOf = (t: string) => served.data.templates.find((x) => x.template === t)!.templateId
    await fire('.clue-form__name .app-input__field', 'input', { value: '订阅测试' })
    await fire('.clue-form__phone .app-input__field', 'input', { value: '13966660001' })
    await fire('.clue-form__submit', 'tap')
    await until(() => events.includes('POST /api/ems/partner/clue'), 10_000)
    expect(subscribeAsks).toHaveLength(1)
    expect(subscribeAsks[0]!.tmplIds).toEqual([idOf('clue'), idOf('commission')])
    const order = events.filter((e) => /requestSubscribeMessage|message\/subscribe$|POST \/api\/ems\/partner\/clue$/.test(e))
    expect(order).toEqual(['wx.requestSubscribeMessage', 'POST /api/ems/partner/message/subscribe', 'POST /api/ems/partner/clue'])
  })

  it('only the accepted template reached the server: one clue message may be sent, no commission message', async () => {
    // Adding nothing (an unknown id) answers the partner's acceptances as the server counts them.
    const res = await httpCall('POST', `${backend}/api/ems/partner/message/subscribe`, { templateIds: 'not-configured' }, { cookie })
    const subs = (JSON.parse(res.body) as { data: { subscriptions: Array<{ template: string; remaining: number }> } }).data.subscriptions
    expect(subs).toEqual([{ template: 'clue', remaining: 1 }])
    await until(() => textOf(page).includes('订阅测试'), 10_000)
  })

  it("applying for a withdrawal asks for exactly the server's withdrawal and commission template ids, before the apply", async () => {
    page = await renderPage('pages/partner/withdrawal')
    await until(() => textOf(page).includes('¥300.00'), 20_000)
    const served = JSON.parse(
      (await httpCall('GET', `${backend}/api/ems/partner/message/subscribeTemplates`, undefined, { cookie })).body,
    ) as {
      data: { templates: Array<{ template: string; templateId: string }> }
    }
    const idOf = (t: string) => served.data.templates.find((x) => x.template === t)!.templateId
    events.length = 0
    await fire('.withdrawal-form__amount .app-input__field', 'input', { value: '20' })
    await fire('.withdrawal-form__submit', 'tap')
    await until(() => !!page.querySelector('.app-dialog__confirm'), 5000)
    await fire('.app-dialog__confirm', 'tap')
    await until(() => events.includes('POST /api/ems/partner/withdrawalRecord/apply'), 10_000)
    expect(subscribeAsks).toHaveLength(2)
    expect(subscribeAsks[1]!.tmplIds).toEqual([idOf('withdrawal'), idOf('commission')])
    const order = events.filter((e) => /requestSubscribeMessage|message\/subscribe$|withdrawalRecord\/apply$/.test(e))
    expect(order).toEqual([
      'wx.requestSubscribeMessage',
      'POST /api/ems/partner/message/subscribe',
      'POST /api/ems/partner/withdrawalRecord/apply',
    ])
  })
})
