/**
 * 积分申请: students' applications for an offline way's points with photos, newest first, by
 * status and student. 管理员 approves (the way's points, at once) or refuses with a reason; the
 * student gets a message (积分申请结果) either way.
 */
import { TextAreaField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { PointsApplicationStatus } from '@activity/wire'
import { Empty, Image, Space, Typography } from 'antd'
import { type PointsApplicationRow, pointsApi } from '../../api/points'
import { enumColumn } from '../../components/status'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useAccess } from '../../session/access'
import { POINTS_APPLICATION_STATUS_ENUM } from './enums'
import { TwoLineCell } from '../../components/TwoLineCell'
import { useTableReload } from '../../hooks/useTableReload'

function ReviewForm({ row, approve, onDone }: { row: PointsApplicationRow; approve: boolean; onDone: () => void }) {
  return (
    <SubmitModalForm<{ note?: string }>
      title={`${approve ? '通过' : '驳回'} ${row.name} 的积分申请（${row.wayName}）`}
      trigger={<Typography.Link type={approve ? undefined : 'danger'}>{approve ? '通过' : '驳回'}</Typography.Link>}
      width={480}
      onSubmit={({ note }) => {
        const text = note?.trim()
        return approve ? pointsApi.approve({ id: row.id, note: text || undefined }) : pointsApi.refuse({ id: row.id, note: text ?? '' })
      }}
      success={approve ? '已通过，积分已发放' : '已驳回'}
      onDone={onDone}
    >
      <Typography.Paragraph>{row.description}</Typography.Paragraph>
      <TextAreaField
        name='note'
        label={approve ? '备注（选填）' : '驳回原因'}
        fieldProps={{ maxLength: 200, showCount: true }}
        rules={approve ? [] : [{ required: true, whitespace: true, message: '请填写驳回原因' }]}
      />
    </SubmitModalForm>
  )
}

export default function ApplicationList() {
  const { canManagePoints } = useAccess()
  const { actionRef, reload } = useTableReload()
  const columns: ListColumn<PointsApplicationRow>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '学员姓名、学号或完整手机号' } },
    {
      title: '学员',
      dataIndex: 'name',
      search: false,
      width: 150,
      render: (_, r) => <TwoLineCell main={r.name} sub={r.phone} />,
    },
    { title: '途径', dataIndex: 'wayName', search: false, width: 110 },
    { title: '申请说明', dataIndex: 'description', search: false, ellipsis: true },
    {
      title: '照片',
      dataIndex: 'images',
      search: false,
      width: 120,
      render: (_, r) =>
        r.images.length ? (
          <Image.PreviewGroup>
            <Space size={4}>
              {r.images.map((img, i) => (
                <Image key={img.key} src={img.url} width={40} height={40} alt={`${r.name}的申请照片${i + 1}`} />
              ))}
            </Space>
          </Image.PreviewGroup>
        ) : (
          '—'
        ),
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', width: 90, ...enumColumn(POINTS_APPLICATION_STATUS_ENUM) },
    {
      title: '积分',
      dataIndex: 'points',
      search: false,
      width: 70,
      align: 'right',
      render: (_, r) => (r.points === null ? '—' : `+${r.points}`),
    },
    { title: '审核备注', dataIndex: 'note', search: false, width: 120, ellipsis: true, render: (_, r) => r.note ?? '—' },
    { title: '申请时间', dataIndex: 'createdAt', search: false, width: 160, render: (_, r) => formatDateTime(r.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 110,
      hideInTable: !canManagePoints,
      render: (_, r) =>
        r.status === PointsApplicationStatus.pending
          ? [
              <ReviewForm key='approve' row={r} approve onDone={reload} />,
              <ReviewForm key='refuse' row={r} approve={false} onDone={reload} />,
            ]
          : [],
    },
  ]
  return (
    <PageContainer title='积分申请' subTitle='学员参加线下活动后上传照片申请积分'>
      <ListTable<PointsApplicationRow>
        actionRef={actionRef}
        headerTitle='积分申请'
        columns={columns}
        fetch={(state) => pointsApi.applications(toServerQuery(state))}
        emptyText={<Empty description='没有符合条件的积分申请' />}
      />
    </PageContainer>
  )
}
