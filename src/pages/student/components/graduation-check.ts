import { ApprovalStatus, GraduationCheck, GraduationState } from '@activity/wire'
import type { GraduationCondition, GraduationMine } from '../../../api/ems/education'
import { FEE_LINKS } from '../../../links/fee'
import { GRADUATION_PHOTO_URL } from '../../../links/graduation'
import { STUDY_LINKS } from '../../../links/study'
import { THESIS_URL } from '../../../links/thesis'
import type { ApprovalTone } from '../../../components/approval-steps/tone'

// 毕业审核's page rules: where the student fixes a condition not met, the line that sums the
// checklist up by where they stand, the tag of that state, and why the audit was refused.

/** 我的学籍 (home-faces links it too; there is no links module of its own). */
export const ROLL_URL = '/pages/student/roll'

/** What a condition without a page of its own says instead of a link. */
export const ASK_OFFICE = '请联系班主任或教务处'

/** Where the student goes to fix a condition of this kind: the page and the link's words. */
export interface FixLink {
  url: string
  label: string
}

const FIX_LINKS: Record<GraduationCheck, FixLink | null> = {
  [GraduationCheck.roll]: { url: ROLL_URL, label: '查看学籍' },
  [GraduationCheck.tuition]: { url: FEE_LINKS[0].path, label: '去缴费' },
  [GraduationCheck.courses]: { url: STUDY_LINKS.myCourses, label: '去学习' },
  [GraduationCheck.exams]: { url: STUDY_LINKS.exam, label: '去考试' },
  [GraduationCheck.thesis]: { url: THESIS_URL, label: '查看论文' },
  [GraduationCheck.photo]: { url: GRADUATION_PHOTO_URL, label: '上传照片' },
  [GraduationCheck.manual]: null,
}

/** The page a condition of this kind is fixed on, or null (其他: the head teacher or the office decides it). */
export function fixLinkOf(kind: GraduationCheck): FixLink | null {
  return FIX_LINKS[kind]
}

/** How many conditions are not met. */
export function unmetCount(checklist: ReadonlyArray<Pick<GraduationCondition, 'met'>>): number {
  return checklist.filter((c) => !c.met).length
}

/**
 * The line under the checklist, by where the student stands: what is left (还有N项未满足), that
 * the office is to submit them, that the audit is under way, refused or over; null without a state.
 */
export function summaryOf(mine: Pick<GraduationMine, 'state' | 'checklist'>): string | null {
  const left = unmetCount(mine.checklist)
  switch (mine.state) {
    case GraduationState.blocked:
      return left ? `还有${left}项未满足` : '条件已全部满足，等待教务处提交审核'
    case GraduationState.ready:
      return '条件已全部满足，等待教务处提交审核'
    case GraduationState.pending:
      return '毕业审核中，请等待审批结果'
    case GraduationState.refused:
      return left ? `毕业审核未通过，还有${left}项未满足` : '毕业审核未通过，条件满足后将重新提交审核'
    case GraduationState.graduated:
      return '恭喜你，已顺利毕业'
    default:
      return null
  }
}

/** The state's tag: 条件未满足 red, 可提交 blue, 审核中 orange, 已驳回 red, 已毕业 green. */
export function stateTone(state: GraduationMine['state']): ApprovalTone {
  switch (state) {
    case GraduationState.blocked:
    case GraduationState.refused:
      return 'red'
    case GraduationState.ready:
      return 'blue'
    case GraduationState.pending:
      return 'orange'
    case GraduationState.graduated:
      return 'green'
    default:
      return 'grey'
  }
}

/** 驳回原因: the comment of the approver who refused the audit (null when it was not refused, or they said nothing). */
export function refusalReason(approval: GraduationMine['approval']): string | null {
  if (!approval || approval.status !== ApprovalStatus.refused) return null
  for (const step of approval.steps) {
    const refused = step.approvers.find((a) => a.decision === 'refuse')
    if (refused) return refused.comment?.trim() || null
  }
  return null
}
