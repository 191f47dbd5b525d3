import fs from 'node:fs'
import path from 'node:path'
import { DEV_AREA } from '../../src/routes'
import { WEAPP_DIR, hasWeappBuild, installMiniGlobals, loadApp, renderPage, textOf } from './harness'

/** SPEC.md section 2, in its order. */
const SPEC_ROUTES = [
  'pages/tabBar/home',
  'pages/tabBar/clue',
  'pages/tabBar/record',
  'pages/main/appDownload',
  'pages/main/wxCode',
  'pages/main/pay',
  'pages/main/content',
  'pages/main/web',
  'pages/jump/index',
  'pages/partner/position',
  'pages/partner/deal',
  'pages/partner/withdrawal',
  'pages/activity/main',
  'pages/activity/detail',
  'pages/user/login',
  'pages/user/loginWechat',
  'pages/user/person',
  'pages/user/partner',
  'pages/user/agreement',
  'pages/user/privacy',
  'pages/user/volunteer',
  'pages/user/changePass',
]
/** Issue 15's partner pages, after SPEC.md's table. */
const ISSUE_15_ROUTES = ['pages/partner/clueDetail', 'pages/partner/team', 'pages/partner/ranking', 'pages/partner/message']
/** Issue 22's student pages (the student's own subpackage). */
const ISSUE_22_ROUTES = [
  'pages/student/login',
  'pages/student/roll',
  'pages/student/rollRequest',
  'pages/student/notice',
  'pages/student/noticeDetail',
  // 请假: my leaves, the form, a leave with its approval.
  'pages/student/leave',
  'pages/student/leaveApply',
  'pages/student/leaveDetail',
  // 课表 (issue 41): my week, and the landing of a session's check-in QR code.
  'pages/student/timetable',
  'pages/student/attend',
  // 毕业照片: the specification, my photo with its approval, the upload.
  'pages/student/graduationPhoto',
  // 毕业审核: the checklist, the audit's approval, the graduate's certificate.
  'pages/student/graduation',
  // 论文: the timeline, the topic, each stage's versions, the defence and the score.
  'pages/student/thesis',
  // 我的教材 (issue 44): my mailings of textbooks with their parcels, the address form.
  'pages/student/textbooks',
  'pages/student/textbookAddress',
]
/** Issue 23's study pages (their own subpackage). */
const ISSUE_23_ROUTES = [
  'pages/study/course',
  'pages/study/courseDetail',
  'pages/study/index',
  'pages/study/section',
  'pages/study/live',
  'pages/study/liveRoom',
]
/** Issue 24's study pages: exercises, exams, the wrong-answer book, the report, questions to teachers. */
const ISSUE_24_ROUTES = [
  'pages/study/exercise',
  'pages/study/exam',
  'pages/study/paper',
  'pages/study/wrong',
  'pages/study/report',
  'pages/study/question',
  'pages/study/questionDetail',
]
/** Issue 25's pages: tuition and receipts, points and the shop, night classes (an area each). */
const ISSUE_25_ROUTES = [
  'pages/fee/index',
  'pages/fee/detail',
  'pages/fee/receipt',
  'pages/points/index',
  'pages/points/shop',
  'pages/points/good',
  'pages/points/orders',
  'pages/points/apply',
  'pages/night/index',
  'pages/night/detail',
  'pages/night/checkIn',
]

/** 教职工's shell and approvals (the operator session): sign-in, the workbench, a roster, approvals, one approval. */
const STAFF_SHELL_ROUTES = [
  'pages/staff/login',
  'pages/staff/index',
  'pages/staff/roster',
  'pages/staff/approvals',
  'pages/staff/approvalDetail',
]

/** 教职工's work pages (the operator session): my clues, a clue, the 答疑 queue, a thread. */
const STAFF_WORK_ROUTES = ['pages/staff/clues', 'pages/staff/clueDetail', 'pages/staff/questions', 'pages/staff/questionDetail']
/** 课表点名 (issue 41): the operator's week of sessions, and one session's room code and roll call. */
const STAFF_ATTENDANCE_ROUTES = ['pages/staff/sessions', 'pages/staff/session']

