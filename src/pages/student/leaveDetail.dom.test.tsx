import TestUtils from '@tarojs/test-utils-react'
import { choose, confirmPicker, openPicker, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { NOT_STUDENT_REPLY, drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import { DESTROY, DETAILS, LEAVE_STATES, REVOKE, WITHDRAW, daysFromToday, type LeaveState } from './components/leave-testing'
import { dateText } from './components/leave-text'
import StudentLeaveDetailPage from './leaveDetail'

jest.mock('@tarojs/taro', () =>
  jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh', 'useReachBottom']),
)

const TOO_LATE = '审批人已处理，不能撤回'

describe('请假详情', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/student/leaveDetail', { id: '7' })
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const day = (days: number) => dateText(daysFromToday(days), daysFromToday(0))
  const buttons = () => texts('.leave-actions__item, .leave-actions__resubmit')
  const tap = (selector: string) => t.fireEvent.click($(selector) as Element)
  /** The server answers the leave in `state`; later answers follow `serve`'s changes. */
  function serve(state: LeaveState) {
    let current = LEAVE_STATES[state]()
    h.server.on(DETAILS, () => ({ body: envelope(current) }))
    return (next: LeaveState) => void (current = LEAVE_STATES[next]())
  }

  it('shows the leave with its pictures, the approval steps as a timeline (who decided when, and why) and its record', async () => {
    serve('approved')
    await t.mount(StudentLeaveDetailPage)
    await drawn('.leave-step')
    expect(h.server.last(DETAILS)?.query).toEqual({ id: '7' })
    expect([$('.leave-card__type')?.textContent, $('.leave-card__days')?.textContent, $('.leave-card .leave-tag')?.textContent]).toEqual([
      '病假',
      '1.5天',
      '已通过',
    ])
    expect($('.leave-row--start .leave-row__value')?.textContent).toBe(`${day(-2)} 上午`)
    expect($('.leave-row--end .leave-row__value')?.textContent).toBe(`${day(-1)} 上午`)
    expect($('.leave-row--reason .leave-row__value')?.textContent).toBe('发烧，去医院看病')
    expect(document.querySelectorAll('.leave-card__picture')).toHaveLength(1)
    expect(texts('.leave-step__name')).toEqual(['班主任审批', '教务审批'])
    expect(texts('.leave-step .leave-tag')).toEqual(['已通过', '已通过'])
    expect(texts('.leave-step__actor')).toEqual(['王老师 同意', '李主任 同意'])
    expect(texts('.leave-step__time')[0]).toMatch(/^2026-03-02 \d\d:00$/)
    expect(texts('.leave-step__comment')).toEqual(['注意休息'])
    expect(texts('.leave-record__what')).toEqual(['林小雨 提交', '王老师 同意', '李主任 同意'])
  })

  it('offers what the leave allows now: 撤回 while nobody acted, 修改后重新提交 once returned, 撤销 and 销假 once approved and begun', async () => {
    const expected: Array<[LeaveState, string[]]> = [
      ['pending', ['撤回']],
      ['returned', ['撤回', '修改后重新提交']],
      ['approved', ['撤销', '销假']],
      ['ahead', ['撤销']],
      ['destroyed', ['撤销']],
      ['refused', []],
      ['withdrawn', []],
    ]
    const seen: Array<[LeaveState, string[]]> = []
    for (const [i, [state]] of expected.entries()) {
      // One page after the other: the last stays for afterEach.
      if (i > 0) {
        t.unmout()
        t = new TestUtils()
      }
      serve(state)
      await t.mount(StudentLeaveDetailPage)
      await drawn('.leave-card')
      seen.push([state, buttons() as string[]])
      if (state === 'pending') expect(texts('.leave-step__waiting')).toEqual(['等待王老师审批'])
      if (state === 'returned') expect(texts('.leave-step__comment')).toEqual(['请补充医院证明'])
      if (state === 'destroyed') expect($('.leave-row--back .leave-row__value')?.textContent).toBe(`${day(-2)} 下午返回，实际请假0.5天`)
    }
    expect(seen).toEqual(expected)
  })

  it('opens the form on a returned leave', async () => {
    serve('returned')
    await t.mount(StudentLeaveDetailPage)
    await drawn('.leave-actions__resubmit')
    tap('.leave-actions__resubmit')
    expect(h.navigations).toEqual(['/pages/student/leaveApply?id=7'])
  })

  it('withdraws a leave nobody acted on yet, and shows it withdrawn', async () => {
    const next = serve('pending')
    h.server.on(WITHDRAW, () => {
      next('withdrawn')
      return { body: envelope(LEAVE_STATES.withdrawn().approval) }
    })
    await t.mount(StudentLeaveDetailPage)
    await drawn('.leave-actions__item--withdraw')
    tap('.leave-actions__item--withdraw')
    tap('.app-dialog__confirm')
    await until(() => $('.leave-card .leave-tag')?.textContent === '已撤回', 'shown withdrawn')
    expect(h.server.last(WITHDRAW)?.form).toEqual({ id: '31' })
    expect(useStore.getState().toast.title).toBe('已撤回')
    expect(buttons()).toEqual([])
  })

  it('says why a withdrawal was refused (an approver acted first), and shows the leave as it now stands', async () => {
    const next = serve('pending')
    h.server.on(WITHDRAW, () => {
      next('returned')
      return { status: 422, body: envelope(null, 100000007, TOO_LATE) }
    })
    await t.mount(StudentLeaveDetailPage)
    await drawn('.leave-actions__item--withdraw')
    tap('.leave-actions__item--withdraw')
    tap('.app-dialog__confirm')
    expect((await drawn('.user-form__error--refusal')).textContent).toBe(TOO_LATE)
    expect(useStore.getState().toast.title).toBe(TOO_LATE)
    await until(() => $('.leave-card .leave-tag')?.textContent === '已退回', 'the leave asked again')
    expect(buttons()).toEqual(['撤回', '修改后重新提交'])
  })

  it('revokes an approved leave with a reason, and asks for the reason first', async () => {
    serve('approved')
    h.server.on(REVOKE, { body: envelope(LEAVE_STATES.approved().approval) })
    await t.mount(StudentLeaveDetailPage)
    await drawn('.leave-actions__item--revoke')
    tap('.leave-actions__item--revoke')
    await drawn('.leave-panel--revoke')
    tap('.leave-panel__confirm')
    expect((await drawn('.user-form__error--reason')).textContent).toBe('请填写撤销原因')
    expect(h.server.last(REVOKE)).toBeUndefined()
    t.fireEvent.input(
      (await drawn('.leave-panel__reason textarea, textarea.leave-panel__reason')) as Element,
      {
        target: { value: ' 病好了，不需要请假了 ' },
      } as never,
    )
    tap('.leave-panel__confirm')
    await until(() => h.server.last(REVOKE) !== undefined, 'the revocation sent')
    expect(h.server.last(REVOKE)?.form).toEqual({ id: '31', reason: '病好了，不需要请假了' })
    await until(() => $('.leave-panel') === null, 'the panel closed')
    expect(useStore.getState().toast.title).toBe('已撤销')
  })

  it('records 销假: the half-day I came back on, with the days it leaves taken', async () => {
    const next = serve('approved')
    h.server.on(DESTROY, () => {
      next('destroyed')
      return { body: envelope(LEAVE_STATES.destroyed()) }
    })
    await t.mount(StudentLeaveDetailPage)
    await drawn('.leave-actions__item--destroy')
    tap('.leave-actions__item--destroy')
    await drawn('.leave-panel--destroy')
    await openPicker($('.leave-panel--destroy .app-picker-field') as Element)
    await choose([1])
    await confirmPicker()
    await until(() => $('.leave-panel__used') !== null, 'the days taken shown')
    expect($('.leave-panel--destroy .app-picker-field')?.textContent).toContain(`${day(-1)} 上午`)
    expect($('.leave-panel__used')?.textContent).toBe('实际请假1天')
    tap('.leave-panel__confirm')
    await until(() => $('.leave-row--back') !== null, 'shown with its 销假')
    expect(h.server.last(DESTROY)?.form).toEqual({ id: '7', backDate: daysFromToday(-1), backHalf: '上午' })
    expect(useStore.getState().toast.title).toBe('已销假')
    expect(buttons()).toEqual(['撤销'])
  })

  it('says a leave that is not mine is not there', async () => {
    h.server.on(DETAILS, { status: 404, body: envelope(null, 100000005, '请假不存在') })
    await t.mount(StudentLeaveDetailPage)
    expect((await drawn('.app-empty')).textContent).toBe('请假不存在')
    expect($('.dashboard-retry')).toBeNull()
  })

  it('tells a person without a student profile so', async () => {
    h.server.on(DETAILS, NOT_STUDENT_REPLY)
    await t.mount(StudentLeaveDetailPage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
  })
})
