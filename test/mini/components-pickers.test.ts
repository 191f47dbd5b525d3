/**
 * The pickers in the compiled weapp, through the component gallery (pages/dev/gallery, test
 * builds only): the platform picker's change and columnchange events reach React.
 */
import { hasWeappBuild, installMiniGlobals, loadApp, renderPage, until } from './harness'

/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's component wrappers are untyped */
type Comp = any

const textAt = (page: Comp, selector: string): string => (page.querySelector(selector)?.dom?.textContent ?? '').trim()

/** What WeChat's picker sends when a person scrolls a column or confirms. */
function fire(page: Comp, selector: string, event: string, detail: Record<string, unknown> = {}) {
  const el = page.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}`)
  el.dispatchEvent(event, { detail })
}

/** Expects `selector` to read `expected`, waiting for the render that follows an event (it may lag on a busy machine). */
async function expectShown(page: Comp, selector: string, expected: string | RegExp): Promise<void> {
  const matches = () => (typeof expected === 'string' ? textAt(page, selector) === expected : expected.test(textAt(page, selector)))
  await until(matches, 5000, `${selector} to read ${String(expected)}`).catch(() => undefined)
  if (typeof expected === 'string') expect(textAt(page, selector)).toBe(expected)
  else expect(textAt(page, selector)).toMatch(expected)
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

describe('the select picker in the weapp build', () => {
  it('reads 请选择 with no value and shows a value found in the list', async () => {
    await expectShown(page, '.gallery__select-contact .app-picker-field__text', '请选择')
    // The school picker holds the id 7 and shows that item's name.
    await expectShown(page, '.gallery__select-school .app-picker-field__text', '杭州师范大学')
  })

  it('shows the chosen item and emits the item, or its valueKey field', async () => {
    fire(page, '.gallery__select-contact', 'change', { value: 1 })
    await expectShown(page, '.gallery__select-contact .app-picker-field__text', '微信')
    fire(page, '.gallery__select-school', 'change', { value: 2 })
    await expectShown(page, '.gallery__select-school .app-picker-field__text', '宁波大学')
    // Contact emits the string item; school emits the id (valueKey), not the object.
    await expectShown(page, '.gallery__value--select', /^微信 9 /)
  })
})

describe('the multi-column and category pickers in the weapp build', () => {
  it('shows one text per column, the value found in each', async () => {
    await expectShown(page, '.gallery__select-batch .app-picker-field__text', '2024 3期')
    fire(page, '.gallery__select-batch', 'change', { value: [5, 9] })
    await expectShown(page, '.gallery__select-batch .app-picker-field__text', '2020 10期')
  })

  it('makes "parent-child" from two columns, the second following the first', async () => {
    await expectShown(page, '.gallery__select-category .app-picker-field__text', '请选择')
    // A scroll of the first column, then the confirmed choice (the simulator draws no picker columns).
    fire(page, '.gallery__select-category', 'columnchange', { column: 0, value: 2 })
    await expectShown(page, '.gallery__select-category .app-picker-field__text', '请选择')
    fire(page, '.gallery__select-category', 'change', { value: [2, 4] })
    await expectShown(page, '.gallery__select-category .app-picker-field__text', '学历教育(本科)-会计学(本科)')
  })

  it('marks a disabled picker', async () => {
    await expectShown(page, '.app-picker-field--disabled .app-picker-field__text', '电话')
  })
})
