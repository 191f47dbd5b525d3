/**
 * A table cell of two lines: what the row is (a name, a time) over a grey line that says more (the
 * phone, the student number, the end time). No second line when `sub` is null or left out.
 */
import { Space, Typography } from 'antd'
import type { ReactNode } from 'react'

export function TwoLineCell({ main, sub }: { main: ReactNode; sub?: ReactNode }) {
  return (
    <Space direction='vertical' size={0}>
      <span>{main}</span>
      {sub === null || sub === undefined ? null : <Typography.Text type='secondary'>{sub}</Typography.Text>}
    </Space>
  )
}
