/**
 * 活动详情: the activity as a phone shows it (what the back-office stored), its publish state and,
 * for who holds the right (access.ts canManageActivities), its actions; the clues its page brought
 * (the clue list filtered by activity) and the partners they came through.
 */
import { PageContainer } from '../../components/PageContainer'
import { ActivityStatus, ClueStatus } from '@activity/wire'
import { Alert, Button, Card, Descriptions, Flex, Space, Table, Tag, Typography } from 'antd'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { activitiesApi } from '../../api/activities'
import { type AdminClue, cluesApi } from '../../api/clues'
import { formatYuan } from '@activity/money'
import { DetailFrame } from '../../components/DetailFrame'
import { LoadFailure } from '../../components/LoadFailure'
import { ACTIVITY_STATE_ENUM, ACTIVITY_STATUS_ENUM, CLUE_STATUS_ENUM, EnumTag, enumColumn } from '../../components/status'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { PartnerLink, partnerLabel } from '../../components/PartnerLink'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { ActivityPhone } from './ActivityPhone'
import { PublishButton } from './ActivityList'

/** How many clues the per-partner summary reads (pages of 100). */
const SUMMARY_MAX = 1000

interface PartnerRow {
  /** null: the clues of 招生老师's own posters (no partner), counted as one row. */
  partnerId: number | null
  partnerName: string | null
  partnerCode: string | null
  clues: number
  deals: number
  /** fen */
  commission: number
}

/** The clues of one activity grouped by partner, from the clue list (every page up to SUMMARY_MAX). */
async function cluesByPartner(activityId: number): Promise<{ rows: PartnerRow[]; total: number; read: number }> {
  const byPartner = new Map<number | null, PartnerRow>()
  let page = 1
  let total = 0
  let read = 0
  for (;;) {
    const answer = await cluesApi.list({ activityId: String(activityId), page, size: 100 })
    total = answer.total
    for (const c of answer.list) {
      const row = byPartner.get(c.partnerId) ?? {
        partnerId: c.partnerId,
        partnerName: c.partnerName,
        partnerCode: c.partnerCode,
        clues: 0,
        deals: 0,
        commission: 0,
      }
      row.clues += 1
      if (c.status === ClueStatus.deal) {
        row.deals += 1
        row.commission += c.commission ?? 0
      }
      byPartner.set(c.partnerId, row)
    }
    read += answer.list.length
    if (answer.list.length === 0 || read >= total || read >= SUMMARY_MAX) break
    page += 1
  }
  return { rows: [...byPartner.values()].sort((a, b) => b.clues - a.clues), total, read }
}

