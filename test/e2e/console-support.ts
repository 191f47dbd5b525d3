import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test'
import { launchBrowser, type RunningApp, test } from './harness'
import { SERVER_ERROR } from './misbehave'
import { ADMIN, DEMO_PASSWORD, desktopContext, signInConsole, startOfficeApp } from './office-support'

export { ADMIN, DEMO_PASSWORD }
export {
  choose,
  desktopContext,
  formItem,
  modal,
  newPartner,
  ok,
  openConsole,
  operatorApi,
  positionId,
  rowWith,
  settled,
  signInConsole,
  tableRows,
} from './office-support'

/** The demo operators (SEED_DEMO): 招生老师 and 财务; 管理员 is ADMIN. */
export const OPERATORS = {
  admin: { account: ADMIN.account, password: ADMIN.password },
  teacher: { account: 'teacher', password: DEMO_PASSWORD },
  finance: { account: 'finance', password: DEMO_PASSWORD },
} as const
export type OperatorName = keyof typeof OPERATORS

export interface ConsoleSuite {
  app: RunningApp
  browser: Browser
  /** A new desktop page (its own cookies) signed in as `who` on the sign-in page; closed after the block. */
  page: (who?: OperatorName) => Promise<Page>
  /** A new desktop page nobody signed in on. */
  blankPage: () => Promise<Page>
}

/**
 * For the describe block it is called in: the app and Chromium, started before its tests and
 * closed after them, with a way to open pages signed in as each operator.
 */
export function consoleSuite(): ConsoleSuite {
  const contexts: BrowserContext[] = []
  const t = {} as ConsoleSuite
  const blankPage = async () => {
    const context = await desktopContext(t.browser)
    contexts.push(context)
    return context.newPage()
  }
  t.blankPage = blankPage
  t.page = async (who = 'admin') => {
    const page = await blankPage()
    await signInConsole(page, t.app, OPERATORS[who].account, OPERATORS[who].password)
    return page
  }
  test.beforeAll(async () => {
    t.app = await startOfficeApp()
    t.browser = await launchBrowser()
  })
  test.afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined)
    await t.browser?.close()
    await t.app?.stop()
  })
  return t
}

/**
 * Ends the page's operator session on the server while the page keeps its cookie, as an expiry
 * or a sign-out elsewhere would: the next call the page makes is refused with 100000004.
 */
export async function endSessionBehindThePage(page: Page, app: RunningApp): Promise<void> {
  const cookies = await page.context().cookies(app.url)
  const asid = cookies.find((c) => c.name === 'asid')
  if (!asid) throw new Error('the page has no operator session cookie')
  const res = await fetch(`${app.url}/api/bms/system/admin/signOut`, { method: 'DELETE', headers: { cookie: `asid=${asid.value}` } })
  if (!res.ok) throw new Error(`signOut answered ${res.status}`)
}

/** The labels of the side menu's groups (招生, 教务…), in order. */
export async function menuGroups(page: Page): Promise<string[]> {
  const groups = page.locator('.console-sider .ant-menu-submenu-title')
  await page.locator('.console-sider .ant-menu-item').first().waitFor({ timeout: 30_000 })
  return (await groups.allTextContents()).map((t) => t.trim())
}

/** The labels of the side menu's entries, in order, each group opened in turn (opening one may fold another). */
export async function menuEntries(page: Page): Promise<string[]> {
  const sider = page.locator('.console-sider')
  await sider.locator('.ant-menu-item').first().waitFor({ timeout: 30_000 })
  const entries = (await sider.locator('.ant-menu-root > .ant-menu-item').allTextContents()).map((t) => t.trim())
  const groups = sider.locator('.ant-menu-root > .ant-menu-submenu')
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i)
    if (!/ant-menu-submenu-open/.test((await group.getAttribute('class')) ?? '')) await group.locator('.ant-menu-submenu-title').click()
    await expect(group).toHaveClass(/ant-menu-submenu-open/)
    entries.push(...(await group.locator('.ant-menu-item').allTextContents()).map((t) => t.trim()))
  }
  return entries
}

/** The number a StatisticCard shows (without its prefix and suffix). */
export async function statistic(card: Locator): Promise<string> {
  return ((await card.locator('.ant-statistic-content-value').first().textContent()) ?? '').trim()
}

/** Makes the server answer `paths` with an HTTP 500 and its envelope on this page; returns the way to end it. */
export async function failWith500(page: Page, paths: string[]): Promise<() => Promise<void>> {
  const matches = (url: URL) => paths.includes(url.pathname)
  const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.fulfill({ status: 500, contentType: 'application/json; charset=utf-8', body: JSON.stringify(SERVER_ERROR) })
  await page.route(matches, handler)
  return () => page.unroute(matches, handler)
}

/** The texts of the antd messages (toasts) showing now. */
export async function messages(page: Page): Promise<string[]> {
  return (await page.locator('.ant-message-notice').allTextContents()).map((t) => t.trim())
}
