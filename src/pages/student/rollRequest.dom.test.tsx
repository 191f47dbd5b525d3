import TestUtils from '@tarojs/test-utils-react'
import { choose, confirmPicker, openPicker, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import StudentRollRequestPage from './rollRequest'
import { NOT_STUDENT_REPLY, drawn, openAt, studentPageHarness } from '../../testing/student-pages'

jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const none = () => undefined
  return {
    __esModule: true,
    ...actual,
    default: actual.default ?? actual,
    useDidShow: none,
    usePullDownRefresh: none,
    useReachBottom: none,
  }
})

const LIST = 'GET /api/ems/education/schoolRollInfoModify/listForClient'
const APPLY = 'POST /api/ems/education/schoolRollInfoModify/applyForClient'
const SEND = 'POST /api/ums/user/user/sendVerify'

const request = (over: Record<string, unknown>) => ({
  id: 1,
  field: 'name',
  fieldLabel: '姓名',
  oldValue: '林小雨',
  newValue: '林小语',
  reason: '登记时写错',
  status: '待审核',
  refuseReason: null,
  createdAt: '2026-03-02T02:00:00.000Z',
  reviewedAt: null,
  ...over,
})

describe('学籍信息修改', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/student/rollRequest')
  })
  afterEach(() => t.unmout())

  const input = (row: string) => document.querySelector(`.user-form__row--${row} input`) as HTMLInputElement
  const type = (row: string, value: string) => t.fireEvent.input(input(row), { target: { value } } as never)
  const error = (row: string) => document.querySelector(`.user-form__row--${row} .user-form__error`)?.textContent ?? ''
  /** Waits until a row shows `message` as its error. */
  const refused = (row: string, message: string) => until(() => error(row) === message, `the ${row} row says ${message}`)
  const submit = () => t.fireEvent.click(document.querySelector('.roll-request-page__submit') as Element)
  /** Chooses 姓名 (0), 身份证号 (1) or 手机号 (2) in the field picker. */
  async function chooseField(index: number) {
    await openPicker(document.querySelector('.user-form__row--field .app-picker-field') as Element)
    await choose([index])
    await confirmPicker()
    const label = ['姓名', '身份证号', '手机号'][index]!
    await until(
      () => (document.querySelector('.user-form__row--field .app-picker-field')?.textContent ?? '').includes(label),
      `${label} chosen`,
    )
  }

  it('lists my requests with their status, and the reason of a refusal', async () => {
    h.server.on(LIST, {
      body: envelope({
        list: [
          request({ id: 3, field: 'phone', fieldLabel: '手机号', oldValue: '139****0000', newValue: '137****1111', reason: null }),
          request({
            id: 2,
            field: 'idCard',
            fieldLabel: '身份证号',
            oldValue: '3301**********1234',
            newValue: '3301**********1235',
            status: '已驳回',
            refuseReason: '与户籍信息不符',
            reviewedAt: '2026-03-03T02:00:00.000Z',
          }),
          request({ id: 1, status: '已通过', reviewedAt: '2026-03-03T02:00:00.000Z' }),
        ],
      }),
    })
    await t.mount(StudentRollRequestPage)
    await drawn('.roll-request')
    const items = Array.from(document.querySelectorAll('.roll-request'))
    expect(
      items.map((i) => [i.querySelector('.roll-request__field')?.textContent, i.querySelector('.roll-request__status')?.textContent]),
    ).toEqual([
      ['手机号', '待审核'],
      ['身份证号', '已驳回'],
      ['姓名', '已通过'],
    ])
    expect(items[1]?.querySelector('.roll-request__refusal')?.textContent).toBe('驳回原因：与户籍信息不符')
    expect(items[1]?.textContent).toContain('3301**********1234 → 3301**********1235')
    expect(items[0]?.querySelector('.roll-request__refusal')).toBeNull()
  })

  it('checks the form as the server does and sends nothing while it is wrong: the field, a name too short, an ID number whose check digit is wrong', async () => {
    h.server.on(LIST, { body: envelope({ list: [] }) })
    await t.mount(StudentRollRequestPage)
    await drawn('.app-empty')
    submit()
    await refused('field', '请选择要修改的信息')

    await chooseField(0)
    type('value', '林')
    submit()
    await refused('value', '姓名为2-20个字符')

    await chooseField(1)
    expect(input('value').value).toBe('')
    type('value', '330106200001011234')
    submit()
    await refused('value', '身份证号不正确')
    expect(h.server.last(APPLY)).toBeUndefined()
  })

  it('sends a correct request, says so and lists it as 待审核', async () => {
    let list = [] as unknown[]
    h.server.on(LIST, () => ({ body: envelope({ list }) }))
    h.server.on(APPLY, (req) => {
      list = [
        request({
          id: 5,
          field: 'idCard',
          fieldLabel: '身份证号',
          oldValue: '3301**********1234',
          newValue: '3301**********1235',
          reason: req.form.reason,
        }),
      ]
      return { body: envelope(list[0]) }
    })
    await t.mount(StudentRollRequestPage)
    await drawn('.app-empty')
    await chooseField(1)
    type('value', '330106200001011235')
    type('reason', '身份证号登记有误')
    submit()
    await drawn('.roll-request')
    expect(h.server.last(APPLY)?.form).toEqual({ field: 'idCard', value: '330106200001011235', reason: '身份证号登记有误' })
    expect(useStore.getState().toast.title).toBe('已提交，请等待审核')
    expect(document.querySelector('.roll-request__status')?.textContent).toBe('待审核')
    expect(input('value').value).toBe('')
  })

  it('shows the server refusal on the form (a phone used by another account)', async () => {
    h.server.on(LIST, { body: envelope({ list: [] }) })
    h.server.on(SEND, { body: envelope(null) })
    h.server.on(APPLY, { status: 409, body: envelope(null, 100000006, '该手机号已被其他账号使用') })
    await t.mount(StudentRollRequestPage)
    await drawn('.app-empty')
    await chooseField(2)
    type('value', '13711112222')
    submit()
    await refused('code', '请填写验证码')
    // The code goes to the NEW phone, for binding it.
    t.fireEvent.click(document.querySelector('.app-code-input__button') as Element)
    await until(() => h.server.last(SEND) !== undefined, 'the code sent')
    expect(h.server.last(SEND)?.form).toEqual({ phone: '13711112222', type: '绑定手机' })
    type('code', '123456')
    submit()
    await drawn('.user-form__error--refusal')
    expect(h.server.last(APPLY)?.form).toEqual({ field: 'phone', value: '13711112222', code: '123456' })
    expect(document.querySelector('.user-form__error--refusal')?.textContent).toBe('该手机号已被其他账号使用')
    expect(useStore.getState().toast.title).toBe('该手机号已被其他账号使用')
  })

  it('refuses before sending a second request for a field already waiting', async () => {
    h.server.on(LIST, { body: envelope({ list: [request({})] }) })
    await t.mount(StudentRollRequestPage)
    await drawn('.roll-request')
    await chooseField(0)
    type('value', '林小语')
    submit()
    await refused('field', '该项已有待审核的申请')
    expect(h.server.last(APPLY)).toBeUndefined()
  })

  it('tells a person without a student profile so', async () => {
    h.server.on(LIST, NOT_STUDENT_REPLY)
    await t.mount(StudentRollRequestPage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
  })
})
