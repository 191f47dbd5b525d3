import { envelope, startTestServer, type TestServer } from '../../src/request/testing/server'
import {
  hasWeappBuild,
  installMiniGlobals,
  loadApp,
  networkedHost,
  renderPage,
  textOf,
  until,
  type NetworkedHost,
  withQuery,
} from './harness'

/**
 * The activity detail page (pages/activity/detail?id=3&ref=DEMO01) in the compiled WeChat
 * mini-program, as a prospect opens it from a partner's share: no session, the share menu on,
 * shares that keep `ref`, and the clue form posting the prospect's details with `ref` and
 * `activityId`. A local server stands in for the back-office.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components are untyped */
const ACTIVITY = {
  id: 3,
  title: '2026年春季学历提升招生',
  cover: 'https://cdn.example.com/covers/spring.png',
  summary: '专升本、高起专火热报名中',
  type: '招生活动',
  state: '进行中',
  acceptsClues: true,
  startAt: '2026-11-12T00:01:00.000Z',
  endAt: '2027-01-11T00:01:00.000Z',
  body: '<h3>活动介绍</h3><p>2026年春季成人学历提升报名正式开启。</p>',
}

let server: TestServer
let host: NetworkedHost
let page: any

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('no weapp build: run `npx taro build --type weapp --mode test` (WEAPP_DIR for another output)')
  server = await startTestServer('127.0.0.1')
  server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_795_900_000_000) })
  // A prospect's phone: no partner behind this WeChat account.
  server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('否') })
  server.on('POST /api/ums/user/user/signIn', { body: envelope(null) })
  server.on('GET /api/cms/activity/activity/detailsForClient', { body: envelope(ACTIVITY) })
  server.on('POST /api/ems/partner/clue/saveForActivity', { body: envelope({ id: 91 }) })
  const networked = networkedHost(server.url)
  host = networked.host
  host.loginCodes.push('prospect-code')
  installMiniGlobals(networked.overrides)
  withQuery({ id: '3', ref: 'DEMO01' })
  loadApp()
  page = await renderPage('pages/activity/detail')
  await until(() => textOf(page).includes('立即报名'), 5000)
})
afterAll(() => server.close())

async function fire(selector: string, event: string, detail: Record<string, unknown> = {}) {
  const el = page.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}: ${textOf(page)}`)
  el.dispatchEvent(event, { detail })
  await new Promise((r) => setTimeout(r, 30))
}

describe("a partner's activity in the WeChat mini-program", () => {
  it('shows the activity and its clue form to a prospect who is not signed in', () => {
    expect(server.last('GET /api/cms/activity/activity/detailsForClient')?.query).toEqual({ id: '3' })
    const text = textOf(page)
    expect(text).toContain(ACTIVITY.title)
    expect(text).toContain('进行中')
    expect(text).toContain('提交报名')
    expect(text).not.toContain('合伙人登录')
  })

  it('turns the share menu on', () => {
    expect(host.shareMenuCalls.length).toBeGreaterThan(0)
    expect(host.shareMenuCalls.at(-1)).toMatchObject({ menus: ['shareAppMessage', 'shareTimeline'] })
  })

  it('shares to a friend and to the timeline with ref kept', () => {
    expect(page.instance.onShareAppMessage({ from: 'menu' })).toEqual({
      title: ACTIVITY.title,
      path: '/pages/activity/detail?id=3&ref=DEMO01',
      imageUrl: ACTIVITY.cover,
    })
    expect(page.instance.onShareTimeline()).toEqual({ title: ACTIVITY.title, query: 'id=3&ref=DEMO01', imageUrl: ACTIVITY.cover })
  })

  it("posts the prospect's details with ref and activityId, and says it is done", async () => {
    await fire('.activity-clue__row--name .app-input__field', 'input', { value: '韩梅梅' })
    await fire('.activity-clue__row--phone .app-input__field', 'input', { value: '13955550001' })
    await fire('.activity-clue__box', 'tap')
    await fire('.activity-clue__submit', 'tap')
    await until(() => textOf(page).includes('提交成功，老师会尽快联系您'), 5000)
    expect(server.last('POST /api/ems/partner/clue/saveForActivity')?.form).toEqual({
      name: '韩梅梅',
      phone: '13955550001',
      ref: 'DEMO01',
      activityId: '3',
    })
  })
})
