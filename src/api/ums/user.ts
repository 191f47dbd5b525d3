import type { LoginPlatform, LoginType, PartnerStatus, VerifyType, YesNo } from '@activity/wire'
import { call, defineFamily, type NoPayload } from '../define'

/** /api/ums/user: users, their session calls (SPEC.md section 7) and the user entities of section 3. */

export interface SendVerifyPayload {
  phone: string
  /** What the code is for. @default VerifyType.login (登录) */
  type: VerifyType
}

export interface SignInPayload {
  platform: LoginPlatform
  /** The code the identity provider issued (WeChat OAuth code, wx.login / my.getAuthCode code). */
  signCode: string
  type: LoginType
}

export interface CheckOpenIdPayload {
  platform: LoginPlatform
  type: LoginType
}

export interface SignOutPayload {
  /** 是: also unbind this open id from the user. */
  unbind: YesNo
}

export interface SignaturePayload {
  platform: LoginPlatform
  /** The page URL without its hash. */
  url: string
}

/** WeChat JS-SDK config values for one URL. */
export interface JsSdkSignature {
  appId: string
  timestamp: number | string
  nonceStr: string
  signature: string
}

/** The signed-in user as the back-office sends it (signInfo, and the sign-in calls). */
export interface SessionUser {
  id: number
  /** Masked: 138****1234. */
  phone: string
  nickname: string | null
  avatar: string | null
  school: string | null
  major: string | null
  discipline: string | null
  status: PartnerStatus
  /** The partner's share code. */
  code: string
}

/**
 * What a code sign-in answers: `bound` 是 with the user, or 否 with no user when the open id is
 * bound to no one yet (the back-office remembers it, and a phone sign-in binds it). Only a user
 * with an id counts as signed in (SPEC.md section 5).
 */
export type SignInResult = (Partial<SessionUser> & { bound?: YesNo }) | null

export const user = defineFamily('/api/ums/user', {
  user: {
    actions: {
      sendVerify: call<SendVerifyPayload, null>('POST'),
      signIn: call<SignInPayload, SignInResult>('POST'),
      checkOpenId: call<CheckOpenIdPayload, YesNo>('GET'),
      signInfo: call<NoPayload, SessionUser>('GET'),
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
