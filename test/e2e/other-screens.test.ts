import type { Browser, BrowserContext, Page } from '@playwright/test'
import { DEMO, signInPartner } from './dashboard-support'
import {
  WECHAT_UA,
  launchBrowser,
  phoneContext,
  phoneScreen,
  screenshot,
  startApp,
  type Envelope,
  type RunningApp,
  expect,
  test,
} from './harness'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

const ADMIN = { account: 'otheradmin', password: 'admin1234' }
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

let app: RunningApp
let browser: Browser
let context: BrowserContext | undefined
let page: Page

test.beforeAll(async () => {
  app = await startApp({
    RATE_LIMIT: 'off',
    ADMIN_ACCOUNT: ADMIN.account,
    ADMIN_PASSWORD: ADMIN.password,
    // The web-view may open this app's own host and example.org's sub-domains; nothing else.
    WEB_ALLOWED_HOSTS: '127.0.0.1,*.example.org',
  })
  browser = await launchBrowser()
})

test.afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** A fresh browser for each test (optionally inside WeChat). */
async function open(path: string, { userAgent }: { userAgent?: string } = {}): Promise<Page> {
  await context?.close()
  context = userAgent ? await phoneScreen(browser, { userAgent }) : await phoneContext(browser)
  page = await context.newPage()
  if (path) await page.goto(`${app.url}${path}`)
  return page
}

const shown = (selector: string, hasText?: string | RegExp) =>
  page.locator(`${selector}:visible`, hasText ? { hasText } : undefined).first()

/** The administrator's calls (the back-office's own session cookie). */
async function admin() {
  const res = await fetch(`${app.url}/api/bms/system/admin/signIn`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams(ADMIN).toString(),
  })
  const body = (await res.json()) as Envelope<unknown>
  expect(body.code, body.message).toBe(0)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { cookie }
}

test.describe('content (pages/main/content)', () => {
  test('shows a site content by id: title, rich text and its pictures', async () => {
    const { cookie } = await admin()
    // A picture made in the browser, uploaded as the operator would.
    await open('')
    await page.goto(`${app.url}/api/health`)
    const png = await page.evaluate(() => {
      const c = document.createElement('canvas')
      c.width = 600
      c.height = 300
      const g = c.getContext('2d')!
      const grad = g.createLinearGradient(0, 0, 600, 300)
      grad.addColorStop(0, '#2193b0')
      grad.addColorStop(1, '#6dd5ed')
      g.fillStyle = grad
      g.fillRect(0, 0, 600, 300)
      g.fillStyle = '#fff'
      g.font = 'bold 48px sans-serif'
      g.textAlign = 'center'
      g.fillText('校园风采', 300, 170)
      return c.toDataURL('image/png').split(',')[1] ?? ''
    })
    const form = new FormData()
    form.append('file', new Blob([Buffer.from(png, 'base64')], { type: 'image/png' }), 'campus.png')
    const uploaded = (await (
      await fetch(`${app.url}/api/ems/partner/backgroundImage/upload`, { method: 'POST', headers: { cookie }, body: form })
    ).json()) as Envelope<{
      url: string
    }>
    expect(uploaded.code, uploaded.message).toBe(0)
    const made = (await (
      await fetch(`${app.url}/api/cms/web/siteContent`, {
        method: 'POST',
        headers: { ...FORM, cookie },
        body: new URLSearchParams({
          title: '2026年春季开学典礼',
          body: '<h3>典礼回顾</h3><p>新学期开学典礼于3月1日举行，<strong>600余名</strong>新生参加。</p><script>alert(1)</script>',
          images: uploaded.data.url,
        }).toString(),
      })
    ).json()) as Envelope<{ id: number }>
    expect(made.code, made.message).toBe(0)

    await page.goto(`${app.url}/pages/main/content?id=${made.data.id}`)
    await shown('.page__title', '内容').waitFor()
    await shown('.content__title', '2026年春季开学典礼').waitFor()
    await shown('.content__body h3', '典礼回顾').waitFor()
    expect(await shown('.content__body strong').innerText()).toBe('600余名')
    await expect(page.locator('.content__body script')).toHaveCount(0)
    const img = shown('.content__image img')
    await img.waitFor()
    expect(new URL((await img.getAttribute('src')) ?? '', app.url).pathname).toBe(uploaded.data.url)
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.content__image img')].every(
        (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
      ),
    )
    await screenshot(page, 'other-content')
  })

  test('shows a site content by key', async () => {
    await open('/pages/main/content?key=privacy')
    await shown('.content__title', '隐私政策').waitFor()
    expect((await shown('.content__body').innerText()).length > 200).toBeTruthy()
  })

  test('says when the content does not exist', async () => {
    await open('/pages/main/content?id=99999')
    await shown('.app-empty__text', '内容不存在或已删除').waitFor()
    await open('/pages/main/content')
    await shown('.app-empty__text', '内容不存在或已删除').waitFor()
  })
})

