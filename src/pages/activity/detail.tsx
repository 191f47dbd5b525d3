import { useCallback, useEffect, useRef, useState } from 'react'
import Taro, { useRouter, useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { Image, RichText, Text, View } from '@tarojs/components'
import { activity, type ActivityDetail } from '../../api/cms/activity'
import { EmptyNotice, Page } from '../../components'
import { press } from '../../platform'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { formatDate } from '../../utils/date'
import { useShareMenu } from '../../wechat'
import { ActivityState, ActivityType } from '@activity/wire'
import { documentHtml } from '../../components/rich-document'
import LoadState, { type LoadStatus } from '../../components/load-state'
import { StateBadge, TypeTag, coverSrc, timeWindow } from './components/activity-bits'
import ClueForm from './components/clue-form'
import { DETAIL_PATH, detailQuery, detailUrl, mainUrl, refOf, shareImage } from './components/links'
import { setWechatShare, useShareRef } from './components/share'
import './detail.scss'

const TITLE = routeOf(DETAIL_PATH)?.title ?? '活动详情'
const TEXTS = {
  missing: '活动不存在或已下线',
  notStarted: (at: string) => `活动尚未开始，${at} 开放报名，敬请期待`,
  ended: '活动已结束，不能再报名，感谢您的关注',
  noRef: '报名需通过合伙人分享的活动链接，请联系推荐您的合伙人获取',
} as const

/** What the bottom of a campaign shows: the form, or why there is none. */
function Signup({ item, refCode }: { item: ActivityDetail; refCode: string | null }) {
  if (item.type !== ActivityType.campaign) return null
  if (item.acceptsClues) {
    if (!refCode) return <Text className='activity-notice activity-notice--no-ref'>{TEXTS.noRef}</Text>
    return <ClueForm activityId={item.id} refCode={refCode} />
  }
  if (item.state === ActivityState.notStarted) {
    return (
      <Text className='activity-notice activity-notice--not-started'>{TEXTS.notStarted(formatDate(item.startAt, 'yyyy-MM-dd hh:mm'))}</Text>
    )
  }
  return <Text className='activity-notice activity-notice--ended'>{TEXTS.ended}</Text>
}

/**
 * pages/activity/detail?id=<id>&ref=<partner code> (活动详情): the activity's sanitised rich
 * text, its time window and state; a campaign that is open shows its clue form (for the partner of
 * `ref`), one not yet open or closed says so. Shared with `ref` kept. No session needed.
 */
export default function ActivityDetailPage() {
  const { params } = useRouter()
  const ref = refOf(params.ref)
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const [item, setItem] = useState<ActivityDetail | null>(null)
  const [status, setStatus] = useState<LoadStatus>('loading')
  const [missing, setMissing] = useState(!valid)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )
  // Opened from a share: "back" would be the partners' home (their login); offer the activities instead.
  const [landing] = useState(() => Taro.getCurrentPages().length <= 1)

  const load = useCallback(async () => {
    if (!valid) return
    setStatus('loading')
    try {
      const { data } = await activity.activity.detailsForClient({ id })
      if (!mounted.current) return
      setItem(data)
      setStatus('ready')
    } catch (err) {
      if (!mounted.current) return
      // 活动不存在或已下线 was toasted; the page says it too, without a retry.
      if (err instanceof RequestError && err.kind !== 'network') setMissing(true)
      setStatus('failed')
    }
  }, [id, valid])

  useEffect(() => {
    void load()
  }, [load])

  useShareMenu()
  const shareRef = useShareRef(ref)
  const share = {
    title: item?.title ?? TITLE,
    desc: item?.summary ?? '',
    path: valid ? detailUrl(id, shareRef) : `/${DETAIL_PATH}`,
    imageUrl: shareImage(coverSrc(item?.cover ?? null)),
  }
  useShareAppMessage(() => ({ title: share.title, path: share.path, ...(share.imageUrl ? { imageUrl: share.imageUrl } : {}) }))
  useShareTimeline(() => ({
    title: share.title,
    query: valid ? detailQuery(id, shareRef) : '',
    ...(share.imageUrl ? { imageUrl: share.imageUrl } : {}),
  }))
  useEffect(() => {
    if (item) setWechatShare(share)
  }, [item, share.path]) // eslint-disable-line react-hooks/exhaustive-deps -- the card follows the activity and the address

  const cover = coverSrc(item?.cover ?? null)
  return (
    <Page
      title={TITLE}
      insetBottom
      back={!landing}
      extra={
        landing ? (
          <Text className='activity-detail__more' {...press(() => void Taro.redirectTo({ url: mainUrl(ref) }), { role: 'link' })}>
            更多活动
          </Text>
        ) : undefined
      }
    >
      {missing ? <EmptyNotice type='page' text={TEXTS.missing} /> : <LoadState status={status} what={TITLE} onRetry={() => void load()} />}
      {!missing && status === 'ready' && item ? (
        <View className='activity-detail'>
          {cover ? <Image className='activity-detail__cover' src={cover} mode='aspectFill' imgProps={{ alt: item.title }} /> : null}
          <View className='activity-detail__head'>
            <Text className='activity-detail__title'>{item.title}</Text>
            <View className='activity-detail__tags'>
              <StateBadge state={item.state} />
              <TypeTag type={item.type} />
            </View>
            <Text className='activity-detail__time'>活动时间：{timeWindow(item, true)}</Text>
          </View>
          <View className='activity-detail__body'>
            <RichText nodes={documentHtml(item.body)} />
          </View>
          <Signup item={item} refCode={ref} />
        </View>
      ) : null}
    </Page>
  )
}
