/**
 * 招生目标 (管理员): a month's targets, a row per teacher and per department: how many clues to
 * follow up and how many deals to close. 设置 edits a row; saving replaces that month's target.
 */
import { EditableProTable, type ProColumns } from '@ant-design/pro-components'
import { PageContainer } from '../../components/PageContainer'
import { App, Button, Space, Typography } from 'antd'
import { Link } from 'react-router-dom'
import { type Key, useState } from 'react'
import { type TargetList, targetsApi } from '../../api/targets'
import { LoadFailure } from '../../components/LoadFailure'
import { useRemote } from '../../hooks/useRemote'
import { MonthPicker, useMonth } from './month'

interface Row {
  key: string
  kind: '老师' | '部门'
  ownerId: number
  name: string
  departmentName: string | null
  followTarget: number | null
  dealTarget: number | null
}

const rowsOf = (list: TargetList): Row[] => [
  ...list.teachers.map((t) => ({
    key: `t${t.adminId}`,
    kind: '老师' as const,
    ownerId: t.adminId,
    name: t.name,
    departmentName: t.departmentName,
    followTarget: t.followTarget,
    dealTarget: t.dealTarget,
  })),
  ...list.departments.map((d) => ({
    key: `d${d.departmentId}`,
    kind: '部门' as const,
    ownerId: d.departmentId,
    name: d.name,
    departmentName: null,
    followTarget: d.followTarget,
    dealTarget: d.dealTarget,
  })),
]

const targetRules = (label: string) => [
  { required: true, message: `请填写${label}` },
  { type: 'integer' as const, min: 0, max: 100000, message: `${label}为0-100000的整数` },
]

export default function TargetSettings() {
  const { message } = App.useApp()
  const [month, setMonth] = useMonth()
  const { data, error, loading, reload } = useRemote(() => targetsApi.list(month), [month])
  const [editing, setEditing] = useState<Key[]>([])

  const columns: ProColumns<Row>[] = [
    { title: '类型', dataIndex: 'kind', editable: false, width: 70 },
    { title: '名称', dataIndex: 'name', editable: false },
    {
      title: '部门',
      dataIndex: 'departmentName',
      editable: false,
      render: (_, r) => (r.kind === '部门' ? '-' : (r.departmentName ?? '未分配')),
    },
    {
      title: '跟进目标（条）',
      dataIndex: 'followTarget',
      valueType: 'digit',
      fieldProps: { min: 0, precision: 0, 'aria-label': '跟进目标' },
      formItemProps: { rules: targetRules('跟进目标') },
      render: (_, r) => r.followTarget ?? <Typography.Text type='secondary'>未设置</Typography.Text>,
    },
    {
      title: '成交目标（单）',
      dataIndex: 'dealTarget',
      valueType: 'digit',
      fieldProps: { min: 0, precision: 0, 'aria-label': '成交目标' },
      formItemProps: { rules: targetRules('成交目标') },
      render: (_, r) => r.dealTarget ?? <Typography.Text type='secondary'>未设置</Typography.Text>,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 140,
      render: (_, r, __, action) => [
        <a key='edit' data-testid={`set-target-${r.key}`} onClick={() => action?.startEditable?.(r.key)}>
          设置
        </a>,
      ],
    },
  ]

  if (error && !data) {
    return (
      <PageContainer title='招生目标'>
        <LoadFailure title='招生目标加载失败' error={error} onRetry={reload} />
      </PageContainer>
    )
  }

  return (
    <PageContainer
      title='招生目标'
      extra={
        <Space>
          <MonthPicker month={month} onChange={setMonth} />
          <Link to={`/targets?month=${month}`}>
            <Button>查看目标看板</Button>
          </Link>
        </Space>
      }
    >
      <EditableProTable<Row>
        rowKey='key'
        headerTitle={`${month} 月度目标`}
        loading={loading}
        value={data ? rowsOf(data) : []}
        columns={columns}
        recordCreatorProps={false}
        locale={{ emptyText: '还没有招生老师或部门' }}
        editable={{
          type: 'single',
          editableKeys: editing,
          onChange: setEditing,
          actionRender: (_, __, doms) => [doms.save, doms.cancel],
          onSave: async (_, row) => {
            await targetsApi.set({
              month,
              ...(row.kind === '老师' ? { adminId: row.ownerId } : { departmentId: row.ownerId }),
              followTarget: Number(row.followTarget),
              dealTarget: Number(row.dealTarget),
            })
            message.success(`已设置「${row.name}」${month}的目标`)
            reload()
          },
        }}
      />
    </PageContainer>
  )
}
