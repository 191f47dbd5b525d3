import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { choose, confirmPicker, countCalls, openPicker, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { NOT_STUDENT_REPLY, drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import { APPLY, DETAILS, LEAVE_STATES, RESUBMIT, daysFromToday } from './components/leave-testing'
import { dayText } from './components/leave-text'
import StudentLeaveApplyPage from './leaveApply'

jest.mock('@tarojs/taro', () =>
  jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh', 'useReachBottom']),
)

const OVERLAP = '这段时间已有请假（审批中或已通过），不能重复请假'

describe('请假申请', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const error = (row: string) => $(`.user-form__row--${row} .user-form__error`)?.textContent ?? ''
  const length = () => $('.leave-apply__length')?.textContent
  const submit = () => t.fireEvent.click($('.leave-apply__submit') as Element)
  /** Taps 上午 (0) or 下午 (1) of the start or the end. */
  const half = (row: 'start' | 'end', index: 0 | 1) =>
    t.fireEvent.click(document.querySelectorAll(`.user-form__row--${row} .leave-half__item`)[index] as Element)
  /** Chooses the row's picker's `index`-th choice. */
  async function pick(row: string, index: number, shows: string) {
    await openPicker($(`.user-form__row--${row} .app-picker-field`) as Element)
    await choose([index])
    await confirmPicker()
    await until(() => ($(`.user-form__row--${row} .app-picker-field`)?.textContent ?? '').includes(shows), `${shows} chosen`)
  }
  const typeReason = async (value: string) =>
    t.fireEvent.input((await drawn('.user-form__row--reason textarea')) as Element, { target: { value } } as never)

  it('counts the leave in half-days as it changes, and checks the form before sending anything', async () => {
    openAt('/pages/student/leaveApply')
    const calls = countCalls()
    await t.mount(StudentLeaveApplyPage)
    await drawn('.leave-apply')
    // Today 上午 to 下午.
    expect(length()).toBe('1天')
    expect($('.user-form__row--start .app-picker-field')?.textContent).toContain('今天')
    submit()
    await until(() => error('type') !== '', 'the form says what is missing')
    expect([error('type'), error('reason')]).toEqual(['请选择请假类型', '请填写请假事由'])

    half('start', 1)
    await until(() => length() === '0.5天', 'today 下午: half a day')
    half('end', 0)
    await until(() => length() === '—', 'an end before the start is not counted')
    await pick('type', 1, '病假')
    await typeReason('发烧')
    submit()
    await until(() => error('end') === '结束时间不能早于开始时间', 'the end refused')

    // Tomorrow 上午, then 下午.
    await pick('end', 1, dayText(daysFromToday(1), daysFromToday(0)))
    await until(() => length() === '1天', 'today 下午 to tomorrow 上午: one day')
    expect(error('end')).toBe('')
    half('end', 1)
    await until(() => length() === '1.5天', 'to tomorrow 下午: a day and a half')
    expect(calls.sent(APPLY)).toBe(0)
  })

  it('sends a leave with a picture, says so and opens it', async () => {
    openAt('/pages/student/leaveApply')
    h.server.on(APPLY, { body: envelope(LEAVE_STATES.pending()) })
    jest.spyOn(Taro, 'chooseImage').mockResolvedValue({ tempFilePaths: ['blob:note-1'], tempFiles: [], errMsg: 'chooseImage:ok' } as never)
    const uploads: string[] = []
    jest.spyOn(Taro, 'uploadFile').mockImplementation(((options: Taro.uploadFile.Option) => {
      uploads.push(`${options.name} ${new URL(options.url).pathname}`)
      return Promise.resolve({ statusCode: 200, data: JSON.stringify(envelope({ key: 'leave/2026/03/s3-note.png', url: '/files/x' })) })
    }) as never)
    await t.mount(StudentLeaveApplyPage)
    await drawn('.leave-apply')
    await pick('type', 1, '病假')
    await typeReason('  发烧，去医院看病 ')
    t.fireEvent.click($('.image-picker__add') as Element)
    await until(() => document.querySelectorAll('.image-picker__item').length === 1, 'the picture uploaded')
    expect(uploads).toEqual(['file /api/zms/approval/leave/upload'])
    expect(texts('.image-picker__count')).toEqual(['1/6'])
    submit()
    await until(() => h.navigations.length === 1, 'the new leave opened')
    expect(h.server.last(APPLY)?.form).toEqual({
      type: '病假',
      startDate: daysFromToday(0),
      startHalf: '上午',
      endDate: daysFromToday(0),
      endHalf: '下午',
      reason: '发烧，去医院看病',
      pictures: 'leave/2026/03/s3-note.png',
    })
    expect(useStore.getState().toast.title).toBe('已提交，请等待审批')
    expect(h.navigations).toEqual(['/pages/student/leaveDetail?id=7'])
  })

  it("shows the server's refusal on the form: a leave overlapping another", async () => {
    openAt('/pages/student/leaveApply')
    h.server.on(APPLY, { status: 409, body: envelope(null, 100000006, OVERLAP) })
    await t.mount(StudentLeaveApplyPage)
    await drawn('.leave-apply')
    await pick('type', 0, '事假')
    await typeReason('家中有事')
    submit()
    expect((await drawn('.user-form__error--refusal')).textContent).toBe(OVERLAP)
    expect(useStore.getState().toast.title).toBe(OVERLAP)
    expect(h.navigations).toEqual([])
  })

  it('fills the form with a returned leave, and submits it changed again', async () => {
    openAt('/pages/student/leaveApply', { id: '7' })
    h.server.on(DETAILS, { body: envelope(LEAVE_STATES.returned()) })
    h.server.on(RESUBMIT, { body: envelope(LEAVE_STATES.pending()) })
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' } as never)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as never)
    await t.mount(StudentLeaveApplyPage)
    await drawn('.leave-apply__note')
    expect(h.server.last(DETAILS)?.query).toEqual({ id: '7' })
    await until(() => ($('.user-form__row--type .app-picker-field')?.textContent ?? '').includes('病假'), 'the type filled')
    // Taro draws the box's own <textarea> after the page: wait for it.
    await until(
      () => ($('.user-form__row--reason textarea') as HTMLTextAreaElement | null)?.value === '发烧，去医院看病',
      'the reason filled',
    )
    expect(length()).toBe('1.5天')
    expect(document.querySelectorAll('.image-picker__item')).toHaveLength(1)
    expect($('.leave-apply__submit')?.textContent).toBe('重新提交')
    await typeReason('发烧，去医院看病，已补充病历')
    submit()
    await until(() => back.mock.calls.length === 1, 'back to the leave')
    expect(h.server.last(RESUBMIT)?.form).toEqual({
      id: '7',
      type: '病假',
      startDate: daysFromToday(-2),
      startHalf: '上午',
      endDate: daysFromToday(-1),
      endHalf: '上午',
      reason: '发烧，去医院看病，已补充病历',
      pictures: 'leave/2026/03/s3-a.png',
    })
  })

  it('does not offer to change a leave that was not returned', async () => {
    openAt('/pages/student/leaveApply', { id: '7' })
    h.server.on(DETAILS, { body: envelope(LEAVE_STATES.approved()) })
    await t.mount(StudentLeaveApplyPage)
    expect((await drawn('.app-empty')).textContent).toBe('该请假已通过，不能修改')
    expect($('.leave-apply__submit')).toBeNull()
  })

  it('tells a person without a student profile so', async () => {
    openAt('/pages/student/leaveApply', { id: '7' })
    h.server.on(DETAILS, NOT_STUDENT_REPLY)
    await t.mount(StudentLeaveApplyPage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
  })
})
