import EmptyNotice from '../empty-notice'
import LoadMore from '../load-more'
import type { PagedList } from '../../hooks/paged-list'

/** Shown in the footer when the last call failed: a tap tries again. */
export const RETRY_TEXT = '加载失败，点击重试'

/**
 * Under a dashboard list: the empty notice when the list has no rows at all, otherwise the
 * load-more footer (tap to load on a mouse, or to retry after a failure). A screen that loads
 * more than the list passes `onRetry`, so the one tap also retries its other failed calls.
 */
export default function ListFooter<T extends { id: number }>({ list, onRetry }: { list: PagedList<T>; onRetry?: () => void }) {
  if (list.total === 0 && !list.failed && list.status !== 'loading') return <EmptyNotice total={0} />
  const status = list.failed ? 'more' : list.status
  return (
    <LoadMore
      status={status}
      moreText={list.failed ? RETRY_TEXT : undefined}
      onClick={list.failed && list.rows.length === 0 ? (onRetry ?? (() => void list.refresh())) : list.loadMore}
    />
  )
}
