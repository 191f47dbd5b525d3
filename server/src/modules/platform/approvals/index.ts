// The approvals module's face (审批, the one engine every approval of the product runs on).
export { approvalsRoutes } from './approvals.routes.ts'
export { type ApprovalPusher, createApprovalPusher } from './approvals.push.ts'
export {
  type ApprovalActor,
  type ApprovalKindHandler,
  type ApprovalKinds,
  type ApprovalRequestRow,
  approvalDetails,
  approvalOf,
  approvalsOf,
  decideApprovalAs,
  mayReadApproval,
  recordApprovalNote,
  saveFlow,
  remindOverdue,
  resubmitApproval,
  submitApproval,
  toApprovalDetails,
  toApprovalSummary,
  waitingCount,
} from './approvals.service.ts'
export { approvalDetailsSchema, approvalSummarySchema } from './approvals.schemas.ts'
