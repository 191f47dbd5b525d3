import type { StateCreator } from 'zustand'
import DEFAULT_LOGO from '../assets/logo.png'
import { SIGNED_OUT, type SessionState } from '../session/reducer'
import type { UserInfo } from '../session/types'

/**
 * The session's state: the signed-in user, the other-login flags and the current course. It
 * changes only through session events (src/session/events.ts), never by setting it directly,
 * except `setCourse`, which pages call when a person picks a course.
 */
export interface SessionSlice extends SessionState {
  setCourse: (course: SessionState['course']) => void
}

export const createSessionSlice: StateCreator<SessionSlice, [], [], SessionSlice> = (set) => ({
  ...SIGNED_OUT,
  setCourse: (course) => set({ course }),
})

/** The default logo shown for a user without an avatar (SPEC.md section 3). */
export { DEFAULT_LOGO }

/** The picture to show for a user: their avatar, or the default logo. */
export function avatarOf(user: Pick<UserInfo, 'avatar'> | null | undefined): string {
  return user?.avatar || (DEFAULT_LOGO as string)
}
