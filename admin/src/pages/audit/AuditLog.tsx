/**
 * 操作日志 (管理员): every operator write, newest first, filtered by operator, action, record and
 * date; each entry's before → after as readable rows.
 */
import { PageContainer } from '../../components/PageContainer'
import { AuditAction } from '@activity/wire'
import { Space, Tag, Typography } from 'antd'
import { Link } from 'react-router-dom'
import { type AuditLog as Entry, auditApi } from '../../api/audit'
import { operatorsApi } from '../../api/operators'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { describeChange, ENTITY_TYPES } from './audit-change'

const RANGES = { created: ['dateFrom', 'dateTo'] } as const
const ARRAY_KEYS = ['created'] as const

/** Where an audited record can be opened. */
function entityLink(entry: Entry) {
  const label = `${ENTITY_TYPES[entry.entityType] ?? entry.entityType} ${entry.entityId}`
  if (!/^\d+$/.test(entry.entityId)) return label
  if (entry.entityType === 'partner') return <Link to={`/partners/${entry.entityId}`}>{label}</Link>
  if (entry.entityType === 'clue') return <Link to={`/clues/${entry.entityId}`}>{label}</Link>
  return label
}

function Change({ entry }: { entry: Entry }) {
  const rows = describeChange(entry.before, entry.after)
  if (rows.length === 0) return <Typography.Text type='secondary'>-</Typography.Text>
  return (
    <Space direction='vertical' size={0} data-testid='audit-change'>
      {rows.map((row) => (
        <span key={row.field}>
          <Typography.Text type='secondary'>{row.label}：</Typography.Text>
          {row.changed ? (
            <>
              <Typography.Text delete={row.before !== '-'}>{row.before}</Typography.Text> →{' '}
              <Typography.Text strong>{row.after}</Typography.Text>
            </>
          ) : (
            <span>{row.after}</span>
          )}
        </span>
      ))}
    </Space>
  )
}

export default function AuditLog() {
  const columns: ListColumn<Entry>[] = [
    { title: '时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, e) => formatDateTime(e.createdAt) },
    {
      title: '操作人',
      dataIndex: 'adminId',
      valueType: 'select',
      width: 140,
      request: async () =>
        (await operatorsApi.list({ size: 100 })).list.map((a) => ({ label: `${a.name}（${a.role}）`, value: String(a.id) })),
      fieldProps: { showSearch: true, allowClear: true },
      render: (_, e) => (
        <span>
          {e.adminName}
          <Typography.Text type='secondary'>（{e.adminRole}）</Typography.Text>
        </span>
      ),
    },
    {
      title: '操作',
      dataIndex: 'action',
      valueType: 'select',
      width: 120,
      fieldProps: {
        showSearch: true,
        allowClear: true,
        options: Object.entries(AuditAction).map(([value, label]) => ({ label, value })),
      },
      render: (_, e) => <Tag color='blue'>{e.actionLabel}</Tag>,
    },
    {
      title: '对象类型',
      dataIndex: 'entityType',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { allowClear: true, options: Object.entries(ENTITY_TYPES).map(([value, label]) => ({ label, value })) },
    },
    { title: '对象编号', dataIndex: 'entityId', hideInTable: true },
    { title: '对象', dataIndex: 'entity', search: false, width: 110, render: (_, e) => entityLink(e) },
    {
      title: '内容',
      dataIndex: 'summary',
      search: false,
      ellipsis: false,
      // The step-up (身份验证) a high-risk action ran under: the same number as its 身份验证 entry's object.
      render: (_, e) =>
        e.stepUpId && e.action !== 'stepUp.confirm' ? (
          <>
            {e.summary}{' '}
            <Link to={`/audit?entityType=stepUp&entityId=${e.stepUpId}`}>
              <Tag className='console-tag-tight'>身份验证 #{e.stepUpId}</Tag>
            </Link>
          </>
        ) : (
          e.summary
        ),
    },
    { title: '变更（前 → 后）', dataIndex: 'change', search: false, width: 280, render: (_, e) => <Change entry={e} /> },
    { title: '日期', dataIndex: 'created', valueType: 'dateRange', hideInTable: true },
  ]

  return (
    <PageContainer title='操作日志' content='每一次后台写操作都记录在这里，与操作在同一事务中写入，不可修改。'>
      <ListTable<Entry>
        headerTitle='操作记录'
        columns={columns}
        arrayKeys={ARRAY_KEYS}
        emptyText='没有符合条件的操作记录'
        fetch={(s) => auditApi.list(toServerQuery(s, { ranges: RANGES }))}
      />
    </PageContainer>
  )
}
