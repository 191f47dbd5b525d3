import type { Executor } from '../db/types.ts'
import { type Actor, createAdmin, createPosition, saveFlow } from '../modules/platform/index.ts'
import {
  assignStudents,
  createClass,
  createStudentsRepository,
  leaveApprovalKind,
  seedAttendanceDemo,
  seedLeaveDemo,
  seedThesisDemo,
  STUDENTS_DEMO,
} from '../modules/roll/index.ts'
import { StudentLevel } from '../wire.ts'

/** The staff's demo sign-ins (issue 40): a head teacher and the education office. */
export const STAFF_DEMO = {
  headTeacher: { account: 'headteacher', password: 'demo1234', name: '王老师' },
  office: { account: 'office', password: 'demo1234', name: '教务处演示' },
  className: '2026年1期 工商管理（本科）1班',
}

/** What a 班主任 does: their classes' students, leave and roll approvals, questions. */
const HEAD_TEACHER_RIGHTS = [
  'dashboard.view',
  'students.view',
  'classes.view',
  'rollRequests.view',
  'studentQuestions.view',
  'studentQuestions.answer',
  'notices.view',
  // 论文 (issue 43): 王老师 advises theses too.
  'thesis.advise',
]
/** What 教务处 does: every student, classes, every approval and its flows, graduation. */
const OFFICE_RIGHTS = [
  'dashboard.view',
  'students.view',
  'students.viewAll',
  'students.edit',
  'students.export',
  'classes.view',
  'classes.edit',
  'approvals.view',
  'approvals.flows',
  'approvals.revoke',
  'approvals.export',
  'rollRequests.view',
  'rollRequests.approve',
  'notices.view',
  'departments.view',
  'attendance.view',
  'attendance.edit',
  'attendance.export',
  'graduation.view',
  'graduation.edit',
  'graduation.approve',
  'graduation.export',
  'thesis.view',
  'thesis.edit',
  'thesis.publish',
  'textbooks.view',
  'textbooks.edit',
  'textbooks.export',
]

/**
 * Staff demo: the 班主任 and 教务处 positions and their operators, the class of 林小雨 and the demo
 * partner-student headed by 王老师, the leave flow (班主任; over 3 days also 教务处), and two of
 * 林小雨's leaves (one approved, one waiting for 王老师).
 */
export async function seedStaffDemo({ db, now = new Date() }: { db: Executor; now?: Date }) {
  const headPosition = await createPosition({
    db,
    name: '班主任',
    description: '带班：本班学员、请假与学籍审批',
    rights: HEAD_TEACHER_RIGHTS,
  })
  const officePosition = await createPosition({ db, name: '教务处', description: '全部学员、班级、审批与流程', rights: OFFICE_RIGHTS })
  const head = await createAdmin({ db, ...STAFF_DEMO.headTeacher, positionId: headPosition.id })
  const office = await createAdmin({ db, ...STAFF_DEMO.office, positionId: officePosition.id })
  const actor = (a: { id: number; name: string }, role: string, rights: string[]): Actor => ({
    id: a.id,
    name: a.name,
    role,
    rights: new Set(rights),
  })
  const officeActor = actor(office, officePosition.name, OFFICE_RIGHTS)
  const klass = await createClass({
    db,
    input: {
      name: STAFF_DEMO.className,
      school: '浙江工商大学',
      major: '工商管理',
      level: StudentLevel.bachelor,
      batchYear: 2026,
      batch: 1,
      headTeacherId: head.id,
    },
    actor: officeActor,
  })
  const students = createStudentsRepository({ db })
  const lin = (await students.findByPhone({ phone: STUDENTS_DEMO.student.phone }))!
  const chen = (await students.findByPhone({ phone: STUDENTS_DEMO.partnerStudent.phone }))!
  // In the class since the term began (60 days ago): the timetable's past sessions are theirs.
  await assignStudents({
    db,
    classId: klass.id,
    studentIds: [lin.id, chen.id],
    actor: officeActor,
    now: new Date(now.getTime() - 60 * 86400000),
  })
  await saveFlow({
    db,
    kind: 'leave',
    input: {
      steps: [
        { name: '班主任审批', approver: { type: 'headTeacher' }, mode: 'any' },
        { name: '教务处审批', approver: { type: 'position', positionId: officePosition.id }, mode: 'any', minDays: 3 },
      ],
      cc: [],
      overdueHours: 24,
      revokeDays: 7,
    },
  })
  await seedLeaveDemo({
    db,
    studentId: lin.id,
    headTeacher: actor(head, headPosition.name, HEAD_TEACHER_RIGHTS),
    kinds: { leave: leaveApprovalKind },
    now,
  })
  // 课表与考勤 (issue 41): the class's weekly face-to-face course, one session open now, attendance so far.
  await seedAttendanceDemo({ db, classId: klass.id, teacherId: head.id, studentId: lin.id, office: officeActor, now })
  // 论文 (issue 43): 2026年1期's thesis batch, choosing topics now; 王老师 offers two, one with a single place.
  await seedThesisDemo({ db, advisor: { id: head.id, name: head.name }, createdBy: office.name, now })
}
