import { Platform } from '@activity/wire'
import { osOfUserAgent, platformOf, platformOfUserAgent } from '.'

const UA = {
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/5279 MMWEBSDK/20231002 MicroMessenger/8.0.43.2480(0x28002B37) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  alipay:
    'Mozilla/5.0 (Linux; U; Android 12; zh-CN; PEGM00 Build/SKQ1.210216.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.2.52 Mobile Safari/537.36 AlipayChannelId/5136 NebulaSDK/1.8.100112 Nebula AlipayDefined(nt:WIFI,ws:393|0|2.75) AliApp(AP/10.5.36.8000) AlipayClient/10.5.36.8000 Language/zh-Hans',
  appAndroid:
    'Mozilla/5.0 (Linux; Android 12; M2102J2SC Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/95.0.4638.74 Mobile Safari/537.36 uni-app Html5Plus/1.0 (Immersed/30.545454)',
  appIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 uni-app Html5Plus/1.0 (Immersed/47)',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
}

describe('where the client runs (the platform table of SPEC.md section 3)', () => {
  it.each([
    ['the WeChat mini-program build is the weixin mini-program, whatever the user agent', 'weapp', UA.desktop, Platform.weappMini],
    ['the Alipay mini-program build is the alipay mini-program', 'alipay', UA.desktop, Platform.alipayMini],
    ['H5 with MicroMessenger in the user agent is H5 in WeChat (iOS)', 'h5', UA.wechatIos, Platform.h5Weixin],
    ['H5 in WeChat on Android is H5 in WeChat too', 'h5', UA.wechatAndroid, Platform.h5Weixin],
    ['H5 with AlipayClient in the user agent is H5 in Alipay', 'h5', UA.alipay, Platform.h5Alipay],
    ['H5 in our native app on Android (Html5Plus web view)', 'h5', UA.appAndroid, Platform.appAndroid],
    ['H5 in our native app on iOS (Html5Plus web view)', 'h5', UA.appIos, Platform.appIos],
    ['H5 in a plain mobile browser is other H5', 'h5', UA.chromeAndroid, Platform.h5],
    ['H5 in a desktop browser is other H5', 'h5', UA.desktop, Platform.h5],
  ] as const)('%s', (_name, build, ua, expected) => {
    expect(platformOf(build, ua)).toBe(expected)
  })

  it('covers every platform of the enumeration', () => {
    const seen = new Set([platformOf('weapp', ''), platformOf('alipay', ''), ...Object.values(UA).map((ua) => platformOfUserAgent(ua))])
    expect([...seen].sort()).toEqual(Object.values(Platform).sort())
  })

  it('tells iOS from Android for the JS-SDK signing rule', () => {
    expect(osOfUserAgent(UA.wechatIos)).toBe('ios')
    expect(osOfUserAgent(UA.wechatAndroid)).toBe('android')
    expect(osOfUserAgent(UA.desktop)).toBe('other')
  })
})
