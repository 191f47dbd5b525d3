import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { beijingDate } from '@activity/domain'
import { approval, type LeaveItem } from '../../api/zms/approval'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { LEAVE_LINKS, leaveDetailUrl } from '../../links/leave'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { approvalTone } from '../../components/approval-steps/tone'
import { backText, leaveSpanText } from './components/leave-text'
import './leave.scss'

const TITLE = routeOf('pages/student/leave')?.title ?? '我的请假'

function LeaveRow({ leave, today, onOpen }: { leave: LeaveItem; today: string; onOpen: () => void }) {
  const back = backText(leave, today)
  return (
    <View
      className='leave-item'
      {...press(onOpen, { role: 'link', label: `${leave.type} ${leave.daysText}，${leaveSpanText(leave, today)}，${leave.status}` })}
    >
      <View className='leave-item__top'>
        <Text className='leave-item__type'>{leave.type}</Text>
        <Text className='leave-item__days'>{leave.daysText}</Text>
        <Text className={`leave-tag leave-tag--${approvalTone(leave.status)}`}>{leave.status}</Text>
      </View>
      <Text className='leave-item__span'>{leaveSpanText(leave, today)}</Text>
      <Text className='leave-item__reason'>{leave.reason}</Text>
      {back ? <Text className='leave-item__note'>{`已销假：${back}`}</Text> : null}
      {leave.appliedByName ? <Text className='leave-item__note'>{`${leave.appliedByName}代为请假`}</Text> : null}
    </View>
  )
}

/**
 * 我的请假: my leaves, the latest first, each with when it runs, its length in days (half-days
 * counted) and where its approval stands; 请假 opens the form, a leave its detail. Asked again each
 * time the page shows (back from the form or a detail) and on a pull-down.
 */
export default function StudentLeavePage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const leaves = useRemote((options) => remember(approval.leave.listByStudent(undefined, options)), signedIn, { reloadOnShow: true })
  usePullDownRefresh(() => {
    void leaves.reload({ lock: true }).finally(() => void Taro.stopPullDownRefresh())
  })
  const today = beijingDate(Date.now())
  const list = leaves.data?.list

  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : (
        <>
          <View className='leave-head'>
            <Text className='leave-head__count'>{list ? `共 ${list.length} 条请假` : ''}</Text>
            <View className='leave-head__apply' {...press(() => void Taro.navigateTo({ url: LEAVE_LINKS.apply }), { role: 'link' })}>
              <Text>请假</Text>
            </View>
          </View>
          {list ? (
            list.length ? (
              <View className='leave-list'>
                {list.map((l) => (
                  <LeaveRow key={l.id} leave={l} today={today} onOpen={() => void Taro.navigateTo({ url: leaveDetailUrl(l.id) })} />
                ))}
              </View>
            ) : (
              <EmptyNotice total={0} text='还没有请假记录' />
            )
          ) : leaves.failed ? (
            <RetryLine className='leave-state' onRetry={() => void leaves.reload()} />
          ) : (
            <View className='leave-state'>
              <LoadingIndicator content='加载中' />
            </View>
          )}
        </>
      )}
    </Page>
  )
}
