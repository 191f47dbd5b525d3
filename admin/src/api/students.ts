/**
 * 学员 (`/api/ems/education/schoolRoll`) and 学籍变更申请 (`/api/ems/education/schoolRollInfoModify`):
 * the office's student register. ID numbers come masked (3301**********1234); phones whole.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { get, post, put, upload } from './client'

/** A student's roll as operators see it (`hasPartner`: the same person is also a partner). */
export type StudentRoll = ApiData<'/api/ems/education/schoolRoll/details', 'get'>['roll']

/** One student with their status history (newest first, the first row: 登记) and correction requests. */
export type StudentDetail = ApiData<'/api/ems/education/schoolRoll/details', 'get'>

export type StatusChange = StudentDetail['history'][number]

/** A student's request to correct a field of the roll. */
export type RollRequest = StudentDetail['requests'][number]

/** A request in the office's queue, with its student. */
export type QueuedRollRequest = ApiItem<'/api/ems/education/schoolRollInfoModify/list', 'get'>

/** The list's filters as the server takes them (also the export's). */
export type StudentQuery = ApiQueryText<'/api/ems/education/schoolRoll/list', 'get'>

export type RequestQuery = ApiQueryText<'/api/ems/education/schoolRollInfoModify/list', 'get'>

/** What the create and edit forms send. */
export type StudentInput = ApiBody<'/api/ems/education/schoolRoll/save', 'post'>

/** 转为学员: name, phone and programme come from the clue. */
export type FromClueInput = ApiBody<'/api/ems/education/schoolRoll/fromClue', 'post'>

export type ConvertedStudent = ApiData<'/api/ems/education/schoolRoll/fromClue', 'post'>

/** `errors[].row` is the sheet's row number (the header is row 1). */
export type StudentImportReport = ApiData<'/api/ems/education/schoolRoll/import', 'post'>

const base = '/api/ems/education/schoolRoll'
const requests = '/api/ems/education/schoolRollInfoModify'

export const studentsApi = {
  list: (query: StudentQuery) => get<Page<StudentRoll>>(`${base}/list`, query),
  details: (id: number) => get<StudentDetail>(`${base}/details`, { id }),
  /** The student this clue became, or null. */
  byClue: (clueId: number) => get<StudentRoll | null>(`${base}/byClue`, { clueId }),
  create: (input: StudentInput) => post<StudentRoll>(`${base}/save`, input, { quiet: true }),
  update: (input: StudentInput & { id: number }) => put<StudentRoll>(`${base}/update`, input, { quiet: true }),
  changeStatus: (body: { id: number; status: string; reason: string }) => put<StudentRoll>(`${base}/changeStatus`, body, { quiet: true }),
  /** `linked`: a student of that phone existed and was linked to the clue. */
  fromClue: (input: FromClueInput) => post<ConvertedStudent>(`${base}/fromClue`, input, { quiet: true }),
  /** All or nothing, like the clue import. */
  import: (file: Blob) => upload<StudentImportReport>(`${base}/import`, file, { quiet: true }),
  templatePath: `${base}/importTemplate`,
  exportPath: `${base}/export`,
}

export const rollRequestsApi = {
  list: (query: RequestQuery) => get<Page<QueuedRollRequest>>(`${requests}/list`, query),
  approve: (id: number) => put<RollRequest>(`${requests}/approve`, { id }),
  refuse: (body: { id: number; reason: string }) => put<RollRequest>(`${requests}/refuse`, body, { quiet: true }),
}
