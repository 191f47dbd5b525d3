import { defineFamily } from '../define'

/** /api/zms/approval: approvals (audit, batch audit, withdraw), focus-status change, flows, leave. */
export const approval = defineFamily('/api/zms/approval', {
  approval: { actions: { audit: true, batchAudit: true, withdraw: 'PUT' } },
  changeFocusStatus: { actions: { apply: true } },
  flow: {},
  leave: { actions: { apply: true, applyForHeaderTeacher: true, destroy: 'PUT', listByStudent: true } },
})
