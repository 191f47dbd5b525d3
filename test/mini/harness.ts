/**
 * Loads Taro's compiled weapp output (dist/weapp) into miniprogram-simulate: the simulator's
 * `wx`, an App/getApp pair, and a Page shim that turns Taro's Page(options) into a Component
 * whose `attached` runs onLoad/onShow/onReady. Build first: `npm run build:weapp -- --mode test`.
 *
 * `networkedHost` gives the simulator's `wx` what the session tests need from a real host: real
 * HTTP (to a local server standing in for the back-office), local storage that keeps what is
 * written, `wx.login` codes, and a record of the share-menu calls.
 */
import fs from 'node:fs'
import path from 'node:path'
import { nodeWxRequest, nodeWxUploadFile, type WxRequestOptions, type WxUploadOptions } from '../../src/request/testing/node-wx-request'

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports */
const simulate = require('miniprogram-simulate')

// WEAPP_DIR points the tests at another build (parallel builds use TARO_OUTPUT_ROOT).
export const WEAPP_DIR = process.env.WEAPP_DIR || path.resolve(__dirname, '../../dist/weapp')

type PageOptions = Record<string, any>
const g = globalThis as any
let appInstance: any
const pageStack: any[] = []

export function hasWeappBuild(): boolean {
  return fs.existsSync(path.join(WEAPP_DIR, 'app.json'))
}

/** The simulator's wx API, with any of its calls replaced by the test. */
export function installMiniGlobals(overrides: Record<string, unknown> = {}) {
  const wx = { ...require('miniprogram-simulate/src/api'), ...overrides }
  g.wx = wx
  g.App = (options: any) => {
    appInstance = options
  }
  g.getApp = () => appInstance
  g.getCurrentPages = () => pageStack
  g.Page = (options: PageOptions) => {
    const methods: Record<string, any> = {}
    const data = options.data ?? {}
    for (const [key, value] of Object.entries(options)) {
      if (typeof value === 'function') methods[key] = value
    }
    g.Component({
      data,
      methods,
      lifetimes: {
        attached(this: any) {
          pageStack.push(this)
          this.onLoad?.call(this, this.__query__ ?? {})
          this.onShow?.call(this)
          this.onReady?.call(this)
        },
        detached(this: any) {
          this.onUnload?.call(this)
          pageStack.splice(pageStack.indexOf(this), 1)
        },
      },
    })
  }
  return wx
}

type Callbacks<T> = { success?: (res: T) => void; fail?: (err: { errMsg: string }) => void; complete?: (res: unknown) => void }

function later<T>(options: Callbacks<T>, res: T) {
  setTimeout(() => {
    options.success?.(res)
    options.complete?.(res)
  }, 0)
}

/** The parts of a real host the session tests observe and steer. */
export interface NetworkedHost {
  storage: Map<string, unknown>
  /** Codes wx.login hands out, in order; an empty queue makes it fail. */
  loginCodes: string[]
  loginCalls: number
  shareMenuCalls: unknown[]
  /** Requests as the app made them (before the origin is pointed at the local server). */
  requests: Array<{ url: string; method?: string; header?: Record<string, string>; timeout?: number }>
}

/**
 * `wx` overrides for a host with a network: every request keeps its path and query but goes to
 * `backendUrl` (the build's API host is not reachable from a test), as real HTTP.
 */
