import { beijingDate, halfDaysText, slotHalfDay } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import { waitingCount } from '../../platform/index.ts'
import { classesHeadedBy, noticeReach, onLeave, studentsOfHeadTeacher } from '../../roll/index.ts'

/**
 * The head teacher's workbench in the app (homePageForHeaderTeacher): my classes, how many
 * approvals wait for me, my students on leave today, and the latest notices with how many of my
 * students have read them.
 */
export async function headTeacherHome({ db, adminId, now = new Date() }: { db: Executor; adminId: number; now?: Date }) {
  const [classes, students, waiting] = await Promise.all([
    classesHeadedBy({ db, adminId }),
    studentsOfHeadTeacher({ db, adminId }),
    waitingCount({ db, adminId }),
  ])
  const ids = students.map((s) => s.id)
  const byId = new Map(students.map((s) => [s.id, s]))
  const [leaves, notices] = await Promise.all([
    onLeave({ db, studentIds: ids, date: beijingDate(now) }),
    noticeReach({ db, studentIds: ids }),
  ])
  return {
    classes: classes.map((c) => ({ id: c.id, name: c.name, studentCount: c.studentCount })),
    waitingApprovals: waiting,
    onLeaveToday: leaves.map((l) => {
      const [start, end] = [slotHalfDay(l.startSlot), slotHalfDay(l.endSlot)]
      return {
        leaveId: l.id,
        studentId: l.studentId,
        name: byId.get(l.studentId)?.name ?? '',
        className: byId.get(l.studentId)?.className ?? null,
        type: l.type,
        startDate: start.date,
        startHalf: start.half,
        endDate: end.date,
        endHalf: end.half,
        daysText: halfDaysText(l.endSlot - l.startSlot + 1),
      }
    }),
    notices,
  }
}
