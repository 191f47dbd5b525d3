import type { ApprovalStep } from '../api/zms/approval'

// Test-only: an approval as the server answers it, for the approver's pages and the student's.

/** The head teacher's step (班主任审批, 或签), waiting for 王老师. */
export function stepOf(over: Partial<ApprovalStep> = {}): ApprovalStep {
  return {
    id: 1,
    seq: 1,
    name: '班主任审批',
    mode: 'any',
    modeName: '或签',
    status: '审批中',
    startedAt: '2026-03-02T02:00:00.000Z',
    decidedAt: null,
    dueAt: null,
    overdue: false,
    approvers: [{ adminId: 11, name: '王老师', decision: null, decisionName: null, comment: null, actedAt: null }],
    ...over,
  }
}

/** The applicant's 提交, the first entry of every timeline. */
export const SUBMITTED = { id: 1, actorName: '林小雨', action: '提交', comment: null, createdAt: '2026-03-02T02:00:00.000Z' }
