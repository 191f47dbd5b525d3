import { Text, View } from '@tarojs/components'
import { RETRY_TEXT } from '../list-footer'
import './index.scss'
import { press } from '../../platform/press'

export interface RetryLineProps {
  /** Tries again: every call of the screen that failed. */
  onRetry: () => void
  /** 'light' on the orange head cards, 'dark' on the page's grey. @default 'dark' */
  tone?: 'dark' | 'light'
  className?: string
}

/**
 * Where a part of a dashboard screen (the money of 资金记录 and 提现, the counts of 成交单量) could
 * not load: the same words as the list footer, and a tap tries again. Without it that part would
 * only show '--', with nothing to say why or to tap.
 */
export default function RetryLine({ onRetry, tone = 'dark', className }: RetryLineProps) {
  return (
    <View className={['dashboard-retry', `dashboard-retry--${tone}`, className ?? ''].join(' ').trim()} {...press(() => onRetry())}>
      <Text>{RETRY_TEXT}</Text>
    </View>
  )
}
