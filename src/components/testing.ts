import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'

/**
 * Test-only: what the H5 app does at start (config/index.ts designWidth and deviceRatio), so
 * Taro.pxTransform works when a piece renders outside a built app.
 */
export function initDesignPx(): void {
  Taro.initPxTransform({ designWidth: 750, deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 } })
}

/**
 * Test-only: a long press on a mini-program component rendered here. The mini-program runtime
 * lower-cases `onLongPress` to the platform's 'longpress' event; rendered by Preact outside it, the
 * prop listens for the event named as written.
 */
export function longPress(element: Element): void {
  element.dispatchEvent(new CustomEvent('LongPress', { bubbles: true }))
}

// The H5 Picker (@tarojs/components-react, picker/index.js and picker/picker-group.js): a tap on
// its field opens an overlay with 取消 and 确定 and one scrolling column per range. A column picks
// the row its scroll stops on: 150 ms without a scroll event, then 100 ms later it takes the row and
// re-centres on it by a random hair (which moves scrollTop off the value scrolled to). Rows are
// 34 px high (jsdom lays nothing out, so the column falls back to that height).
const ROW = 34
const SETTLES_MS = 300
const WAIT_MS = 2000
// What the picker starts on opening (its columns' scroll to the rows it opens on) begins 10 ms on.
const OPENS_MS = 50

// Taps through test-utils' fireEvent, which renders and runs effects before it returns (act).
const { fireEvent } = new TestUtils()

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Test-only: waits for a state, never for a time: until `done()` holds, looking again every 10 ms
 * (or after each `pause`), for up to `ms` of real time; then fails saying what it waited for. The
 * deadline is a real timer, not Date.now(), so it holds under a test's fake clock too.
 */
export async function until(
  done: () => boolean,
  what: string | (() => string),
  ms = 5000,
  pause: () => Promise<unknown> = () => sleep(10),
): Promise<void> {
  let late = false
  const deadline = setTimeout(() => void (late = true), ms)
  try {
    while (!done()) {
      if (late) throw new Error(`waited ${ms} ms in vain until ${typeof what === 'string' ? what : what()}`)
      await pause()
    }
  } finally {
    clearTimeout(deadline)
  }
}

export interface CallCounts {
  /** The calls to `METHOD /path` the app has sent (Taro.request called). */
  sent: (key: string) => number
  /** The calls to `METHOD /path` that have had their answer (Taro.request settled). */
  answered: (key: string) => number
}

/**
 * Test-only: from now until the mocks are restored, counts the app's back-office calls as they go
 * (sent at once, in the same turn as the page's action) and as their answers come back. The request
 * wrapper and the page take an answer in the promise jobs right after it, so once a wait has seen
 * it counted, the page has handled it (drawn it, kept it in the store, or dropped it).
 */
export function countCalls(): CallCounts {
  const sent = new Map<string, number>()
  const answered = new Map<string, number>()
  const add = (counts: Map<string, number>, key: string) => void counts.set(key, (counts.get(key) ?? 0) + 1)
  const request = Taro.request.bind(Taro)
  jest.spyOn(Taro, 'request').mockImplementation(((options: Taro.request.Option) => {
    const key = `${options.method ?? 'GET'} ${new URL(options.url).pathname}`
    add(sent, key)
    const call = request(options)
    call.then(
      () => add(answered, key),
      () => add(answered, key),
    )
    return call
  }) as typeof Taro.request)
  return { sent: (key) => sent.get(key) ?? 0, answered: (key) => answered.get(key) ?? 0 }
}

/** Until a column's scroll has stood still for three frames (jsdom draws one each 16 ms). */
async function still(column: Element): Promise<void> {
  const end = Date.now() + WAIT_MS
  let last = Number.NaN
  while (column.scrollTop !== last) {
    if (Date.now() > end) throw new Error('the picker never stopped scrolling')
    last = column.scrollTop
    await sleep(50)
  }
}

function columnElements(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('.taro-picker__overlay .taro-picker__content'))
}

function rows(column: Element): Element[] {
  return Array.from(column.querySelectorAll('.taro-picker__item:not(.taro-picker__item--blank)'))
}

function selectedRow(column: Element): number {
  return rows(column).findIndex((row) => row.classList.contains('taro-picker__item--selected'))
}

/** Test-only: whether a picker is open (its overlay with 取消 and 确定 is drawn). */
export function pickerIsOpen(): boolean {
  return document.querySelector('.taro-picker__overlay') !== null
}

/**
 * Test-only: a tap on a picker's field. When the picker opens, waits until its columns have
 * scrolled to the rows it opened on (they glide there for half a second).
 */
export async function openPicker(field: Element): Promise<void> {
  fireEvent.click(field)
  await sleep(OPENS_MS)
  if (!pickerIsOpen()) return
  await until(
    () => columnElements().every((column) => column.scrollTop === ROW * Math.max(selectedRow(column), 0)),
    'the picker settled on its rows',
    WAIT_MS,
  )
}

/** Test-only: the open picker's columns, each as the texts of its rows. */
export function pickerColumns(): string[][] {
  return columnElements().map((column) => rows(column).map((row) => row.textContent ?? ''))
}

/** Test-only: the row each column of the open picker is on. */
export function pickerSelection(): number[] {
  return columnElements().map(selectedRow)
}

/**
 * Test-only: scrolls the open picker's columns to the rows given (a column left undefined stays
 * put), one after the other as a finger would, each settling before the next.
 */
export async function choose(indexes: ReadonlyArray<number | undefined>): Promise<void> {
  for (const [c, index] of indexes.entries()) {
    if (index === undefined) continue
    const column = columnElements()[c]
    if (!column) throw new Error(`the picker has no column ${c}`)
    if (index >= rows(column).length) throw new Error(`column ${c} has no row ${index}`)
    for (const other of columnElements()) await still(other)
    const stop = ROW * index
    column.scrollTop = stop
    fireEvent.scroll(column)
    await sleep(SETTLES_MS)
    await until(() => column.scrollTop !== stop, `the picker re-centred column ${c} on row ${index}`, WAIT_MS)
    await still(column)
    if (selectedRow(column) !== index) throw new Error(`column ${c} did not stop on row ${index}`)
  }
}

function action(text: '取消' | '确定'): Element {
  const button = Array.from(document.querySelectorAll('.taro-picker__overlay .taro-picker__action')).find((el) => el.textContent === text)
  if (!button) throw new Error(`no open picker with ${text}`)
  return button
}

/** Test-only: a tap on the open picker's 确定. */
export async function confirmPicker(): Promise<void> {
  fireEvent.click(action('确定'))
  await sleep(0)
}

/** Test-only: a tap on the open picker's 取消. */
export async function cancelPicker(): Promise<void> {
  fireEvent.click(action('取消'))
  await sleep(0)
}
