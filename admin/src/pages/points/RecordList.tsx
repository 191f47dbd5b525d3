/**
 * 积分记录: every student's points changes, newest first, by student, type and way; 管理员 adjusts
 * a student's points by hand (人工调整, never below 0) with a reason.
 */
import { NumberField, SelectField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { Empty, Typography } from 'antd'
import { useRef } from 'react'
import { type PointsAdjust, type PointsRecordRow, pointsApi } from '../../api/points'
import { studentsApi } from '../../api/students'
import { enumColumn } from '../../components/status'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { ListTable, type ListColumn, type ListAction } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { POINTS_RECORD_TYPE_ENUM, POINTS_WAY_KIND_ENUM, signed } from './enums'
import { requiredText } from '../../form-rules'
import { TwoLineCell } from '../../components/TwoLineCell'
import { AddButton } from '../../components/AddButton'

function AdjustForm({ onSaved }: { onSaved: () => void }) {
  return (
    <SubmitModalForm<PointsAdjust, number>
      title='人工调整积分'
      trigger={<AddButton>人工调整</AddButton>}
      width={480}
      onSubmit={async (values) => (await pointsApi.adjust({ ...values, note: values.note.trim() })).balance}
      success={(balance) => `积分已调整，当前余额 ${balance}`}
      onDone={onSaved}
    >
      <SelectField
        name='studentId'
        label='学员'
        width='md'
        showSearch
        debounceTime={300}
        placeholder='输入姓名、学号或完整手机号搜索'
        request={async ({ keyWords }: { keyWords?: string }) =>
          (await studentsApi.list({ keyword: keyWords || undefined, page: 1, size: 20 })).list.map((s) => ({
            label: `${s.name}（${s.phone}）`,
            value: s.id,
          }))
        }
        rules={[{ required: true, message: '请选择学员' }]}
      />
      <NumberField
        name='change'
        label='调整积分'
        width='sm'
        min={-1000000}
        max={1000000}
        fieldProps={{ precision: 0 }}
        extra='正数增加，负数扣减；扣减后不能小于0'
        rules={[
          { required: true, message: '请填写调整积分' },
          { validator: async (_: unknown, v: unknown) => (v === 0 ? Promise.reject(new Error('调整积分不能为0')) : undefined) },
        ]}
      />
      <TextField name='note' label='调整原因' width='md' rules={requiredText('调整原因', 100, '个字')} />
    </SubmitModalForm>
  )
}

export default function RecordList() {
  const { canManagePoints } = useAccess()
  const actionRef = useRef<ListAction>(undefined)
  const columns: ListColumn<PointsRecordRow>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '学员姓名、学号或完整手机号' } },
    {
      title: '学员',
      dataIndex: 'name',
      search: false,
      width: 150,
      render: (_, r) => <TwoLineCell main={r.name} sub={r.studentNo || null} />,
    },
    { title: '类型', dataIndex: 'type', valueType: 'select', width: 100, ...enumColumn(POINTS_RECORD_TYPE_ENUM) },
    {
      title: '途径',
      dataIndex: 'wayKind',
      valueType: 'select',
      width: 110,
      valueEnum: POINTS_WAY_KIND_ENUM,
      render: (_, r) => r.wayKind ?? '—',
    },
    {
      title: '积分变动',
      dataIndex: 'change',
      search: false,
      align: 'right',
      width: 100,
      render: (_, r) => <Typography.Text type={r.change > 0 ? 'success' : 'danger'}>{signed(r.change)}</Typography.Text>,
    },
    { title: '变动后余额', dataIndex: 'balanceAfter', search: false, align: 'right', width: 110 },
    { title: '说明', dataIndex: 'note', search: false, ellipsis: true },
    { title: '操作员', dataIndex: 'adminName', search: false, width: 100, render: (_, r) => r.adminName ?? '—' },
    { title: '时间', dataIndex: 'createdAt', search: false, width: 160, render: (_, r) => formatDateTime(r.createdAt) },
  ]
  return (
    <PageContainer title='积分记录' subTitle='学员积分的每一笔变动，余额始终等于记录之和'>
      <ListTable<PointsRecordRow>
        actionRef={actionRef}
        headerTitle='积分记录'
        columns={columns}
        fetch={(state) => pointsApi.records(toServerQuery(state))}
        emptyText={<Empty description='没有符合条件的积分记录' />}
        scroll={{ x: 1000 }}
        toolBarRender={() => (canManagePoints ? [<AdjustForm key='adjust' onSaved={() => void actionRef.current?.reload()} />] : [])}
      />
    </PageContainer>
  )
}
