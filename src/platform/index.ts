import { LoginPlatform, Platform } from '@activity/wire'
import { BUILD, type Build } from './build'

/**
 * "Which platform am I on", answered once for the whole client (SPEC.md section 3): the build
 * (from Taro's file suffixes, see build.ts) decides mini-program or H5; on H5 the user agent
 * decides which host the page runs in. Nothing else in the client reads the user agent or
 * process.env.TARO_ENV.
 */

/**
 * User-agent markers of our own native apps' web views. `Html5Plus` is what DCloud's app
 * runtime (the usual native shell for such H5 apps) puts in its web view's user agent;
 * `ActivityMobileApp` is the marker our own app shell adds.
 */
export const NATIVE_APP_UA_MARKERS = ['Html5Plus', 'ActivityMobileApp'] as const

export type Os = 'ios' | 'android' | 'other'

export function osOfUserAgent(ua: string): Os {
  if (/iPhone|iPad|iPod|iOS/i.test(ua)) return 'ios'
  if (/Android|Adr\b/i.test(ua)) return 'android'
  return 'other'
}

/** The H5 row of the platform table, from a user agent. */
export function platformOfUserAgent(ua: string): Platform {
  if (/MicroMessenger/i.test(ua)) return Platform.h5Weixin
  if (/AlipayClient/i.test(ua)) return Platform.h5Alipay
  if (NATIVE_APP_UA_MARKERS.some((m) => ua.includes(m))) {
    const os = osOfUserAgent(ua)
    if (os === 'android') return Platform.appAndroid
    if (os === 'ios') return Platform.appIos
  }
  return Platform.h5
}

/** The platform of a build, given the user agent H5 runs under. */
export function platformOf(build: Build, userAgent: string): Platform {
  if (build === 'weapp') return Platform.weappMini
  if (build === 'alipay') return Platform.alipayMini
  return platformOfUserAgent(userAgent)
}

function userAgent(): string {
  return typeof navigator !== 'undefined' && typeof navigator.userAgent === 'string' ? navigator.userAgent : ''
}

export { BUILD }
export type { Build }

/** Where this client runs; fixed for the life of the page or mini-program. */
export const PLATFORM: Platform = platformOf(BUILD, userAgent())

/** A mini-program build (WeChat or Alipay): keeps its own session cookie, logs in by open id. */
export const IS_MINI_PROGRAM = BUILD !== 'h5'
export const IS_H5 = BUILD === 'h5'
export const IS_WEAPP = PLATFORM === Platform.weappMini
export const IS_ALIPAY_MINI = PLATFORM === Platform.alipayMini
/** H5 inside WeChat: OAuth login by code, the JS-SDK, the share menu. */
export const IS_WECHAT_H5 = PLATFORM === Platform.h5Weixin
export const IS_ALIPAY_H5 = PLATFORM === Platform.h5Alipay
/** H5 inside one of our native apps. */
export const IS_NATIVE_APP = PLATFORM === Platform.appAndroid || PLATFORM === Platform.appIos

/** The device's operating system as far as the user agent tells (H5 only; 'other' in mini-programs). */
export const OS: Os = IS_H5 ? osOfUserAgent(userAgent()) : 'other'

/**
 * The identity provider whose codes this platform signs in with (signIn's `platform`), or null
 * where there is none (plain browsers and our apps sign in by phone).
 */
export const LOGIN_PLATFORM: LoginPlatform | null =
  PLATFORM === Platform.weappMini || PLATFORM === Platform.h5Weixin
    ? LoginPlatform.weixin
    : PLATFORM === Platform.alipayMini || PLATFORM === Platform.h5Alipay
      ? LoginPlatform.alipay
      : null

export { press } from './press'
export type { PressEvent, PressOptions, PressProps, PressRole } from './press'
export { useFocusTrap } from './focus-trap'
