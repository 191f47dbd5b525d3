/**
 * 教材邮寄's rules the screens share (pure; textbooks.test.ts): how each state looks, a mailing's
 * form values and the body it sends (only the target fields set, the books trimmed), an address
 * and a list of books in one line, what a parcel's problem means, the waybill import's report in
 * words, and a parcel's tracks newest first.
 */
import { MailingStatus, MailRecordState, ParcelException, ParcelSource, ParcelState } from '@activity/wire'
import type { CorrectInput, Mailing, MailingInput, MailingTarget, MailRecord, WaybillImportReport } from '../../api/textbooks'
import type { ParcelTrack, SandboxStep } from '../../api/parcels'
import type { ValueEnum } from '../../components/status'

export const MAILING_STATUS_LOOKS = {
  [MailingStatus.draft]: { text: MailingStatus.draft, status: 'Default' },
  [MailingStatus.published]: { text: MailingStatus.published, status: 'Success' },
} as const satisfies ValueEnum<MailingStatus>

export const RECORD_STATE_LOOKS = {
  [MailRecordState.toConfirm]: { text: MailRecordState.toConfirm, status: 'Warning' },
  [MailRecordState.confirmed]: { text: MailRecordState.confirmed, status: 'Processing' },
  [MailRecordState.shipped]: { text: MailRecordState.shipped, color: 'blue' },
  [MailRecordState.signed]: { text: MailRecordState.signed, status: 'Success' },
  [MailRecordState.received]: { text: MailRecordState.received, status: 'Success' },
} as const satisfies ValueEnum<MailRecordState>

export const PARCEL_STATE_LOOKS = {
  [ParcelState.waiting]: { text: ParcelState.waiting, status: 'Default' },
  [ParcelState.collected]: { text: ParcelState.collected, status: 'Processing' },
  [ParcelState.inTransit]: { text: ParcelState.inTransit, status: 'Processing' },
  [ParcelState.delivering]: { text: ParcelState.delivering, color: 'cyan' },
  [ParcelState.signed]: { text: ParcelState.signed, status: 'Success' },
} as const satisfies ValueEnum<ParcelState>

export const PARCEL_EXCEPTION_LOOKS = {
  [ParcelException.returned]: { text: ParcelException.returned, status: 'Error' },
  [ParcelException.trouble]: { text: ParcelException.trouble, color: 'volcano' },
  [ParcelException.noRecord]: { text: ParcelException.noRecord, status: 'Warning' },
  [ParcelException.stuck]: { text: ParcelException.stuck, color: 'gold' },
} as const satisfies ValueEnum<ParcelException>

export const PARCEL_SOURCE_LOOKS = {
  [ParcelSource.textbook]: { text: ParcelSource.textbook, color: 'blue' },
  [ParcelSource.goodOrder]: { text: ParcelSource.goodOrder, color: 'purple' },
} as const satisfies ValueEnum<ParcelSource>

/** The steps the sandbox carrier may push, in a parcel's order, then its two problems. */
export const SANDBOX_STEPS = ['揽收', '在途', '派件', '签收', '疑难', '退签'] as const satisfies readonly SandboxStep[]

/** The target's fields, in the form's order; none set addresses every student (在读). */
export const MAILING_TARGET_FIELDS = [
  'targetSchool',
  'targetMajor',
  'targetLevel',
  'targetBatchYear',
  'targetBatch',
  'targetClassId',
] as const satisfies ReadonlyArray<keyof MailingTarget>

export interface BookValues {
  title?: string
  isbn?: string
  quantity?: number
}

/** The mailing dialog's values: the deadline as the date picker's wall-clock text. */
export type MailingValues = {
  title?: string
  term?: string
  books: BookValues[]
  addressDeadline?: string
} & { [K in (typeof MAILING_TARGET_FIELDS)[number]]?: string | number | null }

/** A new mailing starts with one book row (quantity 1); an edit from the mailing. */
export function mailingValues(m?: Mailing): MailingValues {
  if (!m) return { books: [{ quantity: 1 }] }
  return {
    title: m.title,
    term: m.term,
    targetSchool: m.targetSchool ?? undefined,
    targetMajor: m.targetMajor ?? undefined,
    targetLevel: m.targetLevel ?? undefined,
    targetBatchYear: m.targetBatchYear ?? undefined,
    targetBatch: m.targetBatch ?? undefined,
    targetClassId: m.targetClassId ?? undefined,
    books: m.books.map((b) => ({ title: b.title, isbn: b.isbn ?? undefined, quantity: b.quantity })),
    addressDeadline: m.addressDeadline,
  }
}

