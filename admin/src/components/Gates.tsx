/** What a route shows before or instead of its screen: loading, not allowed, not found. */
import { Button, Flex, Result, Spin } from 'antd'
import { type ReactNode, useEffect } from 'react'
import { Link } from 'react-router-dom'
import { mayOpen } from '../access'
import { type ConsoleRoute, HOME } from '../routes'
import { useSession } from '../session/session'

export function Loading() {
  return (
    <Flex justify='center' className='console-loading'>
      <Spin size='large' />
    </Flex>
  )
}

export function NotFound() {
  return (
    <Result
      status='404'
      title='页面不存在'
      extra={
        <Link to={HOME}>
          <Button type='primary'>返回工作台</Button>
        </Link>
      }
    />
  )
}

/** A screen the signed-in operator's position may open; the page title follows the route's name. */
export function RoleGate({ route, children }: { route: ConsoleRoute; children: ReactNode }) {
  const { admin } = useSession()
  useEffect(() => {
    document.title = `${route.name} - 合伙人运营后台`
  }, [route.name])
  if (!mayOpen(route, admin?.rights)) {
    return (
      <Result
        status='403'
        title='无权访问'
        subTitle={`「${route.name}」不对${admin?.role ?? '当前'}岗位开放`}
        extra={
          <Link to={HOME}>
            <Button type='primary'>返回工作台</Button>
          </Link>
        }
      />
    )
  }
  return <>{children}</>
}
