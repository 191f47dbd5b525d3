import type { Executor } from '../../../db/types.ts'
import { EducationType, StudentLevel, StudentStatus } from '../../../wire.ts'
import { studentStatusHistory, students } from './students.table.ts'

/** The demo students: a student only, and the demo partner, who studies too (one account, two profiles). */
export const STUDENTS_DEMO = {
  student: { phone: '13900000000', name: '林小雨' },
  partnerStudent: { phone: '13800000000', name: '陈晓明' },
}

export async function seedStudentsDemo({ db }: { db: Executor }): Promise<void> {
  const rows = await db
    .insert(students)
    .values([
      {
        phone: STUDENTS_DEMO.student.phone,
        name: STUDENTS_DEMO.student.name,
        idCard: '330106200001011235',
        gender: '女',
        educationType: EducationType.adultExam,
        school: '浙江工商大学',
        major: '工商管理',
        level: StudentLevel.bachelor,
        programme: '专升本',
        discipline: '管理学-工商管理类',
        batchYear: 2026,
        batch: 1,
        studentNo: '2026010001',
        status: StudentStatus.studying,
      },
      {
        phone: STUDENTS_DEMO.partnerStudent.phone,
        name: STUDENTS_DEMO.partnerStudent.name,
        idCard: '11010519491231002X',
        gender: '男',
        educationType: EducationType.openEducation,
        school: '国家开放大学',
        major: '计算机科学与技术',
        level: StudentLevel.bachelor,
        programme: '专升本',
        discipline: '工学-计算机类',
        batchYear: 2025,
        batch: 2,
        studentNo: '2025020017',
        status: StudentStatus.studying,
      },
    ])
    .returning({ id: students.id })
  await db.insert(studentStatusHistory).values(rows.map((r) => ({ studentId: r.id, toStatus: StudentStatus.studying, reason: '登记' })))
}
