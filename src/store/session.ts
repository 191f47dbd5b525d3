import type { StateCreator } from 'zustand'
import DEFAULT_LOGO from '../assets/logo.png'
import { SIGNED_OUT, type SessionState } from '../session/reducer'
import type { UserInfo } from '../session/types'

/**
 * The session's state: the signed-in user, the other-login flags and the person behind them. It
 * changes only through session events (src/session/events.ts), never by setting it directly.
 */
export type SessionSlice = SessionState

export const createSessionSlice: StateCreator<SessionSlice, [], [], SessionSlice> = () => ({ ...SIGNED_OUT })

/** The default logo shown for a user without an avatar (SPEC.md section 3). */
export { DEFAULT_LOGO }

/** The picture to show for a user: their avatar, or the default logo. */
export function avatarOf(user: Pick<UserInfo, 'avatar'> | null | undefined): string {
  return user?.avatar || (DEFAULT_LOGO as string)
}
