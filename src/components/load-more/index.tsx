import { Text, View } from '@tarojs/components'
import LoadingIndicator from '../loading-indicator'
import './index.scss'
import { press } from '../../platform/press'

export type LoadMoreStatus = 'more' | 'loading' | 'nomore'

/** The footer texts of SPEC.md section 2: pull-up, loading, end of list. */
export const LOAD_MORE_TEXTS: Record<LoadMoreStatus, string> = {
  more: '上拉加载更多',
  loading: '加载中...',
  nomore: '没有更多了',
}

export interface LoadMoreProps {
  /** Which footer to show. @default 'more' */
  status?: LoadMoreStatus
  /** Text while more can be pulled up. @default '上拉加载更多' */
  moreText?: string
  /** Text while the next page loads. @default '加载中...' */
  loadingText?: string
  /** Text at the end of the list. @default '没有更多了' */
  noMoreText?: string
  /** Tapping the footer in the 'more' state (for a mouse, where there is no pull-up). */
  onClick?: () => void
  className?: string
}

/** The footer under a paged list. */
export default function LoadMore({
  status = 'more',
  moreText = LOAD_MORE_TEXTS.more,
  loadingText = LOAD_MORE_TEXTS.loading,
  noMoreText = LOAD_MORE_TEXTS.nomore,
  onClick,
  className,
}: LoadMoreProps) {
  const classes = ['app-load-more', `app-load-more--${status}`, className ?? ''].join(' ').trim()
  if (status === 'loading') {
    return (
      <View className={classes} role='status'>
        <LoadingIndicator size={28} />
        <Text className='app-load-more__text'>{loadingText}</Text>
      </View>
    )
  }
  if (status === 'nomore') {
    // Its own element (key), not the 'more' footer's reused: that one listens for presses.
    return (
      <View key='nomore' className={classes}>
        <View className='app-load-more__line' />
        <Text className='app-load-more__text'>{noMoreText}</Text>
        <View className='app-load-more__line' />
      </View>
    )
  }
  return (
    <View key='more' className={classes} {...(onClick ? press(onClick) : {})}>
      <Text className='app-load-more__text'>{moreText}</Text>
    </View>
  )
}
