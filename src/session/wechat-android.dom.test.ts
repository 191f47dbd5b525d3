/**
 * @jest-environment-options {"url": "http://localhost/pages/tabBar/home?from=poster#top", "userAgent": "Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/5279 MMWEBSDK/20231002 MicroMessenger/8.0.43.2480(0x28002B37) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64"}
 */
import Taro from '@tarojs/taro'
import { OS } from '../platform'
import { setApiHost } from '../request'
import { envelope, startTestServer, type TestServer } from '../request/testing/server'
import { useStore } from '../store'
import { wechatSdk } from '../wechat'
import { fakeWechatSdk } from '../wechat/testing-fake-sdk'
import { stopServerClock } from './clock'
import { launchSession } from './launch'
import {
  OAUTH_STATE,
  authorizeUrlFor,
  loadOfficialAppId,
  oauthTried,
  officialAppId,
  startWechatOAuth,
  wechatAuthorizeUrl,
} from './wechat-oauth'

jest.mock('weixin-js-sdk', () => jest.requireActual('../wechat/testing-fake-sdk').fakeWechatSdkModule)

/**
 * H5 inside WeChat on Android, opened without an OAuth code: no sign-in is attempted at launch;
 * the JS-SDK is signed for the current URL without its hash, and again after each navigation;
 * a failed config is only logged. The OAuth redirect goes to WeChat's authorize page once.
 */
let server: TestServer
let signatures = 0
let info: jest.SpyInstance
beforeAll(async () => {
  info = jest.spyOn(console, 'info').mockImplementation(() => {})
  server = await startTestServer()
  setApiHost(server.url)
  server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_767_225_600_000) })
  server.on('GET /api/ums/user/user/signature', () => {
    signatures += 1
    return {
      body: envelope({
        appId: 'wx-test-app-id',
        timestamp: 1767225600 + signatures,
        nonceStr: `n${signatures}`,
        signature: `sig-${signatures}`,
      }),
    }
  })
})
afterAll(async () => {
  info.mockRestore()
  stopServerClock()
  await server.close()
})

describe('WeChat H5 on Android', () => {
  it('at launch without a code signs no one in and signs the URL without its hash', async () => {
    await launchSession()
    expect(OS).toBe('android')
    expect(await wechatSdk()).toBe(fakeWechatSdk)
    expect(server.requests.some((r) => r.path.endsWith('/signIn'))).toBe(false)
    expect(useStore.getState().user).toBeNull()
    expect(server.last('GET /api/ums/user/user/signature')?.query).toEqual({
      platform: 'weixin',
      url: 'http://localhost/pages/tabBar/home?from=poster',
    })
  })

  it('signs the new URL again after each navigation', async () => {
    window.history.pushState({}, '', '/pages/partner/deal?type=%E6%9C%AC%E5%91%A8')
    Taro.eventCenter.trigger('__afterTaroRouterChange', { toLocation: { path: '/pages/partner/deal' } })
    await wechatSdk()
    await new Promise((r) => setTimeout(r, 30))
    expect(server.last('GET /api/ums/user/user/signature')?.query.url).toBe('http://localhost/pages/partner/deal?type=%E6%9C%AC%E5%91%A8')
    expect(fakeWechatSdk.configs.at(-1)).toMatchObject({ signature: 'sig-2', nonceStr: 'n2', timestamp: 1767225602 })
  })

  it('a failed config is logged, not shown, and leaves no SDK to use', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    fakeWechatSdk.failNext = true
    window.history.pushState({}, '', '/pages/partner/position')
    Taro.eventCenter.trigger('__afterTaroRouterChange', { toLocation: { path: '/pages/partner/position' } })
    await new Promise((r) => setTimeout(r, 30))
    expect(await wechatSdk()).toBeNull()
    expect(warn).toHaveBeenCalledWith('[activity_mobile] WeChat JS-SDK config failed', { errMsg: 'config:invalid signature' })
    expect(useStore.getState().toast.status).toBe(false)
    warn.mockRestore()
  })
})

describe('the WeChat OAuth redirect', () => {
  it("builds WeChat's authorize address with snsapi_base, the encoded return address and the state", () => {
    expect(wechatAuthorizeUrl('wx123', 'https://m.example.com/pages/partner/deal?type=1')).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx123' +
        '&redirect_uri=https%3A%2F%2Fm.example.com%2Fpages%2Fpartner%2Fdeal%3Ftype%3D1' +
        '&response_type=code&scope=snsapi_base&state=wechat_oauth#wechat_redirect',
    )
  })

  it('uses the wxCode page instead on a local development host', () => {
    expect(authorizeUrlFor('http://192.168.1.20:10086/pages/tabBar/home', '192.168.1.20')).toBe(
      `/pages/main/wxCode?redirect_uri=${encodeURIComponent('http://192.168.1.20:10086/pages/tabBar/home')}&state=${OAUTH_STATE}`,
    )
  })

  it('goes to WeChat once per browser session, so a code that signs no one in cannot loop', () => {
    const went: string[] = []
    const loc = {
      origin: 'https://m.example.com',
      hostname: 'm.example.com',
      replace: (url: string) => went.push(url),
    } as unknown as Location
    expect(oauthTried()).toBe(false)
    expect(startWechatOAuth('/pages/partner/deal?type=1', loc)).toBe(true)
    expect(startWechatOAuth('/pages/partner/deal?type=1', loc)).toBe(false)
    expect(went).toEqual([wechatAuthorizeUrl('wx-test-app-id', 'https://m.example.com/pages/partner/deal?type=1')])
  })

  it("never goes to WeChat without an AppID (neither the build's nor the back-office's); the back-office's one is used when the build has none", async () => {
    const g = globalThis as unknown as { WX_APP_ID: string }
    const built = g.WX_APP_ID
    const went: string[] = []
    const loc = {
      origin: 'https://m.example.com',
      hostname: 'm.example.com',
      replace: (url: string) => went.push(url),
    } as unknown as Location
    g.WX_APP_ID = ''
    try {
      window.sessionStorage.clear()
      server.on('GET /api/bms/develop/config/getByKey', { body: envelope({ key: 'wechatOfficialAppId', value: [] }) })
      await loadOfficialAppId()
      expect(officialAppId()).toBe('')
      expect(startWechatOAuth('/pages/tabBar/clue', loc)).toBe(false)
      expect(oauthTried()).toBe(false)
      expect(went).toEqual([])
      server.on('GET /api/bms/develop/config/getByKey', { body: envelope({ key: 'wechatOfficialAppId', value: ['wx-from-server'] }) })
      await loadOfficialAppId()
      expect(server.last('GET /api/bms/develop/config/getByKey')?.query).toEqual({ key: 'wechatOfficialAppId' })
      expect(startWechatOAuth('/pages/tabBar/clue', loc)).toBe(true)
      expect(went).toEqual([wechatAuthorizeUrl('wx-from-server', 'https://m.example.com/pages/tabBar/clue')])
    } finally {
      g.WX_APP_ID = built
    }
  })
})
