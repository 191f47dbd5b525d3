import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import EmptyNotice from '../../../components/empty-notice'
import LoadingIndicator from '../../../components/loading-indicator'
import NotStudent from '../../../components/not-student'
import RetryLine from '../../../components/retry-line'
import type { Remote } from '../../../hooks/remote'

/**
 * A student page's body by the state of its one answer: 不是学员 for a signed-in person without a
 * roll, `missing` (a page about something that is not there, or refused) as a notice, the page once
 * the answer is there, a retry line when it failed, a spinner while it loads (`stateClass` places
 * the last two).
 */
export default function StudentBody<T>({
  notStudent,
  missing,
  remote,
  stateClass,
  children,
}: {
  notStudent: boolean
  missing?: string | null
  remote: Pick<Remote<T>, 'data' | 'failed' | 'reload'>
  stateClass: string
  children: (data: T) => ReactNode
}) {
  if (notStudent) return <NotStudent />
  if (missing) return <EmptyNotice type='page' text={missing} />
  if (remote.data != null) return <>{children(remote.data)}</>
  if (remote.failed) return <RetryLine className={stateClass} onRetry={() => void remote.reload()} />
  return (
    <View className={stateClass}>
      <LoadingIndicator content='加载中' />
    </View>
  )
}
