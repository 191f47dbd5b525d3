/**
 * Title-bar geometry in real px. On the web the browser has its own status bar, so the bar keeps
 * its stylesheet height; bar-metrics.weapp.ts and bar-metrics.alipay.ts measure the phone.
 */
export interface BarMetrics {
  /** Height of the phone's status bar above the title bar. */
  statusBarHeight: number
  /** Height of the title bar itself. */
  barHeight: number
  /** Room kept free on the right for the platform's own buttons (WeChat's capsule). */
  rightInset: number
}

export function readBarMetrics(): BarMetrics | null {
  return null
}
