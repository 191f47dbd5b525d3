/**
 * 审批 (`/api/zms/approval`): an operator's boxes (待我审批, 我已审批, 抄送我的, 全部审批), a
 * request's steps and timeline, the decisions (one or a batch), 撤销, the export; the flows each
 * kind follows (审批流程); a leave's own record with its pictures.
 */
import type { ApiBody, ApiData, ApiItem, ApiQuery, ApiQueryText } from '@activity/api-types'
import type { ApproverType, Page } from '@activity/wire'
import { get, put } from './client'

const base = '/api/zms/approval/approval'
const flow = '/api/zms/approval/flow'

/** A request in a box: its title and fields, status, the step under way and whether it is overdue. */
export type ApprovalRow = ApiItem<'/api/zms/approval/approval/list', 'get'>

export type ApprovalQuery = ApiQueryText<'/api/zms/approval/approval/list', 'get'>

/** waiting 待我审批, done 我已审批, cc 抄送我的, submitted 我代提交的, all 全部审批 (审批 · 查看全部). */
export type ApprovalBox = NonNullable<ApiQuery<'/api/zms/approval/approval/list', 'get'>['box']>

/** A request with its steps (approvers and their decisions), timeline and what the operator may do now. */
export type ApprovalDetails = ApiData<'/api/zms/approval/approval/details', 'get'>
export type ApprovalStep = ApprovalDetails['steps'][number]

/** 同意, 驳回 or 退回 (a comment required for the last two). */
export type Decision = ApiBody<'/api/zms/approval/approval/audit', 'put'>['decision']

/** One request's outcome in a batch. */
export type BatchOutcome = ApiData<'/api/zms/approval/approval/batchAudit', 'put'>['results'][number]

/** A leave as its approvers read it, with its pictures (signed addresses). */
export type TeacherLeave = ApiData<'/api/zms/approval/leave/detailsForTeacher', 'get'>['leave']

/** A kind's flow: its steps (who approves, 或签/会签, from how many days), copies and limits. */
export type Flow = ApiData<'/api/zms/approval/flow/list', 'get'>['list'][number]
type GeneratedFlowInput = ApiBody<'/api/zms/approval/flow', 'put'>
type GeneratedStep = GeneratedFlowInput['steps'][number]

/** Whom a step or a copy asks: the head teacher, a position, a department's head, or the operators holding a right (`right`). */
export type Approver = GeneratedStep['approver'] & { type: ApproverType }
export type FlowInput = GeneratedFlowInput

export const approvalsApi = {
  list: (query: ApprovalQuery) => get<Page<ApprovalRow>>(`${base}/list`, query),
  /** How many wait for the operator (the 待我审批 badge). */
  count: () => get<{ waiting: number }>(`${base}/count`).then((c) => c.waiting),
  details: (id: number) => get<ApprovalDetails>(`${base}/details`, { id }),
  decide: (body: { id: number; decision: Decision; comment?: string }) => put<ApprovalDetails>(`${base}/audit`, body, { quiet: true }),
  batchDecide: (body: { ids: number[]; decision: 'approve' | 'refuse'; comment?: string }) =>
    put<{ results: BatchOutcome[] }>(`${base}/batchAudit`, body, { quiet: true }).then((r) => r.results),
  revoke: (body: { id: number; reason: string }) => put<ApprovalDetails>(`${base}/revoke`, body, { quiet: true }),
  /** The operator who applied for a student (代提交) takes it back, until an approver has acted. */
  withdraw: (id: number) => put<ApprovalDetails>(`${base}/withdraw`, { id }, { quiet: true }),
  /** The leave behind a request of kind leave (its `subjectId`). */
  leave: (leaveId: number) =>
    get<ApiData<'/api/zms/approval/leave/detailsForTeacher', 'get'>>('/api/zms/approval/leave/detailsForTeacher', { id: leaveId }).then(
      (d) => d.leave,
    ),
  exportPath: `${base}/export`,
}

/** A position or a department a step may ask (its id and name). */
export interface Named {
  id: number
  name: string
}

export const flowsApi = {
  list: () => get<{ list: Flow[] }>(`${flow}/list`).then((r) => r.list),
  save: (input: FlowInput) => put<{ list: Flow[] }>(flow, input, { quiet: true }).then((r) => r.list),
  /** The positions and departments a step may ask (every one, by name). */
  options: () => get<{ positions: Named[]; departments: Named[] }>(`${flow}/options`),
}
