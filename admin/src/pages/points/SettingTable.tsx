/**
 * The table of a points setting (积分途径, 积分等级): its page, every row at once (no pages, no
 * filters), 修改 and 删除 on each row and the add button for 管理员 (access.ts canManagePoints).
 * The texts follow the setting's name: 「积分等级加载失败」, 「还没有积分等级」, 「删除积分等级「…」？」,
 * 「积分等级已删除」.
 */
import { PageContainer } from '../../components/PageContainer'
import { Space, type TableColumnsType } from 'antd'
import { Fragment, type ReactElement, type ReactNode } from 'react'
import { WholeListCard } from '../../components/list/ListCard'
import { type ListColumn, tableColumnOf } from '../../components/list/columns'
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
  /** The setting's own columns (the console's list columns); 操作 is added for 管理员. */
  columns: ListColumn<T>[]
  form: SettingForm<T>
  /** The add button: 新增等级. */
  addLabel: string
  remove: (row: T) => Promise<unknown>
  /** What deleting changes, under the question. */
  removeNote?: string
}) {
  const { canManagePoints } = useAccess()
  const { data, error, loading, reload } = useRemote(load, [])
  const tableColumns: TableColumnsType<T> = columns.map((column, i) => tableColumnOf(column, i))
  if (canManagePoints)
    tableColumns.push({
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, row) => (
        <Space size='middle'>
          {form({ row, onSaved: reload, trigger: <a>修改</a> })}
          <RemoveAction
            title={`删除${name}「${row.name}」？`}
            description={removeNote}
            remove={() => remove(row)}
            onRemoved={reload}
            done={`${name}已删除`}
          />
        </Space>
      ),
    })
  return (
    <PageContainer title={name} subTitle={subTitle}>
      {error ? <LoadFailure title={`${name}加载失败`} error={error} onRetry={reload} className='console-gap-bottom' /> : null}
      <div className='console-list'>
        <WholeListCard<T>
          title={name}
          tools={
            canManagePoints ? [<Fragment key='add'>{form({ onSaved: reload, trigger: <AddButton>{addLabel}</AddButton> })}</Fragment>] : []
          }
          onReload={reload}
          columns={tableColumns}
          dataSource={data?.list ?? []}
          loading={loading}
          locale={{ emptyText: `还没有${name}` }}
        />
      </div>
    </PageContainer>
  )
}
