import Taro from '@tarojs/taro'

/**
 * Test-only: what the H5 app does at start (config/index.ts designWidth and deviceRatio), so
 * Taro.pxTransform works when a piece renders outside a built app.
 */
export function initDesignPx(): void {
  Taro.initPxTransform({ designWidth: 750, deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 } })
}

/** Test-only: what the platform's picker sends when a person confirms or scrolls a column. */
export function pickerEvent(picker: Element, name: 'change' | 'columnchange' | 'cancel', detail: Record<string, unknown> = {}): void {
  picker.dispatchEvent(new CustomEvent(name, { detail, bubbles: true }))
}
