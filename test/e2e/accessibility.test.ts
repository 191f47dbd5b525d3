import fs from 'node:fs'
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test'
import { ROUTES as CLIENT_ROUTES } from '../../src/routes'
import { DEMO, signInPartner } from './dashboard-support'
import { keyboardWalk } from './keyboard'
import { launchBrowser, phoneContext, startApp, type RunningApp, expect, test } from './harness'
import { ADMIN, desktopContext, openConsole, signInConsole } from './office-support'

// One app server for the file; each page is its own test (a failure does not skip the others).
test.describe.configure({ mode: 'default' })

/**
 * Every H5 page and every console screen, checked with axe-core (the engine behind Lighthouse's
 * accessibility score) on the rules Lighthouse scores (its default config's weighted audits):
 * contrast, text alternatives, names of controls, labels, zoom, roles. Lighthouse itself measures
 * four H5 pages and four console screens (bench/lighthouse.ts); this keeps the rest from slipping.
 *
 * Each H5 page is walked with the keyboard too, on the same load (issue 45, keyboard.ts): Tab must
 * reach every control a pointer can use, and each stop must have a role, a name and a focus ring.
 */

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: string[]; failureSummary?: string }>
}

// Evaluated through the DevTools protocol: the app's Content-Security-Policy refuses inline scripts.
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** The axe rules behind the audits Lighthouse's accessibility score weighs. */
let scoredRules: string[] = []

