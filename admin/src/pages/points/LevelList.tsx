/**
 * 积分等级: a student's level is the highest one whose points their lifetime points reach. Every
 * role reads; 管理员 adds, changes and deletes (access.ts canManagePoints).
 */
import { PlusOutlined } from '@ant-design/icons'
import { ModalForm, PageContainer, ProFormDigit, ProFormText, ProTable, type ProColumns } from '@ant-design/pro-components'
import { App, Button } from 'antd'
import type { ReactElement } from 'react'
import { type PointsLevel, type PointsLevelInput, pointsApi } from '../../api/points'
import { LoadFailure } from '../../components/LoadFailure'
import { RemoveAction } from '../../components/RemoveAction'
import { useRemote } from '../../hooks/useRemote'
import { useSubmission } from '../../hooks/useSubmission'
import { useAccess } from '../../session/access'

function LevelForm({ level, trigger, onSaved }: { level?: PointsLevel; trigger: ReactElement; onSaved: () => void }) {
  const { message } = App.useApp()
  const { submit, shown, clear } = useSubmission()
  return (
    <ModalForm<PointsLevelInput>
      title={level ? `修改积分等级「${level.name}」` : '新增积分等级'}
      trigger={trigger}
      width={440}
      modalProps={{ destroyOnHidden: true, onCancel: clear }}
      initialValues={level}
      onValuesChange={clear}
      onFinish={async (values) => {
        const input = { name: values.name.trim(), minPoints: values.minPoints }
        const done = await submit(() => (level ? pointsApi.updateLevel({ id: level.id, ...input }) : pointsApi.createLevel(input)))
        if (!done) return false
        message.success(level ? '积分等级已修改' : '积分等级已新增')
        onSaved()
        return true
      }}
    >
      {shown}
      <ProFormText
        name='name'
        label='等级名称'
        width='md'
        placeholder='如 青铜学员'
        rules={[
          { required: true, whitespace: true, message: '请填写等级名称' },
          { max: 20, message: '等级名称不能超过20个字' },
        ]}
      />
      <ProFormDigit
        name='minPoints'
        label='所需累计积分'
        width='sm'
        min={0}
        max={100000000}
        fieldProps={{ precision: 0 }}
        extra='学员累计获得的积分（兑换不减少）达到这个数即为该等级'
        rules={[{ required: true, message: '请填写所需积分' }]}
      />
    </ModalForm>
  )
}

export default function LevelList() {
  const { canManagePoints } = useAccess()
  const { data, error, loading, reload } = useRemote(() => pointsApi.levels(), [])
  const columns: ProColumns<PointsLevel>[] = [
    { title: '等级名称', dataIndex: 'name' },
    { title: '所需累计积分', dataIndex: 'minPoints', align: 'right', render: (_, l) => `≥ ${l.minPoints}` },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      hideInTable: !canManagePoints,
      render: (_, level) => [
        <LevelForm key='edit' level={level} onSaved={reload} trigger={<a>修改</a>} />,
        <RemoveAction
          key='remove'
          title={`删除积分等级「${level.name}」？`}
          remove={() => pointsApi.removeLevel(level.id)}
          onRemoved={reload}
          done='积分等级已删除'
        />,
      ],
    },
  ]
  return (
    <PageContainer title='积分等级' subTitle='按累计获得的积分定等级'>
      {error ? <LoadFailure title='积分等级加载失败' error={error} onRetry={reload} className='console-gap-bottom' /> : null}
      <ProTable<PointsLevel>
        rowKey='id'
        headerTitle='积分等级'
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        search={false}
        pagination={false}
        options={{ density: false, setting: false, reload }}
        locale={{ emptyText: '还没有积分等级' }}
        toolBarRender={() =>
          canManagePoints
            ? [
                <LevelForm
                  key='add'
                  onSaved={reload}
                  trigger={
                    <Button type='primary' icon={<PlusOutlined />}>
                      新增等级
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
