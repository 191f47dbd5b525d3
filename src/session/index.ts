import { launchSession } from './launch'
import { settleLaunch } from './launch-state'

/**
 * Session and login (SPEC.md section 4): events and their reducer, the login flows, the guard,
 * the launch-time automatic logins, the server clock and the form-info prefill.
 */

/** Runs the launch-time session work once, from the app's onLaunch; the guard waits for it. */
export function bootSession(): Promise<void> {
  return settleLaunch(launchSession())
}

export { dispatchSession, onSessionEvent } from './events'
export { sessionReducer, isSignedIn, holds, SIGNED_OUT } from './reducer'
export type { SessionEvent, SessionState } from './reducer'
export { acceptSignIn, completeSignIn, signInPartner, signInStudent, registerPartner, refreshUserInfo, loadPerson, signOut } from './flows'
export { useRequireLogin, goAfterLogin, loginUrl, loginPathFor, pageAddress, returnAddress, currentPage, sendToLogin } from './guard'
export { launchSettled } from './launch-state'
export { formInfoOf, useFormInfo } from './form-info'
export type { FormInfo } from './form-info'
export { startServerClock, stopServerClock } from './clock'
export { userFrom, personFrom } from './user'
export type {
  UserInfo,
  HeaderInfo,
  LoginOther,
  CurrentCourse,
  RouterSnapshot,
  SignInMethod,
  Person,
  StudentHeader,
  HomeFace,
} from './types'
