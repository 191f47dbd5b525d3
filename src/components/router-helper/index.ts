import { useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import type { RouterSnapshot } from '../../session/types'
import { useStore } from '../../store'
import { replaceAddress } from './address'
import { TARO_PARAM_KEYS, makeRoute, toPageRoute, type PageRoute, type QueryValue } from './route'

export { buildQueryString, makeRoute, toPageRoute, TARO_PARAM_KEYS } from './route'
export type { PageRoute, QueryValue } from './route'

/** The page showing now and its query, or null before any page has loaded. */
export function currentRoute(): PageRoute | null {
  const router = Taro.getCurrentInstance().router
  return router ? toPageRoute(router) : null
}

/**
 * The route of the page this component belongs to, as it was when the page loaded. (Plain React
 * state, not Taro's useRouter: the pieces also render outside a Taro page, in tests.)
 */
export function useRoute(): PageRoute {
  const [route] = useState(() => toPageRoute(Taro.getCurrentInstance().router))
  return route
}

/** The store's router snapshot (page, path, query) of a route. */
export function snapshotOf(route: PageRoute): RouterSnapshot {
  return { page: route.page, path: route.fullPath, query: route.query }
}

/** Keeps the store's router snapshot on the page showing now (the page wrapper calls this on show). */
export function rememberRoute(route: PageRoute | null = currentRoute()): void {
  if (route && route.page) useStore.getState().setRouter(snapshotOf(route))
}

/**
 * Remembers this page's route in the store when it mounts and each time it shows again (back
 * from another page), through the page's own show event, which any component may listen to.
 */
export function useRememberRoute(): void {
  useEffect(() => {
    const router = Taro.getCurrentInstance().router
    if (!router) return
    // The page's own params object: replaceQuery() changes it in place.
    const remember = () => rememberRoute(toPageRoute(router))
    remember()
    const showEvent = router.onShow
    if (!showEvent) return
    Taro.eventCenter.on(showEvent, remember)
    return () => {
      Taro.eventCenter.off(showEvent, remember)
    }
  }, [])
}

export interface ReplaceQueryOptions {
  /** Keep the parameters not named in the new query. @default true */
  merge?: boolean
}

/**
 * Changes the current page's query in place, e.g. when a filter changes: Taro's params follow
 * (so currentRoute() and the login `from` see it), and on the web the address bar too.
 * Returns the new route, or null when no page is showing.
 */
export function replaceQuery(next: Record<string, QueryValue>, { merge = true }: ReplaceQueryOptions = {}): PageRoute | null {
  const router = Taro.getCurrentInstance().router
  if (!router) return null
  const current = toPageRoute(router)
  const route = makeRoute(current.page, merge ? { ...current.query, ...next } : next)
  const params = router.params as Record<string, string | undefined>
  for (const key of Object.keys(params)) {
    if (!TARO_PARAM_KEYS.has(key)) delete params[key]
  }
  // Taro keeps param values URL-encoded; so do we.
  for (const [key, value] of Object.entries(route.query)) params[key] = encodeURIComponent(value)
  replaceAddress(route)
  rememberRoute(route)
  return route
}
