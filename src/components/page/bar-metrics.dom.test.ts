import type { BarMetrics } from './bar-metrics'

type Reader = () => BarMetrics | null
type TaroApi = Record<string, unknown>

/** A fresh copy of one platform's file (each caches its answer), over a Taro with `api` swapped in. */
function readWith(file: string, api: TaroApi = {}): BarMetrics | null {
  let read: Reader = () => null
  jest.isolateModules(() => {
    const taro = jest.requireActual<{ default: TaroApi }>('@tarojs/taro').default
    Object.assign(taro, api)
    read = jest.requireActual<{ readBarMetrics: Reader }>(file).readBarMetrics
  })
  return read()
}

describe('the title bar geometry', () => {
  it('is left to the stylesheet on the web', () => {
    expect(readWith('./bar-metrics')).toBeNull()
  })

  it('sits under the status bar and lines up with the capsule in WeChat', () => {
    const metrics = readWith('./bar-metrics.weapp', {
      getWindowInfo: () => ({ statusBarHeight: 44, windowWidth: 390 }),
      getMenuButtonBoundingClientRect: () => ({ top: 50, height: 32, left: 296 }),
    })
    expect(metrics).toEqual({ statusBarHeight: 44, barHeight: 44, rightInset: 94 })
  })

  it('falls back to a 44 px bar when WeChat reports no capsule', () => {
    const metrics = readWith('./bar-metrics.weapp', {
      getWindowInfo: () => ({ statusBarHeight: 24, windowWidth: 360 }),
      getMenuButtonBoundingClientRect: () => {
        throw new Error('not supported')
      },
    })
    expect(metrics).toEqual({ statusBarHeight: 24, barHeight: 44, rightInset: 0 })
  })

  it('takes the status and title bar heights Alipay reports', () => {
    const metrics = readWith('./bar-metrics.alipay', { getSystemInfoSync: () => ({ statusBarHeight: 30, titleBarHeight: 48 }) })
    expect(metrics).toEqual({ statusBarHeight: 30, barHeight: 48, rightInset: 0 })
  })
})
