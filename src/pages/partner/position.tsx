import { Text, View } from '@tarojs/components'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import { partner, type PartnerPosition } from '../../api/ems/partner'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { formatYuan } from '@activity/money'
import { useRemote } from '../../hooks/remote'
import { tierProgress } from '../../utils/tier-progress'
import { cycleText } from './components/cycle'
import './position.scss'

const TITLE = routeOf('pages/partner/position')?.title ?? '本周期档位'

function Summary({ pos }: { pos: PartnerPosition }) {
  const progress = tierProgress(pos)
  return (
    <View className='position-head'>
      <Text className='position-head__cycle'>本周期 {cycleText(pos.cycle)}</Text>
      <View className='position-head__tier'>
        <Text className='position-head__name'>{pos.tier?.name ?? '暂无档位'}</Text>
        {pos.tier ? <Text className='position-head__rate'>每单佣金 {formatYuan(pos.tier.commissionPerDeal)}</Text> : null}
      </View>
      <View className='position-head__stats'>
        <View className='position-head__stat'>
          <View>
            <Text className='position-head__value position-head__deals'>{pos.dealsThisCycle}</Text>
            <Text className='position-head__unit'>单</Text>
          </View>
          <Text className='position-head__label'>本周期成交</Text>
        </View>
        <View className='position-head__stat'>
          <View>
            <Text className='position-head__value position-head__to-next'>{pos.nextTier ? progress.remaining : '--'}</Text>
            {pos.nextTier ? <Text className='position-head__unit'>单</Text> : null}
          </View>
          <Text className='position-head__label'>{pos.nextTier ? `距升级${pos.nextTier.name}` : '已是最高档位'}</Text>
        </View>
        <View className='position-head__stat'>
          <Text className='position-head__value position-head__next-rate'>
            {pos.nextTier ? formatYuan(pos.nextTier.commissionPerDeal) : '--'}
          </Text>
          <Text className='position-head__label'>下一档每单佣金</Text>
        </View>
      </View>
      <View className='position-head__bar'>
        <View className='position-head__fill' style={{ width: `${progress.percent}%` }} />
      </View>
      <Text className='position-head__hint'>{progress.hint}</Text>
    </View>
  )
}

function Levels({ pos }: { pos: PartnerPosition }) {
  return (
    <View className='position-levels'>
      <View className='position-levels__head'>
        <Text className='position-levels__title'>全部档位</Text>
        <Text className='position-levels__note'>按本周期成交单数计算</Text>
      </View>
      <View className='position-levels__row position-levels__row--caption'>
        <Text className='position-levels__col position-levels__col--name'>档位</Text>
        <Text className='position-levels__col'>本周期成交</Text>
        <Text className='position-levels__col position-levels__col--money'>每单佣金</Text>
      </View>
      {pos.levels.map((level) => {
        const current = pos.tier?.id === level.id
        const reached = level.minDeals <= pos.dealsThisCycle
        return (
          <View
            key={level.id}
            className={`position-levels__row${current ? ' position-levels__row--current' : ''}${reached ? '' : ' position-levels__row--ahead'}`}
          >
            <View className='position-levels__col position-levels__col--name'>
              <Text className='position-levels__name'>{level.name}</Text>
              {current ? <Text className='position-levels__badge'>当前</Text> : null}
            </View>
            <Text className='position-levels__col'>≥ {level.minDeals} 单</Text>
            <Text className='position-levels__col position-levels__col--money'>{formatYuan(level.commissionPerDeal)}</Text>
          </View>
        )
      })}
      {pos.levels.length === 0 ? <Text className='position-levels__empty'>暂无档位配置</Text> : null}
    </View>
  )
}

/** 本周期档位: every level with the current one highlighted, deals this cycle, and the way to the next. */
export default function PartnerPositionPage() {
  const signedIn = useRequireLogin()
  const pos = useRemote((options) => partner.partner.position(undefined, options), signedIn, { reloadOnShow: true })
  return (
    <Page title={TITLE}>
      {pos.data ? (
        <>
          <Summary pos={pos.data} />
          <Levels pos={pos.data} />
          <Text className='position-rule'>
            每个自然月为一个周期。每成交一单，按成交时达到的档位计算该单佣金；已成交的单不会因之后升档而改价。
          </Text>
        </>
      ) : pos.failed ? (
        <View className='position-state' {...press(() => void pos.reload())}>
          <Text>加载失败，点击重试</Text>
        </View>
      ) : (
        <View className='position-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )}
    </Page>
  )
}
