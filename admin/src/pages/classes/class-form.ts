/**
 * 班级's form values as the back-office takes them, and 分班's rules (pure; class-form.test.ts):
 * whom a placement reaches (picked students, or every student matching a roll filter), what the
 * confirmation says before it is sent, and what the office is told after.
 */
import type { StudentLevel, StudentStatus } from '@activity/wire'
import type { AssignInput, AssignResult, ClassInput } from '../../api/classes'

/** The most students one 分班 places (the server's ASSIGN_MAX: a filter matching more is refused). */
export const ASSIGN_MAX = 2000

export interface ClassValues {
  name: string
  school: string
  major: string
  level: StudentLevel
  batchYear: number | string
  batch: number | string
  headTeacherId?: number | null
}

/** The form's values as the body: text trimmed, the batch as numbers, no head teacher as null (so an edit clears it). */
export function classInput(values: ClassValues): ClassInput {
  return {
    name: values.name.trim(),
    school: values.school.trim(),
    major: values.major.trim(),
    level: values.level,
    batchYear: Number(values.batchYear),
    batch: Number(values.batch),
    headTeacherId: values.headTeacherId ?? null,
  }
}

export type AssignMode = 'students' | 'roll'

export interface AssignValues {
  mode: AssignMode
  studentIds?: Array<number | string>
  school?: string
  major?: string
  level?: StudentLevel
  batchYear?: number | string
  batch?: number | string
  status?: StudentStatus
  /** Only the students in no class now; otherwise those in another class move here. */
  unplacedOnly?: boolean
}

export type RollFilter = NonNullable<AssignInput['filter']>

const text = (v: string | undefined) => v?.trim() || undefined
const whole = (v: number | string | undefined) => (v === undefined || v === '' ? undefined : Number(v))

/** The picked students' ids, once each. */
export function pickedIds(values: Pick<AssignValues, 'studentIds'>): number[] {
  return [...new Set((values.studentIds ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0))]
}

/**
 * The roll filter the form holds: the conditions filled in, and `unplaced` when only the students
 * in no class are placed. Throws what to tell the operator when no roll condition is filled in (it
 * would reach every student of the school).
 */
export function rollFilter(values: AssignValues): RollFilter {
  const roll = {
    school: text(values.school),
    major: text(values.major),
    level: values.level || undefined,
    batchYear: whole(values.batchYear),
    batch: whole(values.batch),
  }
  const set = Object.fromEntries(Object.entries(roll).filter(([, v]) => v !== undefined)) as RollFilter
  if (Object.keys(set).length === 0) throw new Error('请至少填写一个学籍条件（学校、专业、层次、批次年份或批次）')
  return { ...set, ...(values.status ? { status: values.status } : {}), ...(values.unplacedOnly ? { unplaced: true } : {}) }
}

/** The body of 分班; throws what to tell the operator when it would place no one in particular. */
export function assignBody(classId: number, values: AssignValues): AssignInput {
  if (values.mode === 'students') {
    const ids = pickedIds(values)
    if (ids.length === 0) throw new Error('请选择要分入本班的学员')
    return { classId, studentIds: ids }
  }
  return { classId, filter: rollFilter(values) }
}

/** What the confirmation counts: the students reached, those in no class, those in this class already. */
export interface AssignCounts {
  matched: number
  unplaced: number
  inClass: number
}

export interface AssignPreview {
  /** Join this class (`moving` of them leave another class). */
  joining: number
  moving: number
  already: number
  /** Too many for one placement: the server refuses it. */
  tooMany: boolean
}

export function assignPreview({ matched, unplaced, inClass }: AssignCounts): AssignPreview {
  const already = Math.min(inClass, matched)
  return {
    joining: matched - already,
    moving: Math.max(0, matched - unplaced - already),
    already,
    tooMany: matched > ASSIGN_MAX,
  }
}

/** The confirmation's sentence before 确认分班. */
export function previewText(p: AssignPreview, className: string): string {
  if (p.tooMany) return `符合条件的学员超过${ASSIGN_MAX}人，请缩小范围`
  if (p.joining === 0 && p.already === 0) return '没有符合条件的学员'
  if (p.joining === 0) return `这 ${p.already} 名学员已在「${className}」，不需要分班`
  const parts = [`${p.joining} 名学员将分入「${className}」`]
  if (p.moving > 0) parts.push(`其中 ${p.moving} 名现在其他班级，将转入本班`)
  if (p.already > 0) parts.push(`${p.already} 名已在本班`)
  return parts.join('；')
}

/** A roll filter in words, for the confirmation: 浙江工商大学 · 工商管理 · 本科 · 2026年1期 · 在读 · 未分班的学员. */
export function filterText(filter: RollFilter): string {
  const batch = [filter.batchYear === undefined ? '' : `${filter.batchYear}年`, filter.batch === undefined ? '' : `${filter.batch}期`].join(
    '',
  )
  return [filter.school, filter.major, filter.level, batch, filter.status, filter.unplaced ? '未分班的学员' : '含其他班级的学员']
    .filter(Boolean)
    .join(' · ')
}

/** What the office is told after 分班. */
export function assignSummary({ joined, moved, already }: AssignResult): string {
  if (joined === 0 && already === 0) return '没有符合条件的学员'
  if (joined === 0) return `没有新分入的学员：${already} 名学员已在本班`
  const parts = [moved > 0 ? `已分入 ${joined} 名学员（其中 ${moved} 名从其他班级转入）` : `已分入 ${joined} 名学员`]
  if (already > 0) parts.push(`${already} 名学员已在本班`)
  return parts.join('；')
}
