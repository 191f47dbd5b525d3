// The WeChat mini-program host must exist before anything loads Taro.
import { weappHost } from '../request/testing/weapp-host'
import { Current } from '@tarojs/runtime'
import Taro from '@tarojs/taro'
import { RequestError, setApiHost } from '../request'
import { envelope, startTestServer, type TestServer } from '../request/testing/server'
import { useStore } from '../store'
import { initialUi } from '../store/ui'
import { dispatchSession } from './events'
import { loadPerson, signInPartner, signInStudent } from './flows'
import { loginPathFor, sendToLogin } from './guard'
import { autoLoginMini } from './mini-login'

jest.mock('../request/cookie', () => jest.requireActual('../request/cookie.weapp'))
jest.mock('../platform/build', () => jest.requireActual('../platform/build.weapp'))
jest.mock('./login-redirect', () => jest.requireActual('./login-redirect.weapp'))

/**
 * The session knows the person (issue 22): after any sign-in (the student's code, the partner's,
 * the mini-program's open id) it loads GET person (profiles, student header info), and forgets it
 * on sign-out. A real local server stands in for the back-office.
 */
const STUDENT_USER = {
  id: 41,
  phone: '139****0000',
  nickname: '林小雨',
  avatar: null,
  school: '浙江工商大学',
  major: '会计学',
  discipline: null,
}
const PARTNER_USER = { ...STUDENT_USER, id: 7, nickname: '合伙人甲', status: '已通过', code: 'P7' }
const HEADER = {
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
}
const STUDENT_PERSON = { accountId: 41, phone: '139****0000', profiles: ['student'], user: STUDENT_USER, partner: null, student: HEADER }
const BOTH_PERSON = {
  accountId: 12,
  phone: '138****0000',
  profiles: ['partner', 'student'],
  user: PARTNER_USER,
  partner: { id: 7, status: '已通过', code: 'P7' },
  student: HEADER,
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  weappHost.reset()
  setApiHost(server.url)
  useStore.setState({ ...initialUi })
  dispatchSession({ type: 'signedOut' })
})

describe('the person behind the session', () => {
  it('a student signing in with an SMS code is stored with their profiles and header info', async () => {
    server.on('POST /api/ums/user/user/signInByCode', { body: envelope(STUDENT_USER) })
    server.on('GET /api/ums/user/user/person', { body: envelope(STUDENT_PERSON) })
    await signInStudent({ phone: '13900000000', code: '123456' })
    expect(server.last('POST /api/ums/user/user/signInByCode')?.form).toEqual({ phone: '13900000000', code: '123456' })
    const s = useStore.getState()
    expect(s.user?.id).toBe(41)
    expect(s.person).toEqual({ accountId: 41, profiles: ['student'], partner: null, student: HEADER })
  })

  it("refuses a phone that is not a student's, shows the server's message and hands over whether it is a partner's", async () => {
    const message = '该手机号未登记为学员；您是合伙人，请使用合伙人登录'
    server.on('POST /api/ums/user/user/signInByCode', { status: 422, body: envelope({ partner: true }, 100000008, message) })
    const err = await signInStudent({ phone: '13800000000', code: '123456' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect((err as RequestError).data).toEqual({ partner: true })
    expect(useStore.getState().toast.title).toBe(message)
    expect(useStore.getState().user).toBeNull()
    expect(server.requests.some((r) => r.path.endsWith('/person'))).toBe(false)
  })

  it("a partner's sign-in loads the person too: both profiles", async () => {
    server.on('POST /api/ems/partner/client/signIn', { body: envelope(PARTNER_USER) })
    server.on('GET /api/ums/user/user/person', { body: envelope(BOTH_PERSON) })
    await signInPartner({ phone: '13800000000', password: 'demo1234' })
    expect(useStore.getState().person?.profiles).toEqual(['partner', 'student'])
  })

  it('a person that cannot be loaded shows nothing and keeps the sign-in', async () => {
    server.on('POST /api/ems/partner/client/signIn', { body: envelope(PARTNER_USER) })
    server.on('GET /api/ums/user/user/person', { status: 500, body: envelope(null, 1, 'boom') })
    await signInPartner({ phone: '13800000000', password: 'demo1234' })
    expect(useStore.getState().user?.id).toBe(7)
    expect(useStore.getState().person).toBeUndefined()
    expect(useStore.getState().toast.status).toBe(false)
    expect(await loadPerson()).toBeNull()
  })

  it('sign-out forgets the person', async () => {
    server.on('POST /api/ums/user/user/signInByCode', { body: envelope(STUDENT_USER) })
    server.on('GET /api/ums/user/user/person', { body: envelope(STUDENT_PERSON) })
    server.on('DELETE /api/ums/user/user/signOut', { body: envelope(null) })
    await signInStudent({ phone: '13900000000', code: '123456' })
    dispatchSession({ type: 'signedOut' })
    expect(useStore.getState().person).toBeUndefined()
  })

  it("the mini-program's open id signs a bound student in silently, with their profiles", async () => {
    weappHost.loginCodes.push('wx-code-student')
    server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('否') })
    server.on('POST /api/ums/user/user/signIn', { body: envelope({ bound: '是', ...STUDENT_USER }) })
    server.on('GET /api/ums/user/user/person', { body: envelope(STUDENT_PERSON) })
    await autoLoginMini()
    expect(useStore.getState().user?.nickname).toBe('林小雨')
    expect(useStore.getState().loginOther.mini).toBe(true)
    expect(useStore.getState().person?.student?.unreadNotices).toBe(2)
  })
})

describe('the login a page needs', () => {
  it('sends a signed-out person on a student or study page to the student login, on other pages to the partner login', () => {
    expect(loginPathFor('pages/student/roll')).toBe('pages/student/login')
    expect(loginPathFor('/pages/student/notice')).toBe('pages/student/login')
    expect(loginPathFor('pages/study/section')).toBe('pages/student/login')
    expect(loginPathFor('/pages/study/course')).toBe('pages/student/login')
    expect(loginPathFor('pages/partner/deal')).toBe('pages/user/login')
    const redirects: string[] = []
    const spy = jest.spyOn(Taro, 'redirectTo').mockImplementation(((o: { url: string }) => {
      redirects.push(o.url)
      return Promise.resolve({ errMsg: 'redirectTo:ok' })
    }) as unknown as typeof Taro.redirectTo)
    Current.router = { path: '/pages/student/noticeDetail', params: { id: '5' } } as unknown as typeof Current.router
    sendToLogin()
    expect(redirects).toEqual([`/pages/student/login?from=${encodeURIComponent('/pages/student/noticeDetail?id=5')}`])
    spy.mockRestore()
  })
})
