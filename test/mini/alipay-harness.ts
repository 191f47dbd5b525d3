/**
 * Runs Taro's compiled Alipay mini-program (dist/alipay, `npx taro build --type alipay --mode
 * test`) without Alipay's IDE. miniprogram-simulate reads WeChat's templates (.wxml/.wxs), not
 * Alipay's (.axml/.sjs), so here the compiled JavaScript runs as Alipay would run it: app.js and
 * the page's .js are loaded with `App`, `Page` and `my` provided, the page object gets `data` and
 * a `setData` that applies Taro's path updates (`root.cn.[0].v`), and a tap is the event Alipay
 * sends to the page's `eh` handler for the element's `id`/`data-sid` (base.axml:
 * `onTap="eh" id="{{i.uid||i.sid}}"`). Everything between (Taro's Alipay runtime and API
 * adapters, React, our code) is the build's own.
 *
 * `my` is Alipay's host API in Alipay's shapes: `request` takes `headers` and answers `status`
 * and `headers` (real HTTP to a local server standing in for the back-office), storage answers
 * `{ data }`; the test adds what it fakes (`tradePay`).
 */
import fs from 'node:fs'
import path from 'node:path'
import { nodeWxRequest } from '../../src/request/testing/node-wx-request'

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- the compiled app and Alipay's API are untyped */
export const ALIPAY_DIR = process.env.ALIPAY_DIR || path.resolve(__dirname, '../../dist/alipay')

export function hasAlipayBuild(): boolean {
  return fs.existsSync(path.join(ALIPAY_DIR, 'app.json'))
}

type Callbacks = { success?: (r: any) => void; fail?: (e: any) => void; complete?: (r: any) => void }
const later = (o: Callbacks, res: unknown) => setTimeout(() => (o.success?.(res), o.complete?.(res)), 0)

export interface AlipayHost {
  storage: Map<string, unknown>
  requests: Array<{ url: string; method?: string; headers?: Record<string, string> }>
  my: Record<string, any>
}

/** Alipay's `my`, networked to `backendUrl`; `extra` adds or replaces APIs. */
export function alipayHost(backendUrl: string, extra: Record<string, unknown> = {}): AlipayHost {
  const storage = new Map<string, unknown>()
  const requests: AlipayHost['requests'] = []
  const my: Record<string, any> = {
    canIUse: () => true,
    getSystemInfoSync: () => ({
      platform: 'iOS',
      windowWidth: 375,
      windowHeight: 667,
      pixelRatio: 2,
      statusBarHeight: 20,
      titleBarHeight: 44,
    }),
    getWindowInfo: () => ({ windowWidth: 375, windowHeight: 667, statusBarHeight: 20, pixelRatio: 2 }),
    getMenuButtonBoundingClientRect: () => ({ top: 24, height: 32, left: 280, right: 367, width: 87, bottom: 56 }),
    request(
      o: Callbacks & {
        url: string
        method?: string
        data?: unknown
        headers?: Record<string, string>
        dataType?: string
        timeout?: number
      },
    ) {
      requests.push({ url: o.url, method: o.method, headers: o.headers })
      const u = new URL(o.url)
      return nodeWxRequest({
        url: `${backendUrl}${u.pathname}${u.search}`,
        method: o.method,
        data: o.data,
        header: o.headers,
        dataType: o.dataType,
        timeout: o.timeout,
        // Alipay answers `status` and `headers`.
        success: (r) => {
          const res = { status: r.statusCode, headers: r.header, data: r.data }
          o.success?.(res)
          o.complete?.(res)
        },
        fail: (e) => {
          const err = { error: 12, errorMessage: e.errMsg }
          o.fail?.(err)
          o.complete?.(err)
        },
      })
    },
    getStorageSync: ({ key }: { key: string }) => ({ data: storage.has(key) ? storage.get(key) : null }),
    setStorageSync: ({ key, data }: { key: string; data: unknown }) => void storage.set(key, data),
    removeStorageSync: ({ key }: { key: string }) => void storage.delete(key),
    clearStorageSync: () => storage.clear(),
    getAuthCode: (o: Callbacks) => later(o, { authCode: 'alipay-auth-code' }),
    showToast: (o: Callbacks) => later(o, {}),
    hideToast: (o: Callbacks = {}) => later(o, {}),
    showLoading: (o: Callbacks) => later(o, {}),
    hideLoading: (o: Callbacks = {}) => later(o, {}),
    setNavigationBar: (o: Callbacks) => later(o, {}),
    showShareMenu: (o: Callbacks) => later(o, {}),
    hideShareMenu: (o: Callbacks) => later(o, {}),
    redirectTo: (o: Callbacks) => later(o, {}),
    reLaunch: (o: Callbacks) => later(o, {}),
    navigateTo: (o: Callbacks) => later(o, {}),
    navigateBack: (o: Callbacks = {}) => later(o, {}),
    createSelectorQuery: () => {
      const q: any = { select: () => q, selectAll: () => q, boundingClientRect: () => q, node: () => q, fields: () => q, in: () => q }
      q.exec = (cb?: (r: unknown[]) => void) => setTimeout(() => cb?.([]), 0)
      return q
    },
    ...extra,
  }
  return { storage, requests, my }
}

