import { useRef, useState } from 'react'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { education, type NoticeItem } from '../../api/ems/education'
import ListFooter from '../../components/list-footer'
import Page from '../../components/page'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { formatDate } from '../../utils/date'
import { askSubscribe, CAN_SUBSCRIBE, prefetchSubscribeTemplates } from '../../wechat/subscribe'
import { SubscribeTemplate } from '@activity/wire'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import './notice.scss'

const TITLE = routeOf('pages/student/notice')?.title ?? '通知公告'
const DETAIL_PATH = '/pages/student/noticeDetail'

function NoticeRow({ notice, read, onOpen }: { notice: NoticeItem; read: boolean; onOpen: () => void }) {
  return (
    <View
      className={`notice-item${read ? '' : ' notice-item--unread'}`}
      {...press(onOpen, { role: 'link', label: `${read ? '' : '未读，'}${notice.title}` })}
    >
      <View className='notice-item__row'>
        {read ? null : <View className='notice-item__dot' />}
        <Text className='notice-item__title'>{notice.title}</Text>
      </View>
      {notice.summary ? <Text className='notice-item__summary'>{notice.summary}</Text> : null}
      <Text className='notice-item__time'>{formatDate(notice.publishedAt, 'yyyy-MM-dd hh:mm')}</Text>
    </View>
  )
}

/**
 * 通知公告: the notices the office addressed to me, unread first (a red dot), newest first;
 * pull down for new ones, more at the bottom. Opening one reads it (the server marks it read as
 * it answers the detail), so it shows read here at once when the person comes back.
 */
export default function StudentNoticePage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const unread = useRemote((options) => remember(education.notices.unreadCountForClient(undefined, options)), signedIn)
  // Opened here: shown read at once, before the list answers again.
  const [readHere, setReadHere] = useState<Set<number>>(() => new Set())
  // An unread notice opened here has moved below the unread ones on the server: back on the list,
  // page 1 is asked again so the order and the next pages follow the server's.
  const openedUnread = useRef(false)
  const list = usePagedList<NoticeItem>(
    (page, size, options) => remember(education.notices.listForClient({ page, size }, options)),
    '',
    signedIn,
  )
  const refresh = () => Promise.all([list.refresh(), unread.reload({ lock: true })])
  useReachBottom(() => list.loadMore())
  usePullDownRefresh(() => {
    void refresh().finally(() => void Taro.stopPullDownRefresh())
  })
  useDidShow(() => {
    // The ids are fetched before the tap: WeChat asks only from within the tap itself.
    if (CAN_SUBSCRIBE && signedIn) prefetchSubscribeTemplates('student')
    if (!openedUnread.current) return
    openedUnread.current = false
    void refresh()
  })

  const isRead = (n: NoticeItem) => n.read || readHere.has(n.id)
  const unreadCount = unread.data ? Math.max(0, unread.data.count - list.rows.filter((n) => !n.read && isRead(n)).length) : null

  const open = (n: NoticeItem) => {
    if (!isRead(n)) {
      openedUnread.current = true
      setReadHere((s) => new Set(s).add(n.id))
    }
    void Taro.navigateTo({ url: `${DETAIL_PATH}?id=${n.id}` })
  }

  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : (
        <>
          <View className='notice-head'>
            <Text className='notice-head__count'>
              {unreadCount === null ? '' : unreadCount > 0 ? `${unreadCount} 条未读` : '没有未读通知'}
            </Text>
            {CAN_SUBSCRIBE ? (
              <View
                className='notice-head__subscribe'
                {...press(
                  () =>
                    void askSubscribe([SubscribeTemplate.notice], 'student').then(() => Taro.showToast({ title: '已订阅', icon: 'none' })),
                )}
              >
                订阅新通知提醒
              </View>
            ) : null}
          </View>
          <View className='notice-list'>
            {list.rows.map((n) => (
              <NoticeRow key={n.id} notice={n} read={isRead(n)} onOpen={() => open(n)} />
            ))}
            <ListFooter list={list} />
          </View>
        </>
      )}
    </Page>
  )
}
