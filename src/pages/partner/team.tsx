import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import Page from '../../components/page'
import { partner, type TeamMember } from '../../api/ems/partner'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { formatDate } from '../../utils/date'
import { PartnerStatus } from '@activity/wire'
import ListFooter from '../../components/list-footer'
import { usePagedList } from '../../hooks/paged-list'
import './team.scss'

const TITLE = routeOf('pages/partner/team')?.title ?? '我的团队'
const STATUS_CLASS: Record<PartnerStatus, string> = {
  [PartnerStatus.incomplete]: 'incomplete',
  [PartnerStatus.pending]: 'pending',
  [PartnerStatus.active]: 'active',
  [PartnerStatus.rejected]: 'rejected',
  [PartnerStatus.disabled]: 'disabled',
}

function MemberItem({ member }: { member: TeamMember }) {
  return (
    <View className='team-member'>
      <View className='team-member__row'>
        <Text className='team-member__name'>{member.name ?? '未填写姓名'}</Text>
        <Text className='team-member__phone'>{member.phone}</Text>
        <Text className={`team-member__status team-member__status--${STATUS_CLASS[member.status] ?? 'pending'}`}>{member.status}</Text>
      </View>
      <View className='team-member__row team-member__row--sub'>
        <Text className='team-member__joined'>{formatDate(member.joinedAt, 'yyyy-MM-dd')} 加入</Text>
        <Text className='team-member__deals'>
          本周期成交 <Text className='team-member__count'>{member.dealsThisCycle}</Text> 单
        </Text>
      </View>
    </View>
  )
}

/** 我的团队: the partners who registered with my share code, newest first, with pull-down refresh and load-more. */
export default function PartnerTeamPage() {
  const signedIn = useRequireLogin()
  const list = usePagedList<TeamMember>((page, size, options) => partner.partner.team({ page, size }, options), 'team', signedIn)

  usePullDownRefresh(() => {
    void list.refresh().finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => list.loadMore())

  return (
    <Page title={TITLE}>
      <View className='team-head'>
        <Text className='team-head__label'>团队人数</Text>
        <View>
          <Text className='team-head__total'>{list.total ?? '--'}</Text>
          <Text className='team-head__unit'>人</Text>
        </View>
        <Text className='team-head__hint'>通过您的推广码注册的合伙人</Text>
      </View>
      <View className='team-list'>
        {list.rows.map((member) => (
          <MemberItem key={member.id} member={member} />
        ))}
        <ListFooter list={list} />
      </View>
    </Page>
  )
}
