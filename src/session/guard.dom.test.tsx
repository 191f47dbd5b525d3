import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import { View } from '@tarojs/components'
import { IS_WECHAT_H5, PLATFORM } from '../platform'
import { request, setApiHost } from '../request'
import { envelope, startTestServer, type TestServer } from '../request/testing/server'
import { useStore } from '../store'
import { initialUi } from '../store/ui'
import { initWechatSdk } from '../wechat'
import { dispatchSession } from './events'
import { settleLaunch } from './launch-state'
import { useRequireLogin } from './guard'
import { until } from '../components/testing'

/**
 * The login guard on a page, in the H5 build (a plain mobile browser). The router's navigation is
 * the far side here: Taro.redirectTo is recorded instead of changing pages.
 */
const USER = { id: 3, phone: '13300003333', nickname: '丙', avatar: null, school: '', major: '', discipline: '' }

function DealPage() {
  const signedIn = useRequireLogin()
  return <View>{signedIn ? '成交单量 12' : '正在确认登录'}</View>
}

let server: TestServer
let t: TestUtils
let redirects: string[]
beforeAll(async () => {
  server = await startTestServer()
  setApiHost(server.url)
})
afterAll(() => server.close())
const settle = () => new Promise((r) => setTimeout(r, 30))

describe('a page that needs login', () => {
  beforeEach(() => {
    t = new TestUtils()
    redirects = []
    jest.spyOn(Taro, 'redirectTo').mockImplementation(((options: { url: string }) => {
      redirects.push(options.url)
      return Promise.resolve({ errMsg: 'redirectTo:ok' })
    }) as unknown as typeof Taro.redirectTo)
    useStore.setState({ ...initialUi })
    dispatchSession({ type: 'signedOut' })
    Current.router = { path: '/pages/partner/deal', params: { type: '本月' } } as unknown as typeof Current.router
  })
  afterEach(() => {
    t.unmout()
    jest.restoreAllMocks()
  })

  it('sends a signed-out person to the login page with the page and query as from, once launch work is done', async () => {
    let finishLaunch: () => void = () => {}
    settleLaunch(new Promise<void>((r) => (finishLaunch = r)))
    await t.mount(DealPage)
    await settle()
    expect(t.queries.queryByText('正在确认登录')).toBeTruthy()
    expect(redirects).toEqual([])
    finishLaunch()
    await until(() => redirects.length > 0, 'the redirect to login')
    expect(redirects).toEqual([`/pages/user/login?from=${encodeURIComponent('/pages/partner/deal?type=%E6%9C%AC%E6%9C%88')}`])
  })

  it('shows its content to a signed-in person and goes nowhere', async () => {
    dispatchSession({ type: 'signedIn', user: USER, via: 'password' })
    await t.mount(DealPage)
    await until(() => Boolean(t.queries.queryByText('成交单量 12')), 'the content')
    expect(redirects).toEqual([])
  })

  it('sends the person to login when the session expires while the page is open', async () => {
    dispatchSession({ type: 'signedIn', user: USER, via: 'password' })
    await t.mount(DealPage)
    server.on('GET /api/ems/partner/partner/dealCount', { status: 401, body: envelope(null, 100000004, '登录已过期') })
    await request('GET', '/api/ems/partner/partner/dealCount').catch(() => undefined)
    await until(() => redirects.length > 0, 'the redirect to login')
    expect(useStore.getState().user).toBeNull()
    expect(t.queries.queryByText('正在确认登录')).toBeTruthy()
    expect(redirects).toHaveLength(1)
    expect(redirects[0]).toMatch(/^\/pages\/user\/login\?from=/)
  })
})

describe('outside WeChat', () => {
  it('is plain H5 and never loads or signs the WeChat JS-SDK', async () => {
    expect(PLATFORM).toBe('h5')
    expect(IS_WECHAT_H5).toBe(false)
    await expect(initWechatSdk()).resolves.toBeNull()
    expect(server.requests.some((r) => r.path.endsWith('/signature'))).toBe(false)
  })
})
