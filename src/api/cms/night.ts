import { defineFamily } from '../define'

/** /api/cms/night: night classes, their students and attendance. */
export const night = defineFamily('/api/cms/night', {
  nightAttendance: {},
  nightClass: { actions: { listForClient: true } },
  nightStudent: { actions: { saveForClient: true } },
})
