/**
 * 学员 (`/api/ems/education/schoolRoll`) and 学籍变更申请 (`/api/ems/education/schoolRollInfoModify`):
 * the office's student register. ID numbers come masked (3301**********1234); phones whole.
 */
import type { Page } from '@activity/wire'
import type { EducationType, RollField, RollRequestStatus, StudentLevel, StudentStatus } from '@activity/wire'
import { get, post, put, upload } from './client'

/** A student's roll as operators see it (`hasPartner`: the same person is also a partner). */
export type StudentRoll = {
  id: number
  name: string
  phone: string
  /** Masked by the server, or null. */
  idCard: string | null
  gender: '男' | '女' | null
  educationType: EducationType
  school: string
  major: string
  level: StudentLevel
  programme: string | null
  discipline: string | null
  batchYear: number
  /** 1-20 (1期-20期). */
  batch: number
  studentNo: string | null
  status: StudentStatus
  createdAt: string
  hasPartner: boolean
  clueId: number | null
  remark: string | null
  updatedAt: string
}

/** One status change (the first: 登记). */
export type StatusChange = {
  id: number
  fromStatus: StudentStatus | null
  toStatus: StudentStatus
  reason: string | null
  adminName: string | null
  createdAt: string
}

/** A student's request to correct a field of the roll. */
export type RollRequest = {
  id: number
  field: RollField
  fieldLabel: string
  oldValue: string | null
  newValue: string
  reason: string | null
  status: RollRequestStatus
  refuseReason: string | null
  createdAt: string
  reviewedAt: string | null
}

/** A request in the office's queue, with its student. */
export type QueuedRollRequest = RollRequest & { studentId: number; studentName: string; studentPhone: string }

export type StudentDetail = {
  roll: StudentRoll
  /** Newest first. */
  history: StatusChange[]
  requests: RollRequest[]
}

/** The list's filters (also the export's). */
export type StudentQuery = Record<string, string | number | string[] | undefined>

/** What the create and edit forms send. */
export type StudentInput = {
  name: string
  phone: string
  idCard?: string
  gender?: string
  educationType: string
  school: string
  major: string
  level: string
  programme?: string
  discipline?: string
  batchYear: number
  batch: number
  studentNo?: string
  remark?: string
}

/** 转为学员: name, phone and programme come from the clue. */
export type FromClueInput = {
  clueId: number
  educationType: string
  school: string
  major: string
  level: string
  batchYear: number
  batch: number
  idCard?: string
  gender?: string
  studentNo?: string
  discipline?: string
}

/** `errors[].row` is the sheet's row number (the header is row 1). */
export type StudentImportReport = {
  total: number
  imported: number
  failed: number
  errors: Array<{ row: number; reason: string }>
}

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
  fromClue: (input: FromClueInput) => post<StudentRoll & { linked: boolean }>(`${base}/fromClue`, input, { quiet: true }),
  /** All or nothing, like the clue import. */
  import: (file: Blob) => upload<StudentImportReport>(`${base}/import`, file, { quiet: true }),
  templatePath: `${base}/importTemplate`,
  exportPath: `${base}/export`,
}

export const rollRequestsApi = {
  list: (query: StudentQuery) => get<Page<QueuedRollRequest>>(`${requests}/list`, query),
  approve: (id: number) => put<RollRequest>(`${requests}/approve`, { id }),
  refuse: (body: { id: number; reason: string }) => put<RollRequest>(`${requests}/refuse`, body, { quiet: true }),
}
