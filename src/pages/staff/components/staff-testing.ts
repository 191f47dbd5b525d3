import type { ApprovalDetails, ApprovalListItem, TeacherLeaveDetails } from '../../../api/zms/approval'
import type { HeadTeacherHome } from '../../../api/zms/zhijiaotong'
import { stepOf, SUBMITTED } from '../../../testing/approvals'

/** Test-only: the staff pages' server answers. */
export const HOME = 'GET /api/zms/zhijiaotong/page/homePageForHeaderTeacher'
export const LIST = 'GET /api/zms/approval/approval/list'
export const COUNT = 'GET /api/zms/approval/approval/count'
export const DETAILS = 'GET /api/zms/approval/approval/details'
export const AUDIT = 'PUT /api/zms/approval/approval/audit'
export const LEAVE = 'GET /api/zms/approval/leave/detailsForTeacher'
export const ROSTER = 'GET /api/ems/education/schoolRoll/list'

export function homeOf(over: Partial<HeadTeacherHome> = {}): HeadTeacherHome {
  return {
    classes: [{ id: 5, name: '2026年1期 工商管理（本科）1班', studentCount: 2 }],
    waitingApprovals: 2,
    onLeaveToday: [
      {
        leaveId: 7,
        studentId: 3,
        name: '林小雨',
        className: '2026年1期 工商管理（本科）1班',
        type: '病假',
        startDate: '2026-03-02',
        startHalf: '上午',
        endDate: '2026-03-03',
        endHalf: '上午',
        daysText: '1.5天',
      },
    ],
    notices: [{ id: 1, title: '期中考试安排', publishedAt: '2026-03-01T02:00:00.000Z', audience: 2, read: 1 }],
    ...over,
  }
}

export function itemOf(over: Partial<ApprovalListItem> = {}): ApprovalListItem {
  return {
    id: 31,
    kind: 'leave',
    kindName: '请假',
    subjectId: 7,
    title: '林小雨的请假（病假 1.5天）',
    fields: [
      { label: '请假类型', value: '病假' },
      { label: '时长', value: '1.5天' },
    ],
    applicantName: '林小雨',
    submittedByName: null,
    status: '审批中',
    createdAt: '2026-03-02T02:00:00.000Z',
    decidedAt: null,
    currentStep: '班主任审批',
    overdue: false,
    ...over,
  }
}

/** 审批中, waiting for me (王老师), or as it stands after my decision. */
export function detailsOf(state: 'waiting' | 'approved' | 'returned' = 'waiting'): ApprovalDetails {
  const { fields, ...rest } = itemOf()
  const decided = state !== 'waiting'
  const decision =
    state === 'approved'
      ? { decision: 'approve', decisionName: '同意', comment: null }
      : { decision: 'return', decisionName: '退回', comment: '请补充医院证明' }
  return {
    ...rest,
    fields: [...fields, { label: '事由', value: '发烧，去医院看病' }],
    status: state === 'approved' ? '已通过' : state === 'returned' ? '已退回' : '审批中',
    steps: [
      decided
        ? stepOf({
            status: state === 'approved' ? '已通过' : '已退回',
            approvers: [{ ...stepOf().approvers[0]!, ...decision, actedAt: '2026-03-02T03:00:00.000Z' }],
          })
        : stepOf(),
    ],
    timeline: [
      SUBMITTED,
      ...(decided
        ? [{ id: 2, actorName: '王老师', action: decision.decisionName, comment: decision.comment, createdAt: '2026-03-02T03:00:00.000Z' }]
        : []),
    ],
    can: { decide: !decided, withdraw: false, revoke: false, resubmit: false },
  }
}

export function teacherLeaveOf(): TeacherLeaveDetails {
  const approval = detailsOf()
  return {
    approval,
    leave: {
      id: 7,
      studentId: 3,
      type: '病假',
      startDate: '2026-03-02',
      startHalf: '上午',
      endDate: '2026-03-03',
      endHalf: '上午',
      halfDays: 3,
      daysText: '1.5天',
      reason: '发烧，去医院看病',
      pictures: [{ key: 'leave/a.png', url: '/uploads/leave/a.png' }],
      status: '审批中',
      appliedByName: null,
      backDate: null,
      backHalf: null,
      usedHalfDays: null,
      createdAt: '2026-03-02T02:00:00.000Z',
    },
  } as TeacherLeaveDetails
}
