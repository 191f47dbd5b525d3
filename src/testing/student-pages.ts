import { envelope } from '../request/testing/server'
import { dispatchSession } from '../session/events'
import { settleLaunch } from '../session/launch-state'
import { pageHarness, type PageHarness } from './pages'

// Imported from here by many tests: the page helpers every area shares (pages.ts).
export { drawn, openAt, settle } from './pages'

/** The student pages' DOM tests (pages.ts): the person signed in. */
export const STUDENT_USER = {
  id: 21,
  phone: '139****0000',
  nickname: '林小雨',
  avatar: null,
  school: '浙江工商大学',
  major: '工商管理',
  discipline: '',
}

/** 403 code 100000003: the signed-in person holds no student profile. */
export const NOT_STUDENT_REPLY = { status: 403, body: envelope(null, 100000003, '该账号没有学员身份') }

export type StudentPageHarness = PageHarness

/** Installs the hooks of a student page test file, STUDENT_USER signed in; `h.server` and `h.navigations` are ready in each test. */
export function studentPageHarness(): StudentPageHarness {
  return pageHarness(() => {
    settleLaunch(Promise.resolve())
    dispatchSession({ type: 'signedIn', user: STUDENT_USER, via: 'smsCode' })
  })
}
