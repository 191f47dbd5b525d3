/**
 * A stand-in for WeChat's JS-SDK (the far side: WeChat's own bridge), for H5 tests:
 * `jest.mock('weixin-js-sdk', () => require('<path>/testing-fake-sdk').fakeWechatSdkModule)`.
 * It records every config and menu call, and answers config with ready, or with error when
 * `fakeWechatSdk.failNext` is set.
 */
type Listener = () => void

export const fakeWechatSdk = {
  configs: [] as Array<Record<string, unknown>>,
  menuCalls: [] as Array<Record<string, unknown>>,
  failNext: false,
  readyListeners: [] as Listener[],
  errorListeners: [] as Array<(err: { errMsg: string }) => void>,
  reset() {
    this.configs.length = 0
    this.menuCalls.length = 0
    this.failNext = false
    this.readyListeners.length = 0
    this.errorListeners.length = 0
  },
  config(conf: Record<string, unknown>) {
    fakeWechatSdk.configs.push(conf)
    const fail = fakeWechatSdk.failNext
    fakeWechatSdk.failNext = false
    setTimeout(() => {
      if (fail) fakeWechatSdk.errorListeners.forEach((l) => l({ errMsg: 'config:invalid signature' }))
      else fakeWechatSdk.readyListeners.forEach((l) => l())
    }, 0)
  },
  ready(fn: Listener) {
    fakeWechatSdk.readyListeners.push(fn)
  },
  error(fn: (err: { errMsg: string }) => void) {
    fakeWechatSdk.errorListeners.push(fn)
  },
  showMenuItems(params: Record<string, unknown>) {
    fakeWechatSdk.menuCalls.push(params)
  },
}

export const fakeWechatSdkModule = { __esModule: true, default: fakeWechatSdk }
