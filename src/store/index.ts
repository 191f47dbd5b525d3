import { create } from 'zustand'
import { createUiSlice, type UiSlice } from './ui'

/**
 * The one app store: typed slices combined here (zustand's slices pattern). The persisted
 * slices (session, header info, course, router) and the Taro-storage `persist` wrapper are
 * added by the client core; the UI slice is never persisted.
 */
export type AppState = UiSlice

export const useStore = create<AppState>()((...a) => ({
  ...createUiSlice(...a),
}))

export { TOAST_DURATION_MS } from './ui'
export type { ToastState, LoadingState, ToastIcon } from './ui'
