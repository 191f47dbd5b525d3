import { useEffect } from 'react'
import { Text, View } from '@tarojs/components'
import { TOAST_DURATION_MS, type ToastIcon } from '../../store'
import './index.scss'

export type { ToastIcon }

export interface ToastProps {
  /** Whether the toast shows. @default false */
  isOpened?: boolean
  /** The message. */
  title: string
  /** Mark drawn above the message. @default 'none' */
  icon?: ToastIcon
  /** Milliseconds until it closes itself (SPEC.md section 9); 0 keeps it open. @default 1500 */
  duration?: number
  /** Called once the duration has passed. */
  onClose?: () => void
}

const MARKS: Record<ToastIcon, string> = { none: '', success: '✓', error: '!' }

/**
 * A short message in the middle of the screen that closes itself. Not taro-ui's AtToast: that
 * one keeps its own open state beside the store's and bundles 21 KB of status images.
 */
export default function Toast({ isOpened = false, title, icon = 'none', duration = TOAST_DURATION_MS, onClose }: ToastProps) {
  useEffect(() => {
    if (!isOpened || duration <= 0) return
    const timer = setTimeout(() => onClose?.(), duration)
    return () => clearTimeout(timer)
    // The timer restarts for a new message, not for a new onClose function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpened, title, icon, duration])

  if (!isOpened || !title) return null
  return (
    <View className='app-toast' role='alert'>
      <View className={`app-toast__body${icon === 'none' ? '' : ' app-toast__body--icon'}`}>
        {icon === 'none' ? null : <Text className={`app-toast__icon app-toast__icon--${icon}`}>{MARKS[icon]}</Text>}
        <Text className='app-toast__title'>{title}</Text>
      </View>
    </View>
  )
}
