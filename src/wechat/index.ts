import Taro, { useDidShow } from '@tarojs/taro'
import type wxSdk from 'weixin-js-sdk'
import { user as userCalls } from '../api/ums/user'
import { IS_WECHAT_H5, OS } from '../platform'
import { logger } from '../utils/logger'
import { LoginPlatform } from '@activity/wire'
import { JS_API_LIST, SHARE_MENU_ITEMS } from './constants'

/**
 * The WeChat JS-SDK, on H5 inside WeChat only (SPEC.md section 7). The SDK is imported lazily,
 * so no other build or browser downloads it. Its config is signed by the back-office
 * (`signature`) for the page URL without its hash. Under history routing WeChat checks a
 * different URL per OS: iOS the URL the app was entered by (signed once), Android the current
 * one (signed again after each navigation). Success or failure is logged only.
 */
export type WechatSdk = typeof wxSdk

/** Without the hash: what WeChat signs. */
export function signatureUrl(href: string): string {
  return href.split('#')[0] ?? href
}

// The address the app was entered by, before the router or the OAuth code removal changed it.
const ENTRY_URL = typeof location === 'undefined' ? '' : signatureUrl(location.href)

let ready: Promise<WechatSdk | null> = Promise.resolve(null)

// The SDK keeps every ready/error callback it is given, so they are registered once and settle
// whichever configuration is pending.
let settle: ((sdk: WechatSdk | null) => void) | null = null
let listening = false

function listen(sdk: WechatSdk) {
  if (listening) return
  listening = true
  sdk.ready(() => {
    logger.info('WeChat JS-SDK ready')
    sdk.showMenuItems({ menuList: SHARE_MENU_ITEMS })
    settle?.(sdk)
    settle = null
  })
  sdk.error((err) => {
    logger.warn('WeChat JS-SDK config failed', err)
    settle?.(null)
    settle = null
  })
}

/** Signs `url` and configures the SDK; resolves with it once ready, or null when config failed. */
export async function configureWechatSdk(url: string): Promise<WechatSdk | null> {
  const sdk = (await import('weixin-js-sdk')).default
  const { data } = await userCalls.user.signature({ platform: LoginPlatform.weixin, url }, { lock: true })
  listen(sdk)
  return new Promise((resolve) => {
    settle?.(null)
    settle = resolve
    sdk.config({
      debug: false,
      appId: data.appId,
      timestamp: Number(data.timestamp),
      nonceStr: data.nonceStr,
      signature: data.signature,
      jsApiList: [...JS_API_LIST],
    } as Parameters<WechatSdk['config']>[0])
  })
}

function configure(url: string): Promise<WechatSdk | null> {
  ready = configureWechatSdk(url).catch((err: unknown) => {
    logger.warn('WeChat JS-SDK not configured', err)
    return null
  })
  return ready
}

/** Taro's H5 router announces each finished navigation on this event. */
const ROUTE_CHANGED = '__afterTaroRouterChange'
let followingRoutes = false

/** Sets the SDK up at launch (no-op outside WeChat H5). */
export function initWechatSdk(): Promise<WechatSdk | null> {
  if (!IS_WECHAT_H5) return Promise.resolve(null)
  if (OS === 'ios') return configure(ENTRY_URL)
  if (!followingRoutes) {
    followingRoutes = true
    Taro.eventCenter.on(ROUTE_CHANGED, () => void configure(signatureUrl(location.href)))
  }
  return configure(signatureUrl(location.href))
}

/** The configured SDK (pay, scan, share data), or null outside WeChat H5 or when config failed. */
export function wechatSdk(): Promise<WechatSdk | null> {
  return ready
}

/** The share menu (app message, timeline): shown once the SDK is ready, in WeChat H5. */
export function enableShareMenu(): void {
  void ready.then((sdk) => sdk?.showMenuItems({ menuList: SHARE_MENU_ITEMS }))
}

/** For pages: keeps the share menu on (WeChat H5's menu is app-wide, so this only re-asserts it). */
export function useShareMenu(): void {
  useDidShow(() => enableShareMenu())
}

/**
 * Scans a QR code with WeChat's own scanner (JS-SDK `scanQRCode`, needResult 1): the code's text,
 * null when the person closed the scanner, or an Error when the SDK is not ready or refused.
 */
export async function scanWithWechat(): Promise<string | null> {
  const sdk = await ready
  if (!sdk) throw new Error('微信扫一扫暂不可用，请用手机相机扫码')
  return new Promise((resolve, reject) => {
    sdk.scanQRCode({
      needResult: 1,
      scanType: ['qrCode'],
      success: (res: { resultStr: string }) => resolve(res.resultStr),
      cancel: () => resolve(null),
      fail: (err: unknown) => reject(err instanceof Error ? err : new Error('扫码失败，请重试')),
    } as Parameters<WechatSdk['scanQRCode']>[0])
  })
}
