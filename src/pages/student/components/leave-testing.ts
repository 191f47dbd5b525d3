import { beijingDate } from '@activity/domain'
import type { Leave, LeaveApproval, LeaveDetails } from '../../../api/zms/approval'
import { stepOf, SUBMITTED } from '../../../testing/approvals'
import { addDays } from './leave-form'

/** Test-only: the leave pages' server answers, with dates around today (Beijing) as the pages read them. */
export const todayIs = () => beijingDate(Date.now())
export const daysFromToday = (days: number) => addDays(todayIs(), days)

export const LIST = 'GET /api/zms/approval/leave/listByStudent'
export const DETAILS = 'GET /api/zms/approval/leave/details'
export const UPLOAD = 'POST /api/zms/approval/leave/upload'
export const APPLY = 'POST /api/zms/approval/leave/apply'
export const RESUBMIT = 'PUT /api/zms/approval/leave/update'
export const DESTROY = 'PUT /api/zms/approval/leave/destroy'
export const WITHDRAW = 'PUT /api/zms/approval/approval/withdrawForClient'
export const REVOKE = 'PUT /api/zms/approval/approval/revokeForClient'

/** 病假 from two days ago 上午 to yesterday 上午 (1.5天), waiting for its head teacher. */
export function leaveOf(over: Partial<Leave> = {}): Leave {
  return {
    id: 7,
    studentId: 3,
    type: '病假',
    startDate: daysFromToday(-2),
    startHalf: '上午',
    endDate: daysFromToday(-1),
    endHalf: '上午',
    halfDays: 3,
    daysText: '1.5天',
    reason: '发烧，去医院看病',
    pictures: [],
    status: '审批中',
    appliedByName: null,
    backDate: null,
    backHalf: null,
    usedHalfDays: null,
    createdAt: '2026-03-02T02:00:00.000Z',
    ...over,
  }
}

export function approvalOf(over: Partial<LeaveApproval> = {}): LeaveApproval {
  return {
    id: 31,
    kind: 'leave',
    kindName: '请假',
    subjectId: 7,
    title: '林小雨的请假（病假 1.5天）',
    fields: [],
    applicantName: '林小雨',
    submittedByName: null,
    status: '审批中',
    createdAt: '2026-03-02T02:00:00.000Z',
    decidedAt: null,
    steps: [stepOf(), stepOf({ id: 2, seq: 2, name: '教务审批', status: '未开始', startedAt: null, approvers: [] })],
    timeline: [SUBMITTED],
    can: { decide: false, withdraw: false, revoke: false, resubmit: false },
    ...over,
  }
}

const acted = (name: string, decision: string, decisionName: string, comment: string | null, actedAt: string) => ({
  adminId: name === '王老师' ? 11 : 12,
  name,
  decision,
  decisionName,
  comment,
  actedAt,
})

/** A leave in each state the detail page draws differently, as the server answers it to its student. */
export const LEAVE_STATES = {
  /** Nobody acted yet: 撤回. */
  pending: (): LeaveDetails => ({
    leave: leaveOf(),
    approval: approvalOf({ can: { decide: false, withdraw: true, revoke: false, resubmit: false } }),
  }),
  /** The head teacher returned it: 撤回 or 修改后重新提交. */
  returned: (): LeaveDetails => ({
    leave: leaveOf({ status: '已退回', pictures: [{ key: 'leave/2026/03/s3-a.png', url: '/files/leave/2026/03/s3-a.png?e=1&s=x' }] }),
    approval: approvalOf({
      status: '已退回',
      steps: [
        stepOf({
          status: '已退回',
          decidedAt: '2026-03-02T03:00:00.000Z',
          approvers: [acted('王老师', 'return', '退回', '请补充医院证明', '2026-03-02T03:00:00.000Z')],
        }),
      ],
      timeline: [
        SUBMITTED,
        { id: 2, actorName: '王老师', action: '退回', comment: '请补充医院证明', createdAt: '2026-03-02T03:00:00.000Z' },
      ],
      can: { decide: false, withdraw: true, revoke: false, resubmit: true },
    }),
  }),
  /** Approved by both steps, begun two days ago: 撤销 and 销假. */
  approved: (): LeaveDetails => ({
    leave: leaveOf({
      status: '已通过',
      pictures: [{ key: 'leave/2026/03/s3-b.png', url: '/files/leave/2026/03/s3-b.png?e=1&s=y' }],
    }),
    approval: approvalOf({
      status: '已通过',
      decidedAt: '2026-03-02T05:00:00.000Z',
      steps: [
        stepOf({
          status: '已通过',
          decidedAt: '2026-03-02T03:00:00.000Z',
          approvers: [acted('王老师', 'approve', '同意', '注意休息', '2026-03-02T03:00:00.000Z')],
        }),
        stepOf({
          id: 2,
          seq: 2,
          name: '教务审批',
          status: '已通过',
          decidedAt: '2026-03-02T05:00:00.000Z',
          approvers: [acted('李主任', 'approve', '同意', null, '2026-03-02T05:00:00.000Z')],
        }),
      ],
      timeline: [
        SUBMITTED,
        { id: 2, actorName: '王老师', action: '同意', comment: '注意休息', createdAt: '2026-03-02T03:00:00.000Z' },
        { id: 3, actorName: '李主任', action: '同意', comment: null, createdAt: '2026-03-02T05:00:00.000Z' },
      ],
      can: { decide: false, withdraw: false, revoke: true, resubmit: false },
    }),
  }),
  /** Approved, next week: 撤销 only (nobody comes back from a leave not begun). */
  ahead: (): LeaveDetails => {
    const d = LEAVE_STATES.approved()
    return {
      ...d,
      leave: { ...d.leave, startDate: daysFromToday(7), endDate: daysFromToday(7), startHalf: '下午', halfDays: 1, daysText: '0.5天' },
    }
  },
  /** Approved, and 销假 recorded: 撤销 only, within the flow's days. */
  destroyed: (): LeaveDetails => {
    const d = LEAVE_STATES.approved()
    return {
      leave: { ...d.leave, backDate: daysFromToday(-2), backHalf: '下午', usedHalfDays: 1 },
      approval: {
        ...d.approval,
        timeline: [
          ...d.approval.timeline,
          { id: 4, actorName: '林小雨', action: '销假', comment: '返回，实际请假0.5天，释放1天', createdAt: '2026-03-03T02:00:00.000Z' },
        ],
      },
    }
  },
  /** Refused: nothing left to do. */
  refused: (): LeaveDetails => ({
    leave: leaveOf({ status: '已驳回' }),
    approval: approvalOf({
      status: '已驳回',
      steps: [
        stepOf({
          status: '已驳回',
          approvers: [acted('王老师', 'refuse', '驳回', '期末考试期间不批假', '2026-03-02T03:00:00.000Z')],
        }),
      ],
    }),
  }),
  /** Withdrawn by the student: nothing left to do. */
  withdrawn: (): LeaveDetails => ({
    leave: leaveOf({ status: '已撤回' }),
    approval: approvalOf({
      status: '已撤回',
      steps: [stepOf({ status: '已取消' })],
      timeline: [SUBMITTED, { id: 2, actorName: '林小雨', action: '撤回', comment: null, createdAt: '2026-03-02T02:30:00.000Z' }],
    }),
  }),
}

export type LeaveState = keyof typeof LEAVE_STATES
