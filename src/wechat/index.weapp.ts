import Taro, { useDidShow } from '@tarojs/taro'
import { logger } from '../utils/logger'
import { MINI_SHARE_MENUS } from './constants'

/** WeChat mini-program: no JS-SDK; the share menu is the host's (see index.ts for H5). */
export type WechatSdk = never

export function initWechatSdk(): Promise<null> {
  return Promise.resolve(null)
}

export function wechatSdk(): Promise<null> {
  return Promise.resolve(null)
}

/**
 * Shows the share menu (app message and timeline) on the current page. Taro's WeChat adapter
 * rebuilds `menus` from `showShareItems`, so both are given.
 */
export function enableShareMenu(): void {
  Taro.showShareMenu({
    withShareTicket: true,
    menus: MINI_SHARE_MENUS,
    showShareItems: ['wechatFriends', 'wechatMoment'],
  } as Taro.showShareMenu.Option).catch((err: unknown) => logger.warn('share menu not shown', err))
}

/** For pages: WeChat's share menu belongs to the page shown, so each page turns it on when shown. */
export function useShareMenu(): void {
  useDidShow(() => enableShareMenu())
}