/** Sets one Taro setData path (`root.cn.[0].cn.[1].v`) on `target`. */
function setPath(target: any, key: string, value: unknown) {
  const parts = [...key.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : (m[2] as string)))
  let at = target
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i]!
    if (at[p] === undefined || at[p] === null) at[p] = typeof parts[i + 1] === 'number' ? [] : {}
    at = at[p]
  }
  at[parts[parts.length - 1]!] = value
}

let app: any
const pages: any[] = []
let pageOptions: any

/** Installs Alipay's globals and runs app.js once (runtime, taro, vendors, common, then App). */
export function loadAlipayApp(host: AlipayHost) {
  const g = globalThis as any
  g.my = host.my
  g.App = (options: any) => {
    app = options
  }
  g.getApp = () => app
  g.getCurrentPages = () => pages
  g.Page = (options: any) => {
    pageOptions = options
  }
  require(path.join(ALIPAY_DIR, 'app.js'))
  app?.onLaunch?.call(app, { query: {}, path: 'pages/tabBar/home' })
  app?.onShow?.call(app, { query: {}, path: 'pages/tabBar/home' })
}

export interface AlipayPage {
  instance: any
  /** The text a person would read. */
  text(): string
  /** Sends the tap Alipay sends for the first element whose class list holds `className`. */
  tap(className: string): void
}

function findNode(node: any, className: string): any {
  if (!node || typeof node !== 'object') return undefined
  if (
    String(node.cl ?? '')
      .split(' ')
      .includes(className)
  )
    return node
  for (const child of node.cn ?? []) {
    const found = findNode(child, className)
    if (found) return found
  }
  return undefined
}

function textOfNode(node: any): string {
  if (!node || typeof node !== 'object') return ''
  return `${node.v ?? ''}${(node.cn ?? []).map(textOfNode).join('')}`
}

/** Loads one compiled page with `query` and runs its onLoad, onShow and onReady as Alipay does. */
export function openAlipayPage(pagePath: string, query: Record<string, string>): AlipayPage {
  pageOptions = undefined
  require(path.join(ALIPAY_DIR, `${pagePath}.js`))
  if (!pageOptions) throw new Error(`${pagePath}.js did not call Page()`)
  const instance: any = Object.create(pageOptions)
  instance.data = JSON.parse(JSON.stringify(pageOptions.data ?? {}))
  instance.route = pagePath
  instance.$viewId = `${pages.length + 1}`
  instance.setData = (patch: Record<string, unknown>, cb?: () => void) => {
    for (const [k, v] of Object.entries(patch)) setPath(instance.data, k, v)
    if (cb) setTimeout(cb, 0)
  }
  pages.push(instance)
  instance.onLoad?.call(instance, query)
  instance.onShow?.call(instance)
  instance.onReady?.call(instance)
  return {
    instance,
    text: () => textOfNode(instance.data.root).replace(/\s+/g, ' ').trim(),
    tap(className: string) {
      const node = findNode(instance.data.root, className)
      if (!node) throw new Error(`nothing with class ${className}: ${textOfNode(instance.data.root)}`)
      const id = node.uid || node.sid
      const target = { id, dataset: { sid: node.sid } }
      instance.eh.call(instance, { type: 'tap', timeStamp: Date.now(), target, currentTarget: target, detail: {} })
    },
  }
}
