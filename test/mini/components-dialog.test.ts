/**
 * The dialog, the store toast and the confirm button in the compiled weapp, through the
 * component gallery (pages/dev/gallery, test builds only): taps reach React and the store.
 */
import { hasWeappBuild, installMiniGlobals, loadApp, renderPage, until } from './harness'

/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's component wrappers are untyped */
type Comp = any

const textAt = (page: Comp, selector: string): string => (page.querySelector(selector)?.dom?.textContent ?? '').trim()

async function tap(page: Comp, selector: string) {
  const el = page.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}`)
  el.dispatchEvent('tap')
  await settled(page)
}

// Taken before any test fakes the clock.
const realSetTimeout = globalThis.setTimeout
const pause = (ms: number) => new Promise((r) => realSetTimeout(r, ms))

/** Waits until the rendered page stops changing (React and setData are asynchronous, and slow under load). */
async function settled(page: Comp, timeoutMs = 2000) {
  const start = Date.now()
  let before = page.dom?.innerHTML
  await pause(30)
  for (;;) {
    const now = page.dom?.innerHTML
    if (now === before || Date.now() - start > timeoutMs) return
    before = now
    await pause(30)
  }
}

/** The far side of WeChat's network call: a back-office that answers every call with code 0. */
function quietRequest(options: { success?: (res: unknown) => void; complete?: (res: unknown) => void }) {
  const res = { statusCode: 200, data: { code: 0, message: 'ok', data: null }, header: {}, cookies: [], errMsg: 'request:ok' }
  globalThis.setTimeout(() => {
    options.success?.(res)
    options.complete?.(res)
  }, 1)
  return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {} }
}

// The simulator loads a compiled page once per test file: one gallery, tests in order.
let page: Comp
beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('dist/weapp is missing: run `npx taro build --type weapp --mode test` first')
  installMiniGlobals({ request: quietRequest })
  loadApp()
  page = await renderPage('pages/dev/gallery')
})

const opened = () => page.querySelector('.app-dialog.at-modal--active')

describe('the dialog in the weapp build', () => {
  it('opens with the title 提示 and its labels cut to 4 characters', async () => {
    expect(opened()).toBeFalsy()
    await tap(page, '.gallery__open-dialog')
    await until(() => Boolean(opened()), 5000, 'the dialog open')
    await until(() => textAt(page, '.app-dialog__cancel') !== '', 5000, 'its buttons drawn')
    expect(textAt(page, '.app-dialog .at-modal__header')).toBe('提示')
    // The gallery asks for 再想想吧朋友 and 确定.
    expect(textAt(page, '.app-dialog__cancel')).toBe('再想想吧')
    expect(textAt(page, '.app-dialog__confirm')).toBe('确定')
  })

  it('sends confirm from 确定', async () => {
    await tap(page, '.app-dialog__confirm')
    await until(() => textAt(page, '.gallery__value--dialog') === '确定', 5000, 'confirm sent')
    await until(() => !opened(), 5000, 'the dialog closed')
  })

  it('sends cancel from 取消', async () => {
    await tap(page, '.gallery__open-dialog')
    await until(() => Boolean(opened()), 5000, 'the dialog open')
    await tap(page, '.app-dialog__cancel')
    await until(() => textAt(page, '.gallery__value--dialog') === '取消', 5000, 'cancel sent')
    await until(() => !opened(), 5000, 'the dialog closed')
  })

  it('sends close from its × button', async () => {
    await tap(page, '.gallery__open-dialog')
    await until(() => Boolean(opened()), 5000, 'the dialog open')
    await tap(page, '.app-dialog .app-dialog__close')
    await until(() => textAt(page, '.gallery__value--dialog') === '关闭', 5000, 'close sent')
    await until(() => !opened(), 5000, 'the dialog closed')
  })
})

describe('the QR-code dialog in the weapp build', () => {
  it("opens with the picture under WeChat's long-press menu and the hint 长按保存图片, and closes from ×", async () => {
    const qr = () => page.querySelector('.app-qr.at-modal--active')
    expect(qr()).toBeFalsy()
    await tap(page, '.gallery__open-qr')
    await until(() => Boolean(qr()), 5000, 'the QR dialog open')
    const image = page.querySelector('.app-qr .app-qr__image').dom
    expect(image.tagName.toLowerCase()).toBe('wx-image')
    expect(image.getAttribute('show-menu-by-longpress')).not.toBe('false')
    expect(textAt(page, '.app-qr .app-qr__hint')).toBe('长按保存图片')
    await tap(page, '.app-qr .app-dialog__close')
    await until(() => !qr(), 5000, 'the QR dialog closed')
  })
})

describe('the store toast and the confirm button in the weapp build', () => {
  it('shows a toast from the store and hides it after 1500 ms', async () => {
    // The toast's clock is held. The weapp build renders with Preact, which runs effects after
    // the next frame (a 35 ms timer without requestAnimationFrame), and React-side renders are
    // scheduled with setTimeout too: every wait runs the timers due now, which never moves the
    // clock. The toast arms its 1500 ms timer in an effect, so the clock is stepped timer by
    // timer until that one is armed, and the 1500 ms are counted from there.
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'performance', 'hrtime'] })
    const timers = jest.spyOn(globalThis, 'setTimeout')
    const toastTimerArmed = () => timers.mock.calls.some((call) => call[1] === 1500)
    /** `state`, after running what is due now. */
    const afterDue = (state: () => boolean) => () => {
      jest.advanceTimersByTime(0)
      return state()
    }
    try {
      page.querySelector('.gallery__buttons .app-confirm-button').dispatchEvent('tap')
      await until(
        afterDue(() => textAt(page, '.app-toast') === '这是一条提示'),
        5000,
        'the toast shown',
      )
      for (let step = 0; !toastTimerArmed(); step++) {
        if (step > 20) throw new Error('the toast never armed its 1500 ms timer')
        jest.advanceTimersToNextTimer()
        await pause(20)
      }
      jest.advanceTimersByTime(1499)
      await pause(50)
      jest.advanceTimersByTime(0)
      await pause(50)
      expect(textAt(page, '.app-toast')).toBe('这是一条提示')
      jest.advanceTimersByTime(1)
      await until(
        afterDue(() => !page.querySelector('.app-toast')),
        5000,
        'the toast hidden at 1500 ms',
      )
    } finally {
      timers.mockRestore()
      jest.runOnlyPendingTimers()
      jest.useRealTimers()
    }
  })

  it('presses the confirm button, and a disabled one ignores taps', async () => {
    await tap(page, '.gallery__button-ok')
    expect(textAt(page, '.gallery__value--button')).toBe('确定 ×1')
    // The disabled button's handler would add 100.
    await tap(page, '.gallery__button-disabled')
    expect(textAt(page, '.gallery__value--button')).toBe('确定 ×1')
  })
})
