import type { ApiBody, ApiData, ApiItem, ApiQuery } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { call, defineFamily, type NoPayload, uploadCall } from '../define'

// The student's leave (请假) calls: the leave counts in half-days (上午/下午, both ends included),
// its approval carries the steps, who acted when and what the student may do now (`can`). Times
// are ISO text, dates YYYY-MM-DD. The types are the back-office's own (@activity/api-types).

/** One of my leaves in 我的请假, newest first; `approvalId` the approval to withdraw or revoke. */
export type LeaveItem = ApiItem<'/api/zms/approval/leave/listByStudent', 'get'>

/** A leave with its approval: what every leave call answers. */
export type LeaveDetails = ApiData<'/api/zms/approval/leave/details', 'get'>

/** A leave: `pictures` signed addresses with their keys, `backDate`/`backHalf` once 销假 is recorded. */
export type Leave = LeaveDetails['leave']

/** A leave's approval: its steps (the current round), the timeline of actions and `can`. */
export type LeaveApproval = LeaveDetails['approval']

/** One step of the approval, with its approvers' decisions (同意/驳回/退回), comments and times. */
export type ApprovalStep = LeaveApproval['steps'][number]

/** One entry of the approval's timeline: 提交, 同意, 退回, 撤回, 撤销, 销假 ... */
export type ApprovalAction = LeaveApproval['timeline'][number]

/** 请假: type, start and end half-days, reason, the uploaded pictures' keys (at most 6). */
export type LeavePayload = ApiBody<'/api/zms/approval/leave/apply', 'post'>

/** 修改后重新提交: a returned leave, changed. */
export type LeaveResubmitPayload = ApiBody<'/api/zms/approval/leave/update', 'put'>

/** 销假: the half-day the student came back. */
export type LeaveDestroyPayload = ApiBody<'/api/zms/approval/leave/destroy', 'put'>

/** An uploaded picture: `key` goes in `pictures`, `url` shows it. */
export type LeavePicture = ApiData<'/api/zms/approval/leave/upload', 'post'>

/** An approval in an approver's lists (待我审批 / 我已审批 / 抄送我的): title, fields, current step, 已超时. */
export type ApprovalListItem = ApiItem<'/api/zms/approval/approval/list', 'get'>

/** The list's query: `box` waiting | done | cc, a page. */
export type ApprovalListQuery = ApiQuery<'/api/zms/approval/approval/list', 'get'>

/** An approval as its approver sees it: fields, steps, timeline and what I may do (`can.decide`). */
export type ApprovalDetails = ApiData<'/api/zms/approval/approval/details', 'get'>

/** 同意 / 驳回 / 退回, with a comment (required for 驳回 and 退回). */
export type ApprovalDecision = ApiBody<'/api/zms/approval/approval/audit', 'put'>

/** A leave as its head teacher sees it, with its pictures (`detailsForTeacher`). */
export type TeacherLeaveDetails = ApiData<'/api/zms/approval/leave/detailsForTeacher', 'get'>

/** /api/zms/approval: approvals (audit, batch audit, withdraw, revoke), focus-status change, flows, leave. */
export const approval = defineFamily('/api/zms/approval', {
  // An approver's calls run in the operator session (src/staff); the student's are the *ForClient ones.
  approval: {
    base: {
      list: call<ApprovalListQuery, Page<ApprovalListItem>>(),
      details: call<ApiQuery<'/api/zms/approval/approval/details', 'get'>, ApprovalDetails>(),
    },
    actions: {
      audit: call<ApprovalDecision, ApprovalDetails>('PUT'),
      count: call<NoPayload, ApiData<'/api/zms/approval/approval/count', 'get'>>('GET'),
      batchAudit: true,
      withdraw: 'PUT',
      /** 撤回: the applicant takes a request back until an approver has acted (then 422). */
      withdrawForClient: call<ApiBody<'/api/zms/approval/approval/withdrawForClient', 'put'>, LeaveApproval>('PUT'),
      /** 撤销: the applicant revokes an approved request, with a reason, within the flow's days. */
      revokeForClient: call<ApiBody<'/api/zms/approval/approval/revokeForClient', 'put'>, LeaveApproval>('PUT'),
    },
  },
  // 审批提醒 at the family's root (/api/zms/approval/subscribe…), in the operator session: the
  // WeChat subscribe-message template ids to ask for, and the ids the operator accepted.
  subscription: {
    path: '',
    base: false,
    actions: {
      subscribeTemplates: call<NoPayload, ApiData<'/api/zms/approval/subscribeTemplates', 'get'>>('GET'),
      /** `templateIds` comma-separated (the form body's spelling of the list). */
      subscribe: call<{ templateIds: string }, ApiData<'/api/zms/approval/subscribe', 'post'>>('POST'),
    },
  },
  changeFocusStatus: { actions: { apply: true } },
  flow: {},
  // A picture is uploaded first (its key goes in `pictures`); an overlapping leave is refused (409).
  leave: {
    base: {
      upload: uploadCall<LeavePicture>(),
      details: call<ApiQuery<'/api/zms/approval/leave/details', 'get'>, LeaveDetails>(),
    },
    actions: {
      apply: call<LeavePayload, LeaveDetails>(),
      applyForHeaderTeacher: true,
      // PUT leave/update, which the base `update` (PUT leave) is not: a returned leave, changed.
      resubmit: call<LeaveResubmitPayload, LeaveDetails>('PUT', 'update'),
      destroy: call<LeaveDestroyPayload, LeaveDetails>('PUT'),
      listByStudent: call<NoPayload, { list: LeaveItem[] }>(),
      detailsForTeacher: call<ApiQuery<'/api/zms/approval/leave/detailsForTeacher', 'get'>, TeacherLeaveDetails>(),
    },
  },
})
