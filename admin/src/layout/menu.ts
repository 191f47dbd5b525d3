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

/** The menu entry a screen lights: its own, or its list's for a detail (/partners/12 lights 合伙人). */
export function selectedEntry(menu: readonly MenuEntry[], pathname: string): string {
  return menu.flatMap((m) => m.routes ?? [m]).find((m) => pathname === m.path || pathname.startsWith(`${m.path}/`))?.path ?? pathname
}

/** The group (its key) an entry sits in, or undefined on the menu's first level. */
export function groupOf(menu: readonly MenuEntry[], path: string): string | undefined {
  return menu.find((m) => m.routes?.some((r) => r.path === path))?.path
}
