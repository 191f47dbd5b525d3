import { useRef, useState } from 'react'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import Page from '../../components/page'
import { partner, type PartnerMessage } from '../../api/ems/partner'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { relativeTime } from '../../utils/date'
import { logger } from '../../utils/logger'
import ListFooter from '../../components/list-footer'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import { targetUrl } from './message-target'
import './message.scss'

const TITLE = routeOf('pages/partner/message')?.title ?? '消息通知'

function MessageItem({ message, read, onOpen }: { message: PartnerMessage; read: boolean; onOpen: () => void }) {
  // A message pointing somewhere opens it; one that does not is only marked read.
  return (
    <View
      className={`message-item${read ? '' : ' message-item--unread'}`}
      {...press(() => onOpen(), {
        role: targetUrl(message) ? 'link' : 'button',
        label: `${read ? '' : '未读，'}${message.title}，${message.body}`,
      })}
    >
      <View className='message-item__row'>
        {read ? null : <View className='message-item__dot' />}
        <Text className='message-item__title'>{message.title}</Text>
        <Text className='message-item__time'>{relativeTime(message.createdAt)}</Text>
      </View>
      <Text className='message-item__body'>{message.body}</Text>
    </View>
  )
}

/**
 * 消息通知: what happened to the partner's review, clues, commissions and withdrawals, unread
 * first. Opening a message marks it read and goes where it points (a clue's timeline, the
 * withdrawal page, the fund records); 全部已读 marks them all.
 */
export default function PartnerMessagePage() {
  const signedIn = useRequireLogin()
  const unread = useRemote((options) => partner.message.unreadCount(undefined, options), signedIn, { reloadOnShow: true })
  // Read here since the list answered: shown read at once, without reloading the list.
  const [readHere, setReadHere] = useState<Set<number>>(() => new Set())
  const movedDown = useRef(0)
  // Each message opened here moved below the unread ones on the server: the next page starts that
  // many rows earlier, so none is skipped (the rows shown again are dropped by the list).
  const list = usePagedList<PartnerMessage>(
    (page, size, options) =>
      partner.message.list(
        page > 1 && movedDown.current > 0 ? { page, size, offset: Math.max(0, (page - 1) * size - movedDown.current) } : { page, size },
        options,
      ),
    '',
    signedIn,
  )
  useReachBottom(() => list.loadMore())
  usePullDownRefresh(() => {
    movedDown.current = 0
    void Promise.all([list.refresh(), unread.reload({ lock: true })]).finally(() => {
      setReadHere(new Set())
      void Taro.stopPullDownRefresh()
    })
  })

  const isRead = (m: PartnerMessage) => m.read || readHere.has(m.id)
  const unreadCount = unread.data ? Math.max(0, unread.data.count - list.rows.filter((m) => !m.read && isRead(m)).length) : 0

  const open = (m: PartnerMessage) => {
    if (!isRead(m)) {
      movedDown.current += 1
      setReadHere((s) => new Set(s).add(m.id))
      // Marked read on the way; a failure only leaves it unread for next time.
      partner.message.read({ id: m.id }, { lock: true }).catch((err: unknown) => logger.warn('message not marked read', err))
    }
    const url = targetUrl(m)
    if (url) void Taro.navigateTo({ url })
  }

  const readAll = async () => {
    try {
      await partner.message.readAll(undefined, { lock: true })
      // Every message changed place: the list starts again from the top.
      movedDown.current = 0
      setReadHere(new Set())
      await Promise.all([list.refresh(), unread.reload({ lock: true })])
    } catch (err) {
      logger.warn('messages not marked read', err)
    }
  }

  return (
    <Page title={TITLE}>
      <View className='message-head'>
        <Text className='message-head__count'>{unread.data ? (unreadCount > 0 ? `${unreadCount} 条未读` : '没有未读消息') : ''}</Text>
        {unreadCount > 0 ? (
          <Text className='message-head__all' {...press(() => void readAll())}>
            全部已读
          </Text>
        ) : null}
      </View>
      <View className='message-list'>
        {list.rows.map((m) => (
          <MessageItem key={m.id} message={m} read={isRead(m)} onOpen={() => open(m)} />
        ))}
        <ListFooter list={list} />
      </View>
    </Page>
  )
}
