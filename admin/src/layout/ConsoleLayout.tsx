/**
 * The frame of every signed-in screen: a side menu (antd's Layout.Sider and Menu) with the school's
 * name, the quick finder, the groups and entries the operator's position may open (menu.ts), and
 * the operator's name and position with 修改密码, 账号安全 and 退出登录; the screen beside it.
 *
 * antd's own Sider and Menu, not pro-components' ProLayout: ProLayout computes its route tree, its
 * styles and its menu again on every render, about a sixth of a list screen's main-thread work and
 * a third of its blocking time (measured); this frame does what the console used of it.
 */
import { KeyOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { App as AntApp, Avatar, Button, ConfigProvider, Dropdown, Layout, Menu, type MenuProps } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom'
import { configureClient } from '../api/client'
import { FrameShell } from '../components/FrameShell'
import QuickFinder from '../components/QuickFinder'
import { useStepUpDialog } from '../components/step-up'
import { MENU_GROUPS, ROUTES } from '../routes'
import { useSchoolName } from '../school'
import { useSession } from '../session/session'
import { groupOf, type MenuEntry, menuOf, selectedEntry } from './menu'

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
  const items = useMemo(() => menuItems(menu), [menu])
  const selected = selectedEntry(menu, location.pathname)
  // The group of the screen shown is open; the operator opens and folds the others.
  const [openKeys, setOpenKeys] = useState<string[]>([])
  const group = groupOf(menu, selected)
  const [openedFor, setOpenedFor] = useState<string>()
  if (group && group !== openedFor) {
    setOpenedFor(group)
    if (!openKeys.includes(group)) setOpenKeys([...openKeys, group])
  }
  // Folded to its icons by the operator, or by a narrow window (antd's lg breakpoint, under 992px).
  const [folded, setFolded] = useState(false)

  if (!admin) return <FrameShell />

  return (
    <div className='console-frame'>
      <Layout.Sider
        className='console-sider'
        theme='light'
        width={200}
        collapsedWidth={64}
        collapsed={folded}
        breakpoint='lg'
        onBreakpoint={setFolded}
        trigger={null}
        collapsible
      >
        <div className='console-sider__head'>
          {folded ? null : (
            <h1 className='console-sider__name' title={school}>
              {school}
            </h1>
          )}
          <Button
            type='text'
            size='small'
            className='console-sider__fold'
            icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={folded ? '展开菜单' : '收起菜单'}
            aria-expanded={!folded}
            onClick={() => setFolded(!folded)}
          />
        </div>
        {/* 快速查找 above the menu (Ctrl K / ⌘K opens it from anywhere); an icon alone when the menu is folded. */}
        <div className={folded ? 'console-finder console-finder--folded' : 'console-finder'}>
          <QuickFinder />
        </div>
        <nav className='console-sider__menu' aria-label='菜单'>
          <Menu
            mode='inline'
            items={items}
            selectedKeys={[selected]}
            openKeys={folded ? undefined : openKeys}
            onOpenChange={setOpenKeys}
            // A click follows the entry's link; Enter on an entry the keyboard reached opens it too.
            onClick={({ key, domEvent }) => {
              if (domEvent.type === 'keydown' && !key.startsWith('/~')) navigate(key)
            }}
          />
        </nav>
        <div className='console-sider__foot'>
          {/* Opened by a click (a tap on a tablet), not by hovering: a hover menu cannot be reached by touch. */}
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
            <button type='button' className='console-operator' aria-label={folded ? `${admin.name}（${admin.role}）` : undefined}>
              <Avatar size='small' icon={<UserOutlined />} />
              {folded ? null : (
                <span data-testid='operator' className='console-operator__name'>
                  {admin.name}（{admin.role}）
                </span>
              )}
            </button>
          </Dropdown>
        </div>
      </Layout.Sider>
      <main className={folded ? 'console-main console-main--folded' : 'console-main'}>
        <Outlet />
      </main>
    </div>
  )
}

/** antd Menu's items for the menu's entries: a screen is a link; a group (its key /~name) opens. */
function menuItems(menu: readonly MenuEntry[]): MenuProps['items'] {
  return menu.map((entry) =>
    entry.routes
      ? { key: entry.path, icon: entry.icon, label: entry.name, children: menuItems(entry.routes) }
      : { key: entry.path, icon: entry.icon, label: <Link to={entry.path}>{entry.name}</Link> },
  )
}
