import { forwardRef, type ComponentType, type PropsWithChildren } from 'react'
import Taro from '@tarojs/taro'

type PullDownWrapper = ComponentType<PropsWithChildren<{ onRefresh?: () => void; ref?: unknown }>>

/**
 * H5 only: the pull-down wrapper Taro's router puts around a page with enablePullDownRefresh,
 * given Taro's own one (config/index.ts wraps `config.PullDownRefresh` with it at start). Taro's
 * HTML PullDownRefresh (@tarojs/components-react 4.2.1) looks for the page on the element around
 * its content, where it never is, so a pull never reached the page's usePullDownRefresh and the
 * content stayed pulled down. Here a released pull asks the page shown now; Taro.stopPullDownRefresh
 * closes it as before.
 */
export default function withPageRefresh(PullDownRefresh: PullDownWrapper) {
  return forwardRef<unknown, PropsWithChildren>(function PagePullDownRefresh(props, ref) {
    const refresh = () => {
      const page = Taro.getCurrentInstance().page as { onPullDownRefresh?: () => void } | null | undefined
      page?.onPullDownRefresh?.()
    }
    return <PullDownRefresh {...props} ref={ref} onRefresh={refresh} />
  })
}
