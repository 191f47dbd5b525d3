/** A figure against its target as a progress bar: 12 / 20 and 60%; without a target, the figure alone. */
import { Progress, Space, Typography } from 'antd'

export function TargetProgress({
  value,
  target,
  percent,
  testId,
}: {
  value: number
  target: number | null
  percent: number | null
  testId?: string
}) {
  if (target === null || percent === null)
    return (
      <Space size={4} data-testid={testId}>
        <span className='console-figure'>{value}</span>
        <Typography.Text type='secondary'>（未设目标）</Typography.Text>
      </Space>
    )
  return (
    <div data-testid={testId}>
      <span className='console-figure'>
        {value} / {target}
      </span>
      <Progress
        percent={Math.min(percent, 100)}
        format={() => `${percent}%`}
        status={percent >= 100 ? 'success' : 'normal'}
        size='small'
        aria-label={`完成${percent}%`}
      />
    </div>
  )
}
