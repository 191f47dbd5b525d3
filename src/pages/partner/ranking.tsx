import { useEffect, useRef, useState } from 'react'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import { replaceQuery, useRoute } from '../../components/router-helper'
import { partner, type Ranking } from '../../api/ems/partner'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { RANKING_CYCLES, RankingCycle } from '@activity/wire'
import { useRemote } from '../../hooks/remote'
import RetryLine from '../../components/retry-line'
import { cycleText } from './components/cycle'
import './ranking.scss'

const TITLE = routeOf('pages/partner/ranking')?.title ?? '排行榜'

function Mine({ ranking }: { ranking: Ranking }) {
  const { me } = ranking
  return (
    <View className='ranking-me'>
      <View className='ranking-me__cell'>
        <Text className='ranking-me__value ranking-me__rank'>{me.rank === null ? '未上榜' : `第${me.rank}名`}</Text>
        <Text className='ranking-me__label'>我的排名</Text>
      </View>
      <View className='ranking-me__divider' />
      <View className='ranking-me__cell'>
        <Text className='ranking-me__value ranking-me__deals'>{me.deals}单</Text>
        <Text className='ranking-me__label'>{ranking.cycle.type}成交</Text>
      </View>
    </View>
  )
}

function Table({ ranking }: { ranking: Ranking }) {
  return (
    <View className='ranking-table'>
      <View className='ranking-table__head'>
        <Text className='ranking-table__title'>{ranking.cycle.type}前50名</Text>
        <Text className='ranking-table__cycle'>{cycleText(ranking.cycle)}</Text>
      </View>
      {ranking.list.map((row) => (
        <View key={row.rank} className={`ranking-row${row.mine ? ' ranking-row--mine' : ''}`}>
          <Text className={`ranking-row__rank${row.rank <= 3 ? ` ranking-row__rank--top${row.rank}` : ''}`}>{row.rank}</Text>
          <Text className='ranking-row__name'>
            {row.name}
            {row.mine ? '（我）' : ''}
          </Text>
          <Text className='ranking-row__deals'>{row.deals}单</Text>
        </View>
      ))}
      <EmptyNotice total={ranking.list.length} text='本周期还没有成交，快去推广吧～' />
      {ranking.list.length > 0 ? <Text className='ranking-table__rule'>按成交单数排名，单数相同先达到者在前</Text> : null}
    </View>
  )
}

/** 排行榜: this cycle's top 50 by deals (or the last cycle's final table) and my own place. */
export default function PartnerRankingPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const [cycle, setCycle] = useState<RankingCycle>(() =>
    RANKING_CYCLES.includes(route.query.cycle as RankingCycle) ? (route.query.cycle as RankingCycle) : RankingCycle.current,
  )
  const ranking = useRemote((options) => partner.partner.ranking({ cycle }, options), signedIn, { reloadOnShow: true })
  const shown = ranking.data?.cycle.type === cycle ? ranking.data : undefined

  usePullDownRefresh(() => {
    void ranking.reload({ lock: true }).finally(() => Taro.stopPullDownRefresh())
  })

  const choose = (next: RankingCycle) => {
    if (next === cycle) return
    setCycle(next)
    replaceQuery({ cycle: next === RankingCycle.current ? undefined : next })
  }
  // The call reads `cycle` when it runs: a switch asks again (the first load is useRemote's own).
  const askedFor = useRef(cycle)
  const { reload } = ranking
  useEffect(() => {
    if (!signedIn || askedFor.current === cycle) return
    askedFor.current = cycle
    void reload()
  }, [signedIn, cycle, reload])

  return (
    <Page title={TITLE}>
      <View className='ranking-tabs' role='tablist' aria-label='排行周期'>
        {RANKING_CYCLES.map((c) => (
          <View
            key={c}
            className={`ranking-tabs__tab${c === cycle ? ' ranking-tabs__tab--active' : ''}`}
            {...press(() => choose(c), { role: 'tab', selected: c === cycle })}
          >
            <Text>{c}</Text>
          </View>
        ))}
      </View>
      {shown ? (
        <>
          <Mine ranking={shown} />
          <Table ranking={shown} />
        </>
      ) : ranking.failed ? (
        <RetryLine className='ranking-state' onRetry={() => void ranking.reload()} />
      ) : (
        <View className='ranking-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )}
    </Page>
  )
}
