/**
 * 部门 (管理员): the office's departments (teams) with their leader and how many operators are in
 * each; add, rename, change the leader, remove an empty one. Operators are put in a department on
 * 操作员 (修改). A department's monthly target is set on 招生目标.
 */
import { SelectField, TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { Space, type TableColumnsType } from 'antd'
import type { ReactElement } from 'react'
import { operatorsApi } from '../../api/operators'
import { type Department, departmentsApi } from '../../api/targets'
import { WholeListCard } from '../../components/list/ListCard'
import { LoadFailure } from '../../components/LoadFailure'
import { RemoveAction } from '../../components/RemoveAction'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { requiredText } from '../../form-rules'
import { saveRecord } from '../../components/record-form'
import { AddButton } from '../../components/AddButton'

interface Values {
  name: string
  leaderId?: number
}

/** Every operator as a select option (the office is small: one page of 100 holds it). */
const leaderOptions = async () =>
  (await operatorsApi.list({ page: '1', size: '100' })).list.map((o) => ({ value: o.id, label: `${o.name}（${o.role}）` }))

function DepartmentForm({ department, trigger, onSaved }: { department?: Department; trigger: ReactElement; onSaved: () => void }) {
  return (
    <SubmitModalForm<Values>
      title={department ? `修改部门「${department.name}」` : '新增部门'}
      trigger={trigger}
      width={440}
      initialValues={department ? { name: department.name, leaderId: department.leaderId ?? undefined } : {}}
      onSubmit={({ name, leaderId }) => {
        const input = { name: name.trim(), leaderId: leaderId ?? null }
        return saveRecord(department, input, departmentsApi.create, departmentsApi.update)
      }}
      success='已保存'
      onDone={onSaved}
    >
      <TextField name='name' label='部门名称' width='md' rules={requiredText('部门名称', 30)} />
      <SelectField name='leaderId' label='负责人' width='md' request={leaderOptions} showSearch allowClear placeholder='可不填' />
    </SubmitModalForm>
  )
}

export default function DepartmentList() {
  const { canManageDepartments } = useAccess()
  // The office has a handful of departments: the whole list comes in one answer.
  const { data, error, loading, reload } = useRemote(() => departmentsApi.list(), [])

  const columns: TableColumnsType<Department> = [
    { title: '部门名称', dataIndex: 'name' },
    { title: '负责人', dataIndex: 'leaderName', render: (_, d) => d.leaderName ?? '-' },
    { title: '成员', dataIndex: 'memberCount', render: (_, d) => `${d.memberCount}人` },
    { title: '创建时间', dataIndex: 'createdAt', render: (_, d) => formatDateTime(d.createdAt) },
  ]
  if (canManageDepartments)
    columns.push({
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_, d) => (
        <Space size='middle'>
          <DepartmentForm department={d} onSaved={reload} trigger={<a>修改</a>} />
          <RemoveAction
            title={`删除部门「${d.name}」？`}
            description='部门的月度目标一并删除；还有成员的部门不能删除。'
            remove={() => departmentsApi.remove(d.id)}
            onRemoved={reload}
          />
        </Space>
      ),
    })

  return (
    <PageContainer title='部门'>
      {error ? <LoadFailure title='部门加载失败' error={error} onRetry={reload} className='console-gap-bottom' /> : null}
      <div className='console-list'>
        <WholeListCard<Department>
          title='部门'
          tools={canManageDepartments ? [<DepartmentForm key='add' onSaved={reload} trigger={<AddButton>新增部门</AddButton>} />] : []}
          onReload={reload}
          loading={loading}
          dataSource={data ?? []}
          columns={columns}
          locale={{ emptyText: '还没有部门' }}
        />
      </div>
    </PageContainer>
  )
}
