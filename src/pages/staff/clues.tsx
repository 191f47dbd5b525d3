import { useRef, useState } from 'react'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { ClueStatus } from '@activity/wire'
import { partner, type StaffClue } from '../../api/ems/partner'
import ListFooter from '../../components/list-footer'
import Page from '../../components/page'
import { replaceQuery, useRoute } from '../../components/router-helper'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import { staffClueUrl } from '../../links/staff-work'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { asStaff, useRequireStaff } from '../../staff/session'
import { formatDate } from '../../utils/date'
import { maskPhone } from '../../utils/phone'
import { STAFF_CLUE_TABS, isOpenStatus, isOverdue, overdueFirst, type StaffClueTab } from './components/staff-clues'
import './clues.scss'

const TITLE = routeOf('pages/staff/clues')?.title ?? '我的线索'
/** The overdue clues of a tab come whole, ahead of the pages: at most this many (the server's page limit). */
const OVERDUE_MAX = 100
const TONE: Record<StaffClueTab, string> = {
  [ClueStatus.new]: 'new',
  [ClueStatus.following]: 'following',
  [ClueStatus.deal]: 'deal',
  [ClueStatus.invalid]: 'invalid',
}

const tabOf = (raw: string | undefined): StaffClueTab =>
  (STAFF_CLUE_TABS as readonly string[]).includes(raw ?? '') ? (raw as StaffClueTab) : ClueStatus.new

function ClueRow({ clue, now }: { clue: StaffClue; now: number }) {
  const overdue = isOverdue(clue, now)
  return (
    <View
      className={`staff-clue${overdue ? ' staff-clue--overdue' : ''}`}
      {...press(() => void Taro.navigateTo({ url: staffClueUrl(clue.id) }), {
        role: 'link',
        label: `${overdue ? '已逾期，' : ''}${clue.name}，${clue.status}`,
      })}
    >
      <View className='staff-clue__top'>
        <Text className='staff-clue__name'>{clue.name}</Text>
        <Text className={`staff-clue__status staff-clue__status--${TONE[clue.status as StaffClueTab] ?? 'new'}`}>{clue.status}</Text>
        {overdue ? <Text className='staff-clue__overdue'>已逾期</Text> : null}
        <Text className='staff-clue__time'>{formatDate(clue.createdAt, 'MM-dd hh:mm')}</Text>
      </View>
      <Text className='staff-clue__phone'>{maskPhone(clue.phone)}</Text>
      {clue.intention ? <Text className='staff-clue__line'>意向：{clue.intention}</Text> : null}
      {clue.partnerName || clue.partnerCode === null ? (
        <Text className='staff-clue__line'>来源：{clue.partnerName ? `${clue.partnerName}（${clue.source}）` : clue.source}</Text>
      ) : null}
      {isOpenStatus(clue.status) && clue.nextContactAt ? (
        <Text className={`staff-clue__next${overdue ? ' staff-clue__next--overdue' : ''}`}>
          下次联系：{formatDate(clue.nextContactAt, 'yyyy-MM-dd hh:mm')}
        </Text>
      ) : null}
    </View>
  )
}

/**
 * 我的线索 (教职工): the operator's own clues by status (待跟进, 跟进中, 已成交, 无效; the tab kept in
 * the address), newest first, with the open ones whose next contact has passed first, marked
 * 已逾期; pull-down refresh, the next page at the bottom. A clue opens its detail (跟进).
 */
export default function StaffCluesPage() {
  const { staff } = useRequireStaff()
  const route = useRoute()
  const [tab, setTab] = useState<StaffClueTab>(() => tabOf(route.query.status))
  const signedIn = staff !== null
  const open = isOpenStatus(tab)
  const list = usePagedList<StaffClue>(
    (page, size, options) => partner.clue.listForAdmin({ mine: '1', status: tab, page, size }, asStaff(options)),
    tab,
    signedIn,
  )
  const overdue = useRemote(
    (options) => partner.clue.listForAdmin({ mine: '1', status: tab, overdue: '1', page: 1, size: OVERDUE_MAX }, asStaff(options)),
    signedIn && open,
  )
  const [now, setNow] = useState(() => Date.now())
  const overdueRows = open && overdue.data ? overdue.data.list.filter((c) => c.status === tab) : []
  const rows = overdueFirst(overdueRows, list.rows, now)

  const refresh = async () => {
    setNow(Date.now())
    await Promise.all([list.refresh(), open ? overdue.reload({ lock: true }) : Promise.resolve()])
  }
  // Back from a clue's detail: a follow-up there moves it (待跟进 -> 跟进中, no longer overdue).
  const shown = useRef(false)
  useDidShow(() => {
    if (shown.current && signedIn) void refresh()
    shown.current = true
  })
  usePullDownRefresh(() => {
    void refresh().finally(() => void Taro.stopPullDownRefresh())
  })
  useReachBottom(() => list.loadMore())

  const choose = (next: StaffClueTab) => {
    setTab(next)
    setNow(Date.now())
    replaceQuery({ status: next })
  }

  return (
    <Page title={TITLE}>
      <View className='staff-clue-tabs' role='tablist'>
        {STAFF_CLUE_TABS.map((t) => (
          <View
            key={t}
            className={`staff-clue-tabs__item${tab === t ? ' staff-clue-tabs__item--on' : ''}`}
            {...press(() => choose(t), { role: 'tab', selected: tab === t })}
          >
            <Text>{t}</Text>
          </View>
        ))}
      </View>
      {overdueRows.length ? <Text className='staff-clue-note'>{`${overdueRows.length} 条线索已过下次联系时间`}</Text> : null}
      <View className='staff-clue-list'>
        {rows.map((clue) => (
          <ClueRow key={clue.id} clue={clue} now={now} />
        ))}
        <ListFooter list={list} />
      </View>
    </Page>
  )
}
