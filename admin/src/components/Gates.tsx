/** What a route shows before or instead of its screen: loading, not allowed, not found. */
import { Flex, Spin } from 'antd'
import { lazy, type ReactNode, Suspense, useEffect } from 'react'
import { mayOpen } from '../access'
import type { ConsoleRoute } from '../routes'
import { tabTitle, useSchoolName } from '../school'
import { useSession } from '../session/session'

const GateResult = lazy(() => import('./GateResult'))

export function Loading() {
  return (
    <Flex justify='center' className='console-loading'>
      <Spin size='large' />
    </Flex>
  )
}

export function NotFound() {
  return (
    <Suspense fallback={<Loading />}>
      <GateResult status='404' title='页面不存在' />
    </Suspense>
  )
}

/** A screen the signed-in operator's position may open; the page title follows the route's name. */
export function RoleGate({ route, children }: { route: ConsoleRoute; children: ReactNode }) {
  const { admin } = useSession()
  const school = useSchoolName()
  useEffect(() => {
    document.title = tabTitle(route.name, school)
  }, [route.name, school])
  if (!mayOpen(route, admin?.rights)) {
    return (
      <Suspense fallback={<Loading />}>
        <GateResult status='403' title='无权访问' subTitle={`「${route.name}」不对${admin?.role ?? '当前'}岗位开放`} />
      </Suspense>
    )
  }
  return <>{children}</>
}
