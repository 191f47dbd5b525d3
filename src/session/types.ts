import type { PartnerStatus, Profile } from '@activity/wire'

/**
 * The session's vocabulary (SPEC.md sections 3 and 4), shared by the store, the session flows
 * and the API catalogue's session calls.
 */

/** The signed-in user, as `GET /api/ums/user/user/signInfo` and the sign-in calls return it. */
export interface UserInfo {
  id: number
  phone: string
  nickname: string
  /** null when the user has none: show DEFAULT_LOGO (see avatarOf). */
  avatar: string | null
  school: string
  major: string
  /** A "parent-child" value of the category tree, or '' when not chosen. */
  discipline: string
  /** The partner's review status, when the back-office sends it. */
  status?: PartnerStatus
  /** The partner's share code, when the back-office sends it. */
  code?: string
}

/** School, major and discipline chosen on this device (the header-info selector). */
export interface HeaderInfo {
  school: string
  major: string
  discipline: string
}

/** Which "other" login holds the session: the mini-program's open id, or WeChat H5's OAuth. */
export interface LoginOther {
  mini: boolean
  h5Weixin: boolean
}

/**
 * The current course (SPEC.md's current-course object): the course and section the person last
 * studied and where in it, kept on the device per account; the server's own (latestCourseId)
 * replaces it when newer. `position` seconds; `updatedAt` ISO, on the server's clock.
 */
export interface CurrentCourse {
  courseId: number
  title: string
  sectionId: number | null
  sectionTitle: string | null
  position: number
  updatedAt: string
}

/** The page a person is on, kept by the page router helper. */
export interface RouterSnapshot {
  /** Page path without a leading slash, e.g. pages/partner/deal. */
  page: string
  /** The page with its query, e.g. /pages/partner/deal?type=本月. */
  path: string
  query: Record<string, string>
}

/**
 * How a sign-in happened: a partner's phone and password or SMS code, registration, the
 * mini-program's open id, WeChat H5's OAuth code, or a server session this device already held
 * (found by signInfo).
 */
export type SignInMethod = 'password' | 'smsCode' | 'register' | 'miniProgram' | 'wechatOAuth' | 'session'

/**
 * The student header info (GET person): the roll's school, major with its level, discipline,
 * batch and status, and the notices not read yet.
 */
export interface StudentHeader {
  id: number
  name: string
  educationType: string
  school: string
  major: string
  /** 专科 / 本科 */
  level: string
  /** 专升本, 高起专…, or null. */
  programme: string | null
  discipline: string | null
  batchYear: number
  /** 1-20 (1期-20期). */
  batch: number
  studentNo: string | null
  /** 在读 / 休学 / 退学 / 毕业 */
  status: string
  unreadNotices: number
}

/**
 * The person behind the session (one account per phone): the profiles they hold, and the student
 * header info when they are a student. `accountId` names the person across both profiles (the
 * session user's id is the partner's id when there is a partner profile).
 */
export interface Person {
  accountId: number
  profiles: Profile[]
  partner: { id: number; status: string; code: string } | null
  student: StudentHeader | null
}

/** Which part of home a person holding both profiles last chose. */
export type HomeFace = Profile
