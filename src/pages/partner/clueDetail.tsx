import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import { useRoute } from '../../components/router-helper'
import { partner, type Clue, type ClueProgressStep } from '../../api/ems/partner'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { formatDate } from '../../utils/date'
import { maskPhone } from '../../utils/phone'
import { ClueStatus } from '@activity/wire'
import { useRemote } from '../../hooks/remote'
import RetryLine from '../../components/retry-line'
import { stepText } from './components/clue-steps'
import './clueDetail.scss'

const TITLE = routeOf('pages/partner/clueDetail')?.title ?? '线索详情'
const STATUS_CLASS: Record<ClueStatus, string> = {
  [ClueStatus.new]: 'new',
  [ClueStatus.following]: 'following',
  [ClueStatus.deal]: 'deal',
  [ClueStatus.invalid]: 'invalid',
  [ClueStatus.cancelled]: 'invalid',
}

function Head({ clue }: { clue: Clue }) {
  return (
    <View className='clue-detail-head'>
      <View className='clue-detail-head__top'>
        <Text className='clue-detail-head__name'>{clue.name}</Text>
        <Text className={`clue-detail-head__status clue-detail-head__status--${STATUS_CLASS[clue.status] ?? 'new'}`}>{clue.status}</Text>
      </View>
      <Text className='clue-detail-head__phone'>{maskPhone(clue.phone)}</Text>
      {clue.intention ? <Text className='clue-detail-head__line'>意向：{clue.intention}</Text> : null}
      {clue.remark ? <Text className='clue-detail-head__line'>备注：{clue.remark}</Text> : null}
      <Text className='clue-detail-head__line'>登记时间：{formatDate(clue.createdAt, 'yyyy-MM-dd hh:mm')}</Text>
    </View>
  )
}

/** The timeline, newest first: the latest step is where the clue stands now. */
function Timeline({ steps }: { steps: ClueProgressStep[] }) {
  const newestFirst = [...steps].reverse()
  return (
    <View className='clue-timeline'>
      <Text className='clue-timeline__title'>跟进进度</Text>
      {newestFirst.map((step, i) => {
        const { title, detail } = stepText(step)
        return (
          <View key={`${step.type}-${step.at}-${i}`} className={`clue-step${i === 0 ? ' clue-step--current' : ''}`}>
            <View className='clue-step__rail'>
              <View className='clue-step__dot' />
              {i < newestFirst.length - 1 ? <View className='clue-step__line' /> : null}
            </View>
            <View className='clue-step__body'>
              <Text className='clue-step__title'>{title}</Text>
              {detail ? <Text className='clue-step__detail'>{detail}</Text> : null}
              <Text className='clue-step__time'>{formatDate(step.at, 'yyyy-MM-dd hh:mm')}</Text>
            </View>
          </View>
        )
      })}
    </View>
  )
}

/** 线索详情: one of the partner's clues and what has happened to it since they sent it. */
export default function PartnerClueDetailPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const id = Number(route.query.id)
  const valid = Number.isInteger(id) && id > 0
  const progress = useRemote((options) => partner.clue.progress({ id }, options), signedIn && valid, { reloadOnShow: true })

  usePullDownRefresh(() => {
    void progress.reload({ lock: true }).finally(() => Taro.stopPullDownRefresh())
  })

  return (
    <Page title={TITLE}>
      {!valid ? (
        <View className='clue-detail-state'>
          <Text>线索不存在</Text>
        </View>
      ) : progress.data ? (
        <>
          <Head clue={progress.data.clue} />
          <Timeline steps={progress.data.steps} />
        </>
      ) : progress.failed ? (
        <RetryLine className='clue-detail-state' onRetry={() => void progress.reload()} />
      ) : (
        <View className='clue-detail-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )}
    </Page>
  )
}
