/**
 * A detail screen (one clue, one student, one paper...) until its record is there: the screen's
 * title and back arrow, a skeleton while the record loads, and when it did not come, what failed
 * with 重试 and the way back to the list. The screen renders its own page once it has the record:
 *
 *   if (!clue) return <DetailFrame title='线索详情' onBack={back} list={{ to: '/clues', label: '返回线索列表' }} error={error} onRetry={reload} />
 */
import { PageContainer } from './PageContainer'
import { Button, Skeleton } from 'antd'
import { Link } from 'react-router-dom'
import { LoadFailure } from './LoadFailure'

export interface DetailFrameProps {
  /** The page title while there is no record: 线索详情. */
  title: string
  /** The header's back arrow, the same as the loaded page's. */
  onBack: () => void
  /** The list the record belongs to, the failure's way back: `{ to: '/clues', label: '返回线索列表' }`. */
  list: { to: string; label: string }
  /** Why the record did not come (the server's refusal or the network's message); loading while unset. */
  error?: string
  /** What failed, shown above the message (订单加载失败); without it the message is the title. */
  failure?: string
  /** Without it there is nothing to retry (an address that names no record). */
  onRetry?: () => void
}

export function DetailFrame({ title, onBack, list, error, failure, onRetry }: DetailFrameProps) {
  return (
    <PageContainer title={title} onBack={onBack}>
      {error === undefined ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <LoadFailure
          page
          title={failure}
          error={error}
          onRetry={onRetry}
          extra={
            <Link to={list.to}>
              <Button type='primary'>{list.label}</Button>
            </Link>
          }
        />
      )}
    </PageContainer>
  )
}