test.describe('the web-view (pages/main/web)', () => {
  test('opens an allow-listed URL in the web-view under the title bar', async () => {
    const target = `${app.url}/api/health?from=web`
    await open(`/pages/main/web?url=${encodeURIComponent(target)}`)
    const frame = page.locator('iframe.taro-webview')
    await expect(frame).toHaveAttribute('src', target)
    await page.waitForFunction(() => document.querySelector('iframe.taro-webview')?.getBoundingClientRect().top === 44)
    // The title bar's back button stays reachable above the frame.
    await shown('.page__back').waitFor()
    await screenshot(page, 'other-web-allowed')
  })

  test('refuses a host that is not allow-listed, says so, and offers the way home', async () => {
    const requested: string[] = []
    await open('')
    page.on('request', (r) => requested.push(r.url()))
    for (const url of ['https://evil.example.com/phish', 'https://127.0.0.1@evil.example.com/', 'javascript:alert(1)']) {
      await page.goto(`${app.url}/pages/main/web?url=${encodeURIComponent(url)}`)
      await shown('.web-notice__title', '该链接不在允许访问的范围内，已为您拦截').waitFor()
      await expect(page.locator('iframe')).toHaveCount(0)
    }
    expect(requested.some((u) => u.includes('evil.example.com') && !u.startsWith(app.url))).toBe(false)
    await page.goto(`${app.url}/pages/main/web?url=${encodeURIComponent('https://evil.example.com/phish')}`)
    expect(await shown('.web-notice__url').innerText()).toBe('evil.example.com')
    await screenshot(page, 'other-web-refused')
    await shown('.web-notice__home', '返回首页').click()
    // Home needs a partner: a signed-out person lands on login.
    await page.waitForURL((u) => ['/pages/user/login', '/pages/tabBar/home', '/'].includes(u.pathname), { timeout: 30_000 })
  })
})

