import type { Browser, BrowserContext, Page } from '@playwright/test'
import { DEMO, signInOnLoginPage, signInPartner } from './dashboard-support'
import {
  launchBrowser,
  phoneContext,
  screenshot,
  startApp,
  type RunningApp,
  expect,
  test,
  expectPresent,
  phoneScreen,
  type Envelope,
} from './harness'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/5279 MMWEBSDK/20231002 MicroMessenger/8.0.43.2480(0x28002B37) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64'

test.describe('ways in: WeChat without an AppID, and a mini-program code’s scene', () => {
  let app: RunningApp
  let browser: Browser
  const contexts: BrowserContext[] = []

  test.beforeAll(async () => {
    app = await startApp({ RATE_LIMIT: 'off' })
    browser = await launchBrowser()
  })
  test.afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await browser?.close()
    await app?.stop()
  })

  const shown = (page: Page, selector: string, hasText?: string | RegExp) =>
    page.locator(`${selector}:visible`, hasText ? { hasText } : undefined).first()

  test('inside WeChat with no AppID, a guarded page goes to the login page with from, and signing in returns there', async () => {
    const context = await phoneScreen(browser, { userAgent: WECHAT_UA })
    contexts.push(context)
    const page = await context.newPage()
    const visited: string[] = []
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname)
    })
    const wechatTrips: string[] = []
    await context.route(/open\.weixin\.qq\.com|\/pages\/main\/wxCode/, async (route) => {
      wechatTrips.push(route.request().url())
      await route.abort()
    })

    await page.goto(`${app.url}/pages/tabBar/clue`)
    await page.waitForURL((u) => u.pathname === '/pages/user/login', { timeout: 30_000 })
    expect(new URL(page.url()).searchParams.get('from')).toBe('/pages/tabBar/clue')
    await shown(page, '.user-login__submit').waitFor()
    await screenshot(page, 'native-wechat-no-appid-login')
    // No trip to WeChat's authorization (nor to the wxCode stand-in), and no WeChat shortcut that could not work.
    expect(wechatTrips).toStrictEqual([])
    expect(visited.includes('/pages/main/wxCode')).toBe(false)
    await expect(page.locator('.user-login__wechat:visible')).toHaveCount(0)

    await signInOnLoginPage(page, DEMO.active)
    await page.waitForURL((u) => u.pathname === '/pages/tabBar/clue', { timeout: 30_000 })
    await shown(page, '.page__title', '招生线索').waitFor()
    expect(wechatTrips).toStrictEqual([])
    await screenshot(page, 'native-wechat-no-appid-back-to-from')
  })

  test("a mini-program code's scene lands on the activity with the partner's ref, and the clue sent there reaches that partner", async () => {
    const list = (await (await fetch(`${app.url}/api/cms/activity/activity/listForClient?size=20`)).json()) as Envelope<{
      list: Array<{ id: number; title: string; state: string }>
    }>
    const open = list.data.list.find((a) => a.state === '进行中')
    expectPresent(open, 'an open campaign in the demo data')
    const context = await phoneContext(browser)
    contexts.push(context)
    const page = await context.newPage()
    await page.goto(`${app.url}/pages/jump/index?scene=${encodeURIComponent(`r=DEMO01&a=${open.id}`)}`)
    await page.waitForURL((u) => u.pathname === '/pages/activity/detail', { timeout: 30_000 })
    const landed = new URL(page.url())
    expect([landed.searchParams.get('id'), landed.searchParams.get('ref'), landed.searchParams.get('scene')]).toStrictEqual([
      String(open.id),
      'DEMO01',
      null,
    ])
    await shown(page, '.activity-detail__title', open.title).waitFor()

    const saves: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/clue/saveForActivity')) saves.push(r.postData() ?? '')
    })
    await shown(page, '.activity-clue__row--name input').fill('王扫码')
    await shown(page, '.activity-clue__row--phone input').fill('13955550077')
    await shown(page, '.activity-clue__box').click()
    await shown(page, '.activity-clue__submit').click()
    await shown(page, '.activity-clue__success', '提交成功，老师会尽快联系您').waitFor()
    await screenshot(page, 'native-scene-clue-sent')
    const sent = new URLSearchParams(saves[0])
    expect([sent.get('ref'), sent.get('activityId')]).toStrictEqual(['DEMO01', String(open.id)])

    const partner = await (await browser.newContext()).newPage()
    await signInPartner(partner, app, DEMO.active)
    const clues = (await (await partner.request.get(`${app.url}/api/ems/partner/clue/list?size=100`)).json()) as Envelope<{
      list: Array<{ name: string; phone: string; activityId: string | null }>
    }>
    const clue = clues.data.list.find((c) => c.name === '王扫码')
    expectPresent(clue, "the prospect's clue is in partner DEMO01's list")
    expect([clue.phone, clue.activityId]).toStrictEqual(['139****0077', String(open.id)])
    await partner.context().close()
  })
})
