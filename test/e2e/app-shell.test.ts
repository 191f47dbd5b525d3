import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { DEMO, signInPartner } from './dashboard-support'
import { launchBrowser, phoneContext, screenshot, startApp, type RunningApp } from './harness'

describe('the H5 app served by npm start', () => {
  let app: RunningApp
  let browser: Browser

  before(async () => {
    app = await startApp()
    browser = await launchBrowser()
  })

  after(async () => {
    await browser?.close()
    await app?.stop()
  })

  it('serves the API and the H5 app on one port', async () => {
    const health = (await (await fetch(`${app.url}/api/health`)).json()) as { code: number; data: { status: string } }
    assert.equal(health.code, 0)
    assert.equal(health.data.status, 'ok')
    const html = await (await fetch(`${app.url}/pages/partner/position?x=1`)).text()
    assert.match(html, /<div id="app">/)
  })

  it('sends a signed-out visitor of the home page to the partner login', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await page.goto(`${app.url}/`)
    await page.locator('.page__title', { hasText: '合伙人登录' }).first().waitFor({ timeout: 30_000 })
    assert.equal(new URL(page.url()).pathname, '/pages/user/login')
    await context.close()
  })

  it('renders the home page with its title 首页 for a signed-in partner', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await signInPartner(page, app, DEMO.active)
    await page.goto(`${app.url}/`)
    await page.locator('.page__title', { hasText: '首页' }).first().waitFor({ timeout: 30_000 })
    await screenshot(page, 'shell-home')
    await context.close()
  })

  it('renders a deep link to another route, also after a reload', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await page.goto(`${app.url}/pages/user/agreement`)
    await page.locator('.page__title', { hasText: '用户协议' }).first().waitFor({ timeout: 30_000 })
    await page.reload()
    await page.locator('.page__title', { hasText: '用户协议' }).first().waitFor({ timeout: 30_000 })
    assert.equal(new URL(page.url()).pathname, '/pages/user/agreement')
    await screenshot(page, 'shell-deep-link')
    await context.close()
  })

  it("shows the error placeholder with 'Loading chunk failed' when a page's chunk cannot load", async () => {
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
    assert.match((await placeholder.textContent()) ?? '', /Loading chunk failed/)
    await screenshot(page, 'shell-chunk-failed')
    await context.close()
  })
})
