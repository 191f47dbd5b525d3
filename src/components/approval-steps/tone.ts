import { ApprovalStatus } from '@activity/wire'

export type ApprovalTone = 'orange' | 'green' | 'red' | 'blue' | 'grey'

/**
 * An approval's or a step's tag (a leave's is its approval's): 审批中 orange, 已通过 green, 已驳回
 * red, 已退回 blue (the applicant's to change); 已撤回, 已撤销 and a step 未开始 or 已取消 grey.
 * A step's statuses share their labels with the approval's.
 */
export function approvalTone(status: string): ApprovalTone {
  switch (status) {
    case ApprovalStatus.pending:
      return 'orange'
    case ApprovalStatus.approved:
      return 'green'
    case ApprovalStatus.refused:
      return 'red'
    case ApprovalStatus.returned:
      return 'blue'
    default:
      return 'grey'
  }
}
