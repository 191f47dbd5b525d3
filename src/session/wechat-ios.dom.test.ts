/**
 * @jest-environment-options {"url": "http://localhost/pages/partner/deal?type=%E6%9C%AC%E6%9C%88&code=OAUTH-CODE-1&state=wechat_oauth", "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN"}
 */
import Taro from '@tarojs/taro'
import { IS_WECHAT_H5, OS } from '../platform'
import { setApiHost } from '../request'
import { envelope, startTestServer, type TestServer } from '../request/testing/server'
import { useStore } from '../store'
import { fakeWechatSdk } from '../wechat/testing-fake-sdk'
import { JS_API_LIST } from '../wechat/constants'
import { wechatSdk } from '../wechat'
import { launchSession } from './launch'
import { stopServerClock } from './clock'

jest.mock('weixin-js-sdk', () => jest.requireActual('../wechat/testing-fake-sdk').fakeWechatSdkModule)

/**
 * H5 inside WeChat on iOS, landing from WeChat's OAuth with `code` and `state` in the address:
 * the code is taken out of the address and exchanged for a login; the JS-SDK is signed for the
 * entry URL, once. A real local server answers; WeChat's SDK is the fake.
 */
const ENTRY = 'http://localhost/pages/partner/deal?type=%E6%9C%AC%E6%9C%88&code=OAUTH-CODE-1&state=wechat_oauth'
const USER = {
  id: 5,
  phone: '13500005555',
  nickname: '微信用户',
  avatar: 'https://img.example.com/a.png',
  school: '',
  major: '',
  discipline: '',
}

let server: TestServer
let info: jest.SpyInstance
beforeAll(async () => {
  info = jest.spyOn(console, 'info').mockImplementation(() => {})
  server = await startTestServer()
  setApiHost(server.url)
  server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_767_225_600_000) })
  server.on('POST /api/ums/user/user/signIn', { body: envelope(USER) })
  server.on('GET /api/ums/user/user/signature', {
    body: envelope({ appId: 'wx-test-app-id', timestamp: '1767225600', nonceStr: 'n0nce', signature: 'sig-1' }),
  })
  await launchSession()
})
afterAll(async () => {
  info.mockRestore()
  stopServerClock()
  await server.close()
})

describe('WeChat H5 on iOS at launch', () => {
  it('knows it runs in WeChat on iOS', () => {
    expect(IS_WECHAT_H5).toBe(true)
    expect(OS).toBe('ios')
  })

  it('removes code and state from the address and keeps the rest of the query', () => {
    expect(window.location.href).toBe('http://localhost/pages/partner/deal?type=%E6%9C%AC%E6%9C%88')
  })

  it('exchanges the code with signIn (platform weixin, type 公众号) and stores the user', () => {
    expect(server.last('POST /api/ums/user/user/signIn')?.form).toEqual({ platform: 'weixin', signCode: 'OAUTH-CODE-1', type: '公众号' })
    expect(useStore.getState().user).toEqual(USER)
    expect(useStore.getState().loginOther).toEqual({ mini: false, h5Weixin: true })
  })

  it('signs the entry URL for the JS-SDK and asks for the permissions of SPEC.md section 7', async () => {
    expect(await wechatSdk()).toBe(fakeWechatSdk)
    expect(server.last('GET /api/ums/user/user/signature')?.query).toEqual({ platform: 'weixin', url: ENTRY })
    expect(fakeWechatSdk.configs).toEqual([
      {
        debug: false,
        appId: 'wx-test-app-id',
        timestamp: 1767225600,
        nonceStr: 'n0nce',
        signature: 'sig-1',
        jsApiList: [...JS_API_LIST],
      },
    ])
    expect(JS_API_LIST).toEqual([
      'chooseWXPay',
      'showMenuItems',
      'hideMenuItems',
      'updateTimelineShareData',
      'updateAppMessageShareData',
      'onMenuShareTimeline',
      'onMenuShareAppMessage',
      'hideAllNonBaseMenuItem',
      'scanQRCode',
    ])
  })

  it('shows the share menu (app message and timeline) once the SDK is ready', () => {
    expect(fakeWechatSdk.menuCalls).toEqual([{ menuList: ['menuItem:share:appMessage', 'menuItem:share:timeline'] }])
  })

  it('only logs that the SDK is ready: nothing is shown to the person', () => {
    expect(info).toHaveBeenCalledWith('[activity_mobile] WeChat JS-SDK ready')
    expect(useStore.getState().toast.status).toBe(false)
  })

  it('does not sign again after a navigation (iOS keeps the entry URL)', async () => {
    const before = server.requests.filter((r) => r.path.endsWith('/signature')).length
    window.history.pushState({}, '', '/pages/partner/position')
    Taro.eventCenter.trigger('__afterTaroRouterChange', { toLocation: { path: '/pages/partner/position' } })
    await new Promise((r) => setTimeout(r, 50))
    expect(server.requests.filter((r) => r.path.endsWith('/signature'))).toHaveLength(before)
  })
})
