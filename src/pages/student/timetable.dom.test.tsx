import TestUtils from '@tarojs/test-utils-react'
import { until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { NOT_STUDENT_REPLY, drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import { MAKE_UP, THIS_MONDAY, TODAY, WEEK, sessionOf, thisWeek, weekOf } from './components/timetable-testing'
import StudentTimetablePage from './timetable'

jest.mock('@tarojs/taro', () => jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh']))

describe('我的课表', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/student/timetable')
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  /** A tag's colour: green, orange, blue, red or grey. */
  const tones = (selector: string) =>
    Array.from(document.querySelectorAll(selector)).map((e) => /timetable-tag--(\w+)/.exec(e.className)?.[1])
  const tap = (selector: string) => t.fireEvent.click($(selector) as Element)
  const dayTab = (label: string) =>
    Array.from(document.querySelectorAll('.timetable-days__day')).find(
      (e) => e.querySelector('.timetable-days__date')?.textContent === label,
    ) as Element
  const chosenDay = () => $('.timetable-days__day[aria-selected=true] .timetable-days__date')?.textContent
  /** A finger dragged across the list, `dx` pixels sideways (negative: to the left). */
  const swipe = (dx: number) => {
    const list = $('.timetable-list') as Element
    const touch = (type: string, x: number) => {
      const e = new Event(type, { bubbles: true })
      Object.defineProperty(e, 'changedTouches', { value: [{ clientX: x, clientY: 300 }] })
      t.act(() => void list.dispatchEvent(e))
    }
    touch('touchstart', 200)
    touch('touchend', 200 + dx)
  }

  it("opens on today in this week: today's sessions with their time, room or online address, teacher and status", async () => {
    h.server.on(WEEK, (req) => ({ body: envelope(weekOf(req.query.date)) }))
    await t.mount(StudentTimetablePage)
    await drawn('.timetable-card')
    expect(h.server.last(WEEK)?.query.date).toBeUndefined()
    expect($('.timetable-week__text')?.textContent).toBe('本周')
    expect($('.timetable-week__today')).toBeNull()
    expect(texts('.timetable-days__date')).toEqual(['11/30', '12/1', '12/2', '12/3', '12/4', '12/5', '12/6'])
    expect(texts('.timetable-days__weekday')).toEqual(['周一', '周二', '今天', '周四', '周五', '周六', '周日'])
    expect(chosenDay()).toBe('12/2')
    // A View's class follows a render later (Taro's H5 View sets it in an effect).
    await until(() => $('.timetable-days__day--on .timetable-days__date')?.textContent === '12/2', 'today filled as chosen')
    expect($('.timetable-days__day--today .timetable-days__date')?.textContent).toBe('12/2')
    expect(document.querySelectorAll('.timetable-days__dot--on')).toHaveLength(5)

    expect(texts('.timetable-card__course')).toEqual(['管理学', '高等数学', '大学英语'])
    expect(texts('.timetable-card__time')).toEqual(['08:30-10:00', '14:00-15:30', '19:00-20:30'])
    expect(texts('.timetable-card__where')).toEqual(['教学楼 301', '线上：https://meeting.example.com/8812', '教学楼 301'])
    expect(texts('.timetable-card__teacher')).toEqual(['王老师 · 会计1班', '王老师 · 会计1班', '王老师 · 会计1班'])
    expect(texts('.timetable-card .timetable-card__top .timetable-tag')).toEqual(['迟到', '未签到', '已取消'])
    expect(tones('.timetable-card__top .timetable-tag')).toEqual(['orange', 'grey', 'grey'])
    expect(texts('.timetable-card__note')).toEqual(['扫码签到 08:43', '签到中，14:10后签到记为迟到', '取消原因：老师出差，改期另行通知'])
    expect($('.timetable-card--cancelled .timetable-card__course')?.textContent).toBe('大学英语')
    // A plain browser has no scanner: the phone's camera opens the room screen's code.
    expect($('.timetable-scan__button')).toBeNull()
    expect($('.timetable-scan__hint')?.textContent).toBe('签到已开放，请用手机相机扫描课堂屏幕上的签到二维码')

    const day = async (label: string) => {
      t.fireEvent.click(dayTab(label))
      await until(() => chosenDay() === label, `${label} chosen`)
      const tags = texts('.timetable-card__top .timetable-tag')
      const colours = tones('.timetable-card__top .timetable-tag')
      return texts('.timetable-card__course').map((course, i) => `${course} ${colours[i]} ${tags[i]}`)
    }
    expect(await day('11/30')).toEqual(['会计基础 green 出勤'])
    expect(await day('12/1')).toEqual(['经济法 red 缺勤'])
    expect($('.timetable-card__make-up-open')?.textContent).toBe('申请补卡')
    expect(await day('12/3')).toEqual(['统计学 blue 请假'])
    expect(await day('12/4')).toEqual(['市场营销 grey 未开始'])
    expect(await day('12/5')).toEqual([])
    expect($('.app-empty')?.textContent).toBe('这天没有课')
  })

  it('goes to the next and the previous week with their dates, by the buttons and by a swipe on the list', async () => {
    h.server.on(WEEK, (req) => ({
      body: envelope(
        weekOf(req.query.date, (monday) =>
          monday === '2026-12-07' ? [sessionOf({ id: 21, date: '2026-12-09', course: '成本会计', phase: '未开始' })] : [],
        ),
      ),
    }))
    await t.mount(StudentTimetablePage)
    await drawn('.timetable-card')

    tap('.timetable-week__move:last-child')
    await until(() => h.server.last(WEEK)?.query.date === '2026-12-07', 'the next week asked for')
    await until(() => texts('.timetable-card__course').join() === '成本会计', 'the next week drawn')
    expect($('.timetable-week__text')?.textContent).toBe('12月7日 - 12月13日')
    // Not this week: no 今天, the first day with a session chosen, and 回本周.
    expect(texts('.timetable-days__weekday')).not.toContain('今天')
    expect(chosenDay()).toBe('12/9')
    expect($('.timetable-week__today')?.textContent).toBe('回本周')
    expect($('.timetable-scan__hint')).toBeNull()

    tap('.timetable-week__move:first-child')
    await until(() => h.server.last(WEEK)?.query.date === THIS_MONDAY, 'this week asked for again')
    await until(() => chosenDay() === '12/2' && texts('.timetable-card__course').length === 3, "this week drawn on today's day")

    swipe(150)
    await until(() => h.server.last(WEEK)?.query.date === '2026-11-23', 'a swipe to the right: the week before')
    await until(() => $('.app-empty') !== null, 'an empty week drawn')
    expect($('.timetable-week__text')?.textContent).toBe('11月23日 - 11月29日')
    expect(chosenDay()).toBe('11/23')

    swipe(-150)
    await until(() => h.server.last(WEEK)?.query.date === THIS_MONDAY, 'a swipe to the left: the week after')
    // A short drag is a tap, not a swipe.
    const asked = h.server.requests.filter((r) => r.path.endsWith('/listForClient')).length
    swipe(-20)
    tap('.timetable-week__move:last-child')
    await until(() => h.server.last(WEEK)?.query.date === '2026-12-07', 'the next week asked for')
    expect(h.server.requests.filter((r) => r.path.endsWith('/listForClient')).length).toBe(asked + 1)

    tap('.timetable-week__today')
    await until(() => h.server.last(WEEK)?.query.date === THIS_MONDAY && chosenDay() === '12/2', 'back to this week')
  })

  it('asks for 补卡 with a reason (required) and then shows where it stands', async () => {
    let asked = false
    h.server.on(WEEK, () => {
      const sessions = thisWeek().map((s) =>
        s.id === 2 && asked ? { ...s, canMakeUp: false, makeUp: { id: 5, status: '审批中' as const, approvalId: 41 } } : s,
      )
      return { body: envelope({ ...weekOf(undefined), sessions }) }
    })
    h.server.on(MAKE_UP, () => {
      asked = true
      return { body: envelope({ id: 5, status: '审批中', approvalId: 41 }) }
    })
    await t.mount(StudentTimetablePage)
    await drawn('.timetable-card')
    t.fireEvent.click(dayTab('12/1'))
    await drawn('.timetable-card__make-up-open')
    tap('.timetable-card__make-up-open')
    await drawn('.timetable-make-up')
    expect($('.timetable-card__make-up-open')).toBeNull()

    tap('.timetable-make-up__submit')
    expect((await drawn('.user-form__error--reason')).textContent).toBe('请填写补卡原因')
    expect(h.server.last(MAKE_UP)).toBeUndefined()
    const reason = await drawn('.timetable-make-up__reason textarea, textarea.timetable-make-up__reason')
    t.fireEvent.input(reason, { target: { value: '  手机没电，忘记扫码  ' } } as never)
    expect($('.user-form__error--reason')).toBeNull()
    tap('.timetable-make-up__submit')
    await until(() => h.server.last(MAKE_UP) !== undefined, 'the 补卡 sent')
    expect(h.server.last(MAKE_UP)?.form).toEqual({ sessionId: '2', reason: '手机没电，忘记扫码' })
    await until(() => $('.timetable-card__make-up')?.textContent === '补卡审批中', 'its status shown')
    expect($('.timetable-make-up')).toBeNull()
    expect($('.timetable-card__make-up-open')).toBeNull()
    expect(tones('.timetable-card__make-up')).toEqual(['orange'])
    expect(useStore.getState().toast.title).toBe('补卡申请已提交')
  })

  it("keeps the server's refusal of a 补卡 on the form", async () => {
    h.server.on(WEEK, { body: envelope(weekOf(undefined)) })
    h.server.on(MAKE_UP, { status: 409, body: envelope(null, 100000009, '本月补卡次数已用完（每月1次）') })
    await t.mount(StudentTimetablePage)
    await drawn('.timetable-card')
    t.fireEvent.click(dayTab('12/1'))
    await drawn('.timetable-card__make-up-open')
    tap('.timetable-card__make-up-open')
    t.fireEvent.input(
      (await drawn('.timetable-make-up__reason textarea, textarea.timetable-make-up__reason')) as Element,
      {
        target: { value: '忘记扫码' },
      } as never,
    )
    tap('.timetable-make-up__submit')
    expect((await drawn('.user-form__error--refusal')).textContent).toBe('本月补卡次数已用完（每月1次）')
    expect($('.timetable-make-up')).not.toBeNull()
  })

  it('shows 补卡 decided, in its colour', async () => {
    const sessions = [
      sessionOf({
        id: 2,
        date: TODAY,
        status: '出勤',
        way: '补卡',
        checkedInAt: '2026-12-02T00:30:00.000Z',
        makeUp: { id: 5, status: '已通过', approvalId: 41 },
      }),
      sessionOf({ id: 3, date: TODAY, status: '缺勤', makeUp: { id: 6, status: '已驳回', approvalId: 42 } }),
    ]
    h.server.on(WEEK, { body: envelope({ ...weekOf(undefined), sessions }) })
    await t.mount(StudentTimetablePage)
    await drawn('.timetable-card__make-up')
    expect(texts('.timetable-card__make-up')).toEqual(['补卡已通过', '补卡被驳回'])
    expect(tones('.timetable-card__make-up')).toEqual(['green', 'red'])
    expect(texts('.timetable-card__note')).toEqual(['补卡 08:30'])
    // No session of today open: no 扫码签到.
    expect($('.timetable-scan')).toBeNull()
  })

  it('tells a person without a student profile so', async () => {
    h.server.on(WEEK, NOT_STUDENT_REPLY)
    await t.mount(StudentTimetablePage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
  })
})
