/**
 * 毕业审核's rules the screens share (pure; audit.test.ts): the states' looks, an audit's counts
 * in the office's words, the 未满足条件 filter's options (the automatic checks and the audit's own
 * conditions), a checklist as tags, which conditions apply to the students picked, the form's
 * values and the bodies it sends, and what 提交审核 and 标记条件 say after.
 */
import { GraduationState } from '@activity/wire'
import type {
  ChecklistItem,
  GraduationAudit,
  GraduationAuditInput,
  GraduationAuditRow,
  GraduationAuditUpdate,
  GraduationCondition,
  PreviewRow,
  SubmitResult,
} from '../../api/graduation'

/** Each state's look (ListTable's valueEnum, EnumTag). */
export const GRADUATION_STATE_LOOKS = {
  [GraduationState.blocked]: { text: GraduationState.blocked, status: 'Default' },
  [GraduationState.ready]: { text: GraduationState.ready, status: 'Processing' },
  [GraduationState.pending]: { text: GraduationState.pending, status: 'Warning' },
  [GraduationState.refused]: { text: GraduationState.refused, status: 'Error' },
  [GraduationState.graduated]: { text: GraduationState.graduated, status: 'Success' },
} as const satisfies Record<GraduationState, { text: string; status: 'Processing' | 'Success' | 'Error' | 'Warning' | 'Default' }>

/** What the server checks by itself for every student, by the key 未满足条件 filters with. */
export const AUTOMATIC_CHECKS = [
  { key: 'roll', name: '学籍状态' },
  { key: 'tuition', name: '学费' },
  { key: 'courses', name: '必修课程' },
  { key: 'exams', name: '考试' },
  { key: 'thesis', name: '毕业论文' },
  { key: 'photo', name: '毕业照片' },
] as const

/** 学位英语（专升本）, 毕业实习（全部学员）. */
export function conditionScope(c: Pick<GraduationCondition, 'programme'>): string {
  return c.programme ?? '全部学员'
}

export function conditionLabel(c: Pick<GraduationCondition, 'name' | 'programme'>): string {
  return `${c.name}（${conditionScope(c)}）`
}

/** The key of a manual condition in a checklist (and the 未满足条件 filter). */
export function manualKey(c: Pick<GraduationCondition, 'id'>): string {
  return `manual:${c.id}`
}

/** 未满足条件: the automatic checks, then the audit's own conditions. */
export function blockedByOptions(audit: Pick<GraduationAudit, 'conditions'>): Array<{ value: string; label: string }> {
  return [
    ...AUTOMATIC_CHECKS.map((c) => ({ value: c.key, label: c.name })),
    ...audit.conditions.map((c) => ({ value: manualKey(c), label: c.programme ? conditionLabel(c) : c.name })),
  ]
}

/** The counts of the list and the header, in the office's words, in order. */
export function countItems(counts: GraduationAuditRow['counts']): Array<{ key: string; label: string; value: number }> {
  return [
    { key: 'students', label: '学员', value: counts.students },
    { key: 'ready', label: '可提交', value: counts.ready },
    { key: 'blocked', label: '未满足', value: counts.blocked },
    { key: 'pending', label: '审核中', value: counts.pending },
    { key: 'graduated', label: '已毕业', value: counts.graduated },
  ]
}

/** A condition of a student's checklist as a tag: met in green, not in red, with its icon too (not colour alone). */
export interface CheckTag {
  key: string
  text: string
  met: boolean
  color: 'success' | 'error'
  /** The tooltip: what was found. */
  tip: string
  /** What a screen reader says. */
  label: string
}

export function checkTags(checklist: readonly ChecklistItem[]): CheckTag[] {
  return checklist.map((c) => ({
    key: c.key,
    text: c.name,
    met: c.met,
    color: c.met ? 'success' : 'error',
    tip: c.detail,
    label: `${c.name}${c.met ? '已满足' : '未满足'}${c.detail ? `：${c.detail}` : ''}`,
  }))
}

/** A graduate cannot be submitted or marked again. */
export function selectable(row: Pick<PreviewRow, 'state'>): boolean {
  return row.state !== GraduationState.graduated
}

/**
 * The conditions 标记条件 can mark for the students picked: those for every student, and those of
 * a programme when each of them is in it (the server marks none when one is not).
 */
export function markableConditions(
  conditions: readonly GraduationCondition[],
  rows: ReadonlyArray<Pick<PreviewRow, 'programme'>>,
): GraduationCondition[] {
  return conditions.filter((c) => c.programme === null || rows.every((r) => r.programme === c.programme))
}

/** What 提交审核 says: how many went to 审批 and, for each one left, who and why. */
export function submitSummary(result: SubmitResult): { type: 'success' | 'warning'; title: string; skipped: string[] } {
  const skipped = result.skipped.map((s) => `${s.name || `学员 #${s.studentId}`}：${s.reason}`)
  const title =
    result.submitted > 0
      ? `已提交 ${result.submitted} 名学员审核${skipped.length ? `，${skipped.length} 名未提交` : ''}`
      : `没有学员提交审核${skipped.length ? `（${skipped.length} 名未提交）` : ''}`
  return { type: skipped.length === 0 && result.submitted > 0 ? 'success' : 'warning', title, skipped }
}

/** What 标记条件 says once done. */
export function markSummary(updated: number, met: boolean, condition: Pick<GraduationCondition, 'name'>): string {
  return `已将 ${updated} 名学员的「${condition.name}」标记为${met ? '已满足' : '未满足'}`
}

/** Courses as the multi-select shows them: the list's, and the audit's own required ones it may not hold. */
export function courseOptions(
  listed: ReadonlyArray<{ value: number; label: string }>,
  required: ReadonlyArray<{ id: number; title: string }> = [],
): Array<{ value: number; label: string }> {
  const missing = required.filter((c) => !listed.some((o) => o.value === c.id)).map((c) => ({ value: c.id, label: c.title }))
  return [...listed, ...missing]
}

/** 新建审核 / 编辑's values: the graduation date as the date picker's wall-clock text. */
export interface AuditValues {
  title: string
  batchYear: number | undefined
  batch: number | undefined
  graduationDate: string | undefined
  requiredCourseIds: number[]
}

/** A new audit starts in this year; an edit from the audit. */
export function auditValues(audit?: GraduationAudit, today = new Date()): AuditValues {
  if (!audit) return { title: '', batchYear: today.getFullYear(), batch: undefined, graduationDate: undefined, requiredCourseIds: [] }
  return {
    title: audit.title,
    batchYear: audit.batchYear,
    batch: audit.batch,
    graduationDate: audit.graduationDate,
    requiredCourseIds: audit.requiredCourses.map((c) => c.id),
  }
}

/** What 新建审核 sends: the title trimmed, the date as YYYY-MM-DD. */
export function auditBody(values: AuditValues): GraduationAuditInput {
  return {
    title: values.title.trim(),
    batchYear: values.batchYear ?? 0,
    batch: values.batch ?? 0,
    graduationDate: (values.graduationDate ?? '').slice(0, 10),
    requiredCourseIds: [...values.requiredCourseIds],
  }
}

/** What 编辑 sends: the batch is the audit's and stays. */
export function auditUpdate(audit: Pick<GraduationAudit, 'id'>, values: AuditValues): GraduationAuditUpdate {
  const { title, graduationDate, requiredCourseIds } = auditBody(values)
  return { id: audit.id, title, graduationDate, requiredCourseIds }
}
