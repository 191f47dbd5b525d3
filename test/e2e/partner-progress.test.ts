import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, phoneContext, screenshot, startApp, type RunningApp, expect, test } from './harness'
import {
  DEMO,
  countCalls,
  pullDown,
  scrollToBottom,
  signInOperator,
  signInPartner,
  textsOf,
  toastText,
  waitForTitle,
  type Operator,
} from './dashboard-support'
import { lastSmsId, smsCode } from './user-helpers'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * Issue 15's partner pages in a real Chromium against the real back-office (npm start's program,
 * demo data): a clue's progress opened from the clue list (线索详情), the partners who registered
 * with the demo partner's share code (我的团队), and the ranking of this cycle and the last (排行榜).
 * Team members register through the API with the demo code DEMO01; one of them gets a deal from
 * the enrolment teacher, so the team and the ranking show it.
 */
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const TEAM_CALL = '/api/ems/partner/partner/team'
const RANKING_CALL = '/api/ems/partner/partner/ranking'

async function json<T>(res: Response): Promise<{ code: number; message: string; data: T }> {
  return (await res.json()) as { code: number; message: string; data: T }
}

/** A partner registers with the demo partner's share code; answers their own share code. */
async function registerReferred(app: RunningApp, phone: string): Promise<string> {
  const before = await lastSmsId(app, phone)
  const sent = await json(
    await fetch(`${app.url}/api/ums/user/user/sendVerify`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ phone, type: '注册' }).toString(),
    }),
  )
  expect(sent.code, sent.message).toBe(0)
  const code = await smsCode(app, phone, before)
  const res = await json<{ code: string }>(
    await fetch(`${app.url}/api/ems/partner/client/register`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ phone, code, password: 'pass1234', referrerCode: 'DEMO01' }).toString(),
    }),
  )
  expect(res.code, res.message).toBe(0)
  return res.data.code
}

