import { useRef, type PropsWithChildren, type ReactNode } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { HOME_PATH } from '../../routes'
import { useStore } from '../../store'
import LoadingOverlay from '../loading-overlay'
import { useRememberRoute } from '../router-helper'
import Toast from '../toast'
import { readBarMetrics } from './bar-metrics'
import './index.scss'
import { BUILD } from '../../platform/build'
import { press } from '../../platform/press'

export type BarTextStyle = 'white' | 'black'

export interface PageProps {
  /** Title bar text. */
  title: string
  /** Draw the back button (back, or home when this is the first page); off on the entry page. @default true */
  back?: boolean
  /** Page background (SPEC.md section 9). @default '#f8f8fa' */
  background?: string
  /** Title bar background. @default '#ffffff' */
  barBackground?: string
  /** Title bar text colour. @default 'black' */
  barTextStyle?: BarTextStyle
  /** Leave room for a tab bar at the bottom. @default false */
  tabBarShow?: boolean
  /** Pad the bottom by the safe-area inset (home indicator). @default false */
  insetBottom?: boolean
  /** Extra content on the right of the title bar. */
  extra?: ReactNode
  /**
   * An action bar kept at the bottom (课程详情's 立即购买). On H5 the body scrolls above it instead
   * of under it, so no row sits half behind its buttons (a target a finger or a screen reader's
   * touch exploration can hardly reach, which axe's target-size rule fails).
   */
  footer?: ReactNode
}

export const PAGE_BACKGROUND = '#f8f8fa'

/** Whether this build shows the 测试 badge: every build but production. */
export const SHOW_TEST_BADGE = APP_ENV !== 'production'

/** Back one page, or to the home page when there is nothing to go back to (a shared link). */
export function goBack() {
  if (Taro.getCurrentPages().length > 1) {
    Taro.navigateBack()
  } else {
    Taro.reLaunch({ url: `/${HOME_PATH}` })
  }
}

/** The store's toast {status, title}: shown by every page's wrapper, hidden after its duration. */
export function StoreToast() {
  const toast = useStore((s) => s.toast)
  const hideToast = useStore((s) => s.hideToast)
  // A repeated message (same text) is a new toast: remount so its timer starts again.
  const shown = useRef({ toast, count: 0 })
  if (shown.current.toast !== toast) shown.current = { toast, count: shown.current.count + 1 }
  return (
    <Toast
      key={shown.current.count}
      isOpened={toast.status}
      title={toast.title}
      icon={toast.icon}
      duration={toast.duration}
      onClose={hideToast}
    />
  )
}

/** The store's loading {status, title}. */
export function StoreLoading() {
  const loading = useStore((s) => s.loading)
  return <LoadingOverlay isOpened={loading.status} title={loading.title} />
}

/** The page wrapper: every page draws its own title bar (custom navigation style). */
export default function Page({
  title,
  back = true,
  background = PAGE_BACKGROUND,
  barBackground = '#ffffff',
  barTextStyle = 'black',
  tabBarShow = false,
  insetBottom = false,
  extra,
  footer,
  children,
}: PropsWithChildren<PageProps>) {
  useRememberRoute()
  const metrics = readBarMetrics()
  const classes = [
    'page',
    tabBarShow ? 'page--tab-bar' : '',
    insetBottom ? 'page--inset-bottom' : '',
    footer && BUILD === 'h5' ? 'page--footer' : '',
  ].filter(Boolean)
  const barStyle = metrics
    ? { backgroundColor: barBackground, paddingTop: `${metrics.statusBarHeight}px`, height: `${metrics.barHeight}px` }
    : { backgroundColor: barBackground }
  const sideStyle = metrics ? { height: `${metrics.barHeight}px` } : undefined
  return (
    <View className={classes.join(' ')} style={{ backgroundColor: background }}>
      <View className={`page__bar page__bar--${barTextStyle}`} style={barStyle}>
        {back ? (
          <View className='page__back' style={sideStyle} {...press(goBack, { label: '返回' })}>
            <View className='page__back-icon' />
          </View>
        ) : null}
        <Text className='page__title'>{title}</Text>
        {SHOW_TEST_BADGE ? <Text className='page__badge'>测试</Text> : null}
        {extra ? (
          <View className='page__extra' style={metrics ? { ...sideStyle, right: `${metrics.rightInset + 8}px` } : undefined}>
            {extra}
          </View>
        ) : null}
      </View>
      <View className='page__body'>{children}</View>
      {footer ? <View className='page__footer'>{footer}</View> : null}
      <StoreToast />
      <StoreLoading />
    </View>
  )
}
