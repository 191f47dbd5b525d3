/**
 * The school's name the console carries (its title, the browser tab, the sign-in screen): the
 * server writes it from 设置 into index.html's <meta name="school-name"> (plugins/static-admin.ts),
 * so it is there before the first paint with no call of its own; 设置 updates it here when saved.
 */
import { PRODUCT_NAME } from '@activity/domain'
import { useSyncExternalStore } from 'react'

const meta = () => (typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="school-name"]'))

let current = meta()?.content.trim() || PRODUCT_NAME
const listeners = new Set<() => void>()

export const schoolName = () => current

/** After 设置 saves a new name: the title and the tab follow at once. */
export function setSchoolName(name: string) {
  current = name.trim() || PRODUCT_NAME
  meta()?.setAttribute('content', current)
  for (const listener of listeners) listener()
}

export function useSchoolName(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    schoolName,
    schoolName,
  )
}

/** The browser tab's text for a screen: 「线索 - 杭州明德学院」. */
export const tabTitle = (screen: string, school = current) => `${screen} - ${school}`
