/** The head-teacher picker's options, for the class form and the list's filter. */
import { classesApi, type SchoolClass } from '../../api/classes'

export interface TeacherOption {
  value: number
  label: string
}

/**
 * The enabled operators as head-teacher options, `current` (a class's own head teacher) kept first
 * when the list does not hold it (one since disabled). Should the list fail, `current` alone, so a
 * form still shows and keeps it.
 */
export async function headTeacherOptions(current?: Pick<SchoolClass, 'headTeacherId' | 'headTeacherName'>): Promise<TeacherOption[]> {
  const known = current?.headTeacherId && current.headTeacherName ? [{ value: current.headTeacherId, label: current.headTeacherName }] : []
  try {
    const options = (await classesApi.headTeachers()).map((o) => ({ value: o.id, label: `${o.name}（${o.positionName}）` }))
    return [...known.filter((k) => !options.some((o) => o.value === k.value)), ...options]
  } catch {
    return known
  }
}
