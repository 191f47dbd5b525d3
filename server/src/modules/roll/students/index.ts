// The students module's face: what other modules may use (they import nothing else from here).
export { createStudentsRepository, type StudentRow } from './students.repository.ts'
export { ensureUniqueIdCards } from './students.integrity.ts'
export { studentsRoutes } from './students.routes.ts'
export { classesRoutes } from './classes.routes.ts'
export { studentHeaderSchema } from './students.schemas.ts'
export {
  changeStudentStatus,
  countRollRequests,
  quickFindStudents,
  rollCorrectionApprovalKind,
  toStudentHeader,
  toStudentUser,
} from './students.service.ts'
export { assignStudents, classesHeadedBy, classOfStudent, createClass, studentsOfHeadTeacher } from './classes.service.ts'
export { seedStudentsDemo, STUDENTS_DEMO } from './students.seed.ts'

export { classesView, classMembersView, studentRecipients, studentsView } from './students.views.ts'
