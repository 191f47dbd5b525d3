import { ApprovalDecision } from '@activity/wire'

/** The approver's three lists, in the tabs' order. */
export const APPROVAL_BOXES = [
  { box: 'waiting', label: '待我审批' },
  { box: 'done', label: '我已审批' },
  { box: 'cc', label: '抄送我的' },
] as const

export type ApprovalBox = (typeof APPROVAL_BOXES)[number]['box']

/** The tab a page's `?box=` names, 待我审批 otherwise. */
export function boxOf(raw: string | undefined): ApprovalBox {
  return APPROVAL_BOXES.find((b) => b.box === raw)?.box ?? 'waiting'
}

/** A list row's one-line summary of the request's fields: 请假类型：病假 · 时长：1.5天 (the first `max`). */
export function fieldsSummary(fields: ReadonlyArray<{ label: string; value: string }>, max = 3): string {
  return fields
    .filter((f) => f.value)
    .slice(0, max)
    .map((f) => `${f.label}：${f.value}`)
    .join(' · ')
}

/** 同意 / 驳回 / 退回, as the buttons show them. */
export const DECISIONS: ReadonlyArray<{ decision: ApprovalDecision; label: string }> = [
  { decision: 'approve', label: ApprovalDecision.approve },
  { decision: 'refuse', label: ApprovalDecision.refuse },
  { decision: 'return', label: ApprovalDecision.return },
]

export const COMMENT_MAX = 200

/** What is wrong with a decision before it is sent: 驳回 and 退回 need a reason; '' when nothing is. */
export function decisionProblem(decision: ApprovalDecision, comment: string): string {
  if (decision !== 'approve' && !comment.trim()) return `请填写${ApprovalDecision[decision]}原因`
  if (comment.trim().length > COMMENT_MAX) return `意见不能超过${COMMENT_MAX}个字符`
  return ''
}

/** A phone shown whole (the position may see it: 拨打 is offered), not masked (139****0000). */
export function isWholePhone(phone: string | null | undefined): phone is string {
  return typeof phone === 'string' && /^1\d{10}$/.test(phone)
}

/** 已读 3/5: how many of my students opened a notice addressed to them. */
export function readText(read: number, audience: number): string {
  return audience > 0 ? `已读 ${read}/${audience}` : '无学员'
}

/** The badge over 待我审批: the count, 99+ past 99, nothing at 0. */
export function badgeText(count: number | null | undefined): string {
  if (!count || count < 0) return ''
  return count > 99 ? '99+' : String(count)
}

/** This month's 招生目标 line of a teacher's row: 本月目标：成交 3 / 10（30%）, or that none is set. */
export function targetText(row: { deals: number; dealTarget: number | null; dealProgress: number | null }): string {
  if (row.dealTarget === null) return `本月目标：未设置（已成交 ${row.deals}）`
  return `本月目标：成交 ${row.deals} / ${row.dealTarget}${row.dealProgress === null ? '' : `（${row.dealProgress}%）`}`
}
