import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import { initDesignPx } from '../../components/testing'
import { setApiHost } from '../../request'
import { envelope, startTestServer, type TestServer } from '../../request/testing/server'
import { dispatchSession } from '../../session/events'
import { settleLaunch } from '../../session/launch-state'
import { useStore } from '../../store'
import { initialUi } from '../../store/ui'
import StudentLoginPage from './login'

/**
 * 学员登录 in the H5 build against a local back-office stand-in: the SMS code sign-in, the
 * server's refusal of a phone that is not a student's (with the way to the partner login when it
 * is a partner's), and where the person goes after. Navigation is recorded, not performed.
 */
const STUDENT_USER = {
  id: 41,
  phone: '139****0000',
  nickname: '林小雨',
  avatar: null,
  school: '浙江工商大学',
  major: '会计学',
  discipline: '',
}
const PERSON = {
  accountId: 41,
  phone: '139****0000',
  profiles: ['student'],
  user: STUDENT_USER,
  partner: null,
  student: {
    id: 3,
    name: '林小雨',
    educationType: '成人高考',
    school: '浙江工商大学',
    major: '会计学',
    level: '本科',
    programme: '专升本',
    discipline: null,
    batchYear: 2026,
    batch: 1,
    studentNo: null,
    status: '在读',
    unreadNotices: 2,
  },
}
// Any page of ours (the student pages join the route table in their own change).
const FROM = '/pages/activity/detail?id=3'

let server: TestServer
let t: TestUtils
let redirects: string[]
beforeAll(async () => {
  initDesignPx()
  server = await startTestServer()
  setApiHost(server.url)
})
afterAll(() => server.close())
const settle = (ms = 30) => new Promise((r) => setTimeout(r, ms))

async function until(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i += 1) await t.act(() => settle(10))
  expect(done()).toBe(true)
}

function type(row: string, value: string) {
  const input = t.queries.querySelector(`.user-form__row--${row} input`) as HTMLInputElement
  t.fireEvent.input(input, { target: { value } } as never)
}

async function fillAndSubmit(phone: string) {
  type('phone', phone)
  type('code', '123456')
  t.fireEvent.click(t.queries.querySelector('.user-consent__toggle') as HTMLElement)
  t.fireEvent.click(t.queries.querySelector('.student-login__submit') as HTMLElement)
  await t.act(() => settle())
}

beforeEach(() => {
  server.reset()
  t = new TestUtils()
  redirects = []
  jest.spyOn(Taro, 'redirectTo').mockImplementation(((options: { url: string }) => {
    redirects.push(options.url)
    return Promise.resolve({ errMsg: 'redirectTo:ok' })
  }) as unknown as typeof Taro.redirectTo)
  useStore.setState({ ...initialUi })
  dispatchSession({ type: 'signedOut' })
  settleLaunch(Promise.resolve())
  Current.router = { path: '/pages/student/login', params: { from: encodeURIComponent(FROM) } } as unknown as typeof Current.router
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

describe('学员登录', () => {
  it('asks for the phone the school registered and an SMS code, with consent, like the partner login', async () => {
    await t.mount(StudentLoginPage)
    await t.act(() => settle())
    expect(t.queries.querySelector('.user-auth-header__title')?.textContent).toBe('学员登录')
    expect(t.queries.querySelector('.user-form__row--phone')).toBeTruthy()
    expect(t.queries.querySelector('.user-form__row--code .app-code-input__button')?.textContent).toBe('获取验证码')
    expect(t.queries.querySelector('.user-consent')).toBeTruthy()
    t.fireEvent.click(t.queries.querySelector('.student-login__submit') as HTMLElement)
    await t.act(() => settle())
    expect(t.queries.querySelector('.user-form__row--phone .user-form__error')).toBeTruthy()
    expect(server.requests).toHaveLength(0)
  })

  it("shows a partner's phone the server's message and the way to the partner login, keeping from", async () => {
    const message = '该手机号未登记为学员；您是合伙人，请使用合伙人登录'
    server.on('POST /api/ums/user/user/signInByCode', { status: 422, body: envelope({ partner: true }, 100000008, message) })
    await t.mount(StudentLoginPage)
    await fillAndSubmit('13800000001')
    await until(() => Boolean(t.queries.querySelector('.student-login__refusal')))
    expect(server.last('POST /api/ums/user/user/signInByCode')?.form).toEqual({ phone: '13800000001', code: '123456' })
    expect(t.queries.querySelector('.student-login__refusal-text')?.textContent).toBe(message)
    const action = t.queries.querySelector('.student-login__refusal-action') as HTMLElement
    expect(action.textContent).toBe('去合伙人登录')
    expect(useStore.getState().user).toBeNull()
    t.fireEvent.click(action)
    expect(redirects).toEqual([`/pages/user/login?from=${encodeURIComponent(FROM)}`])
  })

  it("shows a phone that is nobody's the message alone, without the partner link", async () => {
    const message = '该手机号未登记为学员，请联系学校核实'
    server.on('POST /api/ums/user/user/signInByCode', { status: 422, body: envelope({ partner: false }, 100000008, message) })
    await t.mount(StudentLoginPage)
    await fillAndSubmit('13700000000')
    await until(() => Boolean(t.queries.querySelector('.student-login__refusal')))
    expect(t.queries.querySelector('.student-login__refusal-text')?.textContent).toBe(message)
    expect(t.queries.querySelector('.student-login__refusal-action')).toBeNull()
  })

  it('signs the student in, loads their profiles and goes back to from', async () => {
    server.on('POST /api/ums/user/user/signInByCode', { body: envelope(STUDENT_USER) })
    server.on('GET /api/ums/user/user/person', { body: envelope(PERSON) })
    await t.mount(StudentLoginPage)
    await fillAndSubmit('13900000000')
    await until(() => redirects.length > 0)
    expect(redirects).toEqual([FROM])
    expect(useStore.getState().user?.nickname).toBe('林小雨')
    expect(useStore.getState().person?.student?.school).toBe('浙江工商大学')
  })

  it('sends a person signed in already home', async () => {
    dispatchSession({ type: 'signedIn', user: STUDENT_USER, via: 'smsCode' })
    await t.mount(StudentLoginPage)
    await until(() => redirects.length > 0)
    expect(redirects).toEqual(['/pages/tabBar/home'])
  })
})
