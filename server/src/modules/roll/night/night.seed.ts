import { eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { AttendanceWay, NightSignUpStatus } from '../../../wire.ts'
import { STUDENTS_DEMO, studentsView } from '../students/index.ts'
import { nightClasses } from './night.table.ts'
import { recordNightAttendance } from '../attendance/index.ts'
import { createNightRepository } from './night.repository.ts'
import { createClass, signUp } from './night.service.ts'

export const NIGHT_DEMO = {
  today: '会计基础（夜校第3讲）',
  later: '大学英语口语角',
  past: '高等数学习题课',
}

const MINUTE = 60_000

/**
 * The demo's night classes: one today whose check-in is open now (林小雨 signed up), one later this
 * week with one seat left (陈晓明 took the other), one past that 林小雨 attended. Only once.
 */
export async function seedNightDemo({ db, now = new Date() }: { db: Executor; now?: Date }): Promise<boolean> {
  const existing = await db.select({ id: nightClasses.id }).from(nightClasses).limit(1)
  if (existing.length > 0) return false
  const people = await db
    .select()
    .from(studentsView)
    .where(inArray(studentsView.phone, [STUDENTS_DEMO.student.phone, STUDENTS_DEMO.partnerStudent.phone]))
  const lin = people.find((s) => s.phone === STUDENTS_DEMO.student.phone)
  const chen = people.find((s) => s.phone === STUDENTS_DEMO.partnerStudent.phone)
  if (!lin || !chen) return false
  const base = { place: '杭州市西湖区文三路 88 号 3 楼 301 教室', published: true }
  const today = await createClass({
    db,
    input: {
      ...base,
      title: NIGHT_DEMO.today,
      subject: '会计学',
      teacher: '王老师',
      startsAt: new Date(now.getTime() + 10 * MINUTE),
      endsAt: new Date(now.getTime() + 130 * MINUTE),
      capacity: 30,
      description: '第3讲：会计要素与会计等式。请带上教材和计算器，开课前30分钟起可扫码签到。',
    },
  })
  const later = await createClass({
    db,
    input: {
      ...base,
      title: NIGHT_DEMO.later,
      subject: '大学英语',
      teacher: 'Lisa 老师',
      startsAt: new Date(now.getTime() + 3 * 24 * 60 * MINUTE),
      endsAt: new Date(now.getTime() + (3 * 24 * 60 + 90) * MINUTE),
      place: '杭州市西湖区文三路 88 号 2 楼语音室',
      capacity: 2,
      description: '小班口语练习，每期只有2个名额。',
    },
  })
  const past = await createClass({
    db,
    input: {
      ...base,
      title: NIGHT_DEMO.past,
      subject: '高等数学',
      teacher: '李老师',
      startsAt: new Date(now.getTime() - 2 * 24 * 60 * MINUTE),
      endsAt: new Date(now.getTime() - (2 * 24 * 60 - 120) * MINUTE),
      capacity: 40,
      description: '极限与连续的习题讲解。',
    },
  })
  await signUp({ db, studentId: lin.id, classId: today.id, now })
  await signUp({ db, studentId: chen.id, classId: later.id, now })
  // The past class: signed up before it began, checked in at its start.
  const repo = createNightRepository({ db })
  await repo.insertSignUp({
    classId: past.id,
    studentId: lin.id,
    status: NightSignUpStatus.signedUp,
    createdAt: new Date(past.startsAt.getTime() - 24 * 60 * MINUTE),
  })
  await db.update(nightClasses).set({ signedUp: 1 }).where(eq(nightClasses.id, past.id))
  await recordNightAttendance({ db, nightClassId: past.id, studentId: lin.id, way: AttendanceWay.scan, checkedInAt: past.startsAt })
  return true
}
