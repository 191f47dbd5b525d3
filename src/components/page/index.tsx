import type { PropsWithChildren, ReactNode } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { HOME_PATH } from '../../routes'
import './index.scss'

export interface PageProps {
  /** Title bar text. */
  title: string
  /** Draw the back button; off on the entry page. @default true */
  back?: boolean
  /** Page background. @default '#f8f8fa' */
  background?: string
  /** Title bar background and text colour. @default '#ffffff' / 'black' */
  barBackground?: string
  barTextStyle?: 'white' | 'black'
  /** Leave room for a tab bar at the bottom. @default false */
  tabBarShow?: boolean
  /** Pad the bottom by the safe-area inset (home indicator). @default false */
  insetBottom?: boolean
  /** Extra content on the right of the title bar. */
  extra?: ReactNode
}

/** Whether this build shows the 测试 badge: every build but production. */
export const SHOW_TEST_BADGE = APP_ENV !== 'production'

function goBack() {
  if (Taro.getCurrentPages().length > 1) {
    Taro.navigateBack()
  } else {
    Taro.reLaunch({ url: `/${HOME_PATH}` })
  }
}

/** The page wrapper: every page draws its own title bar (custom navigation style). */
export default function Page({
  title,
  back = true,
  background = '#f8f8fa',
  barBackground = '#ffffff',
  barTextStyle = 'black',
  tabBarShow = false,
  insetBottom = false,
  extra,
  children,
}: PropsWithChildren<PageProps>) {
  const classes = ['page', tabBarShow ? 'page--tab-bar' : '', insetBottom ? 'page--inset-bottom' : ''].filter(Boolean)
  return (
    <View className={classes.join(' ')} style={{ backgroundColor: background }}>
      <View className={`page__bar page__bar--${barTextStyle}`} style={{ backgroundColor: barBackground }}>
        {back ? (
          <View className='page__back' onClick={goBack} aria-label='返回'>
            <Text className='page__back-icon'>‹</Text>
          </View>
        ) : null}
        <Text className='page__title'>{title}</Text>
        {SHOW_TEST_BADGE ? <Text className='page__badge'>测试</Text> : null}
        {extra ? <View className='page__extra'>{extra}</View> : null}
      </View>
      <View className='page__body'>{children}</View>
    </View>
  )
}
