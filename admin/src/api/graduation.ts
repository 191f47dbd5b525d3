/**
 * 毕业照片采集 (`/api/ems/education/photoCollection`): the office opens a collection per batch (its
 * deadline and the photo's specification), follows each student's photo, and downloads the approved
 * ones as a ZIP (named by 身份证号 only as a 明文导出, after a step-up). A photo's approval is decided
 * in 审批 (kind graduationPhoto); its approvers read the photo through `photo`.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import { get, post, put } from './client'

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
