import type { Browser } from '@playwright/test'
import { DEMO, signInPartner } from './dashboard-support'
import { launchBrowser, phoneContext, screenshot, startApp, type RunningApp, expect, test } from './harness'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

test.describe('the H5 app served by npm start', () => {
  let app: RunningApp
  let browser: Browser

  test.beforeAll(async () => {
    // `npm start` as shipped: the embedded database, whatever the other files run on.
    app = await startApp({}, { embedded: true })
    browser = await launchBrowser()
  })

  test.afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  test('serves the API and the H5 app on one port', async () => {
    const health = (await (await fetch(`${app.url}/api/health`)).json()) as { code: number; data: { status: string; db: string } }
    expect(health.code).toBe(0)
    expect(health.data.status).toBe('ok')
    expect(health.data.db).toBe('pglite')
    const html = await (await fetch(`${app.url}/pages/partner/position?x=1`)).text()
    expect(html).toMatch(/<div id="app">/)
  })

  // Issue 22: home is for everyone; a signed-out visitor sees its public entrance, with both logins.
  test('shows a signed-out visitor of the home page the public entrance, with the partner login on it', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await page.goto(`${app.url}/`)
    await page.locator('.home-public__login--partner', { hasText: '合伙人登录' }).first().waitFor({ timeout: 30_000 })
    expect(['/', '/pages/tabBar/home']).toContain(new URL(page.url()).pathname)
    await context.close()
  })

  test('renders the home page with its title 首页 for a signed-in partner', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await signInPartner(page, app, DEMO.active)
    await page.goto(`${app.url}/`)
    await page.locator('.page__title', { hasText: '首页' }).first().waitFor({ timeout: 30_000 })
    await screenshot(page, 'shell-home')
    await context.close()
  })

  test('renders a deep link to another route, also after a reload', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await page.goto(`${app.url}/pages/user/agreement`)
    await page.locator('.page__title', { hasText: '用户协议' }).first().waitFor({ timeout: 30_000 })
    await page.reload()
    await page.locator('.page__title', { hasText: '用户协议' }).first().waitFor({ timeout: 30_000 })
    expect(new URL(page.url()).pathname).toBe('/pages/user/agreement')
    await screenshot(page, 'shell-deep-link')
    await context.close()
  })

  test("shows the error placeholder with 'Loading chunk failed' when a page's chunk cannot load", async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await signInPartner(page, app, DEMO.active)
    await page.goto(`${app.url}/`)
    await page.locator('.page__title', { hasText: '首页' }).first().waitFor({ timeout: 30_000 })
    // Every further script chunk fails, as on a dropped connection after a deploy.
    await page.route(/\/js\/(?!app\.).*\.js$/, (route) => route.abort())
    await page.evaluate(() => {
      window.history.pushState({}, '', '/pages/user/privacy')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    const placeholder = page.locator('#lazy-page-placeholder')
    await placeholder.waitFor({ timeout: 30_000 })
    expect((await placeholder.textContent()) ?? '').toMatch(/Loading chunk failed/)
    await screenshot(page, 'shell-chunk-failed')
    await context.close()
  })
})
