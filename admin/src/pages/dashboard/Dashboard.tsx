/**
 * 工作台: what needs doing now (each card opens the list filtered to it), this cycle's figures and
 * the last 30 days. What a role does not handle (null from the server) is not shown.
 */
import { PageContainer, ProCard, StatisticCard } from '@ant-design/pro-components'
import { Button, Empty, Flex, Skeleton, Table, Tag } from 'antd'
import { lazy, type ReactNode, Suspense } from 'react'
import { Link } from 'react-router-dom'
import { type ClueStatus, WithdrawalStatus, PartnerStatus } from '@activity/wire'
import { dashboardApi, type OverdueContact } from '../../api/dashboard'
import { formatYuan } from '@activity/money'
import { formatDate, formatDateTime, officeTime } from '../../format'
import { LoadFailure } from '../../components/LoadFailure'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import MyTargetCard from '../targets/MyTargetCard'
import { MaskedPhone } from '../../components/MaskedPhone'

// echarts is large: it loads after the figures, only on this screen.
const TrendChart = lazy(() => import('./TrendChart'))

function TodoCard({
  title,
  value,
  suffix,
  footer,
  to,
  testId,
}: {
  title: string
  value: ReactNode
  suffix?: string
  footer?: ReactNode
  to: string
  testId: string
}) {
  return (
    <Link to={to} data-testid={testId} className='todo-card'>
      <StatisticCard hoverable className='console-full-height' statistic={{ title, value: value as number, suffix }} footer={footer} />
    </Link>
  )
}

export default function Dashboard() {
  const { data, error, loading, reload } = useRemote(() => dashboardApi.get(), [])
  const { canWorkClues } = useAccess()

  if (error && !data) {
    return (
      <PageContainer title='工作台'>
        <LoadFailure title='工作台加载失败' error={error} onRetry={reload} />
      </PageContainer>
    )
  }
  if (!data) {
    return (
      <PageContainer title='工作台'>
        <Skeleton active paragraph={{ rows: 8 }} loading={loading} />
      </PageContainer>
    )
  }

  const { cycle } = data
  // `to` is exclusive: the cycle's last day is the day before.
  const cycleEnd = officeTime(cycle.to).subtract(1, 'day')
  const overdueColumns = [
    { title: '线索', dataIndex: 'name', render: (name: string, row: OverdueContact) => <Link to={`/clues/${row.clueId}`}>{name}</Link> },
    {
      title: '手机号',
      dataIndex: 'phone',
      render: (phone: string, row: OverdueContact) => <MaskedPhone phone={phone} kind='clue' id={row.clueId} />,
    },
    { title: '状态', dataIndex: 'status', render: (s: ClueStatus) => <Tag>{s}</Tag> },
    { title: '约定联系时间', dataIndex: 'nextContactAt', render: (t: string) => formatDateTime(t) },
    { title: '负责老师', dataIndex: 'assigneeName', render: (n: string | null) => n ?? '未分配' },
    { title: '合伙人', dataIndex: 'partnerName', render: (n: string | null) => n ?? '-' },
  ]

  return (
    <PageContainer title='工作台' extra={<Button onClick={reload}>刷新</Button>}>
      <ProCard title='待办' ghost gutter={16} wrap direction='row' className='console-gap-bottom'>
        <Flex gap='middle' wrap className='console-full-width'>
          {data.pendingPartners !== null ? (
            <TodoCard
              testId='todo-partners'
              title='待审核合伙人'
              value={data.pendingPartners}
              suffix='人'
              to={`/partners?status=${encodeURIComponent(PartnerStatus.pending)}`}
            />
          ) : null}
          {data.staleClues !== null ? (
            <TodoCard testId='todo-stale-clues' title='超24小时未跟进线索' value={data.staleClues} suffix='条' to='/clues?staleHours=24' />
          ) : null}
          {data.pendingWithdrawals !== null ? (
            <TodoCard
              testId='todo-withdrawals'
              title='待打款提现'
              value={data.pendingWithdrawals.count}
              suffix='笔'
              footer={
                <span data-testid='todo-withdrawals-amount'>合计 ¥{formatYuan(data.pendingWithdrawals.amount, { symbol: false })}</span>
              }
              to={`/withdrawals?status=${encodeURIComponent(WithdrawalStatus.applying)}`}
            />
          ) : null}
          {canWorkClues ? (
            <TodoCard testId='todo-overdue' title='逾期未联系' value={data.overdueContacts.length} suffix='条' to='/clues?overdue=1' />
          ) : null}
        </Flex>
      </ProCard>

      {canWorkClues ? <MyTargetCard /> : null}

      <ProCard
        title='本周期'
        subTitle={`${formatDate(cycle.from)} 至 ${cycleEnd.format('YYYY-MM-DD')}`}
        split='vertical'
        bordered
        className='console-gap-bottom'
      >
        <StatisticCard data-testid='cycle-clues' statistic={{ title: '新增线索', value: cycle.newClues, suffix: '条' }} />
        <StatisticCard data-testid='cycle-deals' statistic={{ title: '成交', value: cycle.deals, suffix: '单' }} />
        <StatisticCard
          data-testid='cycle-commission'
          statistic={{ title: '佣金入账', value: formatYuan(cycle.commission, { symbol: false }), prefix: '¥' }}
        />
        <StatisticCard
          data-testid='cycle-paid'
          statistic={{ title: '已打款', value: formatYuan(cycle.paidOut, { symbol: false }), prefix: '¥' }}
        />
      </ProCard>

      <ProCard title='近30天趋势' bordered className='console-gap-bottom'>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          {data.trend.length > 0 ? <TrendChart days={data.trend} /> : <Empty description='暂无数据' />}
        </Suspense>
      </ProCard>

      {canWorkClues ? (
        <ProCard title='逾期未联系的线索' bordered>
          <Table<OverdueContact>
            rowKey='clueId'
            size='small'
            pagination={false}
            columns={overdueColumns}
            dataSource={data.overdueContacts}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description='没有逾期未联系的线索' /> }}
          />
        </ProCard>
      ) : null}
    </PageContainer>
  )
}
