/**
 * 教材邮寄 (`/api/ems/textbook`): the office's mailings of textbooks (a draft with its target, books
 * and address deadline, then published to its students), each student's record (the address they
 * confirm, the office's correction, the waybill by hand or by spreadsheet) and the warehouse's
 * export. The parcels themselves are api/parcels.ts.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, get, post, put, upload } from './client'

const base = '/api/ems/textbook'

/** A mailing with its target (`targetLabel`), books and counts (students, confirmed, shipped…). */
export type Mailing = ApiItem<'/api/ems/textbook/mail/list', 'get'>

export type MailingBook = Mailing['books'][number]

export type MailingQuery = ApiQueryText<'/api/ems/textbook/mail/list', 'get'>

type TargetKey = keyof ApiQueryText<'/api/ems/textbook/mail/audience', 'get'>

/** The target fields as a form holds them (a year picked as a number, a class by its id); the server checks them. */
export type MailingTarget = { [K in TargetKey]?: string | number }

/** What 新建邮寄 and 编辑 send: a target field left out is no restriction (an edit clears it). */
export type MailingInput = Omit<ApiBody<'/api/ems/textbook/mail/save', 'post'>, TargetKey> & MailingTarget

/** One student's record: their address, its state, the parcel once shipped. The phone is masked unless the operator may see it. */
export type MailRecord = ApiItem<'/api/ems/textbook/record/list', 'get'>

export type MailRecordAddress = NonNullable<MailRecord['address']>

export type RecordQuery = ApiQueryText<'/api/ems/textbook/record/list', 'get'>

/** 更正地址: the address and the reason; a phone sent back as it was shown (masked) keeps the one on file. */
export type CorrectInput = ApiBody<'/api/ems/textbook/record/correct', 'put'>

/** 填写运单: the carrier's code and the number. */
export type WaybillInput = ApiBody<'/api/ems/textbook/record/uploadMailNo', 'put'>

/** What 导入运单 answers: rows read, first waybills, replaced ones, the same again, and the refused rows (then nothing written). */
export type WaybillImportReport = ApiData<'/api/ems/textbook/record/import', 'post'>

export const textbooksApi = {
  mailings: (query: MailingQuery) => get<Page<Mailing>>(`${base}/mail/list`, query),
  mailing: (id: number) => get<Mailing>(`${base}/mail/detail`, { id }),
  /** How many students (在读) these target fields reach now. */
  audience: (target: MailingTarget, signal?: AbortSignal) =>
    get<ApiData<'/api/ems/textbook/mail/audience', 'get'>>(`${base}/mail/audience`, target, { quiet: true, signal }),
  create: (input: MailingInput) => post<Mailing>(`${base}/mail/save`, input, { quiet: true }),
  /** A published mailing: 409. */
  update: (input: MailingInput & { id: number }) => put<Mailing>(`${base}/mail/save`, input, { quiet: true }),
  remove: (id: number) => del<null>(`${base}/mail/delete`, { id }),
  /** No student addressed now: 422; published already: 409. */
  publish: (id: number) => put<Mailing>(`${base}/mail/publish`, { id }),
  records: (query: RecordQuery) => get<Page<MailRecord>>(`${base}/record/list`, query),
  /** Shipped already: 409. */
  correct: (input: CorrectInput) => put<MailRecord>(`${base}/record/correct`, input, { quiet: true }),
  /** The address not confirmed: 422; a changed waybill is recorded in 操作日志. */
  setWaybill: (input: WaybillInput) => put<MailRecord>(`${base}/record/uploadMailNo`, input, { quiet: true }),
  /** All or nothing: with any refused row nothing is written, and the report lists every refused row. */
  importWaybills: (mailingId: number, file: Blob) =>
    upload<WaybillImportReport>(`${base}/record/import?mailingId=${mailingId}`, file, { quiet: true }),
  importTemplatePath: `${base}/record/importTemplate`,
  exportPath: `${base}/record/export`,
}
