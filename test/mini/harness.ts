/**
 * Loads Taro's compiled weapp output (dist/weapp) into miniprogram-simulate: the simulator's
 * `wx`, an App/getApp pair, and a Page shim that turns Taro's Page(options) into a Component
 * whose `attached` runs onLoad/onShow/onReady. Build first: `npm run build:weapp -- --mode test`.
 */
import fs from 'node:fs'
import path from 'node:path'

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports */
const simulate = require('miniprogram-simulate')

export const WEAPP_DIR = path.resolve(__dirname, '../../dist/weapp')

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
  await simulate.sleep(50)
  return comp
}

/** The text a person would read on the rendered page. */
export function textOf(comp: any): string {
  return (comp.dom?.textContent ?? '').replace(/\s+/g, ' ').trim()
}

export { simulate }
