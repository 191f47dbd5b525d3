import { maskPhone } from '../../lib/mask.ts'
import type { StudentRow } from './students.repository.ts'

/** What the student's home shows at the top (the specification's header info): who and where they study. */
export function toStudentHeader(s: StudentRow) {
  return {
    id: s.id,
    name: s.name,
    educationType: s.educationType,
    school: s.school,
    major: s.major,
    level: s.level,
    programme: s.programme,
    discipline: s.discipline,
    batchYear: s.batchYear,
    batch: s.batch,
    studentNo: s.studentNo,
    status: s.status,
  }
}

/** The session user of a person who holds a student profile only (the sign-in calls' answer shape). */
export function toStudentUser(s: StudentRow) {
  return {
    id: s.accountId,
    phone: maskPhone(s.phone),
    nickname: s.name,
    avatar: null,
    school: s.school,
    major: s.major,
    discipline: s.discipline,
  }
}
