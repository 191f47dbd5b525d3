import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { createCurrentCourseSlice, type CurrentCourseSlice } from './current-course'
import { createHeaderInfoSlice, type HeaderInfoSlice } from './header-info'
import { createHomeFaceSlice, type HomeFaceSlice } from './home-face'
import { createRouterSlice, type RouterSlice } from './router'
import { createServerTimeSlice, type ServerTimeSlice } from './server-time'
import { createSessionSlice, type SessionSlice } from './session'
import { createStaffSlice, type StaffSlice } from './staff'
import { storageKey, taroStateStorage } from './storage'
import { createUiSlice, type UiSlice } from './ui'

/**
 * The one app store: typed slices combined here (zustand's slices pattern), `persist` applied
 * once over Taro storage. Only what must outlive a restart is written: the user and their person
 * (profiles, student header info), the other-login flags, header info, the router snapshot, and
 * each person's home part and current course. Toast, loading, the server clock and the 教职工
 * session (asked again each run) are never persisted.
 */
export type AppState = UiSlice &
  SessionSlice &
  StaffSlice &
  HeaderInfoSlice &
  RouterSlice &
  ServerTimeSlice &
  HomeFaceSlice &
  CurrentCourseSlice

export type PersistedState = Pick<AppState, 'user' | 'person' | 'loginOther' | 'headerInfo' | 'router' | 'homeFaces' | 'currentCourses'>

/** User info and what belongs with it, under a key built from the app name (SPEC.md section 9). */
export const STORE_STORAGE_KEY = storageKey('userInfo')

/** Bump when the persisted shape changes; older data is then dropped, not misread. */
export const STORE_VERSION = 1

export const useStore = create<AppState>()(
  persist(
    (...a) => ({
      ...createUiSlice(...a),
      ...createSessionSlice(...a),
      ...createStaffSlice(...a),
      ...createHeaderInfoSlice(...a),
      ...createRouterSlice(...a),
      ...createServerTimeSlice(...a),
      ...createHomeFaceSlice(...a),
      ...createCurrentCourseSlice(...a),
    }),
    {
      name: STORE_STORAGE_KEY,
      version: STORE_VERSION,
      storage: createJSONStorage(() => taroStateStorage),
      partialize: (s): PersistedState => ({
        user: s.user,
        person: s.person,
        loginOther: s.loginOther,
        headerInfo: s.headerInfo,
        router: s.router,
        homeFaces: s.homeFaces,
        currentCourses: s.currentCourses,
      }),
      // Anything written by another version is dropped: a stale shape must not pass for a session.
      migrate: () => ({}) as PersistedState,
    },
  ),
)

export { TOAST_DURATION_MS } from './ui'
export type { ToastState, LoadingState, ToastIcon } from './ui'
export { avatarOf, DEFAULT_LOGO } from './session'
export { SERVER_CLOCK_TICK_MS } from './server-time'
export { APP_NAME, storageKey } from './storage'
