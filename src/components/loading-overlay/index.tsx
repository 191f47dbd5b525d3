import { View } from '@tarojs/components'
import LoadingIndicator from '../loading-indicator'
import './index.scss'

export interface LoadingOverlayProps {
  /** Whether the overlay shows. @default false */
  isOpened?: boolean
  /** Text under the spinner. @default '加载中' */
  title?: string
}

export const LOADING_TITLE = '加载中'

/** Covers the page while a call is running, so taps do not reach it; the spinner sits in the middle. */
export default function LoadingOverlay({ isOpened = false, title = LOADING_TITLE }: LoadingOverlayProps) {
  if (!isOpened) return null
  return (
    <View className='app-loading-overlay' role='status' catchMove>
      <View className='app-loading-overlay__box'>
        <LoadingIndicator size={56} color='#ffffff' />
        {title ? <View className='app-loading-overlay__title'>{title}</View> : null}
      </View>
    </View>
  )
}
