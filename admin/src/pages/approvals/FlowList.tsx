/**
 * 审批流程: each kind of request (请假, 学籍变更) with its flow: the steps in order (whom each asks,
 * 或签 or 会签, and for a leave from how many days), the copies, when a step is overdue and how
 * long an approved request may be revoked. Those with 审批 · 流程设置 change a flow (修改流程); a
 * kind never changed follows the default flow.
 */
import { ApprovalMode } from '@activity/wire'
import { Button, Card, Descriptions, Empty, Skeleton, Table, Tag, Typography } from 'antd'
import type { ReactNode } from 'react'
import { type Flow, flowsApi } from '../../api/approvals'
import { lazyDialog } from '../../components/LazyDialog'
import { LoadFailure } from '../../components/LoadFailure'
import { PageContainer } from '../../components/PageContainer'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { conditionText, namedInFlows, takesDays } from './flow-form'

const FlowForm = lazyDialog(() => import('./FlowForm').then((m) => m.FlowForm))

function FlowCard({ flow, extra }: { flow: Flow; extra: ReactNode }) {
  return (
    <Card title={`${flow.kindName}审批`} className='console-gap-bottom' data-testid={`flow-${flow.kind}`} extra={extra}>
      <Table<Flow['steps'][number]>
        size='small'
        rowKey='name'
        pagination={false}
        className='console-gap-bottom'
        dataSource={flow.steps}
        columns={[
          { title: '步骤', key: 'seq', width: 70, render: (_, _s, i) => `第${i + 1}步` },
          { title: '名称', dataIndex: 'name' },
          { title: '审批人', dataIndex: 'approverName' },
          { title: '方式', dataIndex: 'mode', width: 90, render: (_, s) => ApprovalMode[s.mode as ApprovalMode] ?? s.mode },
          ...(takesDays(flow.kind)
            ? [{ title: '何时需要', key: 'minDays', render: (_: unknown, s: Flow['steps'][number]) => conditionText(s.minDays) }]
            : []),
        ]}
      />
      <Descriptions size='small' column={3}>
        <Descriptions.Item label='抄送'>{flow.cc.length ? flow.cc.map((c) => c.approverName).join('、') : '不抄送'}</Descriptions.Item>
        <Descriptions.Item label='超时提醒'>{`每步 ${flow.overdueHours} 小时未处理标为超时`}</Descriptions.Item>
        <Descriptions.Item label='可撤销'>{flow.revokeDays > 0 ? `通过后 ${flow.revokeDays} 天内` : '不能撤销'}</Descriptions.Item>
        <Descriptions.Item label='流程'>
          {flow.custom ? (
            <Typography.Text type='secondary'>{`修改于 ${formatDateTime(flow.updatedAt)}`}</Typography.Text>
          ) : (
            <Tag>默认流程</Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  )
}

export default function FlowList() {
  const { canEditApprovalFlows } = useAccess()
  const { data, error, loading, reload } = useRemote(() => flowsApi.list(), [])
  const known = namedInFlows(data ?? [])
  return (
    <PageContainer title='审批流程' subTitle={canEditApprovalFlows ? '每类申请的审批步骤、抄送与时限' : '只读'}>
      {error ? <LoadFailure title='审批流程加载失败' error={error} onRetry={reload} className='console-gap-bottom' /> : null}
      {loading && !data ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {data?.length === 0 ? <Empty description='没有审批类型' /> : null}
      {data?.map((flow) => (
        <FlowCard
          key={flow.kind}
          flow={flow}
          extra={
            canEditApprovalFlows ? (
              <FlowForm
                flow={flow}
                known={known}
                onSaved={reload}
                trigger={<Button data-testid={`edit-flow-${flow.kind}`}>修改流程</Button>}
              />
            ) : null
          }
        />
      ))}
    </PageContainer>
  )
}
