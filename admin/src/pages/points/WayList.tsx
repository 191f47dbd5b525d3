/**
 * 积分途径: how students earn (one way per kind), each with its points, a daily cap (0: none) and
 * whether it is on. Every role reads; 管理员 adds, changes and deletes (access.ts canManagePoints).
 */
import { PlusOutlined } from '@ant-design/icons'
import {
  ModalForm,
  PageContainer,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProTable,
  type ProColumns,
} from '@ant-design/pro-components'
import { POINTS_WAY_KINDS, PointsWayKind } from '@activity/wire'
import { App, Button, Tag } from 'antd'
import type { ReactElement } from 'react'
import { type PointsWay, type PointsWayInput, pointsApi } from '../../api/points'
import { LoadFailure } from '../../components/LoadFailure'
import { RemoveAction } from '../../components/RemoveAction'
import { enumColumn } from '../../components/status'
import { useRemote } from '../../hooks/useRemote'
import { useSubmission } from '../../hooks/useSubmission'
import { useAccess } from '../../session/access'
import { POINTS_WAY_KIND_ENUM } from './enums'

const KIND_HINT: Record<PointsWayKind, string> = {
  [PointsWayKind.checkIn]: '学员每天签到一次',
  [PointsWayKind.studyTime]: '当天每学习满30分钟得一次',
  [PointsWayKind.examPassed]: '每份试卷首次及格得一次',
  [PointsWayKind.referral]: '推荐的线索转为学员时，推荐合伙人的学员身份得一次',
  [PointsWayKind.offline]: '学员上传照片申请，审核通过后得分',
}

function WayForm({ way, trigger, onSaved }: { way?: PointsWay; trigger: ReactElement; onSaved: () => void }) {
  const { message } = App.useApp()
  const { submit, shown, clear } = useSubmission()
  return (
    <ModalForm<PointsWayInput>
      title={way ? `修改积分途径「${way.name}」` : '新增积分途径'}
      trigger={trigger}
      width={520}
      modalProps={{ destroyOnHidden: true, onCancel: clear }}
      initialValues={way ?? { enabled: true, dailyCap: 0 }}
      onValuesChange={clear}
      onFinish={async (values) => {
        const input = { ...values, name: values.name.trim(), description: values.description ?? '' }
        const done = await submit(() => (way ? pointsApi.updateWay({ id: way.id, ...input }) : pointsApi.createWay(input)))
        if (!done) return false
        message.success(way ? '积分途径已修改' : '积分途径已新增')
        onSaved()
        return true
      }}
    >
      {shown}
      <ProFormSelect
        name='kind'
        label='途径类型'
        width='md'
        options={POINTS_WAY_KINDS.map((k) => ({ label: `${k}（${KIND_HINT[k]}）`, value: k }))}
        rules={[{ required: true, message: '请选择途径类型' }]}
      />
      <ProFormText
        name='name'
        label='途径名称'
        width='md'
        rules={[
          { required: true, whitespace: true, message: '请填写途径名称' },
          { max: 30, message: '途径名称不能超过30个字' },
        ]}
      />
      <ProFormDigit
        name='points'
        label='每次积分'
        width='sm'
        min={1}
        max={100000}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请填写积分' }]}
      />
      <ProFormDigit
        name='dailyCap'
        label='每日上限'
        width='sm'
        min={0}
        max={1000}
        fieldProps={{ precision: 0, addonAfter: '次' }}
        extra='按北京时间自然日计算，0 表示不限'
      />
      <ProFormSwitch name='enabled' label='启用' />
      <ProFormTextArea name='description' label='说明' fieldProps={{ maxLength: 200, showCount: true }} />
    </ModalForm>
  )
}

export default function WayList() {
  const { canManagePoints } = useAccess()
  const { data, error, loading, reload } = useRemote(() => pointsApi.ways(), [])
  const columns: ProColumns<PointsWay>[] = [
    { title: '途径类型', dataIndex: 'kind', width: 110, ...enumColumn(POINTS_WAY_KIND_ENUM) },
    { title: '途径名称', dataIndex: 'name' },
    { title: '每次积分', dataIndex: 'points', align: 'right', width: 100 },
    { title: '每日上限', dataIndex: 'dailyCap', align: 'right', width: 100, render: (_, w) => (w.dailyCap ? `${w.dailyCap} 次` : '不限') },
    { title: '状态', dataIndex: 'enabled', width: 90, render: (_, w) => (w.enabled ? <Tag color='green'>启用</Tag> : <Tag>停用</Tag>) },
    { title: '说明', dataIndex: 'description', ellipsis: true },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      hideInTable: !canManagePoints,
      render: (_, way) => [
        <WayForm key='edit' way={way} onSaved={reload} trigger={<a>修改</a>} />,
        <RemoveAction
          key='remove'
          title={`删除积分途径「${way.name}」？`}
          description='已获得的积分不受影响；有积分申请的途径不能删除，请停用。'
          remove={() => pointsApi.removeWay(way.id)}
          onRemoved={reload}
          done='积分途径已删除'
        />,
      ],
    },
  ]
  return (
    <PageContainer title='积分途径' subTitle='学员获得积分的方式，每种类型一条'>
      {error ? <LoadFailure title='积分途径加载失败' error={error} onRetry={reload} className='console-gap-bottom' /> : null}
      <ProTable<PointsWay>
        rowKey='id'
        headerTitle='积分途径'
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        search={false}
        pagination={false}
        options={{ density: false, setting: false, reload }}
        locale={{ emptyText: '还没有积分途径' }}
        toolBarRender={() =>
          canManagePoints
            ? [
                <WayForm
                  key='add'
                  onSaved={reload}
                  trigger={
                    <Button type='primary' icon={<PlusOutlined />}>
                      新增途径
                    </Button>
                  }
                />,
              ]
            : []
        }
      />
    </PageContainer>
  )
}
