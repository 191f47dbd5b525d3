/**
 * The table of a points setting (积分途径, 积分等级): its page, every row at once (no pages, no
 * filters), 修改 and 删除 on each row and the add button for 管理员 (access.ts canManagePoints).
 * The texts follow the setting's name: 「积分等级加载失败」, 「还没有积分等级」, 「删除积分等级「…」？」,
 * 「积分等级已删除」.
 */
import { ProTable, type ProColumns } from '@ant-design/pro-components'
import { PageContainer } from '../../components/PageContainer'
import { Fragment, type ReactElement, type ReactNode } from 'react'
import { LoadFailure } from '../../components/LoadFailure'
import { RemoveAction } from '../../components/RemoveAction'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { AddButton } from '../../components/AddButton'

/** A form that adds a row (no `row`) or changes one, opened by `trigger`. */
export type SettingForm<T> = (props: { row?: T; trigger: ReactElement; onSaved: () => void }) => ReactNode

export function SettingTable<T extends { id: number; name: string }>({
  name,
  subTitle,
  load,
  columns,
  form,
  addLabel,
  remove,
  removeNote,
}: {
  /** The setting's name: page title, table title and the texts above (积分等级). */
  name: string
  subTitle: string
  load: () => Promise<{ list: T[] }>
  /** The setting's own columns; 操作 is added for 管理员. */
  columns: ProColumns<T>[]
  form: SettingForm<T>
  /** The add button: 新增等级. */
  addLabel: string
  remove: (row: T) => Promise<unknown>
  /** What deleting changes, under the question. */
  removeNote?: string
}) {
  const { canManagePoints } = useAccess()
  const { data, error, loading, reload } = useRemote(load, [])
  const actions: ProColumns<T> = {
    title: '操作',
    valueType: 'option',
    width: 120,
    hideInTable: !canManagePoints,
    render: (_, row) => [
      <Fragment key='edit'>{form({ row, onSaved: reload, trigger: <a>修改</a> })}</Fragment>,
      <RemoveAction
        key='remove'
        title={`删除${name}「${row.name}」？`}
        description={removeNote}
        remove={() => remove(row)}
        onRemoved={reload}
        done={`${name}已删除`}
      />,
    ],
  }
  return (
    <PageContainer title={name} subTitle={subTitle}>
      {error ? <LoadFailure title={`${name}加载失败`} error={error} onRetry={reload} className='console-gap-bottom' /> : null}
      <ProTable<T>
        rowKey='id'
        headerTitle={name}
        columns={[...columns, actions]}
        dataSource={data?.list ?? []}
        loading={loading}
        search={false}
        pagination={false}
        options={{ density: false, setting: false, reload }}
        locale={{ emptyText: `还没有${name}` }}
        toolBarRender={() =>
          canManagePoints
            ? [
                <Fragment key='add'>
                  {form({
                    onSaved: reload,
                    trigger: <AddButton>{addLabel}</AddButton>,
                  })}
                </Fragment>,
              ]
            : []
        }
      />
    </PageContainer>
  )
}
