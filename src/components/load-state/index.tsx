import { View } from '@tarojs/components'
import ConfirmButton from '../confirm-button'
import EmptyNotice from '../empty-notice'
import LoadingIndicator from '../loading-indicator'
import './index.scss'

export type LoadStatus = 'loading' | 'failed' | 'ready'

export interface LoadStateProps {
  status: LoadStatus
  /** What failed to load, for the message. */
  what: string
  onRetry: () => void
}

/**
 * What a screen shows before its data is there: a spinner while it loads, and when it could not
 * load (offline, a refusal the wrapper has toasted) a readable line with a retry button, never
 * a blank screen. Nothing once ready.
 */
export default function LoadState({ status, what, onRetry }: LoadStateProps) {
  if (status === 'ready') return null
  if (status === 'loading') {
    return (
      <View className='user-load user-load--loading'>
        <LoadingIndicator content='加载中' />
      </View>
    )
  }
  return (
    <View className='user-load user-load--failed'>
      <EmptyNotice type='page' text={`${what}加载失败，请检查网络后重试`} />
      <View className='user-load__retry'>
        <ConfirmButton inline title='重新加载' onClick={onRetry} />
      </View>
    </View>
  )
}
