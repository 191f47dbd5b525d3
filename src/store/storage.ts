import Taro from '@tarojs/taro'
import type { StateStorage } from 'zustand/middleware'

/** The app name every local storage key starts with (SPEC.md section 9). */
export const APP_NAME = 'activity_mobile'

/**
 * A local storage key: the app name, optionally the user's id, then the name
 * (`activity_mobile_cookie`, `activity_mobile_12_draft`).
 */
export function storageKey(name: string, userId?: number | string | null): string {
  return userId === undefined || userId === null || userId === '' ? `${APP_NAME}_${name}` : `${APP_NAME}_${userId}_${name}`
}

/**
 * Views of a user's data kept for the next visit's first paint (the home summary), each under
 * `storageKey(name, userId)`; signing out forgets them.
 */
export const REMEMBERED_VIEWS = { homeSummary: 'home_summary' } as const

/**
 * Synchronous Taro storage (wx/my storage in mini-programs, localStorage on H5). Where the host
 * has no storage at all (plain node, outside any Taro host) it keeps nothing rather than throw,
 * so pure modules stay importable.
 */
function hasStorage(): boolean {
  return typeof Taro.getStorageSync === 'function'
}

export const taroStorage = {
  get(key: string): string | null {
    if (!hasStorage()) return null
    const value: unknown = Taro.getStorageSync(key)
    if (value === '' || value === undefined || value === null) return null
    return typeof value === 'string' ? value : JSON.stringify(value)
  },
  set(key: string, value: string): void {
    if (hasStorage()) Taro.setStorageSync(key, value)
  },
  remove(key: string): void {
    if (hasStorage()) Taro.removeStorageSync(key)
  },
}

/** The text each persisted key holds, as last read or written here. */
const persistedText = new Map<string, string | null>()

/**
 * zustand's `persist` over Taro storage. persist writes after every change of the store, the
 * server clock's tick each second included, when the stored part (user, session) is still the same
 * text: such a write is skipped (it is synchronous I/O in the mini-programs and a JSON round trip
 * on H5). Only this store writes its key, so the text last read or written here is what is stored.
 */
export const taroStateStorage: StateStorage = {
  getItem: (name) => {
    const text = taroStorage.get(name)
    persistedText.set(name, text)
    return text
  },
  setItem: (name, value) => {
    if (persistedText.get(name) === value) return
    persistedText.set(name, value)
    taroStorage.set(name, value)
  },
  removeItem: (name) => {
    persistedText.delete(name)
    taroStorage.remove(name)
  },
}
