import { defineFamily } from '../define'

/** /api/zms/point: point configuration, students' points and point records. */
export const point = defineFamily('/api/zms/point', {
  pointConfig: {},
  studentPoint: { actions: { listForClient: true } },
  studentPointRecord: { actions: { applyPoint: true, audit: true } },
})
