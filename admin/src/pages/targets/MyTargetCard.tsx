/** 工作台's 本月目标 card for a teacher: their follow-up and deal progress this month, opening the targets dashboard. */
import { Card, Flex, Space, Typography } from 'antd'
import { Link } from 'react-router-dom'
import { targetsApi } from '../../api/targets'
import { useRemote } from '../../hooks/useRemote'
import { formatPercent, thisMonth } from './month'
import { TargetProgress } from './TargetProgress'

export default function MyTargetCard() {
  const month = thisMonth()
  const { data } = useRemote(() => targetsApi.statistics(month), [month])
  const me = data?.teachers[0]
  if (!data || data.all || !me) return null
  return (
    <Card
      title={
        <Space>
          本月目标<Typography.Text type='secondary'>{month}</Typography.Text>
        </Space>
      }
      extra={<Link to={`/targets?month=${month}`}>目标看板</Link>}
      className='console-gap-bottom'
      data-testid='dashboard-my-target'
    >
      <Flex gap='large' wrap>
        <div className='console-target-cell'>
          <Typography.Text type='secondary'>跟进线索</Typography.Text>
          <TargetProgress value={me.followed} target={me.followTarget} percent={me.followProgress} />
        </div>
        <div className='console-target-cell'>
          <Typography.Text type='secondary'>成交</Typography.Text>
          <TargetProgress value={me.deals} target={me.dealTarget} percent={me.dealProgress} />
        </div>
        <div>
          <Typography.Text type='secondary'>排名 / 转化率</Typography.Text>
          <div className='console-figure'>
            第{me.rank}名 · {formatPercent(me.conversionRate)}
          </div>
        </div>
      </Flex>
    </Card>
  )
}
