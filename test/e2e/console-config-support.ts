/**
 * What the configuration screens' browser tests (console-config-*.test.ts) add to
 * console-support.ts: pictures made in the page, a file dropped on an upload zone as a person
 * drags it, typing into a date-time range picker and into the rich-text editor, and counting the
 * calls a page makes.
 */
import type { Locator, Page } from '@playwright/test'

export interface TestFile {
  name: string
  mimeType: string
  buffer: Buffer
}

/** A `width`×`height` PNG of one colour, drawn by the page's canvas. */
export async function solidPng(page: Page, color: string, width = 600, height = 960): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ color: c, width: w, height: h }) => {
      const canvas = document.createElement('canvas')
      canvas.width = w
      canvas.height = h
      const g = canvas.getContext('2d')!
      g.fillStyle = c
      g.fillRect(0, 0, w, h)
      return canvas.toDataURL('image/png').split(',')[1] ?? ''
    },
    { color, width, height },
  )
  return Buffer.from(base64, 'base64')
}

/** Drops `file` on an upload zone (antd Dragger's `.ant-upload-drag`) the way a dragged file arrives: dragenter, dragover, drop with a DataTransfer. */
export async function dropFile(page: Page, zone: Locator, file: TestFile): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const dt = new DataTransfer()
      dt.items.add(new File([bytes], name, { type: mimeType }))
      return dt
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  )
  // rc-upload listens on the zone's inner button; the events bubble to antd's own drag state.
  const target = zone.locator('.ant-upload-btn')
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer: transfer })
  await transfer.dispose()
}

/** Types a date-time range into an antd RangePicker (`YYYY-MM-DD HH:mm` each), confirming each end. */
export async function typeRange(page: Page, picker: Locator, start: string, end: string): Promise<void> {
  const inputs = picker.locator('input')
  await inputs.first().click()
  await inputs.first().fill(start)
  await page.keyboard.press('Enter')
  await inputs.nth(1).click()
  await inputs.nth(1).fill(end)
  await page.keyboard.press('Enter')
  await page
    .locator('.ant-picker-dropdown:visible')
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => page.keyboard.press('Escape'))
}

/** The rich-text editor's editable area inside `scope`. */
export function editorArea(scope: Page | Locator): Locator {
  return scope.locator('.rich-text-editor__content')
}

/** Counts the requests of `method path` the page makes from now on. */
export function countRequests(page: Page, method: string, path: string): { readonly count: number } {
  const counter = { count: 0 }
  page.on('request', (req) => {
    if (req.method() === method && new URL(req.url()).pathname === path) counter.count += 1
  })
  return counter
}

/** Chinese money as the console shows it: ¥1,234.50 for 123450 fen. */
export function yuan(fen: number): string {
  const whole = Math.floor(Math.abs(fen) / 100).toLocaleString('en-US')
  return `${fen < 0 ? '-' : ''}¥${whole}.${String(Math.abs(fen) % 100).padStart(2, '0')}`
}
