import TestUtils from '@tarojs/test-utils-react'
import { until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { dispatchStaff } from '../../staff/events'
import { useStore } from '../../store'
import { drawn, openAt, settle } from '../../testing/student-pages'
import { operatorOf, staffPageHarness } from '../../testing/staff-pages'
import { AT_RISK, atRiskOf } from './components/staff-attendance-testing'
import { HOME, homeOf } from './components/staff-testing'
import StaffHomePage from './index'

jest.mock('@tarojs/taro', () => jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh']))

const DASHBOARD = 'GET /api/bms/system/dashboard'
const TARGETS = 'GET /api/bms/statistics/enrollTarget/statistics'
const QUESTIONS = 'GET /api/sms/study/studentQuestion/list'
const POSTER = 'GET /api/ems/partner/partner/sharePosterForEnroll'

describe('工作台', () => {
  const h = staffPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/staff/index')
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)

  it("shows a head teacher's classes, the approvals waiting with their badge, today's leaves and who read the notices", async () => {
    h.server.on(HOME, { body: envelope(homeOf()) })
    await t.mount(StaffHomePage)
    await drawn('.staff-home__class')
    expect([$('.staff-home__name')?.textContent, $('.staff-home__role')?.textContent]).toEqual(['王老师', '班主任'])
    expect($('.staff-home__approvals .staff-home__badge')?.textContent).toBe('2')
    expect(texts('.staff-home__class-name')).toEqual(['2026年1期 工商管理（本科）1班'])
    expect(texts('.staff-home__leave-name')).toEqual(['林小雨'])
    expect(texts('.staff-home__notice-read')).toEqual(['已读 1/2'])
    expect($('.staff-home__clues')).toBeNull()
    expect($('.staff-home__questions')).toBeNull()
    t.fireEvent.click($('.staff-home__class') as Element)
    t.fireEvent.click($('.staff-home__approvals') as Element)
    expect(h.navigations).toEqual(['/pages/staff/roster?classId=5', '/pages/staff/approvals'])
    expect(h.server.last(DASHBOARD)).toBeUndefined()
  })

  it('warns a head teacher of their students at risk of absence, with the rule, and offers 课表点名', async () => {
    h.server.on(HOME, { body: envelope(homeOf()) })
    h.server.on(AT_RISK, { body: envelope(atRiskOf()) })
    await t.mount(StaffHomePage)
    await drawn('.staff-home__risk')
    expect($('.staff-home__risk .staff-home__title')?.textContent).toBe('考勤预警（1）')
    expect(texts('.staff-home__risk-name')).toEqual(['林小雨'])
    expect(texts('.staff-home__risk-class')).toEqual(['2026年1期 工商管理（本科）1班'])
    expect(texts('.staff-home__risk-rate')).toEqual(['缺勤率 50%'])
    expect(texts('.staff-home__risk-line')).toEqual(['缺勤 2/应出勤 4 · 已预警 03-03'])
    expect(texts('.staff-home__rule')).toEqual([
      '缺勤率达 30% 即预警（上满 3 次课起）',
      '应出勤 = 已结束的课次 − 请假；出勤率 =（出勤 + 迟到）÷ 应出勤；缺勤率 = 缺勤 ÷ 应出勤',
    ])
    t.fireEvent.click($('.staff-home__sessions') as Element)
    expect(h.navigations).toEqual(['/pages/staff/sessions'])
  })

  it('shows no 考勤预警 when no student is at risk, and asks none of an operator heading no class', async () => {
    h.server.on(HOME, { body: envelope(homeOf()) })
    h.server.on(AT_RISK, { body: envelope(atRiskOf({ rows: [] })) })
    await t.mount(StaffHomePage)
    await drawn('.staff-home__class')
    await until(() => h.server.last(AT_RISK) !== undefined, 'the at-risk list asked')
    await settle()
    expect($('.staff-home__risk')).toBeNull()
    t.unmout()

    h.server.reset()
    h.server.on(HOME, { body: envelope(homeOf({ classes: [] })) })
    t = new TestUtils()
    await t.mount(StaffHomePage)
    await drawn('.staff-home__sessions')
    await settle()
    expect(h.server.last(AT_RISK)).toBeUndefined()
  })

  it("shows an enrolment teacher's figures and a teacher's questions, without the head teacher's part", async () => {
    dispatchStaff({
      type: 'staffSignedIn',
      via: 'session',
      staff: operatorOf({
        name: '李老师',
        role: '招生老师',
        rights: ['dashboard.view', 'clues.work', 'studentQuestions.view', 'studentQuestions.answer'],
      }),
    })
    h.server.on(HOME, { body: envelope(homeOf({ classes: [], waitingApprovals: 0, onLeaveToday: [], notices: [] })) })
    h.server.on(DASHBOARD, {
      body: envelope({ cycle: { newClues: 12, deals: 3 }, overdueContacts: [], todos: { overdueClues: 4 } }),
    })
    h.server.on(QUESTIONS, { body: envelope({ list: [], total: 5, page: 1, size: 1 }) })
    // This month's target: the teacher's own row among what they may see.
    h.server.on(TARGETS, {
      body: envelope({ teachers: [{ adminId: 11, deals: 3, dealTarget: 10, dealProgress: 30 }], departments: [] }),
    })
    await t.mount(StaffHomePage)
    await until(
      () =>
        texts('.staff-home__figure-value').length === 3 &&
        $('.staff-home__questions .staff-home__muted') !== null &&
        $('.staff-home__target') !== null,
      'cards drawn',
    )
    expect($('.staff-home__target')?.textContent).toBe('本月目标：成交 3 / 10（30%）')
    expect(texts('.staff-home__figure-value')).toEqual(['4', '12', '3'])
    expect($('.staff-home__questions .staff-home__muted')?.textContent).toBe('5条待回复')
    expect(h.server.last(QUESTIONS)?.query).toMatchObject({ status: '待回复' })
    expect($('.staff-home__classes')).toBeNull()
    expect($('.staff-home__approvals .staff-home__muted')?.textContent).toBe('暂无待办')
    t.fireEvent.click($('.staff-home__clues') as Element)
    t.fireEvent.click($('.staff-home__questions') as Element)
    expect(h.navigations).toEqual(['/pages/staff/clues', '/pages/staff/questions'])
  })

  it("我的推广海报 opens the enrolment teacher's own poster, asked in the staff session", async () => {
    dispatchStaff({
      type: 'staffSignedIn',
      via: 'session',
      staff: operatorOf({ name: '李老师', role: '招生老师', rights: ['clues.work'] }),
    })
    h.server.on(HOME, { body: envelope(homeOf({ classes: [], waitingApprovals: 0, onLeaveToday: [], notices: [] })) })
    h.server.on(TARGETS, { body: envelope({ teachers: [], departments: [] }) })
    h.server.on(POSTER, {
      body: envelope({
        backgrounds: [],
        code: 'T7K2M9QX',
        name: '李老师',
        link: 'https://partner.example.com/pages/activity/main?ref=T7K2M9QX',
      }),
    })
    await t.mount(StaffHomePage)
    await drawn('.staff-home__poster')
    expect($('.share-poster')).toBeNull()
    t.fireEvent.click($('.staff-home__poster') as Element)
    await until(() => h.server.last(POSTER) !== undefined, 'poster asked')
    await drawn('.share-poster')
    expect($('.share-poster__title')?.textContent).toBe('分享海报')
  })

  it('退出登录 ends the staff session after a confirmation, and sends the operator to 教职工登录', async () => {
    h.server.on(HOME, { body: envelope(homeOf()) })
    h.server.on('DELETE /api/bms/system/admin/signOut', { body: envelope(null) })
    await t.mount(StaffHomePage)
    await drawn('.staff-home__signout')
    t.fireEvent.click($('.staff-home__signout') as Element)
    t.fireEvent.click((await drawn('.app-dialog__confirm')) as Element)
    await until(() => h.navigations.length > 0, 'sent to login')
    expect(h.server.last('DELETE /api/bms/system/admin/signOut')).toBeDefined()
    expect(useStore.getState()).toMatchObject({ staff: null, staffKnown: true })
    expect(h.navigations[0]).toMatch(/^\/pages\/staff\/login\?from=/)
  })
})
