import { PartnerStatus } from '@activity/wire'
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import { countCalls, initDesignPx, until } from '../../components/testing'
import { setApiHost } from '../../request'
import { envelope, startTestServer, type TestServer } from '../../request/testing/server'
import { dispatchSession } from '../../session/events'
import { settleLaunch } from '../../session/launch-state'
import { useStore } from '../../store'
import { initialUi } from '../../store/ui'
import TabBarHomePage from './home'

// A bare page test has no page host to send show events.
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  return { __esModule: true, ...actual, default: actual.default ?? actual, useDidShow: () => undefined }
})

// The platform's login redirect (WeChat H5: the silent OAuth) is the far side here: recorded.
const mockLoginRedirect = jest.fn((_from: string) => false)
jest.mock('../../session/login-redirect', () => ({ loginRedirect: (from: string) => mockLoginRedirect(from) }))

/**
 * 首页 for everyone (issue 22), in the H5 build against a local back-office stand-in: the public
 * entrance for a signed-out visitor, the student's part, the partner's part as before, and the
 * 学员 | 合伙人 switch for a person holding both, remembered per person.
 */
const STUDENT_USER = {
  id: 41,
  phone: '139****0000',
  nickname: '林小雨',
  avatar: null,
  school: '浙江工商大学',
  major: '会计学',
  discipline: '',
}
const PARTNER_USER = {
  id: 7,
  phone: '138****0000',
  nickname: '合伙人甲',
  avatar: null,
  school: '',
  major: '',
  discipline: '',
  status: PartnerStatus.active,
  code: 'P7',
}
const HEADER = {
  id: 3,
  name: '林小雨',
  educationType: '成人高考',
  school: '浙江工商大学',
  major: '会计学',
  level: '本科',
  programme: '专升本',
  discipline: '学历教育(本科)-会计学(本科)',
  batchYear: 2026,
  batch: 1,
  studentNo: null,
  status: '在读',
  unreadNotices: 2,
}
const personOf = (accountId: number, profiles: string[], user: object) => ({
  accountId,
  phone: '138****0000',
  profiles,
  user,
  partner: profiles.includes('partner') ? { id: 7, status: '已通过', code: 'P7' } : null,
  student: profiles.includes('student') ? HEADER : null,
})
const PARTNER_HOME = {
  status: '已通过',
  withdrawable: 30000,
  frozen: 40000,
  balance: 70000,
  dealsThisCycle: 4,
  dealsToNext: 2,
  newClues: 3,
  tier: { id: 2, name: '白银', minDeals: 3, commissionPerDeal: 15000 },
  nextTier: { id: 3, name: '黄金', minDeals: 6, commissionPerDeal: 20000 },
  missing: { personal: false, signUp: false, payoutAccount: false },
}

let server: TestServer
let t: TestUtils
let navigations: string[]
beforeAll(async () => {
  initDesignPx()
  server = await startTestServer()
  setApiHost(server.url)
})
afterAll(() => server.close())
const settle = (ms = 30) => new Promise((r) => setTimeout(r, ms))
const $ = (selector: string) => t.queries.querySelector(selector)
const texts = (selector: string) => Array.from(t.queries.querySelectorAll(selector)).map((e) => e.textContent)

/** Until `done` holds (up to 5 s), looking after each render pass. */
const seen = (done: () => boolean, what: string | (() => string)) => until(done, what, 5000, () => t.act(() => settle(10)))

