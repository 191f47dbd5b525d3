// The leave module's face (请假): a student's leave, decided by the approval engine.
export { leaveRoutes } from './leave.routes.ts'
export { leaveApprovalKind, onLeave, toLeave } from './leave.service.ts'
export { seedLeaveDemo } from './leave.seed.ts'
export { leaveRequestsView } from './leave.views.ts'