export function networkedHost(backendUrl: string): { host: NetworkedHost; overrides: Record<string, unknown> } {
  const host: NetworkedHost = { storage: new Map(), loginCodes: [], loginCalls: 0, shareMenuCalls: [], requests: [] }
  const toBackend = (url: string) => {
    const u = new URL(url)
    return `${backendUrl}${u.pathname}${u.search}`
  }
  const overrides = {
    request(options: WxRequestOptions) {
      host.requests.push({ url: options.url, method: options.method, header: options.header, timeout: options.timeout })
      return nodeWxRequest({ ...options, url: toBackend(options.url) })
    },
    uploadFile(options: WxUploadOptions) {
      host.requests.push({ url: options.url, method: 'POST', header: options.header })
      return nodeWxUploadFile({ ...options, url: toBackend(options.url) })
    },
    getStorageSync: (key: string) => (host.storage.has(key) ? host.storage.get(key) : ''),
    setStorageSync: (key: string, value: unknown) => void host.storage.set(key, value),
    removeStorageSync: (key: string) => void host.storage.delete(key),
    clearStorageSync: () => host.storage.clear(),
    login(options: Callbacks<{ code: string; errMsg: string }>) {
      host.loginCalls += 1
      const code = host.loginCodes.shift()
      if (code) later(options, { code, errMsg: 'login:ok' })
      else setTimeout(() => options.fail?.({ errMsg: 'login:fail no code' }), 0)
    },
    showShareMenu(options: Callbacks<{ errMsg: string }> & Record<string, unknown>) {
      const { success: _s, fail: _f, complete: _c, ...args } = options
      host.shareMenuCalls.push(args)
      later(options, { errMsg: 'showShareMenu:ok' })
    },
  }
  return { host, overrides }
}

// Taken when the harness loads, before a test fakes the clock: waiting is always in real time.
const realSetTimeout = globalThis.setTimeout

/**
 * Resolves once `check` holds, polling every 10 ms of real time, also under a faked clock (rejects
 * after `timeoutMs`, naming `what` was awaited).
 */
export async function until(check: () => boolean, timeoutMs = 3000, what = 'the condition'): Promise<void> {
  const start = performance.now()
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error(`waited ${timeoutMs} ms in vain for ${what}`)
    await new Promise((r) => realSetTimeout(r, 10))
  }
}

let appLoaded = false

/** Runs app.js once (it requires runtime, taro, vendors and common, then calls App). */
export function loadApp() {
  if (appLoaded) return appInstance
  require(path.join(WEAPP_DIR, 'app.js'))
  appLoaded = true
  appInstance?.onLaunch?.call(appInstance, { path: 'pages/tabBar/home', query: {}, scene: 1001 })
  appInstance?.onShow?.call(appInstance, { path: 'pages/tabBar/home', query: {}, scene: 1001 })
  return appInstance
}

/** Loads one compiled page and attaches it to a fresh parent; returns the simulator's component. */
export async function renderPage(pagePath: string) {
  const id = simulate.load(path.join(WEAPP_DIR, pagePath), 'page', { rootPath: WEAPP_DIR })
  const comp = simulate.render(id)
  const parent = document.createElement('parent-wrapper')
  comp.attach(parent)
  // The first render is asynchronous (React, then setData): wait until the page shows something
  // and has stopped changing, not a fixed time, which a loaded machine overruns.
  const deadline = Date.now() + 10_000
  let before = ''
  for (;;) {
    await simulate.sleep(50)
    const now: string = comp.dom?.innerHTML ?? ''
    if ((now !== '' && now === before && (comp.dom?.textContent ?? '').trim() !== '') || Date.now() > deadline) break
    before = now
  }
  return comp
}

/**
 * What a sign-in leaves on the device: the session cookie (`jar`) and the stored user (the store's
 * persisted shape), `mini` saying whether it came from the mini-program's own login.
 */
export function storeSignedIn(
  storage: Map<string, unknown>,
  { jar, user, mini }: { jar: Record<string, string>; user: unknown; mini: boolean },
) {
  storage.set('activity_mobile_cookie', JSON.stringify(jar))
  storage.set(
    'activity_mobile_userInfo',
    JSON.stringify({
      version: 1,
      state: { user, loginOther: { mini, h5Weixin: false }, headerInfo: null, router: null },
    }),
  )
}

/** Hands every page this query on load, as WeChat does for `pages/...?id=7`. */
export function withQuery(query: Record<string, string>) {
  const g = globalThis as any
  const shim = g.Page
  g.Page = (options: Record<string, any>) =>
    shim({
      ...options,
      onLoad(this: unknown, q: Record<string, string> = {}) {
        return options.onLoad?.call(this, { ...q, ...query })
      },
    })
}

/** The text a person would read on the rendered page. */
export function textOf(comp: any): string {
  return (comp.dom?.textContent ?? '').replace(/\s+/g, ' ').trim()
}

export { simulate }
