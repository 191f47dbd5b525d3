/**
 * The quick finder's logic (快速查找, issue 39 §2), kept apart from React so it is tested alone: which
 * screens an operator may jump to and which match, the list of results, the keys that open it and
 * move through it. QuickFinder.tsx draws it.
 */
import type { Right } from '@activity/domain'
import { mayOpen } from '../access'
import type { Findings } from '../api/finder'

/** What the finder needs of a route (routes.tsx ConsoleRoute). */
export interface FinderRoute {
  path: string
  name: string
  right: Right | readonly Right[]
  hideInMenu?: boolean
  /** The menu group's name, when the route sits in one. */
  groupName?: string
}

export type FinderKind = 'screen' | 'student' | 'partner' | 'clue'

/** Each kind's label in the list. */
export const KIND_LABELS: Record<FinderKind, string> = { screen: '页面', student: '学员', partner: '合伙人', clue: '线索' }

export interface FinderItem {
  /** Unique in the list (the option's id). */
  key: string
  kind: FinderKind
  title: string
  /** The line under it: the menu group, or the masked phone and what identifies the row. */
  detail?: string
  /** Where Enter goes (a console address). */
  to: string
}

/** How many screens a query shows at most. */
export const SCREEN_LIMIT = 8
/** How long the finder waits after the last key before it asks the server. */
export const SEARCH_DELAY_MS = 250

/** The screens an operator may open from the menu: no detail screens, no addresses with parameters. */
export function openableScreens(routes: readonly FinderRoute[], rights: readonly string[] | undefined): FinderRoute[] {
  return routes.filter((r) => !r.hideInMenu && !r.path.includes(':') && mayOpen(r, rights))
}

/**
 * The screens whose name (or group's name) holds `query`, case-insensitive: names starting with it
 * first, then names holding it, then screens of a matching group; in menu order within each. An
 * empty query lists the first screens (a short menu).
 */
export function matchScreens(screens: readonly FinderRoute[], query: string, limit = SCREEN_LIMIT): FinderItem[] {
  const q = query.trim().toLowerCase()
  const rank = (r: FinderRoute) => {
    if (!q) return 0
    const name = r.name.toLowerCase()
    if (name.startsWith(q)) return 0
    if (name.includes(q)) return 1
    if (r.groupName?.toLowerCase().includes(q)) return 2
    return -1
  }
  return screens
    .map((route, index) => ({ route, index, rank: rank(route) }))
    .filter((s) => s.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map(({ route }) => ({ key: `screen:${route.path}`, kind: 'screen', title: route.name, detail: route.groupName, to: route.path }))
}

const joined = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ')

/** The server's people as list items, students then partners then clues (a kind the position cannot see is null). */
export function peopleItems(findings: Findings | undefined): FinderItem[] {
  if (!findings) return []
  return [
    ...(findings.students ?? []).map((s): FinderItem => ({
      key: `student:${s.id}`,
      kind: 'student',
      title: s.name,
      detail: joined(s.phone, s.studentNo, s.status),
      to: `/students/${s.id}`,
    })),
    ...(findings.partners ?? []).map((p): FinderItem => ({
      key: `partner:${p.id}`,
      kind: 'partner',
      title: p.name,
      detail: joined(p.phone, p.code, p.status),
      to: `/partners/${p.id}`,
    })),
    ...(findings.clues ?? []).map((c): FinderItem => ({
      key: `clue:${c.id}`,
      kind: 'clue',
      title: c.name,
      detail: joined(c.phone, c.status),
      to: `/clues/${c.id}`,
    })),
  ]
}

/** Whether an operator's position opens any of the lists the server searches (otherwise the finder finds screens only). */
export const searchesPeople = (rights: readonly string[] | undefined) =>
  ['students.view', 'partners.view', 'clues.view'].some((r) => rights?.includes(r))

/** Whether the query is worth asking the server about (1-30 characters once trimmed, as it accepts). */
export const asksServer = (query: string) => {
  const q = query.trim()
  return q.length >= 1 && q.length <= 30
}

/** The active option after an arrow key: down and up wrap around; none when the list is empty. */
export function moveActive(active: number, delta: 1 | -1, length: number): number {
  if (length === 0) return -1
  if (active < 0) return delta > 0 ? 0 : length - 1
  return (active + delta + length) % length
}

/** Whether the platform is a Mac (⌘ instead of Ctrl). */
export const isMac = (platform: string | undefined) => /mac|iphone|ipad|ipod/i.test(platform ?? '')

/** The shortcut as the header shows it. */
export const shortcutLabel = (mac: boolean) => (mac ? '⌘K' : 'Ctrl K')

/** Where a key was typed: a text field takes '/' as a character. */
export interface KeyTarget {
  tagName?: string
  type?: string
  isContentEditable?: boolean
}

const NOT_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'image', 'range', 'color'])

export function isTextField(target: KeyTarget | null | undefined): boolean {
  if (!target) return false
  if (target.isContentEditable) return true
  const tag = target.tagName?.toUpperCase()
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  return tag === 'INPUT' && !NOT_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase())
}

/** Whether a key opens the finder: Ctrl K (⌘K on a Mac) anywhere, '/' outside a text field. */
export function opensFinder(
  event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey?: boolean },
  target: KeyTarget | null | undefined,
  mac: boolean,
): boolean {
  if (event.altKey) return false
  if (event.key.toLowerCase() === 'k') return mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !isTextField(target)
}
