import { useState } from 'react'
import Taro, { usePullDownRefresh, useReachBottom, useDidShow } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { GOOD_KINDS, type GoodKind } from '@activity/wire'
import { cybermoney } from '../../api/fms/cybermoney'
import { point, type ShopGood } from '../../api/zms/point'
import ListFooter from '../../components/list-footer'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import { apiUrl } from '../../request'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import PointsTabs from './components/tabs'
import { goodUrl, POINTS_PAGES } from '../../links/points'
import './shop.scss'

const TITLE = routeOf('pages/points/shop')?.title ?? '积分商城'
const TABS = [{ value: '' as const, label: '全部' }, ...GOOD_KINDS.map((k) => ({ value: k, label: k }))]

function GoodCard({ good, onOpen }: { good: ShopGood; onOpen: () => void }) {
  return (
    <View className='shop-good' {...press(() => onOpen(), { role: 'link', label: `${good.name}，${good.points}积分` })}>
      {good.coverUrl ? (
        <Image className='shop-good__cover' src={apiUrl(good.coverUrl)} mode='aspectFill' imgProps={{ alt: good.name }} />
      ) : (
        <View className='shop-good__cover shop-good__cover--empty'>
          <Text>{good.kind}</Text>
        </View>
      )}
      <View className='shop-good__body'>
        <Text className='shop-good__name'>{good.name}</Text>
        <View className='shop-good__row'>
          <Text className='shop-good__points'>{`${good.points} 积分`}</Text>
          <Text className='shop-good__stock'>{good.stock > 0 ? `库存 ${good.stock}` : '已兑完'}</Text>
        </View>
      </View>
    </View>
  )
}

/** 积分商城: my balance, then the listed goods (by kind); a good opens its page to exchange it. */
export default function PointsShopPage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const [kind, setKind] = useState<GoodKind | ''>('')
  const summary = useRemote((options) => remember(point.studentPoint.listForClient(undefined, options)), signedIn)
  const goods = usePagedList<ShopGood>(
    (page, size, options) => cybermoney.shopGood.listForClient({ page, size, ...(kind ? { kind } : {}) }, options),
    kind,
    signedIn && !notStudent,
  )
  const refresh = () => Promise.all([summary.reload({ lock: true }), goods.refresh()])
  useReachBottom(() => goods.loadMore())
  usePullDownRefresh(() => {
    void refresh().finally(() => void Taro.stopPullDownRefresh())
  })
  const [shown, setShown] = useState(false)
  useDidShow(() => {
    if (shown) void refresh()
    setShown(true)
  })

  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : (
        <>
          <View className='shop-head'>
            <View>
              <Text className='shop-head__label'>我的积分</Text>
              <Text className='shop-head__balance'>{summary.data ? String(summary.data.balance) : '--'}</Text>
            </View>
            <View className='shop-head__orders' {...press(() => void Taro.navigateTo({ url: POINTS_PAGES.orders }), { role: 'link' })}>
              兑换记录
            </View>
          </View>
          <PointsTabs tabs={TABS} value={kind} onChange={setKind} />
          <View className='shop-goods'>
            {goods.rows.map((g) => (
              <GoodCard key={g.id} good={g} onOpen={() => void Taro.navigateTo({ url: goodUrl(g.id) })} />
            ))}
          </View>
          <ListFooter list={goods} />
        </>
      )}
    </Page>
  )
}
