/**
 * Alipay mini-program: no WeChat SDK, and no share-menu call: Alipay shares through each page's
 * onShareAppMessage (see index.ts for WeChat H5, index.weapp.ts for the WeChat mini-program).
 */
export type WechatSdk = never

export function initWechatSdk(): Promise<null> {
  return Promise.resolve(null)
}

export function wechatSdk(): Promise<null> {
  return Promise.resolve(null)
}

export function enableShareMenu(): void {}

export function useShareMenu(): void {}
