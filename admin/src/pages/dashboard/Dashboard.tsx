/**
 * 工作台: the to-dos of the operator's rights, grouped by the office's work (each card opens its
 * list filtered to it, the list's total being the card's number; todos.ts), the oldest 答疑 waiting,
 * this cycle's figures and the last 30 days. What a position does not handle (null from the server)
 * is not shown; a position with nothing to do sees so.
 */
import { PageContainer } from '../../components/PageContainer'
import { Button, Card, Col, Empty, Flex, List, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router-dom'
import type { ClueStatus } from '@activity/wire'
import { dashboardApi, type OverdueContact, type WaitingQuestion } from '../../api/dashboard'
import type { ScreenPreload } from '../../screen-preload'
import { formatYuan } from '@activity/money'
import { formatDate, formatDateTime, officeTime } from '../../format'
import { LoadFailure } from '../../components/LoadFailure'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import MyTargetCard from '../targets/MyTargetCard'
import { MaskedPhone } from '../../components/MaskedPhone'
import { WhenVisible } from '../../components/WhenVisible'
import { type TodoCard as Todo, type TodoGroup, todoGroups, WAITING_QUESTIONS_LINK } from './todos'

// echarts is large: it loads after the figures, only on this screen.
const TrendChart = lazy(() => import('./TrendChart'))

function TodoCard({ card }: { card: Todo }) {
  return (
    <Link to={card.to} data-testid={card.testId} className='todo-card'>
      <Card hoverable variant='borderless' className='console-full-height'>
        <Statistic title={card.title} value={card.value} suffix={card.suffix} />
        {card.note ? (
          <div className='todo-card__note'>
            <span data-testid={card.noteTestId}>{card.note}</span>
          </div>
        ) : null}
      </Card>
    </Link>
  )
}

/** 答疑 waiting the longest, oldest first; each opens the queue of those waiting. */
function OldestQuestions({ questions }: { questions: WaitingQuestion[] }) {
  if (questions.length === 0) return null
  return (
    <List<WaitingQuestion>
      size='small'
      data-testid='todo-questions-oldest'
      header={<Typography.Text type='secondary'>等待最久的答疑</Typography.Text>}
      dataSource={questions}
      renderItem={(q) => (
        <List.Item extra={<Typography.Text type='secondary'>{formatDateTime(q.waitingSince)} 起</Typography.Text>}>
          <Link to={WAITING_QUESTIONS_LINK}>{q.title}</Link>
          <Typography.Text type='secondary' className='console-sub'>
            {q.studentName} · {q.courseTitle}
          </Typography.Text>
        </List.Item>
      )}
    />
  )
}

function TodoGroupCard({ group, questions }: { group: TodoGroup; questions: WaitingQuestion[] }) {
  return (
    <section data-testid={`todo-group-${group.key}`} aria-label={group.title}>
      <Card title={group.title} className='console-gap-bottom'>
        <Flex gap='middle' wrap className='console-full-width'>
          {group.cards.map((card) => (
            <TodoCard key={card.testId} card={card} />
          ))}
        </Flex>
        {group.key === 'teaching' ? <OldestQuestions questions={questions} /> : null}
      </Card>
    </section>
  )
}

/** The figures, asked for before the screen renders (routes.tsx). */
export const preload: ScreenPreload = () => void dashboardApi.get()

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
  const groups = todoGroups(data)
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
      {groups.length > 0 ? (
        groups.map((group) => <TodoGroupCard key={group.key} group={group} questions={data.todos.questions?.oldest ?? []} />)
      ) : (
        <Card className='console-gap-bottom'>
          <Empty data-testid='todo-empty' image={Empty.PRESENTED_IMAGE_SIMPLE} description='当前岗位没有待办事项' />
        </Card>
      )}

      {canWorkClues ? <MyTargetCard /> : null}

      <Card
        title={
          <Space>
            本周期
            <Typography.Text type='secondary'>{`${formatDate(cycle.from)} 至 ${cycleEnd.format('YYYY-MM-DD')}`}</Typography.Text>
          </Space>
        }
        className='console-gap-bottom'
      >
        <Row className='console-parts'>
          <Col data-testid='cycle-clues'>
            <Statistic title='新增线索' value={cycle.newClues} suffix='条' />
          </Col>
          <Col data-testid='cycle-deals'>
            <Statistic title='成交' value={cycle.deals} suffix='单' />
          </Col>
          <Col data-testid='cycle-commission'>
            <Statistic title='佣金入账' value={formatYuan(cycle.commission, { symbol: false })} prefix='¥' />
          </Col>
          <Col data-testid='cycle-paid'>
            <Statistic title='已打款' value={formatYuan(cycle.paidOut, { symbol: false })} prefix='¥' />
          </Col>
        </Row>
      </Card>

      <div data-testid='trend-card'>
        <Card title='近30天趋势' className='console-gap-bottom'>
          {data.trend.length > 0 ? (
            // echarts loads when the chart scrolls into view, not with the to-dos above it.
            <WhenVisible placeholder={<div className='trend-chart' aria-hidden />}>
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <TrendChart days={data.trend} />
              </Suspense>
            </WhenVisible>
          ) : (
            <Empty description='暂无数据' />
          )}
        </Card>
      </div>

      {canWorkClues ? (
        <Card title='逾期未联系的线索'>
          <Table<OverdueContact>
            rowKey='clueId'
            size='small'
            pagination={false}
            columns={overdueColumns}
            dataSource={data.overdueContacts}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description='没有逾期未联系的线索' /> }}
          />
        </Card>
      ) : null}
    </PageContainer>
  )
}
