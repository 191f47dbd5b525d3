/**
 * The shared interface pieces in the compiled weapp, through the component gallery
 * (pages/dev/gallery, test builds only): taps, inputs and picker events reach React, the store
 * and the request wrapper as in WeChat. Build first: `npx taro build --type weapp --mode test`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { WEAPP_DIR, hasWeappBuild, installMiniGlobals, loadApp, renderPage, simulate, textOf } from './harness'

/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's component wrappers are untyped */
type Comp = any

interface WxRequest {
  url: string
  method: string
  data: unknown
  header: Record<string, string>
  success?: (res: unknown) => void
  fail?: (err: unknown) => void
  complete?: (res: unknown) => void
}

const SEND_VERIFY = '/api/ums/user/user/sendVerify'
const requests: WxRequest[] = []
/** The back-office's answer to the next sendVerify calls. */
let answer: { code: number; message: string; data: null } = { code: 0, message: 'ok', data: null }

// Taken before any test fakes the clock.
const realSetTimeout = globalThis.setTimeout
const pause = (ms: number) => new Promise((r) => realSetTimeout(r, ms))
/** Resolves once `check` holds, polling on the real clock (the countdown tests fake Date); gives up after 5 s. */
async function settled(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited >= 5000) return
    await pause(10)
  }
}

beforeAll(() => {
  if (!hasWeappBuild()) throw new Error('dist/weapp is missing: run `npx taro build --type weapp --mode test` first')
  installMiniGlobals({
    // The far side of the boundary: WeChat's network call, answered like the back-office.
    request: (options: WxRequest) => {
      requests.push(options)
      realSetTimeout(() => {
        const res = { statusCode: 200, data: { ...answer }, header: {}, cookies: [], errMsg: 'request:ok' }
        options.success?.(res)
        options.complete?.(res)
      }, 5)
      return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {}, onChunkReceived() {}, offChunkReceived() {} }
    },
  })
  loadApp()
})

const sendCalls = () => requests.filter((r) => r.url.endsWith(SEND_VERIFY))
const textAt = (page: Comp, selector: string): string => (page.querySelector(selector)?.dom?.textContent ?? '').trim()

async function fire(page: Comp, selector: string, event: string, detail: Record<string, unknown> = {}) {
  const el = page.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}`)
  el.dispatchEvent(event, { detail })
  await simulate.sleep(30)
}

// The simulator loads a compiled page once per test file (its script is cached), so each file
// renders the gallery once and its tests run in order on that page.
let page: Comp
beforeAll(async () => {
  page = await renderPage('pages/dev/gallery')
})

describe('the component gallery in the weapp build', () => {
  it('is part of a test build, as the pages/dev subpackage', () => {
    const app = JSON.parse(fs.readFileSync(path.join(WEAPP_DIR, 'app.json'), 'utf8')) as {
      subPackages: Array<{ root: string; pages: string[] }>
    }
    expect(app.subPackages).toContainEqual({ root: 'pages/dev', pages: ['gallery'] })
  })

  it('renders every piece with its defaults', async () => {
    const text = textOf(page)
    for (const words of [
      '组件库',
      '测试',
      '上拉加载更多',
      '加载中...',
      '没有更多了',
      '请选择',
      '获取验证码',
      '亲，没有相关内容哦～',
      '长按保存图片',
    ]) {
      expect(text).toContain(words)
    }
    // WeChat's status bar is respected by the custom title bar.
    expect(page.querySelector('.page__bar').dom.getAttribute('style')).toMatch(/padding-top: \d+px/)
    expect(page.querySelector('.app-qr__image').dom.getAttribute('show-menu-by-longpress')).not.toBe('false')
  })
})

describe('the verification-code input in the weapp build', () => {
  afterEach(() => {
    jest.useRealTimers()
    answer = { code: 0, message: 'ok', data: null }
  })

  it('with no phone shows 请填写手机号 and sends nothing', async () => {
    requests.length = 0
    await fire(page, '.app-code-input__button', 'tap')
    expect(textAt(page, '.app-toast')).toBe('请填写手机号')
    expect(sendCalls()).toHaveLength(0)
    expect(textAt(page, '.app-code-input__button')).toBe('获取验证码')
  })

  it('sends {phone, type 登录} once, counts down from 60s and ignores taps meanwhile', async () => {
    requests.length = 0
    jest.useFakeTimers({
      doNotFake: [
        'setTimeout',
        'clearTimeout',
        'setImmediate',
        'clearImmediate',
        'nextTick',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'performance',
        'hrtime',
      ],
    })
    await fire(page, '.gallery__phone .app-input__field', 'input', { value: '13800000000' })
    await fire(page, '.app-code-input__button', 'tap')
    await settled(() => sendCalls().length > 0 && textAt(page, '.app-code-input__button') === '60s')
    expect(sendCalls()).toHaveLength(1)
    const sent = sendCalls()[0]!
    expect(sent.method).toBe('POST')
    expect(sent.header['content-type']).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(String(sent.data)))).toEqual({ phone: '13800000000', type: '登录' })
    expect(textAt(page, '.app-code-input__button')).toBe('60s')
    expect(textAt(page, '.gallery__value--code')).toBe('已发送至 13800000000')

    // The countdown's interval starts in an effect, which Preact runs after the next frame: wait for it.
    await settled(() => jest.getTimerCount() > 0)
    jest.advanceTimersByTime(1000)
    await settled(() => textAt(page, '.app-code-input__button') === '59s')
    expect(textAt(page, '.app-code-input__button')).toBe('59s')
    await fire(page, '.app-code-input__button', 'tap')
    await pause(30)
    expect(sendCalls()).toHaveLength(1)

    jest.advanceTimersByTime(59_000)
    await settled(() => textAt(page, '.app-code-input__button') === '重新获取')
    expect(textAt(page, '.app-code-input__button')).toBe('重新获取')
  })

  it('after the countdown sends again, and stays ready when the back-office refuses, showing its message', async () => {
    requests.length = 0
    answer = { code: 100000001, message: '发送过于频繁', data: null }
    await fire(page, '.app-code-input__button', 'tap')
    await settled(() => sendCalls().length > 0 && textAt(page, '.app-toast') === '发送过于频繁')
    expect(sendCalls()).toHaveLength(1)
    expect(textAt(page, '.app-code-input__button')).toBe('重新获取')
    expect(textAt(page, '.app-toast')).toBe('发送过于频繁')
  })
})
