import Taro from '@tarojs/taro'
import type { BarMetrics } from './bar-metrics'

export type { BarMetrics }

let cached: BarMetrics | null = null

/**
 * With the custom navigation style the page draws under the status bar; WeChat's capsule button
 * fixes the title bar: as far below the capsule as the capsule is below the status bar.
 */
export function readBarMetrics(): BarMetrics {
  if (cached) return cached
  let statusBarHeight = 20
  let windowWidth = 375
  try {
    const info = Taro.getWindowInfo()
    statusBarHeight = info.statusBarHeight || statusBarHeight
    windowWidth = info.windowWidth || windowWidth
  } catch (_) {
    // older base library: keep the common iPhone values
  }
  let barHeight = 44
  let rightInset = 0
  try {
    const capsule = Taro.getMenuButtonBoundingClientRect()
    if (capsule && capsule.height > 0) {
      barHeight = (capsule.top - statusBarHeight) * 2 + capsule.height
      rightInset = windowWidth - capsule.left
    }
  } catch (_) {
    // no capsule reported (simulators): the default bar
  }
  cached = { statusBarHeight, barHeight, rightInset }
  return cached
}