export default function ActivityDetail() {
  const id = Number(useParams().id)
  const navigate = useNavigate()
  const { canManageActivities } = useAccess()
  const activity = useRemote(() => activitiesApi.details(id), [id])
  const partners = useRemote(() => cluesByPartner(id), [id])
  const a = activity.data
  const back = () => navigate('/activities')

  if (!a) {
    return (
      <DetailFrame
        title='活动详情'
        onBack={back}
        list={{ to: '/activities', label: '返回活动列表' }}
        failure='活动加载失败'
        error={activity.error}
        onRetry={activity.reload}
      />
    )
  }

  const clueColumns: ListColumn<AdminClue>[] = [
    { title: '姓名', dataIndex: 'name', search: false, render: (_, c) => <Link to={`/clues/${c.id}`}>{c.name}</Link> },
    { title: '手机号', dataIndex: 'phone', search: false },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      ...enumColumn(CLUE_STATUS_ENUM),
    },
    {
      title: '来自合伙人',
      dataIndex: 'partnerName',
      search: false,
      render: (_, c) => <PartnerLink clue={c}>{partnerLabel(c)}</PartnerLink>,
    },
    {
      title: '负责老师',
      dataIndex: 'assigneeName',
      search: false,
      render: (_, c) => c.assigneeName ?? <Typography.Text type='secondary'>待领取</Typography.Text>,
    },
    { title: '登记时间', dataIndex: 'createdAt', search: false, render: (_, c) => formatDateTime(c.createdAt) },
  ]

  const summary = partners.data
  return (
    <PageContainer
      title={a.title}
      onBack={back}
      tags={[
        <EnumTag key='status' valueEnum={ACTIVITY_STATUS_ENUM} value={a.status} />,
        <EnumTag key='state' valueEnum={ACTIVITY_STATE_ENUM} value={a.state} />,
        <Tag key='type'>{a.type}</Tag>,
      ]}
      extra={[
        canManageActivities ? (
          <Button key='edit' onClick={() => navigate(`/activities/${a.id}/edit`)}>
            编辑
          </Button>
        ) : null,
        canManageActivities ? <PublishButton key='publish' button activity={a} onDone={activity.reload} /> : null,
        a.status === ActivityStatus.published ? (
          <Button key='open' href={`/pages/activity/detail?id=${a.id}`} target='_blank' rel='noreferrer'>
            在手机页面打开
          </Button>
        ) : null,
      ]}
    >
      <div className='console-split'>
        <Flex vertical gap='middle' className='console-grow'>
          <Card title='活动信息'>
            <Descriptions column={2}>
              <Descriptions.Item label='活动时间' span={2}>
                {formatDateTime(a.startAt)} 至 {formatDateTime(a.endAt)}
              </Descriptions.Item>
              <Descriptions.Item label='报名表单'>
                {a.acceptsClues ? '开放中' : a.type === '资讯' ? '资讯无报名表单' : '不在活动时间内，关闭'}
              </Descriptions.Item>
              <Descriptions.Item label='发布时间'>{formatDateTime(a.publishedAt)}</Descriptions.Item>
              <Descriptions.Item label='摘要' span={2}>
                {a.summary || '-'}
              </Descriptions.Item>
              <Descriptions.Item label='最后修改'>{formatDateTime(a.updatedAt)}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card
            title={
              <Space>
                带来的线索 · 按合伙人
                {summary ? (
                  <Typography.Text type='secondary'>
                    共 {summary.total} 条线索{summary.read < summary.total ? `，统计了最近 ${summary.read} 条` : ''}
                  </Typography.Text>
                ) : null}
              </Space>
            }
            data-testid='activity-partners'
          >
            {partners.error ? (
              <LoadFailure error={partners.error} onRetry={partners.reload} />
            ) : (
              <Table<PartnerRow>
                size='small'
                rowKey={(p) => p.partnerId ?? 0}
                loading={partners.loading}
                pagination={false}
                dataSource={summary?.rows ?? []}
                locale={{ emptyText: '这个活动还没有带来线索' }}
                columns={[
                  {
                    title: '合伙人',
                    dataIndex: 'partnerName',
                    render: (_, p) => <PartnerLink clue={p}>{partnerLabel(p)}</PartnerLink>,
                  },
                  { title: '线索', dataIndex: 'clues', align: 'right' },
                  { title: '成交', dataIndex: 'deals', align: 'right' },
                  { title: '佣金', dataIndex: 'commission', align: 'right', render: (v: number) => formatYuan(v) },
                ]}
              />
            )}
          </Card>
          <ListTable<AdminClue>
            headerTitle='带来的线索'
            columns={clueColumns}
            fixed={{ activityId: String(a.id) }}
            fetch={(state) => cluesApi.list(toServerQuery(state))}
            emptyText='这个活动还没有带来线索'
          />
        </Flex>
        <Card title='手机预览' className='console-preview' extra={<Typography.Text type='secondary'>服务器保存的内容</Typography.Text>}>
          <Space direction='vertical' className='console-full-width'>
            {a.status !== ActivityStatus.published ? <Alert type='info' showIcon message='未发布：合伙人和访客还看不到这个活动' /> : null}
            <ActivityPhone activity={a} />
          </Space>
        </Card>
      </div>
    </PageContainer>
  )
}
