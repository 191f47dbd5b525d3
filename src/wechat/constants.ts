/**
 * The JS-SDK permissions the client asks for (SPEC.md section 7): pay, show and hide menu items,
 * share to timeline and friends (the current and the old share calls), hide non-base menu
 * items, QR scan.
 */
export const JS_API_LIST = [
  'chooseWXPay',
  'showMenuItems',
  'hideMenuItems',
  'updateTimelineShareData',
  'updateAppMessageShareData',
  'onMenuShareTimeline',
  'onMenuShareAppMessage',
  'hideAllNonBaseMenuItem',
  'scanQRCode',
] as const

/** The share items of WeChat H5's menu. */
export const SHARE_MENU_ITEMS: Array<'menuItem:share:appMessage' | 'menuItem:share:timeline'> = [
  'menuItem:share:appMessage',
  'menuItem:share:timeline',
]

/** The share menu of the WeChat mini-program. */
export const MINI_SHARE_MENUS = ['shareAppMessage', 'shareTimeline']
