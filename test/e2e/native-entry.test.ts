/**
 * Ways in that do not start from a plain link, in Chromium against the real back-office (fresh
 * demo data, no official-account AppID: neither the build's TARO_APP_WX_APP_ID nor
 * WECHAT_MP_APP_ID):
 *
 * - inside WeChat's browser (its user agent) a signed-out visit to a guarded page cannot run
 *   WeChat's OAuth, so it goes to the ordinary login page with `from`, never to wxCode and never
 *   round in a loop, and signing in returns to `from`;
 * - a poster's mini-program code opens the jump page with `scene` (the same jump code runs in
 *   every build): it lands on the activity with the partner's ref, and the prospect's clue
 *   reaches that partner.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DEMO, signInOnLoginPage, signInPartner } from './dashboard-support'
import { launchBrowser, phoneContext, screenshot, startApp, type RunningApp } from './harness'

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/5279 MMWEBSDK/20231002 MicroMessenger/8.0.43.2480(0x28002B37) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64'

interface Envelope<T> {
  code: number
  message: string
  data: T
}

describe('ways in: WeChat without an AppID, and a mini-program code’s scene', () => {
  let app: RunningApp
  let browser: Browser
  const contexts: BrowserContext[] = []

  before(async () => {
    app = await startApp({ RATE_LIMIT: 'off' })
    browser = await launchBrowser()
  })
  after(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await browser?.close()
    await app?.stop()
  })

  const shown = (page: Page, selector: string, hasText?: string | RegExp) =>
    page.locator(`${selector}:visible`, hasText ? { hasText } : undefined).first()

  it('inside WeChat with no AppID, a guarded page goes to the login page with from, and signing in returns there', async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 667 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      userAgent: WECHAT_UA,
    })
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
    assert.equal(new URL(page.url()).searchParams.get('from'), '/pages/tabBar/clue')
    await shown(page, '.user-login__submit').waitFor()
    await screenshot(page, 'native-wechat-no-appid-login')
    // No trip to WeChat's authorization (nor to the wxCode stand-in), and no WeChat shortcut that could not work.
    assert.deepEqual(wechatTrips, [])
    assert.equal(visited.includes('/pages/main/wxCode'), false)
    assert.equal(await page.locator('.user-login__wechat:visible').count(), 0)

    await signInOnLoginPage(page, DEMO.active)
    await page.waitForURL((u) => u.pathname === '/pages/tabBar/clue', { timeout: 30_000 })
    await shown(page, '.page__title', '招生线索').waitFor()
    assert.deepEqual(wechatTrips, [])
    await screenshot(page, 'native-wechat-no-appid-back-to-from')
  })

  it("a mini-program code's scene lands on the activity with the partner's ref, and the clue sent there reaches that partner", async () => {
    const list = (await (await fetch(`${app.url}/api/cms/activity/activity/listForClient?size=20`)).json()) as Envelope<{
      list: Array<{ id: number; title: string; state: string }>
    }>
    const open = list.data.list.find((a) => a.state === '进行中')
    assert.ok(open, 'an open campaign in the demo data')
    const context = await phoneContext(browser)
    contexts.push(context)
    const page = await context.newPage()
    await page.goto(`${app.url}/pages/jump/index?scene=${encodeURIComponent(`r=DEMO01&a=${open.id}`)}`)
    await page.waitForURL((u) => u.pathname === '/pages/activity/detail', { timeout: 30_000 })
    const landed = new URL(page.url())
    assert.deepEqual(
      [landed.searchParams.get('id'), landed.searchParams.get('ref'), landed.searchParams.get('scene')],
      [String(open.id), 'DEMO01', null],
    )
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
    assert.deepEqual([sent.get('ref'), sent.get('activityId')], ['DEMO01', String(open.id)])

    const partner = await (await browser.newContext()).newPage()
    await signInPartner(partner, app, DEMO.active)
    const clues = (await (await partner.request.get(`${app.url}/api/ems/partner/clue/list?size=100`)).json()) as Envelope<{
      list: Array<{ name: string; phone: string; activityId: string | null }>
    }>
    const clue = clues.data.list.find((c) => c.name === '王扫码')
    assert.ok(clue, "the prospect's clue is in partner DEMO01's list")
    assert.deepEqual([clue.phone, clue.activityId], ['139****0077', String(open.id)])
    await partner.context().close()
  })
})
