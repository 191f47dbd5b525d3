import {
  nodeWxDownloadFile,
  nodeWxRequest,
  nodeWxUploadFile,
  type WxDownloadOptions,
  type WxRequestOptions,
  type WxUploadOptions,
} from './node-wx-request'

/**
 * A WeChat mini-program host for node tests: `wx` with real HTTP (nodeWxRequest), in-memory
 * storage, `wx.login` handing out the codes a test queues, and the share-menu call recorded.
 * Importing this module installs it and loads Taro's WeChat runtime over it, so `@tarojs/taro`
 * is then the weapp build's Taro. Import it first in a test file (before anything that imports
 * Taro), and select the weapp build of modules that have one with
 * `jest.mock('<path>/x', () => jest.requireActual('<path>/x.weapp'))`.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- Taro must load after the host exists */

type Callbacks<T> = { success?: (res: T) => void; fail?: (err: { errMsg: string }) => void; complete?: (res: unknown) => void }

function answer<T>(options: Callbacks<T>, res: T) {
  setTimeout(() => {
    options.success?.(res)
    options.complete?.(res)
  }, 0)
}

function refuse<T>(options: Callbacks<T>, errMsg: string) {
  setTimeout(() => {
    options.fail?.({ errMsg })
    options.complete?.({ errMsg })
  }, 0)
}

export const weappHost = {
  /** What the host has in local storage (values as stored). */
  storage: new Map<string, unknown>(),
  /** Codes `wx.login` hands out, in order; an empty queue makes it fail. */
  loginCodes: [] as string[],
  /** How many times wx.login was called. */
  loginCalls: 0,
  /** Arguments of each wx.showShareMenu call. */
  shareMenuCalls: [] as unknown[],
  /** Page navigations the host was asked for, in order. */
  navigations: [] as Array<{ api: 'redirectTo' | 'navigateTo' | 'reLaunch'; url: string }>,
  /** Every wx.request as the host received it (url, method, header, data). */
  requests: [] as Array<Pick<WxRequestOptions, 'url' | 'method' | 'header' | 'data'>>,
  reset() {
    this.storage.clear()
    this.loginCodes.length = 0
    this.loginCalls = 0
    this.shareMenuCalls.length = 0
    this.requests.length = 0
    this.navigations.length = 0
  },
}

const wx = {
  request(options: WxRequestOptions) {
    weappHost.requests.push({ url: options.url, method: options.method, header: options.header, data: options.data })
    return nodeWxRequest(options)
  },
  uploadFile(options: WxUploadOptions) {
    weappHost.requests.push({ url: options.url, method: 'POST', header: options.header, data: options.formData })
    return nodeWxUploadFile(options)
  },
  downloadFile(options: WxDownloadOptions) {
    weappHost.requests.push({ url: options.url, method: 'GET', header: options.header })
    return nodeWxDownloadFile(options)
  },
  getStorageSync: (key: string) => (weappHost.storage.has(key) ? weappHost.storage.get(key) : ''),
  setStorageSync: (key: string, value: unknown) => void weappHost.storage.set(key, value),
  removeStorageSync: (key: string) => void weappHost.storage.delete(key),
  clearStorageSync: () => weappHost.storage.clear(),
  login(options: Callbacks<{ code: string; errMsg: string }>) {
    weappHost.loginCalls += 1
    const code = weappHost.loginCodes.shift()
    if (code) answer(options, { code, errMsg: 'login:ok' })
    else refuse(options, 'login:fail no code')
  },
  showShareMenu(options: Callbacks<{ errMsg: string }> & Record<string, unknown>) {
    const { success: _s, fail: _f, complete: _c, ...args } = options
    weappHost.shareMenuCalls.push(args)
    answer(options, { errMsg: 'showShareMenu:ok' })
  },
  redirectTo(options: Callbacks<{ errMsg: string }> & { url: string }) {
    weappHost.navigations.push({ api: 'redirectTo', url: options.url })
    answer(options, { errMsg: 'redirectTo:ok' })
  },
  navigateTo(options: Callbacks<{ errMsg: string }> & { url: string }) {
    weappHost.navigations.push({ api: 'navigateTo', url: options.url })
    answer(options, { errMsg: 'navigateTo:ok' })
  },
  reLaunch(options: Callbacks<{ errMsg: string }> & { url: string }) {
    weappHost.navigations.push({ api: 'reLaunch', url: options.url })
    answer(options, { errMsg: 'reLaunch:ok' })
  },
  getLocation(options: Callbacks<unknown>) {
    refuse(options, 'getLocation:fail auth deny')
  },
  getSystemInfoSync: () => ({ platform: 'devtools', SDKVersion: '3.0.0' }),
}

const g = globalThis as Record<string, unknown>
Object.assign(g, {
  wx,
  getCurrentPages: () => [],
  getApp: () => ({}),
  // Build-time switches Taro's runtime expects (its H5 test preset defines the same).
  ENABLE_INNER_HTML: true,
  ENABLE_ADJACENT_HTML: true,
  ENABLE_SIZE_APIS: true,
  DEPRECATED_ADAPTER_COMPONENT: false,
  ENABLE_TEMPLATE_CONTENT: true,
  ENABLE_MUTATION_OBSERVER: true,
  ENABLE_CLONE_NODE: true,
  ENABLE_CONTAINS: true,
})
require('@tarojs/plugin-platform-weapp/dist/runtime')
require('@tarojs/taro')
