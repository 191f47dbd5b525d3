import { user as userCalls, type SignInByCodePayload } from '../api/ums/user'
import { partner as partnerCalls } from '../api/ems/partner'
import type { PartnerRegisterPayload, PartnerSignInPayload } from '../api'
import { MESSAGES, RequestError } from '../request'
import { useStore } from '../store'
import { YesNo, type Envelope } from '@activity/wire'
import { dispatchSession } from './events'
import { isSignedIn } from './reducer'
import type { Person, SignInMethod, UserInfo } from './types'
import { personFrom, userFrom } from './user'

/**
 * Sign-in, sign-out and user refresh (SPEC.md section 4). Each turns a call's answer into a
 * session event; none touches the store directly.
 */

/**
 * Turns a sign-in answer into `signedIn` when it holds a user with an id; otherwise it is not a
 * login, whatever its code, and the answer is null. Quiet: for the automatic logins.
 */
export async function acceptSignIn(call: Promise<Envelope<unknown>>, via: SignInMethod): Promise<UserInfo | null> {
  const res = await call
  const user = userFrom(res.data)
  if (user) {
    dispatchSession({ type: 'signedIn', user, via })
    await loadPerson()
  }
  return user
}

/**
 * Loads the signed-in person (GET person: the profiles they hold, the student header info with
 * unread notices) after any sign-in and whenever home shows. Quiet: a failure shows nothing and
 * keeps what was known (an expired session still clears it, as any call does).
 */
export async function loadPerson(): Promise<Person | null> {
  if (!isSignedIn(useStore.getState())) return null
  try {
    const res = await userCalls.user.person(undefined, { quiet: true })
    const found = personFrom(res.data)
    if (!found) return null
    dispatchSession({ type: 'personLoaded', ...found })
    return found.person
  } catch {
    return null
  }
}

/** `acceptSignIn` for a person who asked to sign in: no user is a failure they are told about. */
export async function completeSignIn(call: Promise<Envelope<unknown>>, via: SignInMethod): Promise<UserInfo> {
  const user = await acceptSignIn(call, via)
  if (!user) {
    useStore.getState().showToast(MESSAGES.signInFailed)
    throw new RequestError('refused', MESSAGES.signInFailed)
  }
  return user
}

/** The partner login: phone and password, or phone and SMS code. */
export function signInPartner(payload: PartnerSignInPayload): Promise<UserInfo> {
  return completeSignIn(partnerCalls.client.signIn(payload), 'password' in payload ? 'password' : 'smsCode')
}

/**
 * The student login: phone and SMS code (sendVerify type 登录). The server's refusal (a phone
 * that is not a student's) has been shown and rejects with its RequestError (its `data.partner`
 * says whether the phone is a partner's).
 */
export function signInStudent(payload: SignInByCodePayload): Promise<UserInfo> {
  return completeSignIn(userCalls.user.signInByCode(payload), 'smsCode')
}

/** Registration signs the new partner in. */
export function registerPartner(payload: PartnerRegisterPayload): Promise<UserInfo> {
  return completeSignIn(partnerCalls.client.register(payload), 'register')
}

/**
 * Reloads the signed-in user (signInfo); a missing session answers 100000004 and clears it. When
 * no user was stored, the server's session signs them in, by `via`.
 */
export async function refreshUserInfo(via: SignInMethod = 'session'): Promise<UserInfo | null> {
  const res = await userCalls.user.signInfo(undefined, { lock: true })
  const user = userFrom(res.data)
  if (!user) return null
  const current = useStore.getState().user
  if (current && current.id === user.id) dispatchSession({ type: 'userInfoLoaded', user })
  else {
    dispatchSession({ type: 'signedIn', user, via })
    await loadPerson()
  }
  return user
}

/**
 * Signs out: tells the server (unbind 是, so this device's open id no longer signs the person
 * in), then clears the user, the other-login flags and, in mini-programs, the stored cookie.
 * The local sign-out happens even when the server cannot be reached: the person asked to leave.
 */
export async function signOut(): Promise<void> {
  try {
    await userCalls.user.signOut({ unbind: YesNo.yes })
  } catch {
    // The wrapper has already shown what went wrong, if anything is worth showing.
  } finally {
    dispatchSession({ type: 'signedOut' })
  }
}