interface AppJson {
  entryPagePath: string
  pages: string[]
  subPackages: Array<{ root: string; pages: string[] }>
  tabBar?: { list: unknown[] }
  window: { navigationStyle: string }
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(WEAPP_DIR, file), 'utf8')) as T

beforeAll(() => {
  if (!hasWeappBuild()) throw new Error('dist/weapp is missing: run `npm run build:weapp -- --mode test` first')
})

describe('the weapp build', () => {
  it("declares exactly the routes of SPEC.md section 2, issue 15's partner pages, issue 22's student pages, the study pages of issues 23 and 24, and issue 25's fee, points and night pages", () => {
    const app = readJson<AppJson>('app.json')
    const all = [...app.pages, ...app.subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
    // The pages/dev area (the component gallery of non-production builds) is not a SPEC route.
    const spec = all.filter((p) => !p.startsWith(`${DEV_AREA}/`))
    expect([...spec].sort()).toEqual(
      [
        ...SPEC_ROUTES,
        ...ISSUE_15_ROUTES,
        ...ISSUE_22_ROUTES,
        ...ISSUE_23_ROUTES,
        ...ISSUE_24_ROUTES,
        ...ISSUE_25_ROUTES,
        ...STAFF_SHELL_ROUTES,
        ...STAFF_WORK_ROUTES,
        ...STAFF_ATTENDANCE_ROUTES,
      ].sort(),
    )
    expect(app.entryPagePath).toBe('pages/tabBar/home')
    expect(app.pages[0]).toBe('pages/tabBar/home')
  })

  it('keeps the entry and tab pages in the main package and splits the rest by area', () => {
    const app = readJson<AppJson>('app.json')
    expect(app.pages).toEqual(['pages/tabBar/home', 'pages/tabBar/clue', 'pages/tabBar/record'])
    const roots = app.subPackages.map((s) => s.root).filter((root) => root !== DEV_AREA)
    expect(roots.sort()).toEqual([
      'pages/activity',
      'pages/fee',
      'pages/jump',
      'pages/main',
      'pages/night',
      'pages/partner',
      'pages/points',
      'pages/staff',
      'pages/student',
      'pages/study',
      'pages/user',
    ])
  })

  it('uses the custom navigation style, declares no tab bar (its list is empty), and pull-down refresh on clue and record', () => {
    const app = readJson<AppJson>('app.json')
    expect(app.window.navigationStyle).toBe('custom')
    expect(app.tabBar).toBeUndefined()
    const refresh = SPEC_ROUTES.filter((p) => readJson<{ enablePullDownRefresh?: boolean }>(`${p}.json`).enablePullDownRefresh)
    expect(refresh).toEqual(['pages/tabBar/clue', 'pages/tabBar/record'])
  })

  it('injects only the components a page uses and preloads the subpackages the tab pages open next', () => {
    const app = readJson<AppJson & { lazyCodeLoading?: string; preloadRule?: Record<string, { network: string; packages: string[] }> }>(
      'app.json',
    )
    expect(app.lazyCodeLoading).toBe('requiredComponents')
    expect(app.preloadRule).toEqual({
      'pages/tabBar/home': { network: 'all', packages: ['pages/user', 'pages/partner', 'pages/student', 'pages/study'] },
      'pages/tabBar/clue': { network: 'all', packages: ['pages/partner'] },
      'pages/tabBar/record': { network: 'all', packages: ['pages/partner'] },
    })
    // Every preloaded package is a declared subpackage, and every rule is on a page of the app.
    const roots = app.subPackages.map((s) => s.root)
    for (const [page, rule] of Object.entries(app.preloadRule ?? {})) {
      expect(app.pages).toContain(page)
      for (const pkg of rule.packages) expect(roots).toContain(pkg)
    }
  })
})

describe('the entry page in the mini-program simulator', () => {
  beforeAll(() => {
    installMiniGlobals()
    loadApp()
  })

  it('renders its title 首页', async () => {
    const page = await renderPage('pages/tabBar/home')
    expect(textOf(page)).toContain('首页')
  })
})
