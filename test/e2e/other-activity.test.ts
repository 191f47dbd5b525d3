import type { Browser, BrowserContext, Page } from '@playwright/test'
import { DEMO, scrollToBottom, signInOperator, signInPartner, textsOf } from './dashboard-support'
import {
  chooseInPicker,
  launchBrowser,
  phoneContext,
  screenshot,
  startApp,
  type RunningApp,
  expect,
  test,
  expectPresent,
  type Envelope,
} from './harness'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })
interface Activity {
  id: number
  title: string
  state: string
  type: string
}

const PROSPECT = { name: '韩梅梅', phone: '13955550001' }

test.describe('the activity pages (pages/activity/main, pages/activity/detail)', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext | undefined
  let page: Page
  let activities: { open: Activity; soon: Activity; closed: Activity }

  test.beforeAll(async () => {
    app = await startApp({ RATE_LIMIT: 'off' })
    browser = await launchBrowser()
    const res = (await (await fetch(`${app.url}/api/cms/activity/activity/listForClient?size=20`)).json()) as Envelope<{ list: Activity[] }>
    const find = (state: string) => {
      const found = res.data.list.find((a) => a.state === state)
      expectPresent(found, `no ${state} activity in the demo data`)
      return found
    }
    activities = { open: find('进行中'), soon: find('未开始'), closed: find('已结束') }
  })

  test.afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  /** A fresh browser (a prospect: no cookie, no stored user). */
  async function open(path: string): Promise<Page> {
    await context?.close()
    context = await phoneContext(browser)
    page = await context.newPage()
    await page.goto(`${app.url}${path}`)
    return page
  }

  const shown = (selector: string, hasText?: string | RegExp) =>
    page.locator(`${selector}:visible`, hasText ? { hasText } : undefined).first()

  test('lists the published activities with cover, title, time window, type and state badge', async () => {
    await open('/pages/activity/main?ref=DEMO01')
    await shown('.page__title', '活动').waitFor()
    await shown('.activity-card').waitFor()
    const titles = await textsOf(page, '.activity-card__title')
    expect(new Set(titles)).toStrictEqual(new Set([activities.open.title, activities.soon.title, activities.closed.title]))
    const badges = await textsOf(page, '.activity-card .activity-state')
    expect(new Set(badges)).toStrictEqual(new Set(['进行中', '未开始', '已结束']))
    expect((await page.locator('.activity-card img.taro-img__mode-aspectfill, .activity-card .taro-img').count()) > 0).toBe(true)
    expect((await textsOf(page, '.activity-card__time'))[0] ?? '').toMatch(/^\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}$/)
    expect(await shown('.app-load-more').innerText()).toBe('没有更多了')
    // A prospect is not sent to login, and sees no poster button (that is for partners).
    expect(new URL(page.url()).pathname).toBe('/pages/activity/main')
    await expect(page.locator('.activity-main__poster')).toHaveCount(0)
    await screenshot(page, 'other-activity-main')
  })

  test("a prospect opens a partner's link, opens the campaign with ref kept, leaves their details, and the clue reaches that partner", async () => {
    await open('/pages/activity/main?ref=DEMO01')
    await shown(`.activity-card--${activities.open.id}`).click()
    await page.waitForURL((u) => u.pathname === '/pages/activity/detail')
    const url = new URL(page.url())
    expect(url.searchParams.get('id')).toBe(String(activities.open.id))
    expect(url.searchParams.get('ref')).toBe('DEMO01')
    await shown('.page__title', '活动详情').waitFor()
    await shown('.activity-detail__title', activities.open.title).waitFor()
    // The sanitised rich text, rendered.
    await shown('.activity-detail__body h3', '活动介绍').waitFor()
    await shown('.activity-clue').waitFor()
    await screenshot(page, 'other-activity-detail')

    // Nothing filled in: a message under each field, nothing sent.
    const saves: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/clue/saveForActivity')) saves.push(r.postData() ?? '')
    })
    await shown('.activity-clue__submit').click()
    expect(await textsOf(page, '.activity-clue__error:visible')).toStrictEqual(['请填写姓名', '请填写手机号', '请先阅读并同意《隐私政策》'])
    expect(saves).toStrictEqual([])

    await shown('.activity-clue__row--name input').fill(PROSPECT.name)
    await shown('.activity-clue__row--phone input').fill(PROSPECT.phone)
    await pickCategory(page, '.activity-clue__row--intention', ['学历教育(本科)', '市场营销(本科)'])
    expect(await shown('.activity-clue__row--intention .app-picker-field').innerText()).toBe('学历教育(本科)-市场营销(本科)')
    await shown('.activity-clue__box').click()
    await screenshot(page, 'other-activity-clue-filled')
    await shown('.activity-clue__submit').click()
    await shown('.activity-clue__success', '提交成功，老师会尽快联系您').waitFor()
    await screenshot(page, 'other-activity-clue-sent')

    const sent = new URLSearchParams(saves[0])
    expect(sent.get('name')).toBe(PROSPECT.name)
    expect(sent.get('phone')).toBe(PROSPECT.phone)
    expect(sent.get('ref')).toBe('DEMO01')
    expect(sent.get('activityId')).toBe(String(activities.open.id))
    expect(sent.get('intention')).toBe('学历教育(本科)-市场营销(本科)')

    // The partner DEMO01 (13800000000) finds the clue in their own list, phone masked.
    const partner = await (await browser.newContext()).newPage()
    await signInPartner(partner, app, DEMO.active)
    const list = (await (await partner.request.get(`${app.url}/api/ems/partner/clue/list?size=100`)).json()) as Envelope<{
      list: Array<{ name: string; phone: string; activityId: string | null; intention: string | null; status: string }>
    }>
    const clue = list.data.list.find((c) => c.name === PROSPECT.name)
    expectPresent(clue, "the prospect's clue is in the partner's list")
    expect(clue.phone).toBe('139****0001')
    expect(clue.activityId).toBe(String(activities.open.id))
    expect(clue.intention).toBe('学历教育(本科)-市场营销(本科)')
    expect(clue.status).toBe('待跟进')
    // ...and on their clue page.
    await partner.goto(`${app.url}/pages/tabBar/clue`)
    await partner.locator(':text("韩梅梅"):visible').first().waitFor({ timeout: 30_000 })
    await partner.context().close()
  })

  test('says once that the same phone was already registered, and keeps the form as filled in', async () => {
    await open(`/pages/activity/detail?id=${activities.open.id}&ref=DEMO01`)
    await shown('.activity-clue__row--name input').fill('韩梅梅二')
    await shown('.activity-clue__row--phone input').fill(PROSPECT.phone)
    await shown('.activity-clue__box').click()
    await shown('.activity-clue__submit').click()
    const toast = shown('.app-toast')
    await toast.waitFor({ timeout: 15_000 })
    const text = (await toast.innerText()).trim()
    expect(text).toMatch(/已|重复|登记|报名/)
    await screenshot(page, 'other-activity-clue-duplicate')
    await expect(page.locator(`:text("${text}"):visible`)).toHaveCount(1)
    await expect(shown('.activity-clue__row--name input')).toHaveValue('韩梅梅二')
    await expect(page.locator('.activity-clue__success')).toHaveCount(0)
  })

  test('a campaign that has not started says when it opens, and shows no form', async () => {
    await open(`/pages/activity/detail?id=${activities.soon.id}&ref=DEMO01`)
    await shown('.activity-detail__title', activities.soon.title).waitFor()
    expect(await shown('.activity-notice--not-started').innerText()).toMatch(
      /^活动尚未开始，\d{4}-\d{2}-\d{2} \d{2}:\d{2} 开放报名，敬请期待$/,
    )
    expect(await shown('.activity-detail .activity-state').innerText()).toBe('未开始')
    await expect(page.locator('.activity-clue')).toHaveCount(0)
    await screenshot(page, 'other-activity-not-started')
  })

  test('a closed campaign says it is closed, and shows no form', async () => {
    await open(`/pages/activity/main?ref=DEMO01`)
    await shown(`.activity-card--${activities.closed.id}`).click()
    await shown('.activity-notice--ended', '活动已结束，不能再报名，感谢您的关注').waitFor()
    expect(new URL(page.url()).searchParams.get('ref')).toBe('DEMO01')
    await expect(page.locator('.activity-clue')).toHaveCount(0)
    await screenshot(page, 'other-activity-ended')
  })

  test('an open campaign reached without a partner link explains how to sign up instead of a form that cannot be sent', async () => {
    await open(`/pages/activity/detail?id=${activities.open.id}`)
    await shown('.activity-notice--no-ref').waitFor()
    await expect(page.locator('.activity-clue')).toHaveCount(0)
  })

  test('an activity that does not exist says so', async () => {
    await open('/pages/activity/detail?id=999999&ref=DEMO01')
    await shown('.app-empty__text', '活动不存在或已下线').waitFor()
    await screenshot(page, 'other-activity-missing')
  })

  test('loads the next page when the list is scrolled to its end', async () => {
    const teacher = await signInOperator(app, 'teacher')
    const day = 86_400_000
    const at = (days: number) => new Date(Date.now() + days * day).toISOString()
    for (let i = 1; i <= 10; i += 1) {
      const made = await teacher.call<{ id: number }>('POST', '/api/bms/activity/activity', {
        title: `资讯第${i}期`,
        summary: `第${i}期资讯`,
        body: `<p>第${i}期资讯正文</p>`,
        type: '资讯',
        startAt: at(-i),
        endAt: at(30),
      })
      expect(made.code, made.message).toBe(0)
      const published = await teacher.call('PUT', '/api/bms/activity/activity/publish', { id: made.data.id })
      expect(published.code, published.message).toBe(0)
    }
    const pages: string[] = []
    await open('/pages/activity/main?ref=DEMO01')
    await shown('.activity-card').waitFor()
    await expect(page.locator('.activity-card:visible')).toHaveCount(10)
    // Counted from here: the first page has arrived, so only the scroll can ask for more.
    page.on('request', (r) => {
      if (r.url().includes('/activity/listForClient')) pages.push(new URL(r.url()).searchParams.get('page') ?? '')
    })
    await scrollToBottom(page, '.activity-main')
    await page.locator('.activity-card:visible').nth(12).waitFor()
    await expect(page.locator('.activity-card:visible')).toHaveCount(13)
    expect(pages).toStrictEqual(['2'])
    await shown('.app-load-more', '没有更多了').waitFor()
  })

  test('shows the empty notice when nothing is published', async () => {
    const teacher = await signInOperator(app, 'teacher')
    const published = await teacher.call<{ list: Array<{ id: number }> }>('GET', '/api/bms/activity/activity/list', {
      status: '已发布',
      size: 100,
    })
    expect(published.data.list.length >= 3).toBeTruthy()
    for (const a of published.data.list) {
      const res = await teacher.call('PUT', '/api/bms/activity/activity/unpublish', { id: a.id })
      expect(res.code, res.message).toBe(0)
    }
    await open('/pages/activity/main?ref=DEMO01')
    await shown('.app-empty__text', '暂无活动，敬请期待～').waitFor()
    await expect(page.locator('.activity-card')).toHaveCount(0)
    await screenshot(page, 'other-activity-empty')
  })
})

/** Chooses a category in the two-level picker of `row` (the second column follows the first). */
async function pickCategory(page: Page, row: string, [parent, child]: [string, string]): Promise<void> {
  await page.locator(`${row}:visible .app-picker-field`).first().click()
  await chooseInPicker(page, [parent, child])
}
