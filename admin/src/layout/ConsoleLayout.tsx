/**
 * The frame of every signed-in screen: ProLayout's side menu with the entries the operator's
 * position may open (routes.tsx), the operator's name and position with 修改密码 and 退出登录.
 */
import { KeyOutlined, LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { ProLayout } from '@ant-design/pro-components'
import { Dropdown } from 'antd'
import { type ReactNode, useEffect, useMemo, useRef } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom'
import { Loading } from '../components/Gates'
import { mayOpen } from '../access'
import { MENU_GROUPS, type MenuGroup, SCREENS } from '../routes'
import { useSession } from '../session/session'

interface MenuEntry {
  path: string
  name: string
  icon?: ReactNode
  routes?: MenuEntry[]
}

/** The menu a position sees: its screens in routes.tsx' order, those of a group under the group's entry. */
function menuOf(rights: readonly string[] | undefined): MenuEntry[] {
  const menu: MenuEntry[] = []
  const groups = new Map<MenuGroup, MenuEntry>()
  for (const r of SCREENS) {
    if (r.hideInMenu || !mayOpen(r, rights)) continue
    const entry = { path: r.path, name: r.name, icon: r.icon }
    if (!r.group) {
      menu.push(entry)
      continue
    }
    let group = groups.get(r.group)
    if (!group) {
      // A key of its own: the group opens no screen.
      group = { path: `/~${r.group}`, name: MENU_GROUPS[r.group].name, icon: MENU_GROUPS[r.group].icon, routes: [] }
      groups.set(r.group, group)
      menu.push(group)
    }
    group.routes?.push(entry)
  }
  return menu
}

export default function ConsoleLayout() {
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

  const menu = useMemo(() => menuOf(admin?.rights), [admin?.rights])
  // A detail page (/partners/12) lights its list's entry.
  const selected =
    menu.flatMap((m) => m.routes ?? [m]).find((m) => location.pathname === m.path || location.pathname.startsWith(`${m.path}/`))?.path ??
    location.pathname

  if (!admin) return <Loading />

  return (
    <ProLayout
      title='合伙人运营后台'
      logo={false}
      layout='side'
      fixSiderbar
      siderWidth={200}
      route={{ path: '/', routes: menu }}
      location={{ pathname: selected }}
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
