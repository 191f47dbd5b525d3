import TestUtils from '@tarojs/test-utils-react'
import { until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { drawn, openAt } from '../../testing/student-pages'
import { staffPageHarness } from '../../testing/staff-pages'
import { sessionOf, WEEK, weekOf } from './components/staff-attendance-testing'
import StaffSessionsPage from './sessions'

jest.mock('@tarojs/taro', () => jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh']))

const $ = (selector: string) => document.querySelector(selector)
const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)

describe('课表点名', () => {
  const h = staffPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/staff/sessions')
  })
  afterEach(() => t.unmout())

  it("shows this week's sessions, today's first, each with its class, time, place, phase and counts, and opens one", async () => {
    h.server.on(WEEK, { body: envelope(weekOf()) })
    await t.mount(StaffSessionsPage)
    await drawn('.staff-lesson')
    expect(h.server.last(WEEK)?.query).toEqual({})
    expect($('.staff-sessions__title')?.textContent).toBe('本周 · 3月2日 – 3月8日')
    expect(texts('.staff-sessions__date')).toEqual(['今天 · 周三 3月4日', '周五 3月6日', '周一 3月2日'])
    expect(texts('.staff-lesson__course')).toEqual(['管理学原理', '管理学原理', '经济学基础'])
    expect(texts('.staff-lesson__phase')).toEqual(['签到中', '未开始', '已结束'])
    const today = $('.staff-lesson') as Element
    expect(today.querySelector('.staff-lesson__class')?.textContent).toBe('2026年1期 工商管理（本科）1班 · 王老师')
    expect(today.querySelector('.staff-lesson__when')?.textContent).toBe('08:30–10:00 · 教学楼A201')
    expect(today.querySelector('.staff-lesson__counts')?.textContent).toBe('出勤 1 · 迟到 0 · 请假 1 · 缺勤 0 / 共 3')
    t.fireEvent.click(today)
    expect(h.navigations).toEqual(['/pages/staff/session?id=12'])
  })

  it('上一周 and 下一周 ask for that week and show it; a cancelled session shows no counts', async () => {
    h.server.on(WEEK, (req) =>
      req.query.date === '2026-03-09'
        ? {
            body: envelope(
              weekOf({
                weekStart: '2026-03-09',
                weekEnd: '2026-03-15',
                sessions: [sessionOf({ id: 20, date: '2026-03-11', phase: '已取消', cancelReason: '教室维修' })],
              }),
            ),
          }
        : req.query.date === '2026-02-23'
          ? { body: envelope(weekOf({ weekStart: '2026-02-23', weekEnd: '2026-03-01', sessions: [] })) }
          : { body: envelope(weekOf()) },
    )
    await t.mount(StaffSessionsPage)
    await drawn('.staff-lesson')
    t.fireEvent.click($('.staff-sessions__step--next') as Element)
    await until(() => $('.staff-sessions__title')?.textContent === '3月9日 – 3月15日', 'the next week shown')
    expect(h.server.last(WEEK)?.query).toEqual({ date: '2026-03-09' })
    expect(texts('.staff-sessions__date')).toEqual(['周三 3月11日'])
    expect(texts('.staff-lesson__phase')).toEqual(['已取消'])
    expect($('.staff-lesson__counts')).toBeNull()

    t.fireEvent.click($('.staff-sessions__step--previous') as Element)
    await until(() => $('.staff-sessions__title')?.textContent === '本周 · 3月2日 – 3月8日', 'this week again')
    t.fireEvent.click($('.staff-sessions__step--previous') as Element)
    await until(() => $('.staff-sessions__title')?.textContent === '2月23日 – 3月1日', 'the week before')
    expect($('.staff-lesson')).toBeNull()
    expect(document.body.textContent).toContain('这一周没有面授课')
  })
})
