/**
 * A night class's form: the time picked as the office's wall clock (start and end on one
 * evening), turned into the body the server takes; and back from a class for editing.
 */
import type { NightClassDetail, NightClassInput } from '../../api/night'
import { officeInstant, officeTime } from '../../format'

export const WALL_CLOCK = 'YYYY-MM-DD HH:mm'
export const CAPACITY_MAX = 10000

export interface NightClassValues {
  title: string
  subject: string
  teacher: string
  /** [starts, ends] as the office's wall clock (the picker's strings). */
  time: [string, string] | null
  place: string
  capacity: number | null
  description: string
  published: boolean
  /** The printed (fixed) QR code checks students in; off: only the room screen's rotating code. */
  fixedCodeEnabled: boolean
}

export function nightValues(cls?: NightClassDetail): NightClassValues {
  if (!cls)
    return {
      title: '',
      subject: '',
      teacher: '',
      time: null,
      place: '',
      capacity: 30,
      description: '',
      published: false,
      fixedCodeEnabled: true,
    }
  return {
    title: cls.title,
    subject: cls.subject,
    teacher: cls.teacher,
    time: [officeTime(cls.startsAt).format(WALL_CLOCK), officeTime(cls.endsAt).format(WALL_CLOCK)],
    place: cls.place,
    capacity: cls.capacity,
    description: cls.description,
    published: cls.published,
    fixedCodeEnabled: cls.fixedCodeEnabled,
  }
}

/** What is wrong before sending (the server checks again), or null. */
export function nightRefusal(values: NightClassValues): string | null {
  const [starts, ends] = values.time ?? []
  if (!starts || !ends) return '请选择上课时间'
  if (officeInstant(ends) <= officeInstant(starts)) return '结束时间必须晚于开始时间'
  return null
}

export function nightBody(values: NightClassValues): NightClassInput {
  const [starts = '', ends = ''] = values.time ?? []
  return {
    title: values.title.trim(),
    subject: values.subject.trim(),
    teacher: values.teacher.trim(),
    startsAt: officeInstant(starts),
    endsAt: officeInstant(ends),
    place: values.place.trim(),
    capacity: values.capacity ?? 0,
    description: values.description?.trim() ?? '',
    published: values.published,
    fixedCodeEnabled: values.fixedCodeEnabled,
  }
}
