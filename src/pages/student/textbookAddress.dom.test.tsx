import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { choose, confirmPicker, countCalls, openPicker, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import { COMMIT_ADDRESS, MY_ADDRESS, TEXTBOOKS, parcelOf, textbookRecordOf } from '../../testing/textbooks'
import StudentTextbookAddressPage from './textbookAddress'

jest.mock('@tarojs/taro', () => jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh']))

const DEADLINE_PASSED = '地址确认已截止，如需修改请联系教务处'

describe('收货地址', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/student/textbookAddress', { id: '7' })
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const valueOf = (row: string) => ($(`.user-form__row--${row} input, .user-form__row--${row} textarea`) as HTMLInputElement | null)?.value
  const type = async (row: string, value: string) =>
    t.fireEvent.input(
      (await drawn(`.user-form__row--${row} input, .user-form__row--${row} textarea`)) as Element,
      { target: { value } } as never,
    )
  const submit = () => t.fireEvent.click($('.textbook-form__submit') as Element)
  const serve = (record = textbookRecordOf()) => h.server.on(TEXTBOOKS, { body: envelope({ list: [record] }) })

  it('opens on what the server suggests, and checks every field before sending anything', async () => {
    serve()
    const calls = countCalls()
    await t.mount(StudentTextbookAddressPage)
    await drawn('.textbook-form')
    expect($('.textbook-form__title')?.textContent).toBe('2026年春季教材')
    expect($('.textbook-form__deadline')?.textContent).toBe('请在3月15日前确认，截止后如需修改请联系教务处')
    await until(() => valueOf('receiver') === '林小雨', 'the suggested name filled')
    expect(valueOf('phone')).toBe('13900000000')
    expect($('.user-form__row--region .app-picker-field__text')?.textContent).toBe('请选择省/市/区')

    submit()
    await until(() => texts('.user-form__error').length === 2, 'the missing fields named')
    expect(texts('.user-form__error')).toEqual(['请选择所在地区', '请填写详细地址'])

    await type('receiver', '')
    await type('phone', '1290000000')
    submit()
    await until(() => texts('.user-form__error').length === 4, 'every field named')
    expect(texts('.user-form__error')).toEqual(['请填写收件人', '手机号格式不正确', '请选择所在地区', '请填写详细地址'])
    expect(calls.sent(COMMIT_ADDRESS)).toBe(0)
  })

  it('sends the address with the place chosen in the picker, then goes back to 我的教材', async () => {
    serve()
    h.server.on(COMMIT_ADDRESS, () => ({
      body: envelope(textbookRecordOf({ address: MY_ADDRESS, state: '已确认', confirmedAt: '2026-03-02T02:00:00.000Z' })),
    }))
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' } as never)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as never)
    const calls = countCalls()
    await t.mount(StudentTextbookAddressPage)
    await until(() => valueOf('receiver') === '林小雨', 'the suggested name filled')
    await openPicker($('.user-form__row--region .app-picker-field') as Element)
    await choose([10, 0, 2])
    await confirmPicker()
    await until(() => $('.user-form__row--region .app-picker-field__text')?.textContent === '浙江省 杭州市 西湖区', 'the place shown')
    await type('street', ' 文三路1号 ')
    submit()
    await until(() => calls.answered(COMMIT_ADDRESS) === 1, 'the address sent')
    expect(h.server.last(COMMIT_ADDRESS)?.form).toEqual({
      id: '7',
      receiver: '林小雨',
      phone: '13900000000',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      street: '文三路1号',
    })
    await until(() => back.mock.calls.length === 1, 'back to 我的教材')
    expect(h.navigations).toEqual([])
  })

  it("opens on my confirmed address to change it, and keeps the server's refusal on the form", async () => {
    serve(textbookRecordOf({ address: MY_ADDRESS, state: '已确认' }))
    h.server.on(COMMIT_ADDRESS, { status: 422, body: envelope(null, 100000008, DEADLINE_PASSED) })
    await t.mount(StudentTextbookAddressPage)
    await until(() => valueOf('street') === '文三路1号', 'my address filled')
    expect($('.user-form__row--region .app-picker-field__text')?.textContent).toBe('浙江省 杭州市 西湖区')
    submit()
    await until(() => texts('.user-form__error--refusal').length === 1, 'the refusal shown')
    expect(texts('.user-form__error--refusal')).toEqual([DEADLINE_PASSED])
  })

  it('shows no form once the address may not change, and none for a record that is not mine', async () => {
    serve(textbookRecordOf({ address: MY_ADDRESS, editable: false, state: '已发货', parcel: parcelOf() }))
    await t.mount(StudentTextbookAddressPage)
    expect((await drawn('.app-empty')).textContent).toBe('教材已发货，收货地址不能再修改')
    expect($('.textbook-form')).toBeNull()
    t.unmout()
    serve(textbookRecordOf({ editable: false }))
    await t.mount(StudentTextbookAddressPage)
    expect((await drawn('.app-empty')).textContent).toBe(DEADLINE_PASSED)
    t.unmout()
    openAt('/pages/student/textbookAddress', { id: '99' })
    await t.mount(StudentTextbookAddressPage)
    expect((await drawn('.app-empty')).textContent).toBe('教材邮寄记录不存在')
  })
})
