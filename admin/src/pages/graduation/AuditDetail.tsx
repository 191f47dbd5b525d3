/**
 * One graduation audit: its batch, graduation date and counts above three tabs, each its own
 * address (`/graduation/audits/1/conditions`): 毕业预览 (AuditPreview: the students' checklists,
 * 提交审核, 标记条件, 导出), 毕业条件 (the automatic checks, and the conditions the office checks by
 * hand: 添加条件 and 删除 for 毕业 · 编辑) and 基本信息 (the audit; 编辑 for 毕业 · 编辑).
 */
import { Button, Descriptions, Empty, Space, type TableColumnsType, Typography } from 'antd'
import { useNavigate, useParams } from 'react-router-dom'
import { type GraduationAuditRow, type GraduationCondition, graduationAuditApi } from '../../api/graduation'
import { AddButton } from '../../components/AddButton'
import { DetailFrame } from '../../components/DetailFrame'
import { lazyDialog } from '../../components/LazyDialog'
import { WholeListCard } from '../../components/list/ListCard'
import { PageContainer } from '../../components/PageContainer'
import { RemoveAction } from '../../components/RemoveAction'
import { formatDateTime } from '../../format'
import { readListState } from '../../hooks/list-state'
import { useRemote } from '../../hooks/useRemote'
import type { ScreenPreload } from '../../screen-preload'
import { useAccess } from '../../session/access'
import { batchLabel } from '../students/roll'
import { AUTOMATIC_CHECKS, conditionScope, countItems } from './audit'
import { fetchPreview, PreviewTab } from './AuditPreview'

const AuditForm = lazyDialog(() => import('./AuditForms').then((m) => m.AuditForm))
const ConditionForm = lazyDialog(() => import('./AuditForms').then((m) => m.ConditionForm))

const TAB_KEYS = ['preview', 'conditions', 'info'] as const
type Tab = (typeof TAB_KEYS)[number]

/** The audit with its counts (from the list: there is no call for one). */
function load(auditId: number): Promise<GraduationAuditRow> {
  return graduationAuditApi.audits().then((audits) => {
    const audit = audits.find((a) => a.id === auditId)
    if (!audit) throw new Error('毕业审核不存在')
    return audit
  })
}

export const preload: ScreenPreload = ({ params, search }) => {
  const auditId = Number(params.id)
  if (!Number.isInteger(auditId) || auditId <= 0) return
  void load(auditId).catch(() => undefined)
  if ((params.tab ?? 'preview') === 'preview') void fetchPreview(readListState(search), auditId).catch(() => undefined)
}

function ConditionsTab({ audit, onChanged }: { audit: GraduationAuditRow; onChanged: () => void }) {
  const { canEditGraduation } = useAccess()
  const columns: TableColumnsType<GraduationCondition> = [
    { title: '条件名称', dataIndex: 'name' },
    { title: '适用层次', dataIndex: 'programme', width: 160, render: (_, c) => conditionScope(c) },
  ]
  if (canEditGraduation)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, c) => (
        <RemoveAction
          title={`删除条件「${c.name}」？`}
          description='已标记的结果一并删除，学员的毕业预览随之更新。'
          remove={() => graduationAuditApi.removeCondition(c.id)}
          onRemoved={onChanged}
        />
      ),
    })
  return (
    <div className='console-list'>
      <WholeListCard<GraduationCondition>
        title='人工检查的条件'
        tools={
          canEditGraduation ? [<ConditionForm key='new' audit={audit} onSaved={onChanged} trigger={<AddButton>添加条件</AddButton>} />] : []
        }
        onReload={onChanged}
        rowKey='id'
        columns={columns}
        dataSource={[...audit.conditions]}
        scroll={{ x: 480 }}
        locale={{ emptyText: <Empty description='没有人工检查的条件' /> }}
      />
      <Typography.Paragraph type='secondary' className='console-small'>
        系统自动检查：{AUTOMATIC_CHECKS.map((c) => c.name).join('、')}
        {audit.requiredCourses.length ? `（必修课程：${audit.requiredCourses.map((c) => c.title).join('、')}）` : ''}。
        人工条件在「毕业预览」中选择学员后点「标记条件」标记是否满足。
      </Typography.Paragraph>
    </div>
  )
}

function InfoTab({ audit, onChanged }: { audit: GraduationAuditRow; onChanged: () => void }) {
  const { canEditGraduation } = useAccess()
  return (
    <Space direction='vertical' size='middle' className='console-list'>
      <Descriptions
        bordered
        size='small'
        column={1}
        data-testid='graduation-audit-info'
        items={[
          { key: 'title', label: '名称', children: audit.title },
          { key: 'batch', label: '批次', children: batchLabel(audit.batchYear, audit.batch) },
          { key: 'date', label: '毕业日期', children: audit.graduationDate },
          {
            key: 'courses',
            label: '必修课程',
            children: audit.requiredCourses.length ? audit.requiredCourses.map((c) => c.title).join('、') : '无',
          },
          { key: 'createdBy', label: '创建人', children: audit.createdBy },
          { key: 'createdAt', label: '创建时间', children: formatDateTime(audit.createdAt) },
        ]}
      />
      {canEditGraduation ? <AuditForm audit={audit} onSaved={onChanged} trigger={<Button>编辑</Button>} /> : null}
    </Space>
  )
}

export default function AuditDetail() {
  const { id, tab: tabParam } = useParams()
  const navigate = useNavigate()
  const auditId = Number(id)
  const valid = Number.isInteger(auditId) && auditId > 0
  const tab: Tab = (TAB_KEYS as readonly string[]).includes(tabParam ?? '') ? (tabParam as Tab) : 'preview'
  const {
    data: audit,
    error,
    reload,
  } = useRemote(() => (valid ? load(auditId) : Promise.reject(new Error('毕业审核不存在'))), [auditId, valid])
  const back = () => navigate('/graduation/audits')

  if (!audit)
    return (
      <DetailFrame
        title='毕业审核'
        onBack={back}
        list={{ to: '/graduation/audits', label: '返回毕业审核' }}
        error={error}
        onRetry={valid ? reload : undefined}
      />
    )

  return (
    <PageContainer
      title={audit.title}
      onBack={back}
      content={
        <Descriptions
          size='small'
          column={{ xs: 1, sm: 2, md: 3, lg: 3, xl: 3, xxl: 3 }}
          data-testid='graduation-audit-summary'
          items={[
            { key: 'batch', label: '批次', children: batchLabel(audit.batchYear, audit.batch) },
            { key: 'date', label: '毕业日期', children: audit.graduationDate },
            {
              key: 'counts',
              label: '学员',
              children: countItems(audit.counts)
                .map((c) => `${c.label} ${c.value}`)
                .join(' · '),
            },
          ]}
        />
      }
      tabList={[
        { key: 'preview', tab: '毕业预览' },
        { key: 'conditions', tab: `毕业条件（${AUTOMATIC_CHECKS.length + audit.conditions.length}）` },
        { key: 'info', tab: '基本信息' },
      ]}
      tabActiveKey={tab}
      onTabChange={(key) => navigate(`/graduation/audits/${audit.id}/${key}`)}
    >
      {tab === 'preview' ? (
        <PreviewTab audit={audit} onChanged={reload} />
      ) : tab === 'conditions' ? (
        <ConditionsTab audit={audit} onChanged={reload} />
      ) : (
        <InfoTab audit={audit} onChanged={reload} />
      )}
    </PageContainer>
  )
}
