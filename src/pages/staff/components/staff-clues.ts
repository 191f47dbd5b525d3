import { beijingDate, beijingDateText } from '@activity/domain'
import { ClueStatus, FOLLOW_UP_METHODS, type FollowUpMethod } from '@activity/wire'

/** 我的线索's tabs, in the order the work goes (已退费 stays in the console). */
export const STAFF_CLUE_TABS = [ClueStatus.new, ClueStatus.following, ClueStatus.deal, ClueStatus.invalid] as const
export type StaffClueTab = (typeof STAFF_CLUE_TABS)[number]

/** The server's limit on a follow-up's note (clues.schemas.ts followUpBody). */
export const FOLLOW_UP_NOTE_MAX = 500
/** How far ahead 下次联系 may be chosen, in days. */
export const NEXT_CONTACT_DAYS = 30
/** The hour of the chosen day a next contact is set for (Beijing). */
export const NEXT_CONTACT_TIME = '09:00:00'

/** Whether a tab's clues can still be worked (and so fall overdue). */
export const isOpenStatus = (status: string) => status === ClueStatus.new || status === ClueStatus.following

/** An open clue whose next contact has passed, as the server's `overdue` filter reads it. */
export function isOverdue(clue: { status: string; nextContactAt: string | null }, now: number): boolean {
  return isOpenStatus(clue.status) && clue.nextContactAt !== null && Date.parse(clue.nextContactAt) < now
}

/**
 * The list as shown: the overdue clues first (the longest overdue first), then the rest in the
 * server's order (newest first); a clue in both lists once. `overdue` is the server's overdue
 * list, `rows` the pages loaded so far.
 */
export function overdueFirst<T extends { id: number; status: string; nextContactAt: string | null }>(
  overdue: readonly T[],
  rows: readonly T[],
  now: number,
): T[] {
  const seen = new Set<number>()
  const all = [...overdue, ...rows].filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)))
  const late = all.filter((c) => isOverdue(c, now)).sort((a, b) => Date.parse(a.nextContactAt!) - Date.parse(b.nextContactAt!))
  // A clue the overdue list had but is no longer overdue (followed up meanwhile) keeps its place among the rest.
  const rest = rows.filter((c) => !isOverdue(c, now))
  const restIds = new Set(rest.map((c) => c.id))
  return [...late, ...rest, ...overdue.filter((c) => !isOverdue(c, now) && !restIds.has(c.id))]
}

/** The server sends a phone whole only to a position allowed to see it (查看完整手机号); else 138****1234. */
export const isWholePhone = (phone: string) => /^1\d{10}$/.test(phone.trim())

export type DayChoice = {
  label: string
  /** YYYY-MM-DD (Beijing); '' for 不设置. */
  value: string
}

const WEEKDAYS = '周日 周一 周二 周三 周四 周五 周六'.split(' ')
const DAY_MS = 86400_000

/** The calendar day `days` after `day` (YYYY-MM-DD). */
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** 下次联系's choices: 不设置, then tomorrow to NEXT_CONTACT_DAYS days on: 明天 12月7日 周一. */
export function nextContactChoices(now: number): DayChoice[] {
  const today = beijingDate(now)
  const days: DayChoice[] = [{ label: '不设置', value: '' }]
  for (let i = 1; i <= NEXT_CONTACT_DAYS; i++) {
    const day = addDays(today, i)
    const at = Date.parse(`${day}T00:00:00+08:00`)
    const text = `${beijingDateText(at, { year: day.slice(0, 4) !== today.slice(0, 4) })} ${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]}`
    days.push({ label: i === 1 ? `明天 ${text}` : i === 2 ? `后天 ${text}` : text, value: day })
  }
  return days
}

export interface FollowUpForm {
  method: FollowUpMethod | ''
  note: string
  /** YYYY-MM-DD or '' (none). */
  nextDate: string
}
export type FollowUpField = 'method' | 'note'

export const EMPTY_FOLLOW_UP: FollowUpForm = { method: '', note: '', nextDate: '' }

export const METHOD_CHOICES = FOLLOW_UP_METHODS.map((m) => ({ label: m, value: m }))

/** The form's problems, worded as the server words them. */
export function checkFollowUp(form: FollowUpForm): Partial<Record<FollowUpField, string>> {
  const errors: Partial<Record<FollowUpField, string>> = {}
  if (!form.method) errors.method = '请选择跟进方式'
  const note = form.note.trim()
  if (!note) errors.note = '请填写跟进内容'
  else if (note.length > FOLLOW_UP_NOTE_MAX) errors.note = `跟进内容不能超过${FOLLOW_UP_NOTE_MAX}个字符`
  return errors
}

/** What the server takes: the next contact at NEXT_CONTACT_TIME of the day chosen (Beijing), when one is. */
export function followUpPayload(id: number, form: FollowUpForm & { method: FollowUpMethod }) {
  return {
    id,
    method: form.method,
    note: form.note.trim(),
    ...(form.nextDate ? { nextContactAt: `${form.nextDate} ${NEXT_CONTACT_TIME}` } : {}),
  }
}
