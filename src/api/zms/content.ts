import { defineFamily } from '../define'

/** /api/zms/content: homework, students' homework and job records, course schedules. */
export const content = defineFamily('/api/zms/content', {
  homework: { actions: { publish: true } },
  studentHomework: { actions: { listForClient: true, commitForClient: 'PUT' } },
  studentJobRecord: {},
  courseSchedule: { actions: { listForClient: true } },
})
