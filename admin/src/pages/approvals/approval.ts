/**
 * 审批's rules the screens share (pure; approval.test.ts): the boxes and which one an address
 * opens, the statuses' looks, the decisions and when they need a comment, a step's state as a
 * step of antd's Steps, a request's fields in one line, and what a batch decision did.
 */
import { ApprovalDecision, type ApprovalKind, ApprovalStatus, ApprovalStepStatus } from '@activity/wire'
import type { ApprovalBox, BatchOutcome, Decision } from '../../api/approvals'

export interface BoxTab {
  key: ApprovalBox
  label: string
  /** Only with 审批 · 查看全部 (approvals.view). */
  all?: boolean
}

/** The tabs of 审批, in order; /approvals opens the first. */
export const BOXES: readonly BoxTab[] = [
  { key: 'waiting', label: '待我审批' },
  { key: 'done', label: '我已审批' },
  { key: 'cc', label: '抄送我的' },
  { key: 'all', label: '全部审批', all: true },
]

/** The tabs an operator sees. */
export function boxesFor(seesAll: boolean): BoxTab[] {
  return BOXES.filter((b) => seesAll || !b.all)
}

/** The box an address names; an unknown one, or 全部审批 without the right, opens 待我审批. */
export function boxOf(param: string | undefined, seesAll: boolean): ApprovalBox {
  return boxesFor(seesAll).find((b) => b.key === param)?.key ?? 'waiting'
}

/** Each status's look (ListTable's valueEnum). */
export const APPROVAL_STATUS_LOOKS = {
  [ApprovalStatus.pending]: { text: ApprovalStatus.pending, status: 'Processing' },
  [ApprovalStatus.approved]: { text: ApprovalStatus.approved, status: 'Success' },
  [ApprovalStatus.refused]: { text: ApprovalStatus.refused, status: 'Error' },
  [ApprovalStatus.returned]: { text: ApprovalStatus.returned, status: 'Warning' },
  [ApprovalStatus.withdrawn]: { text: ApprovalStatus.withdrawn, status: 'Default' },
  [ApprovalStatus.revoked]: { text: ApprovalStatus.revoked, status: 'Default' },
} as const satisfies Record<ApprovalStatus, { text: string; status: 'Processing' | 'Success' | 'Error' | 'Warning' | 'Default' }>

/** The kinds as a filter's options, by their key (the server's `kind`). */
export const KIND_LOOKS = {
  leave: { text: '请假' },
  rollCorrection: { text: '学籍变更' },
  makeUpPunch: { text: '补卡' },
  graduationPhoto: { text: '毕业照片' },
  graduation: { text: '毕业审核' },
} as const satisfies Record<ApprovalKind, { text: string }>

/** 驳回 and 退回 tell the applicant why; 同意 may say something. */
export function needsComment(decision: Decision): boolean {
  return decision !== 'approve'
}

/** The decisions' words: the button, the dialog's title, the comment's label and the message after. */
export function decisionTexts(decision: Decision): { verb: string; comment: string; done: string } {
  const verb = ApprovalDecision[decision]
  return {
    verb,
    comment: decision === 'approve' ? '审批意见' : `${verb}原因`,
    done: decision === 'return' ? '已退回，申请人修改后可重新提交' : `已${verb}`,
  }
}

/** A step's state as antd's Steps shows it. */
export function stepState(status: string): 'wait' | 'process' | 'finish' | 'error' {
  switch (status) {
    case ApprovalStepStatus.approved:
      return 'finish'
    case ApprovalStepStatus.pending:
      return 'process'
    case ApprovalStepStatus.refused:
    case ApprovalStepStatus.returned:
      return 'error'
    default:
      return 'wait'
  }
}

/** A request's fields in one line (a list's cell): 请假类型：病假 · 时长：0.5天; the first `max` of them. */
export function fieldsLine(fields: ReadonlyArray<{ label: string; value: string }>, max = 4): string {
  return fields
    .slice(0, max)
    .map((f) => `${f.label}：${f.value}`)
    .join(' · ')
}

/** What a batch decision did: how many were decided, and why each of the others was not. */
export function batchSummary(results: readonly BatchOutcome[], decision: 'approve' | 'refuse'): { text: string; failed: BatchOutcome[] } {
  const failed = results.filter((r) => !r.ok)
  const done = results.length - failed.length
  const verb = ApprovalDecision[decision]
  if (failed.length === 0) return { text: `${done} 条已${verb}`, failed }
  if (done === 0) return { text: `${failed.length} 条未能${verb}`, failed }
  return { text: `${done} 条已${verb}，${failed.length} 条未能${verb}`, failed }
}
