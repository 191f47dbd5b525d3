import { envelope, startTestServer, type TestServer } from '../../src/request/testing/server'
import { hasWeappBuild, installMiniGlobals, loadApp, networkedHost, renderPage, textOf, until, withQuery } from './harness'

/**
 * A prospect scans a partner's poster in WeChat: the mini-program code opens the compiled jump
 * page (pages/jump/index) with the code's `scene` as WeChat hands it over (URL-encoded
 * `r=<partner code>&a=<activity id>`). The page goes on to the activity with the partner's `ref`,
 * and the clue the prospect sends from there carries it, exactly as from a link. WeChat's
 * navigation is the fake far side (recorded, then the page it names is opened with its query);
 * a local server stands in for the back-office.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components are untyped */
const ACTIVITY = {
  id: 3,
  title: '2026年春季学历提升招生',
  cover: null,
  summary: '',
  type: '招生活动',
  state: '进行中',
  acceptsClues: true,
  startAt: '2026-11-12T00:01:00.000Z',
  endAt: '2027-01-11T00:01:00.000Z',
  body: '<p>2026年春季成人学历提升报名正式开启。</p>',
}

let server: TestServer
const navigations: Array<{ api: string; url: string }> = []

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('no weapp build: run `npx taro build --type weapp --mode test` (WEAPP_DIR for another output)')
  server = await startTestServer('127.0.0.1')
  server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_795_900_000_000) })
  // A prospect's phone: no partner behind this WeChat account.
  server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('否') })
  server.on('POST /api/ums/user/user/signIn', { body: envelope(null) })
  server.on('GET /api/cms/activity/activity/detailsForClient', { body: envelope(ACTIVITY) })
  server.on('POST /api/ems/partner/clue/saveForActivity', { body: envelope({ id: 92 }) })
  const networked = networkedHost(server.url)
  networked.host.loginCodes.push('prospect-code')
  const navigate = (api: string) => (o: { url: string; success?: (r: unknown) => void; complete?: (r: unknown) => void }) => {
    navigations.push({ api, url: o.url })
    setTimeout(() => (o.success?.({ errMsg: `${api}:ok` }), o.complete?.({ errMsg: `${api}:ok` })), 0)
  }
  installMiniGlobals({ ...networked.overrides, redirectTo: navigate('redirectTo'), reLaunch: navigate('reLaunch') })
  loadApp()
})
afterAll(() => server.close())

describe("a poster's mini-program code in the WeChat mini-program", () => {
  let detail: any

  it('the jump page reads the scene and goes on to the activity with the partner’s ref', async () => {
    withQuery({ scene: encodeURIComponent('r=DEMO01&a=3') })
    await renderPage('pages/jump/index')
    await until(() => navigations.length > 0, 5000)
    expect(navigations).toEqual([{ api: 'redirectTo', url: '/pages/activity/detail?id=3&ref=DEMO01' }])
  })

  it('the clue sent from the activity it landed on carries that ref and activity', async () => {
    // WeChat opens the page the jump named, with its query.
    const url = navigations[0]!.url
    withQuery(Object.fromEntries(new URLSearchParams(url.split('?')[1])))
    detail = await renderPage(url.slice(1).split('?')[0]!)
    await until(() => textOf(detail).includes('立即报名'), 5000)
    expect(server.last('GET /api/cms/activity/activity/detailsForClient')?.query).toEqual({ id: '3' })
    const fire = async (selector: string, event: string, d: Record<string, unknown> = {}) => {
      const el = detail.querySelector(selector)
      if (!el) throw new Error(`nothing matches ${selector}: ${textOf(detail)}`)
      el.dispatchEvent(event, { detail: d })
      await new Promise((r) => setTimeout(r, 30))
    }
    await fire('.activity-clue__row--name .app-input__field', 'input', { value: '李雷' })
    await fire('.activity-clue__row--phone .app-input__field', 'input', { value: '13955550002' })
    await fire('.activity-clue__box', 'tap')
    await fire('.activity-clue__submit', 'tap')
    await until(() => textOf(detail).includes('提交成功，老师会尽快联系您'), 5000)
    expect(server.last('POST /api/ems/partner/clue/saveForActivity')?.form).toEqual({
      name: '李雷',
      phone: '13955550002',
      ref: 'DEMO01',
      activityId: '3',
    })
  })
})
