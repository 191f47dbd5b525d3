import type { PageRoute } from './route'

/**
 * Rewrites the browser's address to the route's query without navigating (history.replaceState
 * keeps the history entry and Taro's router state), so a reload or a shared link shows the same
 * filter. The path stays as the browser has it ('/' for the home page).
 */
export function replaceAddress(route: PageRoute): void {
  if (typeof window === 'undefined' || typeof window.history?.replaceState !== 'function') return
  const { pathname, hash } = window.location
  const url = `${pathname}${route.queryString ? `?${route.queryString}` : ''}${hash}`
  window.history.replaceState(window.history.state, '', url)
}
