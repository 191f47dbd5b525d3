/**
 * 毕业 (`/api/ems/education/…`), two families:
 *
 * 毕业照片采集 (`photoCollection`): the office opens a collection per batch (its deadline and the
 * photo's specification), follows each student's photo, and downloads the approved ones as a ZIP
 * (named by 身份证号 only as a 明文导出, after a step-up). A photo's approval is decided in 审批 (kind
 * graduationPhoto); its approvers read the photo through `photo`.
 *
 * 毕业审核 (`graduate`, `previewGraduate`): one audit per batch (its graduation date and required
 * courses) and the conditions the office checks by hand (for one programme or every student, marked
 * per student); 毕业预览 shows each student's checklist and state; who meets every condition is
 * submitted to 审批 (kind graduation), whose approval makes the graduate (毕业生, with a certificate
 * number).
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, get, post, put } from './client'

const base = '/api/ems/education/photoCollection'

/** A collection with its counts (students of the batch, uploaded, 审核中, 已通过). */
export type PhotoCollectionRow = ApiItem<'/api/ems/education/photoCollection/list', 'get'>

/** A collection: its batch, deadline (`open` until it passes), the photo's specification and naming. */
export type PhotoCollection = ApiData<'/api/ems/education/photoCollection/save', 'post'>

/** What 开启采集 and 编辑 send. */
export type PhotoCollectionInput = ApiBody<'/api/ems/education/photoCollection/save', 'post'>

/** One page of a collection's students, with the collection itself. */
export type CollectionStudents = ApiData<'/api/ems/education/photoCollection/students', 'get'>

/** A student with their latest photo (null: none uploaded). */
export type StudentPhoto = CollectionStudents['list'][number]

export type CollectionStudentsQuery = ApiQueryText<'/api/ems/education/photoCollection/students', 'get'>

/** A photo as its approvers read it, with its student's name and the collection's specification. */
export type PhotoForApprover = ApiData<'/api/ems/education/photoCollection/photo', 'get'>

export const graduationApi = {
  collections: () => get<{ list: PhotoCollectionRow[] }>(`${base}/list`).then((r) => r.list),
  /** 409 when the batch has a collection already: the dialog shows it. */
  create: (input: PhotoCollectionInput) => post<PhotoCollection>(`${base}/save`, input, { quiet: true }),
  update: (input: PhotoCollectionInput & { id: number }) => put<PhotoCollection>(`${base}/update`, input, { quiet: true }),
  students: (query: CollectionStudentsQuery) => get<CollectionStudents>(`${base}/students`, query),
  /** The photo behind an approval of kind graduationPhoto (its `subjectId`). */
  photo: (id: number) => get<PhotoForApprover>(`${base}/photo`, { id }),
  /** The ZIP of approved photos (`collectionId`, and `unmasked=是` when they are named by 身份证号). */
  downloadPath: `${base}/download`,
}

const graduate = '/api/ems/education/graduate'
const preview = '/api/ems/education/previewGraduate'

/** An audit with its batch counted by state (学员, 可提交, 条件未满足, 审核中, 已毕业). */
export type GraduationAuditRow = ApiItem<'/api/ems/education/graduate/audit/list', 'get'>

/** An audit: its batch, graduation date (YYYY-MM-DD), required courses and manual conditions. */
export type GraduationAudit = ApiData<'/api/ems/education/graduate/audit', 'post'>

/** A manual condition: for one programme (专升本…), or every student when `programme` is null. */
export type GraduationCondition = GraduationAudit['conditions'][number]

/** What 新建审核 sends. */
export type GraduationAuditInput = ApiBody<'/api/ems/education/graduate/audit', 'post'>

/** What 编辑 sends (the batch stays). */
export type GraduationAuditUpdate = ApiBody<'/api/ems/education/graduate/audit', 'put'>

export type GraduationConditionInput = ApiBody<'/api/ems/education/graduate/condition', 'post'>

export type ConditionMarkInput = ApiBody<'/api/ems/education/graduate/condition/mark', 'put'>

/** One page of 毕业预览, with the audit and its batch's counts. */
export type GraduationPreview = ApiData<'/api/ems/education/previewGraduate', 'get'>

/** A student of the audit: their checklist, state, latest audit request and graduate record. */
export type PreviewRow = GraduationPreview['list'][number]

/** One condition of a student's checklist: met or not, and what was found. */
export type ChecklistItem = PreviewRow['checklist'][number]

export type PreviewQuery = ApiQueryText<'/api/ems/education/previewGraduate', 'get'>

/** How many were submitted, and who was not and why. */
export type SubmitResult = ApiData<'/api/ems/education/graduate/submit', 'post'>

/** A student's graduate record (certificate number, graduation date). */
export type GraduateRecord = ApiData<'/api/ems/education/graduate/confirm', 'post'>

/** A graduate (毕业生) as the list shows them. */
export type GraduateRow = ApiItem<'/api/ems/education/graduate/list', 'get'>

export type GraduateQuery = ApiQueryText<'/api/ems/education/graduate/list', 'get'>

export const graduationAuditApi = {
  audits: () => get<{ list: GraduationAuditRow[] }>(`${graduate}/audit/list`).then((r) => r.list),
  /** 409 when the batch has an audit already: the dialog shows it. */
  create: (input: GraduationAuditInput) => post<GraduationAudit>(`${graduate}/audit`, input, { quiet: true }),
  update: (input: GraduationAuditUpdate) => put<GraduationAudit>(`${graduate}/audit`, input, { quiet: true }),
  addCondition: (input: GraduationConditionInput) => post<GraduationAudit>(`${graduate}/condition`, input, { quiet: true }),
  /** Its marks go with it. */
  removeCondition: (id: number) => del<GraduationAudit>(`${graduate}/condition`, { id }),
  /** Students the condition does not apply to (another programme): 404, nothing marked. */
  mark: (input: ConditionMarkInput) => put<{ updated: number }>(`${graduate}/condition/mark`, input, { quiet: true }),
  preview: (query: PreviewQuery) => get<GraduationPreview>(preview, query),
  /** 毕业预览 as .xlsx (`auditId`, and the list's `state`, `blockedBy`, `name`). */
  exportPath: `${preview}/export`,
  /** Who does not meet every condition (or is under audit already) comes back in `skipped`. */
  submit: (input: { auditId: number; studentIds: number[] }) => post<SubmitResult>(`${graduate}/submit`, input),
  /** The graduate record of a student whose audit is approved (the approval makes it; again: the same). */
  confirm: (studentId: number) => post<GraduateRecord>(`${graduate}/confirm`, { studentId }),
  graduates: (query: GraduateQuery) => get<Page<GraduateRow>>(`${graduate}/list`, query),
}
