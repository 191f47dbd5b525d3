/**
 * A list's card: its title, its tools (新增, 导入, 导出) and 刷新 on one row, then the rows. ListTable
 * draws its pages in one; a screen whose whole list comes in one answer (岗位) draws an antd Table
 * in one too, so every list looks alike.
 */
import { ReloadOutlined } from '@ant-design/icons'
import { Button, Space, Tooltip } from 'antd'
import type { ReactNode } from 'react'

export function ListCard({
  title,
  tools = [],
  onReload,
  children,
}: {
  title?: ReactNode
  tools?: ReactNode[]
  /** Shows 刷新 (a button named 刷新) when given. */
  onReload?: () => void
  children: ReactNode
}) {
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
