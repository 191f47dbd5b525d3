/**
 * A list row's 删除: asks first (what is removed, and what follows from it), then removes; on
 * success says so (`done`) and lets the list reload. A refusal is shown by the API client with the
 * server's message, and the list stays as it was.
 */
import { App, Popconfirm, Typography } from 'antd'
import type { ReactNode } from 'react'

interface Props {
  /** The question: 删除「…」？ */
  title: string
  description?: ReactNode
  remove: () => Promise<unknown>
  onRemoved: () => void
  done?: string
}

export function RemoveAction({ title, description, remove, onRemoved, done = '已删除' }: Props) {
  const { message } = App.useApp()
  return (
    <Popconfirm
      title={title}
      description={description}
      okText='删除'
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        remove().then(
          () => {
            message.success(done)
            onRemoved()
          },
          () => undefined,
        )
      }
    >
      <Typography.Link type='danger'>删除</Typography.Link>
    </Popconfirm>
  )
}
