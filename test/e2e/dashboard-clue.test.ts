import type { Browser } from '@playwright/test'
import { launchBrowser, phoneContext, screenshot, startApp, type RunningApp, expect, test, expectPresent } from './harness'
import {
  DEMO,
  countCalls,
  signedInPartnerPage,
  pickTimeType,
  pullDown,
  scrollToBottom,
  signInOperator,
  signInPartner,
  textsOf,
  toastText,
  waitForTitle,
} from './dashboard-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * 招生线索 in a real Chromium against the real back-office (npm start's program, demo data): the
 * demo partner's clues, the filters (kept in the address), adding a clue, the duplicate refusal,
 * load-more, pull-down refresh after an operator worked a clue, and the pending partner's empty list.
 */
const CLUE_LIST = '/api/ems/partner/clue/list'
const CLUE_SAVE = '/api/ems/partner/clue'

test.describe('招生线索 (the clue list)', () => {
  const t = signedInPartnerPage()

  async function open(query = '') {
    await t.page.goto(`${t.app.url}/pages/tabBar/clue${query}`)
    await waitForTitle(t.page, '招生线索')
    await t.page.locator('.filter-bar__total', { hasText: '共' }).waitFor({ timeout: 20_000 })
  }

  test("lists the partner's clues newest first with masked phones, statuses and the total", async () => {
    await open()
    await expect(t.page.locator('.filter-bar__total')).toHaveText('共 10 条')
    const phones = await textsOf(t.page, '.clue-item__phone')
    expect(phones.length).toBe(10)
    for (const phone of phones) expect(phone).toMatch(/^137\*{4}\d{4}$/)
    const statuses = new Set(await textsOf(t.page, '.clue-item__status'))
    expect([...statuses].sort()).toStrictEqual(['已成交', '待跟进', '无效', '跟进中'].sort())
    expect((await textsOf(t.page, '.clue-item__name'))[0]).toBe('吴刚')
    expect((await t.page.locator('.app-load-more').textContent()) ?? '').toMatch(/没有更多了/)
    await screenshot(t.page, 'dashboard-clue')
  })

  test('filters by status and by time type, keeping the filters in the address across a reload', async () => {
    await open()
    const calls = countCalls(t.page, 'GET', CLUE_LIST)
    await t.page.locator('.filter-bar__tab', { hasText: '已成交' }).click()
    await t.page.locator('.filter-bar__total', { hasText: '共 4 条' }).waitFor()
    expect([...new Set(await textsOf(t.page, '.clue-item__status'))]).toStrictEqual(['已成交'])
    expect(calls.queries.at(-1)?.get('status')).toBe('已成交')
    expect(new URL(t.page.url()).searchParams.get('status')).toBe('已成交')

    await t.page.reload()
    await waitForTitle(t.page, '招生线索')
    await t.page.locator('.filter-bar__total', { hasText: '共 4 条' }).waitFor({ timeout: 20_000 })
    await expect(t.page.locator('.filter-bar__tab--active')).toHaveText('已成交')

    // The demo clues were all recorded today: 本月 keeps them, 昨天 has none.
    await pickTimeType(t.page, '本月')
    await t.page.waitForFunction(() => new URL(location.href).searchParams.get('timeType') === '本月')
    await t.page.locator('.filter-bar__total', { hasText: '共 4 条' }).waitFor()
    await pickTimeType(t.page, '昨天')
    await t.page.locator('.app-empty__text', { hasText: '亲，没有相关内容哦～' }).waitFor()
    expect(calls.queries.at(-1)?.get('timeType')).toBe('昨天')
    expect(calls.queries.at(-1)?.get('status')).toBe('已成交')
    expect(new URL(t.page.url()).searchParams.get('timeType')).toBe('昨天')
    await screenshot(t.page, 'dashboard-clue-empty-filter')

    await t.page.locator('.filter-bar__tab', { hasText: '全部' }).click()
    await t.page.locator('.app-empty').waitFor({ state: 'visible' })
    expect(new URL(t.page.url()).searchParams.get('status')).toBe(null)
  })

  test('checks the form before sending: no name, no call', async () => {
    await open()
    const saves = countCalls(t.page, 'POST', CLUE_SAVE)
    await t.page.locator('.clue-page__add').click()
    await t.page.locator('.clue-form__phone input').fill('13912345678')
    await t.page.locator('.clue-form__submit').click()
    expect(await toastText(t.page)).toBe('请填写姓名')
    await t.page.locator('.clue-form__name input').fill('新学员')
    await t.page.locator('.clue-form__phone input').fill('1391234')
    await t.page.locator('.clue-form__submit').click()
    await t.page.locator('.app-toast', { hasText: '手机号格式不正确' }).waitFor()
    expect(saves.count).toBe(0)
  })

  test('adds a clue and shows it first in the list, phone masked', async () => {
    await open('?status=无效')
    await t.page.locator('.clue-page__add').click()
    await t.page.locator('.clue-form__name input').fill('孙悦')
    await t.page.locator('.clue-form__phone input').fill('13912345678')
    await t.page.locator('.clue-form__remark input').fill('晚上八点后方便')
    await screenshot(t.page, 'dashboard-clue-form')
    await t.page.locator('.clue-form__submit').click()
    expect(await toastText(t.page)).toMatch(/登记成功/)
    // Back to 全部 so the new clue shows, on top.
    await t.page.locator('.filter-bar__total', { hasText: '共 11 条' }).waitFor()
    expect(new URL(t.page.url()).searchParams.get('status')).toBe(null)
    const first = t.page.locator('.clue-item').first()
    await expect(first.locator('.clue-item__name')).toHaveText('孙悦')
    await expect(first.locator('.clue-item__phone')).toHaveText('139****5678')
    await expect(first.locator('.clue-item__status')).toHaveText('待跟进')
    await expect(first.locator('.clue-item__time')).toHaveText('刚刚')
    await expect(t.page.locator('.clue-form')).toHaveCount(0)
  })

  test("shows the server's duplicate message and keeps what was typed", async () => {
    await open()
    await t.page.locator('.clue-page__add').click()
    await t.page.locator('.clue-form__name input').fill('孙悦二')
    await t.page.locator('.clue-form__phone input').fill('13912345678')
    await t.page.locator('.clue-form__submit').click()
    // The request wrapper's toast (SPEC.md section 8 puts the HTTP status before the message).
    expect(await toastText(t.page)).toMatch(/该手机号已被登记，90天内不能重复登记/)
    await expect(t.page.locator('.clue-form__name input')).toHaveValue('孙悦二')
    await expect(t.page.locator('.clue-form__phone input')).toHaveValue('13912345678')
    await screenshot(t.page, 'dashboard-clue-duplicate')
    await expect(t.page.locator('.filter-bar__total')).toHaveText('共 11 条')
  })

  test('loads the next page at the bottom of the list, after the last clue shown', async () => {
    await open()
    const calls = countCalls(t.page, 'GET', CLUE_LIST)
    await expect(t.page.locator('.clue-item')).toHaveCount(10)
    expect((await t.page.locator('.app-load-more').textContent()) ?? '').toMatch(/上拉加载更多/)
    await scrollToBottom(t.page, '.clue-item')
    await t.page.locator('.app-load-more', { hasText: '没有更多了' }).waitFor()
    await expect(t.page.locator('.clue-item')).toHaveCount(11)
    // Load-more asks for the rows after the last one shown (the first page's cursor), not page 2.
    expect(calls.queries.at(-1)?.get('cursor'), 'a cursor').toBeTruthy()
    expect(calls.queries.at(-1)?.get('page')).toBe(null)
  })

  test('pulls down to show what an operator changed meanwhile', async () => {
    await open()
    const newest = t.page.locator('.clue-item').first()
    await expect(newest.locator('.clue-item__status')).toHaveText('待跟进')
    const teacher = await signInOperator(t.app, 'teacher')
    const found = await teacher.call<{ list: Array<{ id: number }> }>('GET', '/api/ems/partner/clue/listForAdmin', { phone: '13912345678' })
    const id = found.data.list[0]?.id
    expectPresent(id)
    expect((await teacher.call('PUT', '/api/ems/partner/clue/follow', { id, remark: '已电话沟通' })).code).toBe(0)

    const calls = countCalls(t.page, 'GET', CLUE_LIST)
    await pullDown(t.page)
    await newest.locator('.clue-item__status', { hasText: '跟进中' }).waitFor({ timeout: 10_000 })
    expect(calls.count).toBe(1)
    expect(calls.queries[0]?.get('page')).toBe('1')
    expect((await newest.textContent()) ?? '').toMatch(/已电话沟通/)
  })
})

test.describe('招生线索 of a partner still under review', () => {
  let app: RunningApp
  let browser: Browser

  test.beforeAll(async () => {
    app = await startApp()
    browser = await launchBrowser()
  })

  test.afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  test('shows the empty notice, and adding a clue waits for the approval', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await signInPartner(page, app, DEMO.pending)
    await page.goto(`${app.url}/pages/tabBar/clue`)
    await waitForTitle(page, '招生线索')
    await page.locator('.app-empty__text', { hasText: '亲，没有相关内容哦～' }).waitFor({ timeout: 20_000 })
    await expect(page.locator('.clue-item')).toHaveCount(0)
    await expect(page.locator('.filter-bar__total')).toHaveText('共 0 条')
    await screenshot(page, 'dashboard-clue-empty')

    await page.locator('.clue-page__add').click()
    await page.locator('.clue-form__name input').fill('钱多多')
    await page.locator('.clue-form__phone input').fill('13612345678')
    await page.locator('.clue-form__submit').click()
    expect(await toastText(page)).toMatch(/合伙人资料审核通过后才能进行此操作/)
    await expect(page.locator('.clue-form__name input')).toHaveValue('钱多多')
    await context.close()
  })
})
