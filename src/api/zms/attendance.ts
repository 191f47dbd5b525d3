import { defineFamily } from '../define'

/** /api/zms/attendance: attendance, courses, punching and records, workforce. */
export const attendance = defineFamily('/api/zms/attendance', {
  abnormalPunching: {},
  attendance: { actions: { open: 'PUT', openSiteCourse: 'PUT', listForClient: true, listForTeacher: true } },
  attendanceCourse: {},
  attendanceRecord: {
    actions: {
      punchCourse: 'POST',
      punchDormitory: 'POST',
      withdraw: 'PUT',
      changeStatus: 'PUT',
      changeType: 'PUT',
      statistics: 'GET',
      exports: true,
    },
  },
  attendanceWorkforce: {},
})
