// The WeChat mini-program host must exist before anything loads Taro.
import { weappHost } from '../request/testing/weapp-host'
import { api } from '../api'
import { setApiHost } from '../request'
import { COOKIE_STORAGE_KEY } from '../request/cookie-jar'
import { envelope, startTestServer, type TestServer } from '../request/testing/server'
import { dispatchSession } from '../session/events'
import { signOut } from '../session/flows'
import { useStore } from '../store'
import { initialUi } from '../store/ui'
import { ensureStaff, signInStaff, signOutStaff } from './session'
import { operatorOf } from '../testing/operator'

jest.mock('../request/cookie', () => jest.requireActual('../request/cookie.weapp'))
jest.mock('../platform/build', () => jest.requireActual('../platform/build.weapp'))

/**
 * The staff session in the WeChat mini-program build: the operator cookie (asid) kept and sent
 * beside the person's (sid), the silent open-id sign-in, the bind after a password sign-in and the
 * unbind on 退出登录, against a real local back-office stand-in.
 */
const OPERATOR = operatorOf()
const STUDENT = { id: 21, phone: '139****0000', nickname: '林小雨', avatar: null, school: '', major: '', discipline: '' }
const EXPIRED = { status: 401, body: envelope(null, 100000004, '请先登录') }
const STAFF_COOKIE = { 'set-cookie': 'asid=op-1; Path=/; HttpOnly' }

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  weappHost.reset()
  setApiHost(server.url)
  useStore.setState({ ...initialUi, staff: null, staffKnown: false })
  // The student signed in on this phone already.
  weappHost.storage.set(COOKIE_STORAGE_KEY, JSON.stringify({ sid: 'stu-1' }))
  dispatchSession({ type: 'signedIn', user: STUDENT, via: 'miniProgram' })
})

const jar = () => {
  const raw = weappHost.storage.get(COOKIE_STORAGE_KEY)
  return typeof raw === 'string' ? (JSON.parse(raw) as Record<string, string>) : null
}

describe('the staff session in the mini-program', () => {
  it('signs a bound operator in silently, and then sends the operator cookie beside the student’s', async () => {
    weappHost.loginCodes.push('wx-staff-1')
    server.on('GET /api/bms/system/admin/signInfo', EXPIRED)
    server.on('POST /api/bms/system/admin/signInByOpenId', { body: envelope({ bound: '是', ...OPERATOR }), headers: STAFF_COOKIE })
    server.on('GET /api/zms/approval/approval/count', { body: envelope({ waiting: 2 }) })
    await expect(ensureStaff()).resolves.toEqual(OPERATOR)
    expect(server.last('POST /api/bms/system/admin/signInByOpenId')?.form).toEqual({
      platform: 'weixin',
      type: '小程序',
      signCode: 'wx-staff-1',
    })
    expect(jar()).toEqual({ sid: 'stu-1', asid: 'op-1' })
    await api.zms.approval.approval.count()
    expect(server.last('GET /api/zms/approval/approval/count')?.headers.cookie).toBe('sid=stu-1; asid=op-1')
    expect(useStore.getState().user).toEqual(STUDENT)
  })

  it('signs no one in when the open id is not bound: the form then', async () => {
    weappHost.loginCodes.push('wx-staff-2')
    server.on('GET /api/bms/system/admin/signInfo', EXPIRED)
    server.on('POST /api/bms/system/admin/signInByOpenId', { body: envelope({ bound: '否' }) })
    await expect(ensureStaff()).resolves.toBeNull()
    expect(useStore.getState()).toMatchObject({ staff: null, staffKnown: true, user: STUDENT })
  })

  it('binds the open id with a fresh code after a password sign-in, and unbinds it on 退出登录, keeping the student', async () => {
    weappHost.loginCodes.push('wx-bind-1')
    server.on('POST /api/bms/system/admin/signIn', { body: envelope(OPERATOR), headers: STAFF_COOKIE })
    server.on('POST /api/bms/system/admin/bindOpenId', { body: envelope({ bound: '是' }) })
    await signInStaff({ account: 'headteacher', password: 'demo1234' })
    expect(server.last('POST /api/bms/system/admin/bindOpenId')?.form).toEqual({
      platform: 'weixin',
      type: '小程序',
      signCode: 'wx-bind-1',
    })
    expect(server.last('POST /api/bms/system/admin/bindOpenId')?.headers.cookie).toBe('sid=stu-1; asid=op-1')

    server.on('POST /api/bms/system/admin/unbindOpenId', { body: envelope({ bound: '否' }) })
    server.on('DELETE /api/bms/system/admin/signOut', { body: envelope(null) })
    await signOutStaff()
    expect(server.last('POST /api/bms/system/admin/unbindOpenId')?.form).toEqual({ platform: 'weixin', type: '小程序' })
    expect(server.last('DELETE /api/bms/system/admin/signOut')).toBeDefined()
    expect(jar()).toEqual({ sid: 'stu-1' })
    expect(useStore.getState()).toMatchObject({ staff: null, user: STUDENT })
  })

  it('keeps the operator cookie when the student signs out', async () => {
    weappHost.storage.set(COOKIE_STORAGE_KEY, JSON.stringify({ sid: 'stu-1', asid: 'op-1' }))
    server.on('DELETE /api/ums/user/user/signOut', { body: envelope(null) })
    await signOut()
    expect(jar()).toEqual({ asid: 'op-1' })
    expect(useStore.getState().user).toBeNull()
  })
})