/** The target fields that are set, trimmed: what the audience count and the save send. */
export function targetOf(values: Partial<MailingValues>): MailingTarget {
  const out: MailingTarget = {}
  for (const field of MAILING_TARGET_FIELDS) {
    const raw = values[field]
    const value = typeof raw === 'string' ? raw.trim() : raw
    if (value !== undefined && value !== null && value !== '') out[field] = value
  }
  return out
}

/** The body the server takes: text trimmed, an ISBN only when given, the deadline as YYYY-MM-DD. */
export function mailingBody(values: MailingValues): MailingInput {
  return {
    title: (values.title ?? '').trim(),
    term: (values.term ?? '').trim(),
    ...targetOf(values),
    books: values.books.map((b) => {
      const isbn = b.isbn?.trim().toUpperCase()
      return { title: (b.title ?? '').trim(), quantity: b.quantity ?? 1, ...(isbn ? { isbn } : {}) }
    }),
    addressDeadline: (values.addressDeadline ?? '').slice(0, 10),
  }
}

/** 大学英语（二）×1、管理学原理×2 */
export function booksLabel(books: ReadonlyArray<{ title: string; quantity: number }>): string {
  return books.map((b) => `${b.title}×${b.quantity}`).join('、')
}

/** 浙江省 杭州市 西湖区 文三路 1 号 (without a district when there is none). */
export function addressText(a: { province: string; city: string; district: string | null; street: string }): string {
  return [a.province, a.city, a.district, a.street].filter(Boolean).join(' ')
}

/** A record's address may change until it is shipped (the server refuses after). */
export const mayCorrect = (r: Pick<MailRecord, 'parcel'>) => r.parcel === null

/** A waybill needs a confirmed address (by the student or the office). */
export const mayShip = (r: Pick<MailRecord, 'address' | 'confirmedAt'>) => r.address !== null && r.confirmedAt !== null

/** 更正地址 starts from the address on file, or the student's name when there is none; the reason is new each time. */
export function correctValues(r: Pick<MailRecord, 'address' | 'student'>): Omit<CorrectInput, 'id' | 'reason'> & { reason?: string } {
  if (!r.address) return { receiver: r.student.name, phone: '', province: '', city: '', street: '' }
  const { receiver, phone, province, city, district, street } = r.address
  return { receiver, phone, province, city, district: district ?? undefined, street }
}

/** What a parcel's problem means, for the office deciding what to do. */
export function problemText(problem: ParcelException, stuckDays: number | undefined): string {
  switch (problem) {
    case ParcelException.returned:
      return '快递被退回或收件人拒收'
    case ParcelException.trouble:
      return '快递公司报告为疑难件'
    case ParcelException.noRecord:
      return '快递公司查不到这个运单号'
    case ParcelException.stuck:
      return stuckDays ? `超过${stuckDays}天无新轨迹` : '多日无新轨迹'
  }
}

/** 共 12 行：新发货 10，更换运单 1，未变 1 */
export function importSummary(r: Pick<WaybillImportReport, 'total' | 'shipped' | 'changed' | 'unchanged'>): string {
  return `共 ${r.total} 行：新发货 ${r.shipped}，更换运单 ${r.changed}，未变 ${r.unchanged}`
}

/** The waybill import's report in the shared import dialog's terms: refused rows listed, nothing written then. */
export function importReport(
  r: WaybillImportReport,
): WaybillImportReport & { imported: number; failed: number; errors: WaybillImportReport['refused'] } {
  return {
    ...r,
    imported: r.refused.length ? 0 : r.shipped + r.changed + r.unchanged,
    failed: new Set(r.refused.map((e) => e.row)).size,
    errors: r.refused,
  }
}

/** A parcel's tracks newest first, whatever order they came in. */
export function tracksNewestFirst(tracks: readonly ParcelTrack[]): ParcelTrack[] {
  return [...tracks].sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0))
}
