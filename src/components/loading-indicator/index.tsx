import AtActivityIndicator from 'taro-ui/lib/components/activity-indicator'
import './index.scss'

export type LoadingIndicatorMode = 'normal' | 'center'

export interface LoadingIndicatorProps {
  /** Text beside the spinner. @default '' */
  content?: string
  /** Spinner diameter in design px (750 wide). @default 36 */
  size?: number
  /** Spinner colour. @default '#ff6b00' */
  color?: string
  /** 'center' places it in the middle of its positioned parent. @default 'normal' */
  mode?: LoadingIndicatorMode
  className?: string
}

export const LOADING_INDICATOR_COLOR = '#ff6b00'

/** A spinner with optional text: taro-ui's AtActivityIndicator in the house colour. */
export default function LoadingIndicator({
  content = '',
  size = 36,
  color = LOADING_INDICATOR_COLOR,
  mode = 'normal',
  className,
}: LoadingIndicatorProps) {
  return (
    <AtActivityIndicator
      className={['app-loading-indicator', className ?? ''].join(' ').trim()}
      content={content}
      size={size}
      color={color}
      mode={mode}
      isOpened
    />
  )
}
