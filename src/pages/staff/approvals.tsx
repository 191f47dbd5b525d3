import { useRef, useState } from 'react'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { approval, type ApprovalListItem } from '../../api/zms/approval'
import ListFooter from '../../components/list-footer'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { replaceQuery, useRoute } from '../../components/router-helper'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import { approvalDetailUrl } from '../../links/staff'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { asStaff, useRequireStaff } from '../../staff/session'
import { formatDate } from '../../utils/date'
import { approvalTone } from '../../components/approval-steps/tone'
import { APPROVAL_BOXES, badgeText, boxOf, fieldsSummary, type ApprovalBox } from './components/staff-approvals'
import './approvals.scss'

const TITLE = routeOf('pages/staff/approvals')?.title ?? '审批'

function ApprovalRow({ item, onOpen }: { item: ApprovalListItem; onOpen: () => void }) {
  const summary = fieldsSummary(item.fields)
  return (
    <View
      className={`staff-approval${item.overdue ? ' staff-approval--overdue' : ''}`}
      {...press(onOpen, { role: 'link', label: `${item.title}，${item.applicantName}，${item.status}${item.overdue ? '，已超时' : ''}` })}
    >
      <View className='staff-approval__top'>
        <Text className='staff-approval__title'>{item.title}</Text>
        <Text className={`staff-approval__tag staff-approval__tag--${approvalTone(item.status)}`}>{item.status}</Text>
      </View>
      {summary ? <Text className='staff-approval__fields'>{summary}</Text> : null}
      <View className='staff-approval__bottom'>
        <Text className='staff-approval__meta'>{`${item.applicantName} · ${formatDate(item.createdAt, 'MM-dd hh:mm')}`}</Text>
        {item.currentStep ? <Text className='staff-approval__step'>{`当前：${item.currentStep}`}</Text> : null}
        {item.overdue ? <Text className='staff-approval__overdue'>已超时</Text> : null}
      </View>
    </View>
  )
}

/**
 * 审批 (教职工): 待我审批 (with the number waiting), 我已审批 and 抄送我的 (the tab kept in the
 * address), newest first; each row its title, a line of its fields, where it stands and 已超时.
 * A row opens its detail; back from it, the list and the badge are asked again. Pull-down refresh,
 * the next page at the bottom.
 */
export default function StaffApprovalsPage() {
  const { staff, failed, retry } = useRequireStaff()
  const route = useRoute()
  const [box, setBox] = useState<ApprovalBox>(() => boxOf(route.query.box))
  const signedIn = staff !== null
  const list = usePagedList<ApprovalListItem>(
    (page, size, options) => approval.approval.list({ box, page, size }, asStaff(options)),
    box,
    signedIn,
  )
  const count = useRemote((options) => approval.approval.count(undefined, asStaff({ ...options, quiet: true })), signedIn)

  const refresh = () => Promise.all([list.refresh(), count.reload({ lock: true })])
  // Back from a detail: a decision there moves the approval to 我已审批.
  const shown = useRef(false)
  useDidShow(() => {
    if (shown.current && signedIn) void refresh()
    shown.current = true
  })
  usePullDownRefresh(() => {
    void refresh().finally(() => void Taro.stopPullDownRefresh())
  })
  useReachBottom(() => list.loadMore())

  const choose = (next: ApprovalBox) => {
    if (next === box) return
    setBox(next)
    replaceQuery({ box: next })
  }
  const waiting = badgeText(count.data?.waiting)

  return (
    <Page title={TITLE}>
      <View className='staff-approvals-tabs' role='tablist'>
        {APPROVAL_BOXES.map((b) => (
          <View
            key={b.box}
            className={`staff-approvals-tabs__item staff-approvals-tabs__item--${b.box}${b.box === box ? ' staff-approvals-tabs__item--on' : ''}`}
            {...press(() => choose(b.box), { role: 'tab', selected: b.box === box })}
          >
            <Text>{b.label}</Text>
            {b.box === 'waiting' && waiting ? <Text className='staff-approvals-tabs__badge'>{waiting}</Text> : null}
          </View>
        ))}
      </View>
      {failed ? (
        <RetryLine className='staff-approvals-state' onRetry={retry} />
      ) : (
        <View className='staff-approvals'>
          {list.rows.map((item) => (
            <ApprovalRow key={item.id} item={item} onOpen={() => void Taro.navigateTo({ url: approvalDetailUrl(item.id) })} />
          ))}
          <ListFooter list={list} />
        </View>
      )}
    </Page>
  )
}
