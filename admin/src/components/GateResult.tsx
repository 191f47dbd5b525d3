/**
 * 页面不存在 and 无权访问: antd's Result with its pictures, loaded only when one is shown (not with
 * every screen).
 */
import { Button, Result } from 'antd'
import { Link } from 'react-router-dom'
import { HOME } from '../home'

export default function GateResult({ status, title, subTitle }: { status: '403' | '404'; title: string; subTitle?: string }) {
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle}
      extra={
        <Link to={HOME}>
          <Button type='primary'>返回工作台</Button>
        </Link>
      }
    />
  )
}
