import Taro from '@tarojs/taro'
import type { BarMetrics } from './bar-metrics'

export type { BarMetrics }

let cached: BarMetrics | null = null

/** Alipay reports its status and title bar heights directly. */
export function readBarMetrics(): BarMetrics {
  if (cached) return cached
  const info = Taro.getSystemInfoSync() as ReturnType<typeof Taro.getSystemInfoSync> & { titleBarHeight?: number }
  cached = { statusBarHeight: info.statusBarHeight || 20, barHeight: info.titleBarHeight || 48, rightInset: 0 }
  return cached
}
