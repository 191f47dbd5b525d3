/**
 * The frame of every signed-in screen: the school's name, ProLayout's side menu with the groups and
 * entries the operator's position may open (menu.ts), the operator's name and position with
 * 修改密码 and 退出登录.
 */
import { KeyOutlined, LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { ProLayout } from '@ant-design/pro-components'
import { App as AntApp, ConfigProvider, Dropdown } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom'
import { configureClient } from '../api/client'
import { FrameShell } from '../components/FrameShell'
import QuickFinder from '../components/QuickFinder'
import { useStepUpDialog } from '../components/step-up'
import { MENU_GROUPS, ROUTES } from '../routes'
import { useSchoolName } from '../school'
import { useSession } from '../session/session'
import { menuOf, selectedEntry } from './menu'

// Chinese dates, pickers, pagination and dialogs on every signed-in screen (the sign-in screen has
// none, and does not load them).
dayjs.locale('zh-cn')

/**
 * The API client's effects a signed-in screen needs: a refused call's message, and the step-up
 * dialog a high-risk call opens (set before any screen's first call can answer).
 */
function ClientEffects({ children }: { children: ReactNode }) {
  const { message } = AntApp.useApp()
  const stepUp = useStepUpDialog()
  useLayoutEffect(() => {
    configureClient({ notify: (text) => void message.error({ content: text, key: text }), stepUp: stepUp.ask })
    return () => configureClient({ notify: () => undefined, stepUp: null })
  }, [message, stepUp.ask])
  return (
    <>
      {stepUp.dialog}
      {children}
    </>
  )
}

export default function ConsoleLayout() {
  return (
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <ClientEffects>
          <Frame />
        </ClientEffects>
      </AntApp>
    </ConfigProvider>
  )
}

function Frame() {
  const { admin, restore, signOut } = useSession()
  const location = useLocation()
  const navigate = useNavigate()

  useEffect(() => {
    if (admin === undefined) void restore()
  }, [admin, restore])
  // A change of position (or of its rights) holds from the operator's next call on the server; the
  // console reads it again on every move between screens, so menu and buttons follow it at once.
  const shown = useRef(location.pathname)
  useEffect(() => {
    if (shown.current === location.pathname) return
    shown.current = location.pathname
    void restore()
  }, [location.pathname, restore])

  const school = useSchoolName()
  const menu = useMemo(() => menuOf(ROUTES, MENU_GROUPS, admin?.rights), [admin?.rights])
  const selected = selectedEntry(menu, location.pathname)

  if (!admin) return <FrameShell />

  return (
    <ProLayout
      title={school}
      logo={false}
      layout='side'
      fixSiderbar
      siderWidth={200}
      route={{ path: '/', routes: menu }}
      location={{ pathname: selected }}
      // 快速查找 above the menu (Ctrl K / ⌘K opens it from anywhere); an icon alone when the menu is folded.
      menuExtraRender={({ collapsed }) => (
        <div className={collapsed ? 'console-finder console-finder--folded' : 'console-finder'}>
          <QuickFinder />
        </div>
      )}
      menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
      avatarProps={{
        icon: <UserOutlined />,
        size: 'small',
        title: (
          <span data-testid='operator'>
            {admin.name}（{admin.role}）
          </span>
        ),
        // Opened by a click (a tap on a tablet), not by hovering: a hover menu cannot be reached by
        // touch, and one whose trigger re-renders under a resting pointer does not open at all.
        render: (_props, dom) => (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
                { key: 'security', icon: <SafetyOutlined />, label: '账号安全' },
                { key: 'signOut', icon: <LogoutOutlined />, label: '退出登录' },
              ],
              onClick: ({ key }) => {
                if (key === 'password') navigate('/account/password')
                else if (key === 'security') navigate('/account/security')
                else void signOut().finally(() => navigate('/signIn', { replace: true }))
              },
            }}
          >
            {dom}
          </Dropdown>
        ),
      }}
    >
      <Outlet />
    </ProLayout>
  )
}
