import type { HomeFace, Person, StudentHeader, UserInfo } from '../../../session/types'

/** Where the student's part and the public entrance send a person. */
export const STUDENT_LINKS = {
  notice: '/pages/student/notice',
  roll: '/pages/student/roll',
  timetable: '/pages/student/timetable',
  studentLogin: '/pages/student/login',
  partnerLogin: '/pages/user/login',
  activity: '/pages/activity/main',
  volunteer: '/pages/user/volunteer',
  appDownload: '/pages/main/appDownload',
} as const

/**
 * The parts of home a signed-in person holds, in the switch's order (学员 | 合伙人). Before GET
 * person has answered, a user with a partner status is shown the partner's part at once (today's
 * home, from the stored user); anyone else waits for the person.
 */
export function facesOf(person: Person | undefined, user: UserInfo | null | undefined): HomeFace[] {
  if (!user) return []
  if (!person) return user.status ? ['partner'] : []
  return (['student', 'partner'] as const).filter((p) => person.profiles.includes(p))
}

/**
 * The part shown: the one this person last chose when they still hold it; else, for a person
 * holding both, the partner's (their home as it was before they became a student too).
 */
export function faceShown(faces: HomeFace[], remembered: HomeFace | undefined): HomeFace | null {
  if (faces.length === 0) return null
  if (remembered && faces.includes(remembered)) return remembered
  return faces.includes('partner') ? 'partner' : (faces[0] ?? null)
}

/** "会计学（本科）": the major with its level. */
export function majorWithLevel(student: Pick<StudentHeader, 'major' | 'level'>): string {
  return student.level ? `${student.major}（${student.level}）` : student.major
}

/** "2026年1期": the batch year and batch. */
export function batchLabel(student: Pick<StudentHeader, 'batchYear' | 'batch'>): string {
  return `${student.batchYear}年${student.batch}期`
}
