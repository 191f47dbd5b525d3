import TestUtils from '@tarojs/test-utils-react'
import { until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { drawn, openAt } from '../../testing/student-pages'
import { HEAD_TEACHER, staffPageHarness } from '../../testing/staff-pages'
import StaffLoginPage from './login'

jest.mock('@tarojs/taro', () => jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow']))

const SIGN_IN = 'POST /api/bms/system/admin/signIn'

describe('教职工登录', () => {
  const h = staffPageHarness(null)
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    h.server.on('GET /api/bms/system/admin/signInfo', { status: 401, body: envelope(null, 100000004, '请先登录') })
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)
  const fill = (row: string, value: string) =>
    t.fireEvent.input($(`.user-form__row--${row} input`) as Element, { target: { value } } as never)
  const submit = async (account: string, password: string) => {
    await drawn('.staff-login__submit')
    fill('account', account)
    fill('password', password)
    t.fireEvent.click($('.user-consent__toggle') as Element)
    t.fireEvent.click($('.staff-login__submit') as Element)
  }

  it('checks the form before asking the server', async () => {
    openAt('/pages/staff/login')
    await t.mount(StaffLoginPage)
    await drawn('.staff-login__submit')
    t.fireEvent.click($('.staff-login__submit') as Element)
    await drawn('.user-form__row--account .user-form__error')
    expect($('.user-form__row--account .user-form__error')?.textContent).toBe('请输入账号')
    expect($('.user-form__row--password .user-form__error')?.textContent).toBe('请输入密码')
    expect(h.server.last(SIGN_IN)).toBeUndefined()
  })

  it('signs in and goes back to where the operator was sent from', async () => {
    h.server.on(SIGN_IN, { body: envelope(HEAD_TEACHER) })
    openAt('/pages/staff/login', { from: '/pages/staff/approvals' })
    await t.mount(StaffLoginPage)
    await submit(' headteacher ', 'demo1234')
    await until(() => h.navigations.length > 0, 'gone on')
    expect(h.server.last(SIGN_IN)?.form).toEqual({ account: 'headteacher', password: 'demo1234' })
    expect(h.navigations).toEqual(['/pages/staff/approvals'])
    expect(useStore.getState().staff).toEqual(HEAD_TEACHER)
  })

  it("keeps the server's refusal on the page (wrong password, locked)", async () => {
    h.server.on(SIGN_IN, { status: 423, body: envelope(null, 100000006, '登录失败次数过多，账号已锁定，请15分钟后再试') })
    openAt('/pages/staff/login')
    await t.mount(StaffLoginPage)
    await submit('headteacher', 'wrong')
    expect((await drawn('.user-form__error--refusal')).textContent).toBe('登录失败次数过多，账号已锁定，请15分钟后再试')
    expect(h.navigations).toEqual([])
    expect(useStore.getState().staff).toBeNull()
  })

  it('sends an operator signed in already to the workbench', async () => {
    h.server.on('GET /api/bms/system/admin/signInfo', { body: envelope(HEAD_TEACHER) })
    openAt('/pages/staff/login')
    await t.mount(StaffLoginPage)
    await until(() => h.navigations.length > 0, 'gone on')
    expect(h.navigations).toEqual(['/pages/staff/index'])
  })
})