test.describe('线索详情, 我的团队 and 排行榜', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let teacher: Operator
  test.beforeAll(async () => {
    // No per-IP limits: one IP registers the whole team.
    app = await startApp({ RATE_LIMIT: 'off' })
    browser = await launchBrowser()
    context = await phoneContext(browser)
    page = await context.newPage()
    await signInPartner(page, app, DEMO.active)
    teacher = await signInOperator(app, 'teacher')
  })
  test.afterAll(async () => {
    await context?.close()
    await browser?.close()
    await app?.stop()
  })

  async function openClue(name: string) {
    await page.goto(`${app.url}/pages/tabBar/clue`)
    await waitForTitle(page, '招生线索')
    await page.locator('.clue-item__name', { hasText: name }).first().click()
    await waitForTitle(page, '线索详情')
    await page.locator('.clue-step').first().waitFor({ timeout: 20_000 })
  }

  test("opens a clue from the list: its steps newest first, the phone masked, the teacher's note not shown", async () => {
    await openClue('刘洋')
    expect(new URL(page.url()).pathname).toBe('/pages/partner/clueDetail')
    expect(new URL(page.url()).searchParams.get('id') ?? '').toMatch(/^\d+$/)
    await expect(page.locator('.clue-detail-head__name')).toHaveText('刘洋')
    await expect(page.locator('.clue-detail-head__status')).toHaveText('跟进中')
    await expect(page.locator('.clue-detail-head__phone')).toHaveText('137****0003')
    expect(await textsOf(page, '.clue-step__title')).toStrictEqual(['招生老师电话跟进', '机构已受理', '线索已登记'])
    await expect(page.locator('.clue-step--current .clue-step__title')).toHaveText('招生老师电话跟进')
    const body = (await page.locator('.clue-timeline').textContent()) ?? ''
    expect(!body.includes('学费分期'), 'the follow-up note stays in the office').toBeTruthy()
    await screenshot(page, 'partner-clue-detail')
  })

  test('a deal shows its programme, commission and tier; an invalid clue its reason', async () => {
    await openClue('杨磊')
    const deal = page.locator('.clue-step--current')
    await expect(deal.locator('.clue-step__title')).toHaveText('已成交：会计学(本科)')
    expect((await deal.locator('.clue-step__detail').textContent()) ?? '').toMatch(/^佣金 \+¥100\.00（青铜档位）/)
    await screenshot(page, 'partner-clue-detail-deal')
    await openClue('吴刚')
    await expect(page.locator('.clue-step--current .clue-step__title')).toHaveText('已标记为无效')
    await expect(page.locator('.clue-step--current .clue-step__detail')).toHaveText('原因：号码为空号')
  })

  test("another partner's or a missing clue is 线索不存在", async () => {
    await page.goto(`${app.url}/pages/partner/clueDetail?id=999999`)
    await waitForTitle(page, '线索详情')
    expect(await toastText(page)).toBe('线索不存在')
    await expect(page.locator('.clue-step')).toHaveCount(0)
  })

  test('我的团队: members with masked phones, status, joined date and deals this cycle; the count on top, load-more and pull-down refresh', async () => {
    // 11 members: a page of 10 and one more. The first gets a deal through a prospect on their link.
    const phones = Array.from({ length: 11 }, (_, i) => `1391500${String(i).padStart(4, '0')}`)
    const codes: string[] = []
    for (const phone of phones) codes.push(await registerReferred(app, phone))
    const left = await json<{ id: number }>(
      await fetch(`${app.url}/api/ems/partner/clue/saveForActivity`, {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({ name: '团队客户', phone: '13715000001', ref: codes[0]! }).toString(),
      }),
    )
    expect(left.code, left.message).toBe(0)
    const deal = await teacher.call('PUT', '/api/ems/partner/clue/deal', { id: left.data.id, programme: '会计学(本科)', amount: 500000 })
    expect(deal.code, deal.message).toBe(0)

    const calls = countCalls(page, 'GET', TEAM_CALL)
    await page.goto(`${app.url}/pages/tabBar/home`)
    await page.locator('.home-entries__item--team').click()
    await waitForTitle(page, '我的团队')
    await page.locator('.team-head__total', { hasText: '11' }).waitFor({ timeout: 20_000 })
    await expect(page.locator('.team-member')).toHaveCount(10)
    // Newest first: the last to register is on top; nobody has given a name yet.
    await expect(page.locator('.team-member__phone').first()).toHaveText('139****0010')
    expect([...new Set(await textsOf(page, '.team-member__name'))]).toStrictEqual(['未填写姓名'])
    expect([...new Set(await textsOf(page, '.team-member__status'))]).toStrictEqual(['未提交'])
    expect((await page.locator('.team-member__joined').first().textContent()) ?? '').toMatch(/^\d{4}-\d{2}-\d{2} 加入$/)
    await screenshot(page, 'partner-team')

    await scrollToBottom(page, '.team-list')
    await page.locator('.team-member').nth(10).waitFor({ timeout: 10_000 })
    const first = page.locator('.team-member').nth(10)
    await expect(first.locator('.team-member__phone')).toHaveText('139****0000')
    await expect(first.locator('.team-member__count')).toHaveText('1')
    expect((await page.locator('.app-load-more').textContent()) ?? '').toMatch(/没有更多了/)
    expect(calls.queries.map((q) => q.get('page'))).toStrictEqual(['1', '2'])

    // One more registers: a pull-down shows them and the new count.
    await registerReferred(app, '13915000011')
    // Back to the top of this page (the home page underneath is a .taro_page too).
    await page.locator('.team-list').evaluate((el) => {
      const scroller = el.closest('.taro_page')
      if (scroller) scroller.scrollTop = 0
      if (document.scrollingElement) document.scrollingElement.scrollTop = 0
    })
    await pullDown(page)
    await page.locator('.team-head__total', { hasText: '12' }).waitFor({ timeout: 10_000 })
    await expect(page.locator('.team-member__phone').first()).toHaveText('139****0011')
  })

  test('排行榜: my rank and deals on top, the top 50 with masked names, and last cycle’s table on the other tab', async () => {
    const calls = countCalls(page, 'GET', RANKING_CALL)
    await page.goto(`${app.url}/pages/tabBar/home`)
    await page.locator('.home-entries__item--ranking').click()
    await waitForTitle(page, '排行榜')
    await page.locator('.ranking-row').first().waitFor({ timeout: 20_000 })
    await expect(page.locator('.ranking-me__rank')).toHaveText('第1名')
    await expect(page.locator('.ranking-me__deals')).toHaveText('4单')
    expect(await textsOf(page, '.ranking-row__name')).toStrictEqual(['陈**（我）', '139****0000'])
    expect(await textsOf(page, '.ranking-row__deals')).toStrictEqual(['4单', '1单'])
    await expect(page.locator('.ranking-row--mine .ranking-row__rank')).toHaveText('1')
    await screenshot(page, 'partner-ranking')

    await page.locator('.ranking-tabs__tab', { hasText: '上周期' }).click()
    await page.locator('.ranking-table__title', { hasText: '上周期前50名' }).waitFor({ timeout: 10_000 })
    expect(new URL(page.url()).searchParams.get('cycle')).toBe('上周期')
    await expect(page.locator('.ranking-me__rank')).toHaveText('未上榜')
    await expect(page.locator('.ranking-row')).toHaveCount(0)
    expect(calls.queries.at(-1)?.get('cycle')).toBe('上周期')
    await screenshot(page, 'partner-ranking-last')

    // A reload keeps the tab (it is in the address).
    await page.reload()
    await waitForTitle(page, '排行榜')
    await page.locator('.ranking-table__title', { hasText: '上周期前50名' }).waitFor({ timeout: 20_000 })
    await expect(page.locator('.ranking-tabs__tab--active')).toHaveText('上周期')
  })
})
