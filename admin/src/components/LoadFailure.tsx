/**
 * What a screen (or a part of one) shows when what it loads did not come: what failed, the
 * server's message (or the network's), and 重试. Every list, detail and card uses this one piece.
 *
 * The whole-page failure is drawn here rather than by antd's Result, whose module carries its
 * 403/404/500 pictures (10 KB gzip on every screen) though this one shows only an icon.
 */
import { ExclamationCircleFilled } from '@ant-design/icons'
import { Alert, Button, Space } from 'antd'
import type { ReactNode } from 'react'

export interface LoadFailureProps {
  /** What failed to load (「订单加载失败」); without it the message itself is the title. */
  title?: string
  /** The server's refusal or the network's message. */
  error: string
  /** Without it there is nothing to retry (an address that names nothing). */
  onRetry?: () => void
  /** A small 重试 (inside a table's frame). */
  small?: boolean
  className?: string
  /** The whole screen failed (a detail page, DetailFrame): a result page with 重试 and `extra` (the way back to the list). */
  page?: boolean
  extra?: ReactNode
}

export function LoadFailure({ title, error, onRetry, small = false, className, page = false, extra }: LoadFailureProps) {
  const retry = onRetry ? (
    <Button size={small ? 'small' : undefined} onClick={onRetry}>
      重试
    </Button>
  ) : null
  if (page) {
    return (
      <ResultPage
        className={className}
        title={title ?? error}
        subTitle={title ? error : undefined}
        extra={
          <Space>
            {retry}
            {extra}
          </Space>
        }
      />
    )
  }
  return (
    <Alert
      role='alert'
      type='error'
      showIcon
      className={className}
      message={title ?? error}
      description={title ? error : undefined}
      action={retry}
    />
  )
}

/**
 * A warning drawn as a result page: the icon, the title, what to know and the actions, in antd's
 * Result's look without its module (see above).
 */
export function ResultPage({
  title,
  subTitle,
  extra,
  className,
}: {
  title: ReactNode
  subTitle?: ReactNode
  extra?: ReactNode
  className?: string
}) {
  return (
    <div className={className ? `console-result ${className}` : 'console-result'}>
      <ExclamationCircleFilled className='console-result__icon' />
      <div className='console-result__title'>{title}</div>
      {subTitle ? <div className='console-result__subtitle'>{subTitle}</div> : null}
      {extra ? <div className='console-result__extra'>{extra}</div> : null}
    </div>
  )
}
