/**
 * The side menu a position sees: 工作台 first, then the office's groups (routes.tsx MENU_GROUPS) in
 * their order, each with the screens of its own the position may open, in routes.tsx' order. A
 * group with none is not shown; a detail screen (hideInMenu) never is.
 */
import type { ReactNode } from 'react'
import { mayOpen } from '../access'
import type { ConsoleRoute } from '../routes'

export interface MenuEntry {
  path: string
  name: string
  icon?: ReactNode
  routes?: MenuEntry[]
}

export function menuOf(
  routes: readonly ConsoleRoute[],
  groups: Readonly<Record<string, { name: string; icon?: ReactNode }>>,
  rights: readonly string[] | undefined,
): MenuEntry[] {
  const shown = routes.filter((r) => !r.hideInMenu && mayOpen(r, rights))
  const entry = (r: ConsoleRoute): MenuEntry => ({ path: r.path, name: r.name, icon: r.icon })
  const grouped = Object.entries(groups).flatMap(([key, group]) => {
    const inside = shown.filter((r) => r.group === key).map(entry)
    // A key of its own: the group opens no screen.
    return inside.length ? [{ path: `/~${key}`, name: group.name, icon: group.icon, routes: inside }] : []
  })
  return [...shown.filter((r) => !r.group).map(entry), ...grouped]
}

/**
 * The menu entry a screen lights: its own, or its list's for a detail (/partners/12 lights 合伙人);
 * the longest that holds the address, so /textbooks/parcels lights 运单, not 教材邮寄 (/textbooks).
 */
export function selectedEntry(menu: readonly MenuEntry[], pathname: string): string {
  const holding = menu.flatMap((m) => m.routes ?? [m]).filter((m) => pathname === m.path || pathname.startsWith(`${m.path}/`))
  return (
    holding.reduce<MenuEntry | undefined>((best, m) => (!best || m.path.length > best.path.length ? m : best), undefined)?.path ?? pathname
  )
}

/** The group (its key) an entry sits in, or undefined on the menu's first level. */
export function groupOf(menu: readonly MenuEntry[], path: string): string | undefined {
  return menu.find((m) => m.routes?.some((r) => r.path === path))?.path
}
