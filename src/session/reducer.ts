import type { Profile } from '@activity/wire'
import type { LoginOther, Person, SignInMethod, UserInfo } from './types'

/**
 * Session changes as named, past-tense events (STYLE.md), and the one place that says what each
 * does to the state. Pure: replay a sequence of events to test any history.
 */
export type SessionEvent =
  /** A sign-in call returned a user with an id. */
  | { type: 'signedIn'; user: UserInfo; via: SignInMethod }
  /** signInfo returned the current user again (fresher fields, same session). */
  | { type: 'userInfoLoaded'; user: UserInfo }
  /**
   * GET person answered for the signed-in user: the profiles they hold and the student header
   * info (after any sign-in, and each time home shows).
   */
  | { type: 'personLoaded'; person: Person; user: UserInfo }
  /** The person signed out (the server was told, unbind 是). */
  | { type: 'signedOut' }
  /** The server answered 100000004: the session is gone. */
  | { type: 'sessionExpired' }

export interface SessionState {
  user: UserInfo | null
  loginOther: LoginOther
  /**
   * The person behind the user (profiles, student header info); undefined until GET person has
   * answered for this user, and again after sign-out.
   */
  person?: Person
}

export const NO_OTHER_LOGIN: LoginOther = { mini: false, h5Weixin: false }

// `person: undefined` is written out so that setting this state clears a person already stored.
export const SIGNED_OUT: SessionState = { user: null, loginOther: NO_OTHER_LOGIN, person: undefined }

export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'signedIn': {
      const sameUser = state.user?.id === event.user.id
      return {
        user: event.user,
        loginOther: {
          mini: event.via === 'miniProgram' || (sameUser && state.loginOther.mini),
          h5Weixin: event.via === 'wechatOAuth' || (sameUser && state.loginOther.h5Weixin),
        },
        // Another person's profiles must not follow them in.
        person: sameUser ? state.person : undefined,
      }
    }
    case 'personLoaded':
      // A late answer for someone who has since signed out (or another person) changes nothing.
      if (!state.user || state.user.id !== event.user.id) return state
      return { ...state, user: event.user, person: event.person }
    case 'userInfoLoaded':
      // A late answer for someone who has since signed out changes nothing.
      if (!state.user || state.user.id !== event.user.id) return state
      return { ...state, user: event.user }
    case 'signedOut':
    case 'sessionExpired':
      return SIGNED_OUT
  }
}

/** Whether the signed-in person holds a profile; undefined while their person is not loaded yet. */
export function holds(state: Pick<SessionState, 'user' | 'person'>, profile: Profile): boolean | undefined {
  if (!isSignedIn(state)) return false
  return state.person ? state.person.profiles.includes(profile) : undefined
}

/** Whether the session holds a signed-in user (SPEC.md section 4: a user id is present). */
export function isSignedIn(state: Pick<SessionState, 'user'>): boolean {
  return Boolean(state.user && state.user.id)
}
