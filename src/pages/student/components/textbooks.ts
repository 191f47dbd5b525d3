import { MailRecordState } from '@activity/wire'
import type { TextbookAddress, TextbookRecord } from '../../../api/ems/textbook'
import { regionText } from '../../../components/region-picker/text'

// 我的教材's page rules: the deadline as people say it, each state's hue, what the address part says.

export const DEADLINE_PASSED = '地址确认已截止，如需修改请联系教务处'

/** '2026-03-15' → '3月15日'. */
export function deadlineText(day: string): string {
  const [, month, date] = day.split('-')
  return `${Number(month)}月${Number(date)}日`
}

export type StateTone = 'orange' | 'blue' | 'green' | 'grey'

const TONES: Record<TextbookRecord['state'], StateTone> = {
  [MailRecordState.toConfirm]: 'orange',
  [MailRecordState.confirmed]: 'blue',
  [MailRecordState.shipped]: 'blue',
  [MailRecordState.signed]: 'green',
  [MailRecordState.received]: 'grey',
}

export const stateTone = (state: TextbookRecord['state']): StateTone => TONES[state] ?? 'grey'

/**
 * What stands in the address part without an address: the prompt with its deadline while it may
 * still be given, else that it is closed (the office may still set one).
 */
export function addressPrompt(record: Pick<TextbookRecord, 'editable' | 'mailing'>): string {
  return record.editable ? `请在${deadlineText(record.mailing.addressDeadline)}前确认收货地址` : DEADLINE_PASSED
}

/** "浙江省 杭州市 西湖区 文三路1号". */
export function addressText(address: TextbookAddress): string {
  return [regionText(address), address.street].filter(Boolean).join(' ')
}

/** "大学英语（二） ×1". */
export const bookText = (book: TextbookRecord['mailing']['books'][number]) => `${book.title} ×${book.quantity}`
