import TestUtils from '@tarojs/test-utils-react'
import { until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { STUDENT_USER, drawn, openAt } from '../../testing/student-pages'
import { staffPageHarness } from '../../testing/staff-pages'
import { dispatchSession } from '../../session/events'
import { PHOTO, approverPhotoOf } from '../../testing/graduation-photo'
import { AUDIT, DETAILS, LEAVE, detailsOf, teacherLeaveOf } from './components/staff-testing'
import StaffApprovalDetailPage from './approvalDetail'

jest.mock('@tarojs/taro', () =>
  jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh', 'useReachBottom']),
)

describe('审批详情', () => {
  const h = staffPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/staff/approvalDetail', { id: '31' })
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const tap = (selector: string) => t.fireEvent.click($(selector) as Element)
  function serve(state: Parameters<typeof detailsOf>[0]) {
    let current = detailsOf(state)
    h.server.on(DETAILS, () => ({ body: envelope(current) }))
    h.server.on(LEAVE, { body: envelope(teacherLeaveOf()) })
    return (next: Parameters<typeof detailsOf>[0]) => void (current = detailsOf(next))
  }
  const type = async (value: string) =>
    t.fireEvent.input(
      (await drawn('.staff-decide__comment textarea, textarea.staff-decide__comment')) as Element,
      { target: { value } } as never,
    )

  it("shows the request's fields, the leave's pictures, the steps and the record, with 同意 / 驳回 / 退回 when it waits for me", async () => {
    serve('waiting')
    await t.mount(StaffApprovalDetailPage)
    await drawn('.staff-detail__picture')
    expect(h.server.last(DETAILS)?.query).toEqual({ id: '31' })
    expect(h.server.last(LEAVE)?.query).toEqual({ id: '7' })
    expect($('.staff-detail__title')?.textContent).toBe('林小雨的请假（病假 1.5天）')
    expect(texts('.staff-detail__label')).toEqual(['请假类型', '时长', '事由', '图片'])
    expect(texts('.staff-step__waiting')).toEqual(['等待王老师审批'])
    expect(texts('.staff-record__what')).toEqual(['林小雨 提交'])
    expect(texts('.staff-decide__choice')).toEqual(['同意', '驳回', '退回'])
  })

  it("shows a graduation photo's picture with what it must look like, and no leave", async () => {
    h.server.on(DETAILS, {
      body: envelope({
        ...detailsOf('waiting'),
        kind: 'graduationPhoto',
        kindName: '毕业照片',
        subjectId: 12,
        title: '林小雨的毕业照片',
        fields: [{ label: '照片', value: '480×640像素，50KB' }],
      }),
    })
    h.server.on(PHOTO, { body: envelope(approverPhotoOf()) })
    await t.mount(StaffApprovalDetailPage)
    await drawn('.staff-detail__photo')
    expect(h.server.last(PHOTO)?.query).toEqual({ id: '12' })
    expect(h.server.last(LEAVE)).toBeUndefined()
    expect(texts('.staff-detail__label')).toEqual(['照片', '照片预览'])
    expect($('.staff-detail__photo img')?.getAttribute('alt')).toBe('林小雨的毕业照片')
    expect($('.staff-detail__photo-spec')?.textContent).toBe('要求：480×640像素，浅蓝色背景')
    expect(texts('.staff-decide__choice')).toEqual(['同意', '驳回', '退回'])
  })

  it('approves, then shows the approval as it now stands, with no more choices', async () => {
    const next = serve('waiting')
    h.server.on(AUDIT, () => {
      next('approved')
      return { body: envelope(detailsOf('approved')) }
    })
    await t.mount(StaffApprovalDetailPage)
    await drawn('.staff-decide__choice--approve')
    tap('.staff-decide__choice--approve')
    await drawn('.staff-decide__confirm')
    tap('.staff-decide__confirm')
    await until(() => $('.staff-detail__status')?.textContent === '已通过', 'shown approved')
    expect(h.server.last(AUDIT)?.form).toEqual({ id: '31', decision: 'approve' })
    expect(useStore.getState().toast.title).toBe('已同意')
    expect($('.staff-decide')).toBeNull()
    expect(texts('.staff-step__actor')).toEqual(['王老师 同意'])
  })

  it('asks a reason before 退回, then sends it', async () => {
    const next = serve('waiting')
    h.server.on(AUDIT, () => {
      next('returned')
      return { body: envelope(detailsOf('returned')) }
    })
    await t.mount(StaffApprovalDetailPage)
    await drawn('.staff-decide__choice--return')
    tap('.staff-decide__choice--return')
    await drawn('.staff-decide__confirm')
    tap('.staff-decide__confirm')
    expect((await drawn('.user-form__error--comment')).textContent).toBe('请填写退回原因')
    expect(h.server.last(AUDIT)).toBeUndefined()
    await type(' 请补充医院证明 ')
    tap('.staff-decide__confirm')
    await until(() => $('.staff-detail__status')?.textContent === '已退回', 'shown returned')
    expect(h.server.last(AUDIT)?.form).toEqual({ id: '31', decision: 'return', comment: '请补充医院证明' })
    expect(texts('.staff-step__comment')).toEqual(['请补充医院证明'])
  })

  it('shows the server’s refusal (someone acted first) and the approval as it now stands', async () => {
    const next = serve('waiting')
    h.server.on(AUDIT, () => {
      next('approved')
      return { status: 409, body: envelope(null, 100000007, '该审批已处理') }
    })
    await t.mount(StaffApprovalDetailPage)
    await drawn('.staff-decide__choice--approve')
    tap('.staff-decide__choice--approve')
    tap('.staff-decide__confirm')
    expect((await drawn('.user-form__error--refusal')).textContent).toBe('该审批已处理')
    expect(useStore.getState().toast.title).toBe('该审批已处理')
    await until(() => $('.staff-detail__status')?.textContent === '已通过', 'asked again')
  })

  it('a staff session that expired sends the operator to 教职工登录, and leaves the student signed in', async () => {
    dispatchSession({ type: 'signedIn', user: STUDENT_USER, via: 'smsCode' })
    h.server.on(DETAILS, { status: 401, body: envelope(null, 100000004, '请先登录') })
    await t.mount(StaffApprovalDetailPage)
    await until(() => h.navigations.length > 0, 'sent to login')
    expect(h.navigations).toEqual([`/pages/staff/login?from=${encodeURIComponent('/pages/staff/approvalDetail?id=31')}`])
    expect(useStore.getState()).toMatchObject({ staff: null, user: STUDENT_USER })
  })
})
