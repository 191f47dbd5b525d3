/**
 * 开通课程 (pure; grant.test.ts): whom a grant reaches, as the form holds it and as the back-office
 * takes it. Either chosen students (from the register's selection or picked by name), or every
 * student matching a school / major / level / batch; a grant to nobody in particular (no student,
 * no condition) would reach every student and is refused here.
 */
import type { StudentLevel } from '@activity/wire'
import type { GrantAnswer, GrantInput } from '../../api/study'

export type GrantMode = 'students' | 'roll'

export interface GrantValues {
  mode: GrantMode
  studentIds?: Array<number | string>
  school?: string
  major?: string
  level?: StudentLevel
  batchYear?: number | string
  batch?: number | string
}

const text = (v: string | undefined) => v?.trim() || undefined
const whole = (v: number | string | undefined) => (v === undefined || v === '' ? undefined : Number(v))

/** The body of the grant call; throws what to tell the operator when it would reach no one in particular. */
export function grantBody(courseId: number, values: GrantValues): GrantInput {
  if (values.mode === 'students') {
    const ids = [...new Set((values.studentIds ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0))]
    if (ids.length === 0) throw new Error('请选择要开通的学员')
    return { courseId, studentIds: ids }
  }
  const roll = {
    school: text(values.school),
    major: text(values.major),
    level: values.level || undefined,
    batchYear: whole(values.batchYear),
    batch: whole(values.batch),
  }
  const set = Object.fromEntries(Object.entries(roll).filter(([, v]) => v !== undefined)) as Omit<GrantInput, 'courseId'>
  if (Object.keys(set).length === 0) throw new Error('请至少填写一个学籍条件（学校、专业、层次、批次年份或批次）')
  return { courseId, ...set }
}

/** What the office is told after a grant. */
export function grantSummary({ granted, already }: GrantAnswer): string {
  if (granted === 0 && already === 0) return '没有符合条件的学员'
  if (granted === 0) return `没有新开通的学员：${already} 名学员已有此课程`
  const parts = [`已为 ${granted} 名学员开通`]
  if (already > 0) parts.push(`${already} 名学员已有此课程，未重复开通`)
  return parts.join('；')
}