async function violations(page: Page): Promise<string[]> {
  // Once per page load: a console screen opened inside the loaded console keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE)
  const found = await page.evaluate(async (rules) => {
    const axe = (
      window as unknown as {
        axe: { getRules: () => Array<{ ruleId: string }>; run: (ctx: Document, opts: unknown) => Promise<{ violations: Violation[] }> }
      }
    ).axe
    const known = new Set(axe.getRules().map((r) => r.ruleId))
    const result = await axe.run(document, {
      runOnly: { type: 'rule', values: rules.filter((r) => known.has(r)) },
      resultTypes: ['violations'],
    })
    return result.violations
  }, scoredRules)
  return found.map((v) => `${v.id} (${v.impact}): ${v.help}; ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

let app: RunningApp
let browser: Browser
let context: BrowserContext | undefined

test.beforeAll(async () => {
  const { default: config } = await import('lighthouse/core/config/default-config.js')
  scoredRules = (config.categories?.accessibility?.auditRefs ?? []).filter((ref) => (ref.weight ?? 0) > 0).map((ref) => ref.id)
  expect(scoredRules.length).toBeGreaterThan(40)
  app = await startApp({ RATE_LIMIT: 'off', ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password })
  browser = await launchBrowser()
})

test.afterAll(async () => {
  await context?.close()
  await browser?.close()
  await app?.stop()
})

/** What a page needs in its address to show itself rather than a not-found state. */
async function addressOf(path: string): Promise<string> {
  const get = async <T>(api: string): Promise<T | undefined> => {
    const res = await fetch(`${app.url}${api}`, { headers: { cookie: partnerCookie } })
    return ((await res.json()) as { data?: T }).data
  }
  const first = async (api: string) => {
    const res = await fetch(`${app.url}${api}`, { headers: { cookie: partnerCookie } })
    const body = (await res.json()) as { data?: { list?: Array<{ id: number }> } }
    return body.data?.list?.[0]?.id
  }
  switch (path) {
    case 'pages/activity/detail':
      return `/${path}?id=${await first('/api/cms/activity/activity/listForClient?page=1&size=1')}&ref=DEMO01`
    case 'pages/partner/clueDetail':
      return `/${path}?id=${await first('/api/ems/partner/clue/list?page=1&size=1')}`
    case 'pages/student/noticeDetail':
      // The demo partner is a student too: one of the notices addressed to them.
      return `/${path}?id=${await first('/api/ems/education/notices/listForClient?page=1&size=1')}`
    case 'pages/study/courseDetail':
      return `/${path}?id=${await first('/api/bms/cont/continueCourse/listForClient?page=1&size=1')}`
    case 'pages/study/section': {
      // The first section of a course the school granted the demo partner, who is a student too.
      const mine = await get<{ list: Array<{ courseId: number }> }>('/api/sms/study/join/listStudentOnlineCourseForClient?page=1&size=1')
      const course = await get<{ chapters: Array<{ sections: Array<{ id: number }> }> }>(
        `/api/bms/cont/continueCourse/detailsForClient?id=${mine?.list[0]?.courseId}`,
      )
      return `/${path}?id=${course?.chapters[0]?.sections[0]?.id}`
    }
    case 'pages/study/liveRoom': {
      const live = await get<Array<{ id: number; status: string }>>('/api/sms/study/studentLiveCourseSchedule/listByStudent')
      return `/${path}?id=${(live?.find((l) => l.status === '直播中') ?? live?.[0])?.id}`
    }
    case 'pages/points/good':
      // A demo good of the points shop (the demo partner is a student too).
      return `/${path}?id=${await first('/api/fms/cybermoney/shopGood/listForClient?page=1&size=1')}`
    case 'pages/activity/main':
      return `/${path}?ref=DEMO01`
    default:
      return `/${path}`
  }
}

let partnerCookie = ''

test.describe('the H5 pages', () => {
  let page: Page
  let cdp: CDPSession
  test.beforeAll(async () => {
    context = await phoneContext(browser)
    page = await context.newPage()
    cdp = await context.newCDPSession(page)
    await signInPartner(page, app, DEMO.active)
    partnerCookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  })

  for (const route of CLIENT_ROUTES) {
    test(`${route.path} (${route.title || 'no title'}) fails none of the audits Lighthouse scores, and Tab reaches every control`, async () => {
      await page.goto(`${app.url}${await addressOf(route.path)}`)
      // The page has drawn itself and its first answers are in.
      await page.locator('.page__body:visible, .taro_page_show').first().waitFor()
      await page.waitForLoadState('networkidle')
      expect(await violations(page)).toEqual([])
      const walk = await keyboardWalk(page, cdp)
      expect(walk).toEqual({ pointer: walk.reached, reached: walk.reached, unreachable: [], extra: [], unnamed: [], noRing: [] })
    })
  }
})

test.describe('the console', () => {
  let page: Page
  test.beforeAll(async () => {
    await context?.close()
    context = await desktopContext(browser)
    page = await context.newPage()
  })

  test('its sign-in screen fails none of the audits Lighthouse scores', async () => {
    const blank = await (await desktopContext(browser)).newPage()
    await blank.goto(`${app.url}/admin/signIn`)
    await blank.getByPlaceholder('账号').waitFor()
    expect(await violations(blank)).toEqual([])
    await blank.context().close()
  })

  const screens = [
    '/dashboard',
    '/partners',
    '/clues',
    '/students',
    '/students/1',
    '/students/1/study',
    '/courses',
    '/courses/new',
    '/courses/1',
    '/courses/1/live',
    '/courses/1/students',
    '/course-categories',
    '/roll-requests',
    '/withdrawals',
    '/ledger',
    '/audit',
    '/activities',
    '/activities/new',
    '/volunteer',
    '/orders',
    '/tiers',
    '/posters',
    '/contents',
    '/contents/new',
    '/notices',
    '/notices/new',
    '/app-versions',
    '/operators',
    '/account/password',
    '/night/classes',
    '/night/classes/1',
    // 课表与考勤 (issue 41)
    '/timetable',
    '/attendance',
    '/attendance/statistics',
    '/attendance/at-risk',
    // 积分 (issue 25)
    '/points/ways',
    '/points/levels',
    '/points/students',
    '/points/records',
    '/points/applications',
    '/points/goods',
    '/points/orders',
    '/fee-standards',
    '/fee-orders',
    '/coupons',
    '/settings',
    // 毕业 (issue 43): the demo batch's photo collection
    '/graduation/photos',
    '/graduation/photos/1',
    // 毕业论文: the demo's thesis batch, its tabs
    '/thesis',
    '/thesis/1',
    '/thesis/1/students',
    '/thesis/1/defence',
    '/thesis/1/scores',
    // 教材 (issue 44): the demo's draft mailing, and the parcels (物流异常 draws the same table)
    '/textbooks',
    '/textbooks/1',
    '/textbooks/parcels',
  ]
  for (const screen of screens) {
    test(`${screen} fails none of the audits Lighthouse scores`, async () => {
      if (!page.url().includes('/admin/') || page.url().includes('/admin/signIn'))
        await signInConsole(page, app, ADMIN.account, ADMIN.password)
      await openConsole(page, app, screen)
      // Audit the screen at rest: a button or table still loading is drawn faded on purpose, and
      // one under the pointer lighter (the pointer stays where the last screen was clicked).
      await page.mouse.move(0, 0)
      const loading = page.locator('.ant-btn-loading, .ant-spin-spinning')
      await expect
        .poll(async () => ((await loading.count()) > 0 ? ['still loading'] : violations(page)), {
          intervals: [250, 500, 1000],
          timeout: 20_000,
        })
        .toEqual([])
    })
  }
})
