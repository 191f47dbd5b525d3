import { eq } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import type { Storage } from '../../../gateways/storage/index.ts'
import { COURSES_DEMO, coursesView } from '../courses/index.ts'
import { STUDENTS_DEMO, studentsView } from '../../roll/index.ts'
import { studentQuestions } from './student-questions.table.ts'
import { askQuestion, postOnQuestion } from './student-questions.service.ts'

/**
 * The demo's 答疑 thread: 林小雨 asked about 「高等数学（一）」 and a teacher answered, unread, so
 * home shows the badge. Only when she has asked nothing yet (and the course and teacher exist).
 */
export async function seedStudentQuestionsDemo({
  db,
  storage = { stat: async () => undefined },
  teacherId,
}: {
  db: Executor
  /** Where pictures would be looked up (the demo thread has none). */
  storage?: Pick<Storage, 'stat'>
  teacherId: number
}): Promise<boolean> {
  const [student] = await db.select().from(studentsView).where(eq(studentsView.phone, STUDENTS_DEMO.student.phone)).limit(1)
  const [course] = await db.select().from(coursesView).where(eq(coursesView.title, COURSES_DEMO.maths)).limit(1)
  if (!student || !course) return false
  const asked = await db
    .select({ id: studentQuestions.id })
    .from(studentQuestions)
    .where(eq(studentQuestions.studentId, student.id))
    .limit(1)
  if (asked.length > 0) return false
  const hourAgo = new Date(Date.now() - 3_600_000)
  const { id } = await askQuestion({
    db,
    storage,
    studentId: student.id,
    now: hourAgo,
    input: {
      courseId: course.id,
      title: '洛必达法则什么时候可以用？',
      content: '求 lim(x→0) sin x / x 时可以直接用洛必达法则吗？书上说要先判断类型，不太明白。',
    },
  })
  await db.transaction((tx) =>
    postOnQuestion({
      db: tx,
      storage,
      author: { kind: 'teacher', adminId: teacherId },
      id,
      content:
        '可以用，但要先确认是 0/0 或 ∞/∞ 型：x→0 时 sin x→0、x→0，属于 0/0 型，分子分母分别求导得 cos x / 1 → 1。注意这个极限本身是推导 (sin x)′ = cos x 的基础，证明题里不要循环论证，用夹逼准则更稳妥。',
    }),
  )
  return true
}
