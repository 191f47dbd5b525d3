/**
 * A list's card: its title, its tools (新增, 导入, 导出) and 刷新 on one row, then the rows. ListTable
 * draws its pages in one; a list that comes whole in one answer (岗位, 部门, 档位…) is drawn by
 * WholeListCard, an antd Table without pages in one, so every list looks alike.
 */
import { ReloadOutlined } from '@ant-design/icons'
import { Button, Space, Table, type TableProps, Tooltip } from 'antd'
import type { ReactNode } from 'react'

interface ListCardProps {
  title?: ReactNode
  tools?: ReactNode[]
  /** Shows 刷新 (a button named 刷新) when given. */
  onReload?: () => void
}

export function ListCard({ title, tools = [], onReload, children }: ListCardProps & { children: ReactNode }) {
  const shown = tools.filter(Boolean)
  return (
    <div className='console-list__card'>
      {title || shown.length > 0 || onReload ? (
        <div className='console-list__toolbar'>
          <div className='console-list__title'>{title}</div>
          <Space wrap>
            {shown}
            {onReload ? (
              <Tooltip title='刷新'>
                <Button type='text' icon={<ReloadOutlined />} aria-label='刷新' onClick={onReload} />
              </Tooltip>
            ) : null}
          </Space>
        </div>
      ) : null}
      {children}
    </div>
  )
}

/** A list that comes whole in one answer, in its card: every row on one page, keyed by `id` unless told. */
export function WholeListCard<T extends object>({
  title,
  tools,
  onReload,
  ...table
}: ListCardProps & Omit<TableProps<T>, 'title' | 'size' | 'pagination'>) {
  return (
    <ListCard title={title} tools={tools} onReload={onReload}>
      <Table<T> rowKey='id' size='middle' pagination={false} {...table} />
    </ListCard>
  )
}
