/** How the rates are counted (the server's words for the rule in force), with the way to change it for who may. */
import { Alert } from 'antd'
import { Link } from 'react-router-dom'
import type { Statistics } from '../../api/attendance'
import { useAccess } from '../../session/access'

export function RuleNote({ rule, prefix }: { rule: Statistics['rule']; prefix?: string }) {
  const { canManageSettings } = useAccess()
  return (
    <Alert
      type='info'
      showIcon
      className='console-gap-bottom-sm'
      data-testid='attendance-rule'
      message={prefix ? `${prefix}；${rule.text}` : rule.text}
      action={canManageSettings ? <Link to='/settings'>考勤设置</Link> : undefined}
    />
  )
}
