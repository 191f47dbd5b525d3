import TestUtils from '@tarojs/test-utils-react'
import { envelope } from '../../request/testing/server'
import { NOT_STUDENT_REPLY, drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import { LIST, daysFromToday, leaveOf } from './components/leave-testing'
import { dateText } from './components/leave-text'
import StudentLeavePage from './leave'

jest.mock('@tarojs/taro', () =>
  jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh', 'useReachBottom']),
)

describe('我的请假', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/student/leave')
  })
  afterEach(() => t.unmout())

  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const day = (days: number) => dateText(daysFromToday(days), daysFromToday(0))

  it('lists my leaves, the latest first, with when each runs, its length in days and its status tag', async () => {
    h.server.on(LIST, {
      body: envelope({
        list: [
          {
            ...leaveOf({
              id: 9,
              type: '事假',
              startDate: daysFromToday(7),
              startHalf: '下午',
              endDate: daysFromToday(7),
              endHalf: '下午',
              halfDays: 1,
              daysText: '0.5天',
              reason: '预约了医院复查',
            }),
            approvalId: 33,
          },
          { ...leaveOf({ id: 8, status: '已退回' }), approvalId: 32 },
          {
            ...leaveOf({
              id: 7,
              status: '已通过',
              startDate: daysFromToday(-5),
              endDate: daysFromToday(-4),
              endHalf: '下午',
              halfDays: 4,
              daysText: '2天',
              backDate: daysFromToday(-4),
              backHalf: '上午',
              usedHalfDays: 2,
              appliedByName: '王老师',
            }),
            approvalId: 31,
          },
        ],
      }),
    })
    await t.mount(StudentLeavePage)
    await drawn('.leave-item')
    expect(texts('.leave-item__type')).toEqual(['事假', '病假', '病假'])
    expect(texts('.leave-item__days')).toEqual(['0.5天', '1.5天', '2天'])
    expect(texts('.leave-tag')).toEqual(['审批中', '已退回', '已通过'])
    expect(document.querySelectorAll('.leave-tag')[1]?.className).toContain('leave-tag--blue')
    expect(texts('.leave-item__span')).toEqual([
      `${day(7)} 下午`,
      `${day(-2)} 上午 至 ${day(-1)} 上午`,
      `${day(-5)} 上午 至 ${day(-4)} 下午`,
    ])
    expect(texts('.leave-item__note')).toEqual([`已销假：${day(-4)} 上午返回，实际请假1天`, '王老师代为请假'])
    expect(document.querySelector('.leave-head__count')?.textContent).toBe('共 3 条请假')

    t.fireEvent.click(document.querySelectorAll('.leave-item')[1] as Element)
    t.fireEvent.click(document.querySelector('.leave-head__apply') as Element)
    expect(h.navigations).toEqual(['/pages/student/leaveDetail?id=8', '/pages/student/leaveApply'])
  })

  it('says so when I have not asked for leave yet, and still offers 请假', async () => {
    h.server.on(LIST, { body: envelope({ list: [] }) })
    await t.mount(StudentLeavePage)
    expect((await drawn('.app-empty')).textContent).toBe('还没有请假记录')
    expect(document.querySelector('.leave-head__apply')?.textContent).toBe('请假')
  })

  it('tells a person without a student profile so', async () => {
    h.server.on(LIST, NOT_STUDENT_REPLY)
    await t.mount(StudentLeavePage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
  })
})