beforeEach(() => {
  server.reset()
  t = new TestUtils()
  navigations = []
  jest.spyOn(Taro, 'navigateTo').mockImplementation(((options: { url: string }) => {
    navigations.push(options.url)
    return Promise.resolve({ errMsg: 'navigateTo:ok' })
  }) as unknown as typeof Taro.navigateTo)
  jest.spyOn(Taro, 'redirectTo').mockImplementation(((options: { url: string }) => {
    navigations.push(`redirect ${options.url}`)
    return Promise.resolve({ errMsg: 'redirectTo:ok' })
  }) as unknown as typeof Taro.redirectTo)
  mockLoginRedirect.mockClear()
  useStore.setState({ ...initialUi, homeFaces: {}, currentCourses: {} })
  dispatchSession({ type: 'signedOut' })
  settleLaunch(Promise.resolve())
  Current.router = { path: '/pages/tabBar/home', params: {} } as unknown as typeof Current.router
  server.on('GET /api/ems/partner/partner/home', { body: envelope(PARTNER_HOME) })
  server.on('GET /api/ems/partner/message/unreadCount', { body: envelope({ count: 0 }) })
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

describe('首页 for everyone', () => {
  it('shows a signed-out visitor the public entrance, sends them to no login and asks the server nothing', async () => {
    await t.mount(TabBarHomePage)
    await seen(() => Boolean($('.home-public')), 'the public entrance was drawn')
    expect(texts('.home-public__login')).toEqual(['学员登录', '合伙人登录'])
    expect(texts('.home-public__label')).toEqual(['活动', '志愿查询', 'APP下载'])
    expect($('.home-signout')).toBeNull()
    t.fireEvent.click($('.home-public__login--student') as HTMLElement)
    t.fireEvent.click($('.home-public__entry--volunteer') as HTMLElement)
    expect(navigations).toEqual(['/pages/student/login', '/pages/user/volunteer'])
    expect(server.requests).toHaveLength(0)
    // In WeChat's browser the silent OAuth is tried first (the platform decides; here it declines).
    await seen(() => mockLoginRedirect.mock.calls.length > 0, 'the platform’s login redirect was tried')
    expect(mockLoginRedirect).toHaveBeenCalledWith('/pages/tabBar/home')
  })

  it("shows a student their header info and what to do now, with the unread notices', answered questions' and unpaid fees' counts", async () => {
    dispatchSession({ type: 'signedIn', user: STUDENT_USER, via: 'smsCode' })
    server.on('GET /api/ums/user/user/person', { body: envelope(personOf(41, ['student'], STUDENT_USER)) })
    server.on('GET /api/sms/study/studentQuestion/unreadCountForClient', { body: envelope({ count: 3 }) })
    server.on('GET /api/fms/finance/order/unpaidCountForClient', { body: envelope({ count: 1 }) })
    await t.mount(TabBarHomePage)
    await seen(() => Boolean($('.student-head')), 'the student header was drawn')
    expect($('.student-head__name')?.textContent).toBe('林小雨')
    expect($('.student-head__school')?.textContent).toBe('浙江工商大学')
    expect($('.student-head__major')?.textContent).toBe('会计学（本科）')
    expect($('.student-head__discipline')?.textContent).toBe('学历教育(本科)-会计学(本科)')
    expect($('.student-head__batch')?.textContent).toBe('2026年1期 · 专升本')
    expect($('.student-head__status')?.textContent).toBe('在读')
    expect(texts('.student-entries__label')).toEqual([
      '课程',
      '我的课程',
      '直播课表',
      '章节练习',
      '考试',
      '错题本',
      '答疑',
      '我的缴费',
      '我的积分',
      '夜校',
      '我的课表',
      '通知公告',
      '我的学籍',
    ])
    expect($('.student-entries__item--notice .student-entries__badge')?.textContent).toBe('2')
    await seen(() => $('.student-entries__item--question .student-entries__badge')?.textContent === '3', 'the answered questions counted')
    expect($('.student-todo--question')?.textContent).toContain('老师回复了你的 3 个提问')
    await seen(() => $('.student-entries__item--fee .student-entries__badge')?.textContent === '1', 'the unpaid fees counted')
    expect($('.student-todo--fee')?.textContent).toContain('你有 1 笔费用待缴纳')
    expect($('.home-switch')).toBeNull()
    expect($('.home-wallet')).toBeNull()
    expect(mockLoginRedirect).not.toHaveBeenCalled()
    // No partner call for a student.
    expect(server.requests.some((r) => r.path.startsWith('/api/ems/partner'))).toBe(false)
    t.fireEvent.click($('.student-entries__item--notice') as HTMLElement)
    t.fireEvent.click($('.student-entries__item--timetable') as HTMLElement)
    t.fireEvent.click($('.student-entries__item--course') as HTMLElement)
    t.fireEvent.click($('.student-entries__item--live') as HTMLElement)
    for (const key of ['exercise', 'exam', 'wrong', 'question']) t.fireEvent.click($(`.student-entries__item--${key}`) as HTMLElement)
    t.fireEvent.click($('.student-todo--fee') as HTMLElement)
    expect(navigations).toEqual([
      '/pages/student/notice',
      '/pages/student/timetable',
      '/pages/study/course',
      '/pages/study/live',
      '/pages/study/exercise',
      '/pages/study/exam',
      '/pages/study/wrong',
      '/pages/study/question',
      '/pages/fee/index',
    ])
    // No current course on the server or this device: no 继续学习.
    expect($('.student-continue')).toBeNull()
  })

  it('shows a student 继续学习 from the course studied last, on another device when that is newer, and opens its section', async () => {
    const kept = {
      courseId: 3,
      title: '高等数学（一）',
      sectionId: 11,
      sectionTitle: '1.1 函数',
      position: 40,
      updatedAt: '2026-03-02T08:00:00.000Z',
    }
    useStore.getState().setCurrentCourse(41, kept)
    dispatchSession({ type: 'signedIn', user: STUDENT_USER, via: 'smsCode' })
    server.on('GET /api/ums/user/user/person', { body: envelope(personOf(41, ['student'], STUDENT_USER)) })
    let latest = { ...kept, sectionId: 12, sectionTitle: '1.2 极限', position: 8, studiedAt: '2026-03-02T09:30:00.000Z' }
    server.on('GET /api/sms/study/studentKnowledge/latestCourseId', () => ({ body: envelope(latest) }))
    await t.mount(TabBarHomePage)
    await seen(
      () => $('.student-continue__section')?.textContent === '1.2 极限',
      () => `继续学习 shows the server’s section (it shows ${$('.student-continue__section')?.textContent})`,
    )
    expect($('.student-continue__title')?.textContent).toBe('高等数学（一）')
    expect(useStore.getState().currentCourses['41']).toMatchObject({ sectionId: 12, position: 8, updatedAt: '2026-03-02T09:30:00.000Z' })
    t.fireEvent.click($('.student-continue') as HTMLElement)
    expect(navigations).toEqual(['/pages/study/section?id=12'])

    // The server's is older than what this device studied since: the device's stays.
    useStore.getState().setCurrentCourse(41, { ...kept, sectionId: 13, sectionTitle: '1.3 连续', updatedAt: '2026-03-02T10:00:00.000Z' })
    latest = { ...latest, studiedAt: '2026-03-02T09:45:00.000Z' }
    const calls = countCalls()
    t.unmout()
    t = new TestUtils()
    await t.mount(TabBarHomePage)
    await seen(
      () => calls.answered('GET /api/sms/study/studentKnowledge/latestCourseId') > 0,
      'the page had the server’s current course again',
    )
    await seen(
      () => $('.student-continue__section')?.textContent === '1.3 连续',
      () => `继续学习 keeps this device’s section (it shows ${$('.student-continue__section')?.textContent})`,
    )
  })

  it("shows a partner today's home, no switch", async () => {
    dispatchSession({ type: 'signedIn', user: PARTNER_USER, via: 'password' })
    server.on('GET /api/ums/user/user/person', { body: envelope(personOf(12, ['partner'], PARTNER_USER)) })
    await t.mount(TabBarHomePage)
    await seen(() => Boolean($('.home-wallet__amount')) && Boolean(server.last('GET /api/ums/user/user/person')), 'the wallet was drawn')
    expect($('.home-wallet__amount')?.textContent).toBe('¥300.00')
    expect($('.home-switch')).toBeNull()
    expect($('.student-head')).toBeNull()
    expect($('.home-signout')?.textContent).toBe('退出登录')
  })

  it('gives a person holding both a 学员 | 合伙人 switch, the partner part first, and remembers their choice', async () => {
    dispatchSession({ type: 'signedIn', user: PARTNER_USER, via: 'password' })
    server.on('GET /api/ums/user/user/person', { body: envelope(personOf(12, ['partner', 'student'], PARTNER_USER)) })
    await t.mount(TabBarHomePage)
    await seen(() => Boolean($('.home-switch')), 'the switch was drawn')
    expect(texts('.home-switch__item')).toEqual(['学员', '合伙人'])
    expect($('.home-switch__item--active')?.textContent).toBe('合伙人')
    await seen(() => Boolean($('.home-wallet__amount')), 'the wallet was drawn')

    t.fireEvent.click($('.home-switch__item--student') as HTMLElement)
    await seen(() => Boolean($('.student-head')), 'the student header was drawn')
    expect($('.home-switch__item--active')?.textContent).toBe('学员')
    expect($('.home-wallet')).toBeNull()
    expect(useStore.getState().homeFaces).toEqual({ '12': 'student' })

    // Opened again (a reload keeps the persisted store): the student part straight away.
    t.unmout()
    t = new TestUtils()
    await t.mount(TabBarHomePage)
    await seen(() => Boolean($('.student-head')), 'the student header was drawn')
    expect($('.home-switch__item--active')?.textContent).toBe('学员')
  })

  it("keeps each person's choice to themselves", async () => {
    useStore.getState().setHomeFace(99, 'student')
    dispatchSession({ type: 'signedIn', user: PARTNER_USER, via: 'password' })
    server.on('GET /api/ums/user/user/person', { body: envelope(personOf(12, ['partner', 'student'], PARTNER_USER)) })
    await t.mount(TabBarHomePage)
    await seen(() => Boolean($('.home-switch')), 'the switch was drawn')
    expect($('.home-switch__item--active')?.textContent).toBe('合伙人')
  })
})