test.describe('app download (pages/main/appDownload)', () => {
  test('shows the latest version per platform with notes and download buttons under a green bar', async () => {
    await open('/pages/main/appDownload')
    await shown('.page__title', 'APP下载').waitFor()
    const bar = shown('.page__bar')
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(5, 124, 62)')
    expect(await shown('.page__title').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)')
    await shown('.app-version--ios .app-version__number').waitFor()
    expect(await shown('.app-version--android .app-version__number').innerText()).toBe('v1.3.0')
    expect(await shown('.app-version--ios .app-version__number').innerText()).toBe('v1.3.0')
    expect((await shown('.app-version--android .app-version__notes').innerText()).length > 0).toBeTruthy()
    // An iPhone sees its own platform first.
    const order = await page
      .locator('.app-version:visible')
      .evaluateAll((els) => els.map((e) => e.className.match(/app-version--(\w+)/)?.[1]))
    expect(order).toStrictEqual(['ios', 'android'])
    await expect(page.locator('.app-download__wechat')).toHaveCount(0)
    await screenshot(page, 'other-appdownload')

    // The browser goes to the package.
    await page.route('https://download.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'apk' }))
    await shown('.app-version--android .app-confirm-button', '下载 Android 版').click()
    await page.waitForURL('https://download.example.com/app/activity-mobile-1.3.0.apk')
  })

  test('inside WeChat, points at "open in browser" instead of a download WeChat would block', async () => {
    await open('/pages/main/appDownload', { userAgent: WECHAT_UA })
    await shown('.app-download__wechat-hint', '点击右上角 ···').waitFor()
    await shown('.app-download__wechat-hint', '选择「在浏览器中打开」').waitFor()
    await screenshot(page, 'other-appdownload-wechat')
    await shown('.app-download__wechat').click()
    await page.locator('.app-download__wechat').waitFor({ state: 'detached' })
    await shown('.app-version--android .app-confirm-button').click()
    await shown('.app-download__wechat-hint').waitFor()
    expect(new URL(page.url()).pathname).toBe('/pages/main/appDownload')
  })
})

test.describe('the jump page (pages/jump/index)', () => {
  test('redirects to a known page with its query (a plain or an encoded page path)', async () => {
    await open('/pages/jump/index?page=pages/user/volunteer')
    await page.waitForURL((u) => u.pathname === '/pages/user/volunteer')
    await shown('.page__title', '志愿查询').waitFor()

    await open('/pages/jump/index?page=%2Fpages%2Fmain%2Fcontent&key=privacy')
    await page.waitForURL((u) => u.pathname === '/pages/main/content' && u.searchParams.get('key') === 'privacy')
    await shown('.content__title', '隐私政策').waitFor()
    await screenshot(page, 'other-jump-known')
  })

  test('sends an unknown page home with 页面不存在', async () => {
    await open('')
    await signInPartner(page, app, DEMO.active)
    await page.goto(`${app.url}/pages/jump/index?page=pages/nope/index&x=1`)
    await shown('.app-toast', '页面不存在').waitFor({ timeout: 15_000 })
    await page.waitForURL((u) => u.pathname === '/pages/tabBar/home' || u.pathname === '/')
    await shown('.page__title', '首页').waitFor()
    await screenshot(page, 'other-jump-unknown')
  })
})

test.describe('wxCode (pages/main/wxCode)', () => {
  test('refuses to send a code to a host that is not allow-listed', async () => {
    const navigations: string[] = []
    await open('')
    page.on('framenavigated', (f) => navigations.push(f.url()))
    await page.goto(
      `${app.url}/pages/main/wxCode?redirect_uri=${encodeURIComponent('https://evil.example.com/cb')}&state=wechat_oauth&code=c0de`,
    )
    await shown('.wx-code__message', '回调地址不在允许的范围内，已拒绝跳转').waitFor()
    expect(await shown('.wx-code__host').innerText()).toBe('evil.example.com')
    expect(navigations.some((u) => u.includes('evil.example.com') && !u.startsWith(app.url))).toBe(false)
    await screenshot(page, 'other-wxcode-refused')
  })

  test('forwards the code and state to an allow-listed redirect_uri', async () => {
    const target = `${app.url}/api/health?x=1`
    await open(`/pages/main/wxCode?redirect_uri=${encodeURIComponent(target)}&state=wechat_oauth&code=c0de`)
    await page.waitForURL((u) => u.pathname === '/api/health')
    const url = new URL(page.url())
    expect(url.searchParams.get('x')).toBe('1')
    expect(url.searchParams.get('code')).toBe('c0de')
    expect(url.searchParams.get('state')).toBe('wechat_oauth')
  })

  test('inside WeChat, a build without an official-account app id says so rather than loop', async () => {
    await open(`/pages/main/wxCode?redirect_uri=${encodeURIComponent(`${app.url}/pages/user/loginWechat`)}&state=wechat_oauth`, {
      userAgent: WECHAT_UA,
    })
    await shown('.wx-code__message', '未配置公众号 AppID，无法获取微信授权').waitFor()
    expect(new URL(page.url()).host).toBe(new URL(app.url).host)
  })

  test('inside WeChat without an app id, our own sign-in round trip goes on to the login page with from, not a dead end', async () => {
    await open(`/pages/main/wxCode?redirect_uri=${encodeURIComponent(`${app.url}/pages/tabBar/clue?status=1`)}&state=wechat_oauth`, {
      userAgent: WECHAT_UA,
    })
    await page.waitForURL((u) => u.pathname === '/pages/user/login', { timeout: 30_000 })
    expect(new URL(page.url()).searchParams.get('from')).toBe('/pages/tabBar/clue?status=1')
  })

  test('outside WeChat without a code, says to open it in WeChat', async () => {
    await open(`/pages/main/wxCode?redirect_uri=${encodeURIComponent(`${app.url}/pages/user/loginWechat`)}&state=wechat_oauth`)
    await shown('.wx-code__message', '请在微信中打开此页面完成授权').waitFor()
    await screenshot(page, 'other-wxcode-open-in-wechat')
  })
})

test.describe('the volunteer query (pages/user/volunteer)', () => {
  test('checks the fields before asking', async () => {
    await open('/pages/user/volunteer')
    const asked: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/volunteer/query')) asked.push(r.url())
    })
    await shown('.volunteer .app-confirm-button', '查询').click()
    expect(await shown('.user-form__row--name .user-form__error').innerText()).toBe('请填写姓名')
    expect(await shown('.user-form__row--examNo .user-form__error').innerText()).toBe('请填写考生号')
    await shown('.user-form__row--name input').fill('张三')
    await shown('.user-form__row--examNo input').fill('20263301')
    await shown('.volunteer .app-confirm-button', '查询').click()
    expect(await shown('.user-form__row--examNo .user-form__error').innerText()).toBe('考生号为10-18位数字')
    expect(asked).toStrictEqual([])
    await screenshot(page, 'other-volunteer-invalid')
  })

  test('finds the admission result and the score lines', async () => {
    await open('/pages/user/volunteer')
    await shown('.user-form__row--name input').fill('张三')
    await shown('.user-form__row--examNo input').fill('2026330100001')
    await shown('.volunteer .app-confirm-button', '查询').click()
    await shown('.volunteer-result').waitFor()
    const fields = await page.locator('.volunteer-result__field:visible').allInnerTexts()
    const byLabel = Object.fromEntries(fields.map((t) => t.split(/\s+/).filter(Boolean)).map(([k, ...v]) => [k, v.join(' ')]))
    expect(byLabel['院校']).toBeTruthy()
    expect(byLabel['专业']).toBeTruthy()
    expect(byLabel['批次']).toBeTruthy()
    expect(byLabel['年份']).toBe('2026')
    expect(byLabel['总分'] ?? '').toMatch(/^\d+$/)
    expect(await shown('.volunteer-result__badge').innerText()).toBe('已录取')
    expect((await page.locator('.volunteer-lines__row:not(.volunteer-lines__row--head):visible').count()) >= 1).toBeTruthy()
    await screenshot(page, 'other-volunteer-found')
  })

  test('says clearly when nothing matches', async () => {
    await open('/pages/user/volunteer')
    await shown('.user-form__row--name input').fill('张三')
    await shown('.user-form__row--examNo input').fill('2026330100099')
    await shown('.volunteer .app-confirm-button', '查询').click()
    await shown('.volunteer-none__title', '未查询到录取信息').waitFor()
    await expect(page.locator('.volunteer-result')).toHaveCount(0)
    // The server's words come as a toast too; the page's own line stays once it has gone.
    await page.locator('.app-toast').waitFor({ state: 'detached', timeout: 5000 })
    await screenshot(page, 'other-volunteer-none')
  })
})
