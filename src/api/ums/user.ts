import type { ApiBody, ApiData, ApiQuery } from '@activity/api-types'
import type { PartnerStatus, YesNo } from '@activity/wire'
import { call, defineFamily, type NoPayload } from '../define'

/** /api/ums/user: users, their session calls (SPEC.md section 7) and the user entities of section 3. */

type UserCall<P extends string> = `/api/ums/user/user/${P}`

export type SendVerifyPayload = ApiBody<UserCall<'sendVerify'>, 'post'>

export type SignInPayload = ApiBody<UserCall<'signIn'>, 'post'>

export type CheckOpenIdPayload = ApiQuery<UserCall<'checkOpenId'>, 'get'>

/** `unbind` 是: also unbind this open id from the user. */
export type SignOutPayload = ApiQuery<UserCall<'signOut'>, 'delete'>

/** `url`: the page URL without its hash. */
export type SignaturePayload = ApiQuery<UserCall<'signature'>, 'get'>

/** WeChat JS-SDK config values for one URL. */
export type JsSdkSignature = ApiData<UserCall<'signature'>, 'get'>

/**
 * The signed-in user as the back-office sends it (signInfo, and the sign-in calls); the phone is
 * masked (138****1234), `code` is the partner's share code. The answer's schema types `status` as
 * text; it is always one of the partner statuses.
 */
export type SessionUser = Omit<ApiData<UserCall<'signInfo'>, 'get'>, 'status'> & { status: PartnerStatus }

/**
 * What a code sign-in answers: `bound` 是 with the user, or 否 with no user when the open id is
 * bound to no one yet (the back-office remembers it, and a phone sign-in binds it). Only a user
 * with an id counts as signed in (SPEC.md section 5).
 */
export type SignInResult = (Partial<SessionUser> & { bound?: YesNo }) | null

/** The student's sign-in (学员登录): phone and the SMS code sent with sendVerify type 登录. */
export type SignInByCodePayload = ApiBody<UserCall<'signInByCode'>, 'post'>

/**
 * The signed-in person: the profiles they hold, the session user, the partner profile and the
 * student header info (school, major with level, discipline, batch, status) with unread notices.
 */
export type PersonData = ApiData<UserCall<'person'>, 'get'>

/** What signInByCode's refusal carries: whether the phone is a partner's (then: the partner login). */
export interface NotStudentRefusal {
  partner: boolean
}

export const user = defineFamily('/api/ums/user', {
  user: {
    actions: {
      sendVerify: call<SendVerifyPayload, null>('POST'),
      signIn: call<SignInPayload, SignInResult>('POST'),
      checkOpenId: call<CheckOpenIdPayload, YesNo>('GET'),
      signInByCode: call<SignInByCodePayload, SessionUser>('POST'),
      signInfo: call<NoPayload, SessionUser>('GET'),
      person: call<NoPayload, PersonData>('GET'),
      signOut: call<SignOutPayload, null>('DELETE'),
      logOut: 'DELETE',
      /** The server's clock, in ms. */
      timestamp: call<NoPayload, number>('GET'),
      signature: call<SignaturePayload, JsSdkSignature>('GET'),
      changePassword: 'PUT',
      findPassword: 'PUT',
      resetPassword: 'PUT',
      changePhone: 'PUT',
      updateSelf: true,
    },
  },
  address: {},
  adultTeacher: {},
  armyInfo: {},
  changePhone: {},
  enrollSelf: {},
  loginRecord: {},
  realName: { actions: { audit: true } },
  schoolRoll: {},
  userFamily: {},
})
