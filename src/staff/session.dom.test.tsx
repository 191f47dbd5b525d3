import TestUtils from '@tarojs/test-utils-react'
import { View } from '@tarojs/components'
import { api } from '../api'
import { until } from '../components/testing'
import { envelope } from '../request/testing/server'
import { dispatchSession } from '../session/events'
import { STUDENT_USER, openAt } from '../testing/student-pages'
import { HEAD_TEACHER, staffPageHarness } from '../testing/staff-pages'
import { useStore } from '../store'
import { asStaff, ensureStaff, signInStaff, signOutStaff, useRequireStaff } from './session'

jest.mock('@tarojs/taro', () => jest.requireActual('../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh']))

const EXPIRED = { status: 401, body: envelope(null, 100000004, '请先登录') }
const SIGN_INFO = 'GET /api/bms/system/admin/signInfo'

function Guarded() {
  const { staff } = useRequireStaff()
  return <View className='who'>{staff ? staff.name : '...'}</View>
}

describe('the staff session beside the person', () => {
  const h = staffPageHarness(null)
  beforeEach(() => dispatchSession({ type: 'signedIn', user: STUDENT_USER, via: 'smsCode' }))

  it('a staff call answering 100000004 ends the staff session only: the student stays signed in', async () => {
    await signInAs()
    h.server.on('GET /api/zms/approval/approval/count', EXPIRED)
    await expect(api.zms.approval.approval.count(undefined, asStaff())).rejects.toMatchObject({ kind: 'sessionInvalid' })
    expect(useStore.getState()).toMatchObject({ staff: null, staffKnown: true, user: STUDENT_USER })
  })

  it("a person's call answering 100000004 signs the person out and leaves the operator signed in", async () => {
    await signInAs()
    h.server.on('GET /api/zms/approval/leave/listByStudent', EXPIRED)
    await expect(api.zms.approval.leave.listByStudent()).rejects.toMatchObject({ kind: 'sessionInvalid' })
    expect(useStore.getState()).toMatchObject({ staff: HEAD_TEACHER, user: null })
  })

  it('sends a visitor with no operator session to 教职工登录 with the way back (no silent sign-in on H5)', async () => {
    h.server.on(SIGN_INFO, EXPIRED)
    openAt('/pages/staff/roster', { classId: '5' })
    const t = new TestUtils()
    await t.mount(Guarded)
    await until(() => h.navigations.length > 0, 'sent to login')
    expect(h.navigations).toEqual([`/pages/staff/login?from=${encodeURIComponent('/pages/staff/roster?classId=5')}`])
    expect(h.server.last('POST /api/bms/system/admin/signInByOpenId')).toBeUndefined()
    expect(useStore.getState().user).toEqual(STUDENT_USER)
    t.unmout()
  })

  it('asks the server once however many pages ask, and keeps the operator it found', async () => {
    let asked = 0
    h.server.on(SIGN_INFO, () => {
      asked += 1
      return { body: envelope(HEAD_TEACHER) }
    })
    const [a, b] = await Promise.all([ensureStaff(), ensureStaff()])
    expect([a, b, await ensureStaff()]).toEqual([HEAD_TEACHER, HEAD_TEACHER, HEAD_TEACHER])
    expect(asked).toBe(1)
  })

  it('signs out of the staff session only: the server is told, the student stays', async () => {
    await signInAs()
    h.server.on('DELETE /api/bms/system/admin/signOut', { body: envelope(null) })
    await signOutStaff()
    expect(h.server.last('DELETE /api/bms/system/admin/signOut')).toBeDefined()
    expect(h.server.last('POST /api/bms/system/admin/unbindOpenId')).toBeUndefined()
    expect(useStore.getState()).toMatchObject({ staff: null, staffKnown: true, user: STUDENT_USER })
  })

  async function signInAs() {
    h.server.on('POST /api/bms/system/admin/signIn', { body: envelope(HEAD_TEACHER) })
    await signInStaff({ account: 'headteacher', password: 'demo1234' })
    expect(h.server.last('POST /api/bms/system/admin/signIn')?.form).toEqual({ account: 'headteacher', password: 'demo1234' })
    expect(useStore.getState().staff).toEqual(HEAD_TEACHER)
  }
})
