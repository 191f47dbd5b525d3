import { PartnerStatus } from '@activity/wire'
import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import { View } from '@tarojs/components'
import { initDesignPx } from '../../../components/testing'
import { setApiHost } from '../../../request'
import { envelope, startTestServer, type TestServer } from '../../../request/testing/server'
import { dispatchSession } from '../../../session/events'
import { settleLaunch } from '../../../session/launch-state'
import { useStore } from '../../../store'
import { initialUi } from '../../../store/ui'
import StudentOnly from './student-only'

/**
 * A student page's gate: a signed-out person goes to the student login with `from`; a partner
 * without the student profile sees why, and goes nowhere; a student sees the page.
 */
const USER = {
  id: 7,
  phone: '138****0000',
  nickname: '合伙人甲',
  avatar: null,
  school: '',
  major: '',
  discipline: '',
  status: PartnerStatus.active,
  code: 'P7',
}
const person = (profiles: string[]) => ({
  accountId: 12,
  phone: '138****0000',
  profiles,
  user: USER,
  partner: { id: 7, status: '已通过', code: 'P7' },
  student: profiles.includes('student')
    ? {
        id: 3,
        name: '甲',
        educationType: '成人高考',
        school: '浙大',
        major: '会计学',
        level: '本科',
        programme: null,
        discipline: null,
        batchYear: 2026,
        batch: 1,
        studentNo: null,
        status: '在读',
        unreadNotices: 0,
      }
    : null,
})

function RollPage() {
  return (
    <StudentOnly>
      <View className='roll'>我的学籍</View>
    </StudentOnly>
  )
}

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
  Current.router = { path: '/pages/student/roll', params: {} } as unknown as typeof Current.router
})
afterEach(() => {
  t.unmout()
  jest.restoreAllMocks()
})

describe('a student page', () => {
  it('sends a signed-out person to the student login with the page as from', async () => {
    await t.mount(RollPage)
    await until(() => redirects.length > 0)
    expect(redirects).toEqual([`/pages/student/login?from=${encodeURIComponent('/pages/student/roll')}`])
    expect(t.queries.querySelector('.roll')).toBeNull()
  })

  it('tells a signed-in partner without the student profile why, and sends them nowhere', async () => {
    dispatchSession({ type: 'signedIn', user: USER, via: 'password' })
    server.on('GET /api/ums/user/user/person', { body: envelope(person(['partner'])) })
    await t.mount(RollPage)
    await until(() => Boolean(t.queries.querySelector('.student-only__title')))
    expect(t.queries.querySelector('.student-only__title')?.textContent).toBe('该账号没有学员身份')
    await t.act(() => settle(100))
    expect(redirects).toEqual([])
    expect(t.queries.querySelector('.roll')).toBeNull()
  })

  it('shows a student the page', async () => {
    dispatchSession({ type: 'signedIn', user: USER, via: 'password' })
    server.on('GET /api/ums/user/user/person', { body: envelope(person(['partner', 'student'])) })
    await t.mount(RollPage)
    await until(() => Boolean(t.queries.querySelector('.roll')))
    expect(redirects).toEqual([])
  })
})
