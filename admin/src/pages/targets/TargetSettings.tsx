/**
 * 招生目标 (管理员): a month's targets, a row per teacher and per department: how many clues to
 * follow up and how many deals to close. 设置 edits a row; saving replaces that month's target.
 */
import { LoadingOutlined } from '@ant-design/icons'
import { PageContainer } from '../../components/PageContainer'
import { App, Button, Form, InputNumber, Space, Table, type TableColumnsType, Typography } from 'antd'
import { Link } from 'react-router-dom'
import { useState } from 'react'
import { type TargetList, targetsApi } from '../../api/targets'
import { ListCard } from '../../components/list/ListCard'
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

type Targets = Pick<Row, 'followTarget' | 'dealTarget'>

/** A target's cell: its number, or, in the row being set, its input (validated before 保存). */
function targetCell(field: keyof Targets, label: string, editing: boolean, value: number | null) {
  if (editing)
    return (
      <Form.Item name={field} rules={targetRules(label)} className='console-flush'>
        <InputNumber min={0} precision={0} aria-label={label} className='console-full-width' />
      </Form.Item>
    )
  return value ?? <Typography.Text type='secondary'>未设置</Typography.Text>
}

export default function TargetSettings() {
  const { message } = App.useApp()
  const [month, setMonth] = useMonth()
  const { data, error, loading, reload } = useRemote(() => targetsApi.list(month), [month])
  // One row is set at a time; 设置 on another row moves the inputs there.
  const [form] = Form.useForm<Targets>()
  const [editing, setEditing] = useState<string>()
  const [saving, setSaving] = useState(false)

  const edit = (row: Row) => {
    form.setFieldsValue({ followTarget: row.followTarget, dealTarget: row.dealTarget })
    setEditing(row.key)
  }
  const cancel = () => {
    setEditing(undefined)
    form.resetFields()
  }
  const save = async (row: Row) => {
    const values = await form.validateFields().catch(() => undefined)
    if (!values) return
    setSaving(true)
    try {
      await targetsApi.set({
        month,
        ...(row.kind === '老师' ? { adminId: row.ownerId } : { departmentId: row.ownerId }),
        followTarget: Number(values.followTarget),
        dealTarget: Number(values.dealTarget),
      })
      message.success(`已设置「${row.name}」${month}的目标`)
      cancel()
      reload()
    } catch {
      // The client has shown why; the row stays open to try again.
    } finally {
      setSaving(false)
    }
  }

  const columns: TableColumnsType<Row> = [
    { title: '类型', dataIndex: 'kind', width: 70 },
    { title: '名称', dataIndex: 'name' },
    {
      title: '部门',
      dataIndex: 'departmentName',
      render: (_, r) => (r.kind === '部门' ? '-' : (r.departmentName ?? '未分配')),
    },
    {
      title: '跟进目标（条）',
      dataIndex: 'followTarget',
      render: (_, r) => targetCell('followTarget', '跟进目标', r.key === editing, r.followTarget),
    },
    {
      title: '成交目标（单）',
      dataIndex: 'dealTarget',
      render: (_, r) => targetCell('dealTarget', '成交目标', r.key === editing, r.dealTarget),
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, r) =>
        r.key === editing ? (
          <Space size='middle'>
            <a onClick={saving ? undefined : () => void save(r)}>{saving ? <LoadingOutlined /> : null}保存</a>
            <a onClick={cancel}>取消</a>
          </Space>
        ) : (
          <a data-testid={`set-target-${r.key}`} onClick={() => edit(r)}>
            设置
          </a>
        ),
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
          <MonthPicker
            month={month}
            onChange={(m) => {
              cancel()
              setMonth(m)
            }}
          />
          <Link to={`/targets?month=${month}`}>
            <Button>查看目标看板</Button>
          </Link>
        </Space>
      }
    >
      <div className='console-list'>
        <ListCard title={`${month} 月度目标`}>
          {/* The edited row's inputs in one form store, without a <form> element: Enter in an input submits nothing. */}
          <Form form={form} component={false}>
            <Table<Row>
              rowKey='key'
              size='middle'
              loading={loading}
              dataSource={data ? rowsOf(data) : []}
              columns={columns}
              pagination={false}
              locale={{ emptyText: '还没有招生老师或部门' }}
            />
          </Form>
        </ListCard>
      </div>
    </PageContainer>
  )
}
