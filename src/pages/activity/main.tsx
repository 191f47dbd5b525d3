import { useCallback, useEffect, useRef, useState } from 'react'
import Taro, { useReachBottom, useRouter, useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { activity, type ActivityItem } from '../../api/cms/activity'
import { EmptyNotice, LoadMore, LoadingIndicator, Page, type LoadMoreStatus } from '../../components'
import { SharePoster } from '../../components/share-poster'
import { press } from '../../platform'
import { DEFAULT_TITLE, routeOf } from '../../routes'
import { isSignedIn } from '../../session'
import { useStore } from '../../store'
import { useShareMenu } from '../../wechat'
import { StateBadge, TypeTag, coverSrc, timeWindow } from './components/activity-bits'
import { MAIN_PATH, detailUrl, mainUrl, refOf } from './components/links'
import { setWechatShare, useShareRef } from './components/share'
import './main.scss'

const TITLE = routeOf(MAIN_PATH)?.title ?? '活动'
const PAGE_SIZE = 10

function ActivityCard({ item, onOpen }: { item: ActivityItem; onOpen: () => void }) {
  const cover = coverSrc(item.cover)
  return (
    <View
      className={`activity-card activity-card--${item.id}`}
      {...press(() => onOpen(), { role: 'link', label: `${item.title}，${item.state}，${timeWindow(item)}` })}
    >
      {cover ? (
        <Image className='activity-card__cover' src={cover} mode='aspectFill' imgProps={{ alt: item.title }} />
      ) : (
        <View className='activity-card__cover activity-card__cover--none'>
          <Text>{item.type}</Text>
        </View>
      )}
      <View className='activity-card__body'>
        <Text className='activity-card__title'>{item.title}</Text>
        <View className='activity-card__tags'>
          <StateBadge state={item.state} />
          <TypeTag type={item.type} />
        </View>
        <Text className='activity-card__time'>{timeWindow(item)}</Text>
        {item.summary ? <Text className='activity-card__summary'>{item.summary}</Text> : null}
      </View>
    </View>
  )
}

/**
 * pages/activity/main (活动): the published activities, latest start first, with load-more. A
 * partner's link (`?ref=<code>`) brings prospects here; `ref` is kept into each detail and into
 * shares. No session needed.
 */
export default function ActivityMainPage() {
  const { params } = useRouter()
  const ref = refOf(params.ref)
  const [rows, setRows] = useState<ActivityItem[]>([])
  const [total, setTotal] = useState<number | undefined>(undefined)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const shown = useRef({ page: 0, count: 0, total: undefined as number | undefined, busy: false })
  // A signed-in partner browsing the activities can make their poster from here.
  const partnerHere = useStore((s) => isSignedIn(s))
  // The home page's 分享海报 entry lands here with `poster=1`: the poster (and its QR encoder)
  // lives in this subpackage, not in the mini-programs' main package.
  const [poster, setPoster] = useState(() => params.poster === '1' && partnerHere)
  // Opened from a partner's link: "back" would be the partners' home (their login), not for prospects.
  const [landing] = useState(() => Taro.getCurrentPages().length <= 1)

  const load = useCallback(async (page: number) => {
    if (shown.current.busy) return
    shown.current.busy = true
    setLoading(true)
    setFailed(false)
    try {
      const { data } = await activity.activity.listForClient({ page, size: PAGE_SIZE })
      setRows((before) => {
        const next = page === 1 ? data.list : [...before, ...data.list.filter((a) => !before.some((b) => b.id === a.id))]
        shown.current = { ...shown.current, page, count: next.length, total: data.total }
        return next
      })
      setTotal(data.total)
    } catch {
      setFailed(true)
    } finally {
      shown.current.busy = false
      setLoading(false)
    }
  }, [])

  useEffect(() => {
    void load(1)
  }, [load])

  const more = () => {
    const { page, count, total: all } = shown.current
    if (all !== undefined && count < all) void load(page + 1)
    else if (failed) void load(page + 1 || 1)
  }
  useReachBottom(more)

  useShareMenu()
  const shareRef = useShareRef(ref)
  const share = { title: `${TITLE} · ${DEFAULT_TITLE}`, path: mainUrl(shareRef) }
  useShareAppMessage(() => share)
  useShareTimeline(() => ({ title: share.title, query: shareRef ? `ref=${encodeURIComponent(shareRef)}` : '' }))
  useEffect(() => setWechatShare(share), [share.path]) // eslint-disable-line react-hooks/exhaustive-deps -- the card follows the address

  const status: LoadMoreStatus = loading ? 'loading' : total !== undefined && rows.length >= total ? 'nomore' : 'more'
  return (
    <Page title={TITLE} back={!landing}>
      <View className='activity-main'>
        {rows.map((item) => (
          <ActivityCard key={item.id} item={item} onOpen={() => void Taro.navigateTo({ url: detailUrl(item.id, ref) })} />
        ))}
        {total === undefined && loading ? (
          <View className='activity-main__loading'>
            <LoadingIndicator content='加载中' />
          </View>
        ) : null}
        {total === undefined && failed ? (
          <View className='activity-main__failed' {...press(() => void load(1))}>
            <Text>加载失败，点击重试</Text>
          </View>
        ) : null}
        <EmptyNotice type='list' total={total} text='暂无活动，敬请期待～' />
        {total ? <LoadMore status={status} onClick={more} /> : null}
      </View>
      {partnerHere ? (
        <View className='activity-main__poster' {...press(() => setPoster(true))}>
          <Text>分享海报</Text>
        </View>
      ) : null}
      <SharePoster visible={poster} onClose={() => setPoster(false)} />
    </Page>
  )
}
