/**
 * 课程 (`/api/bms/cont/*`): course categories, courses, their chapters and sections, uploads of
 * covers, videos and documents, live sessions, and a course's students with their progress.
 * Money is fen, durations seconds, times ISO.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, get, post, put, uploadWithProgress, type UploadProgress } from './client'

const cont = '/api/bms/cont'
const categories = `${cont}/continueConfig/courseCategory`
const courses = `${cont}/continueCourse`
const chapters = `${cont}/chapter`
const live = `${cont}/liveCourseSchedule`

/** A first-level category and its children (only these hold courses), in their order. */
export type CategoryParent = ApiItem<'/api/bms/cont/continueConfig/courseCategory', 'get'>

/** A second-level category. */
export type CategoryChild = CategoryParent['children'][number]

/** A course as the list shows it. */
export type CourseItem = ApiItem<'/api/bms/cont/continueCourse/list', 'get'>

/** A course with its chapters and their sections, in order (`url`: a signed address to preview a file). */
export type CourseDetail = ApiData<'/api/bms/cont/continueCourse/details', 'get'>

export type Chapter = CourseDetail['chapters'][number]

export type Section = Chapter['sections'][number]

export type CourseQuery = ApiQueryText<'/api/bms/cont/continueCourse/list', 'get'>

/** What 新建课程 / 保存 sends (a new course starts 下架). */
export type CourseInput = ApiBody<'/api/bms/cont/continueCourse', 'post'>

/** A section's fields as 新增节 / 编辑节 send them. */
export type SectionInput = Omit<ApiBody<'/api/bms/cont/chapter/saveSection', 'post'>, 'chapterId'>

/** What an upload answers: `key` is what a section or live session stores, `url` where to see it now. */
export type StoredFile = ApiData<'/api/bms/cont/resource/upload', 'post'>

export type UploadKind = 'video' | 'document' | 'image'

/** A live session of a course (直播): its status follows the clock. */
export type LiveSession = ApiItem<'/api/bms/cont/liveCourseSchedule/list', 'get'>

export type LiveSessionInput = ApiBody<'/api/bms/cont/liveCourseSchedule', 'post'>

export type LiveSessionQuery = ApiQueryText<'/api/bms/cont/liveCourseSchedule/list', 'get'>

/** A student of a course and their progress (phone masked). */
export type CourseReportRow = ApiItem<'/api/bms/cont/studentVideo/courseReport', 'get'>

export type CourseReportQuery = ApiQueryText<'/api/bms/cont/studentVideo/courseReport', 'get'>

export const categoriesApi = {
  tree: () => get<CategoryParent[]>(categories),
  create: (input: ApiBody<typeof categories, 'post'>) => post<ApiData<typeof categories, 'post'>>(categories, input, { quiet: true }),
  update: (input: ApiBody<typeof categories, 'put'>, options: { quiet?: boolean } = {}) =>
    put<ApiData<typeof categories, 'put'>>(categories, input, options),
  remove: (id: number) => del<null>(categories, { id }),
  /** The whole order of one level: `parentId` null for the first level. */
  sort: (input: { parentId: number | null; ids: number[] }) => put<null>(`${categories}/sort`, input),
}

export const coursesApi = {
  list: (query: CourseQuery) => get<Page<CourseItem>>(`${courses}/list`, query),
  details: (id: number) => get<CourseDetail>(`${courses}/details`, { id }),
  create: (input: CourseInput) => post<CourseItem>(courses, input, { quiet: true }),
  update: (input: ApiBody<typeof courses, 'put'>) => put<CourseItem>(courses, input, { quiet: true }),
  /** 上架 needs at least one section. */
  changeStatus: (input: ApiBody<'/api/bms/cont/continueCourse/changeStatus', 'put'>) => put<CourseItem>(`${courses}/changeStatus`, input),
  /** Refused once a student has joined: 下架 instead. */
  remove: (id: number) => del<null>(courses, { id }),
}

export const chaptersApi = {
  create: (input: ApiBody<typeof chapters, 'post'>) => post<ApiData<typeof chapters, 'post'>>(chapters, input, { quiet: true }),
  update: (input: ApiBody<typeof chapters, 'put'>) => put<ApiData<typeof chapters, 'put'>>(chapters, input, { quiet: true }),
  /** Refused while it has sections. */
  remove: (id: number) => del<null>(chapters, { id }),
  sort: (input: { courseId: number; ids: number[] }) => put<null>(`${chapters}/sort`, input),
  createSection: (input: ApiBody<'/api/bms/cont/chapter/saveSection', 'post'>) =>
    post<ApiData<'/api/bms/cont/chapter/saveSection', 'post'>>(`${chapters}/saveSection`, input, { quiet: true }),
  updateSection: (input: ApiBody<'/api/bms/cont/chapter/updateSection', 'put'>) =>
    put<ApiData<'/api/bms/cont/chapter/updateSection', 'put'>>(`${chapters}/updateSection`, input, { quiet: true }),
  removeSection: (id: number) => del<null>(`${chapters}/removeSection`, { id }),
  /** The chapter's whole order; ids from another chapter of the course move here. */
  sortSections: (input: { chapterId: number; ids: number[] }) => put<null>(`${chapters}/sortSection`, input),
}

export const courseFilesApi = {
  /** Stores a cover, a video or a document; `onProgress` follows the bytes sent. */
  upload: (file: File, kind: UploadKind, options: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {}) =>
    uploadWithProgress<StoredFile>(`${cont}/resource/upload`, file, { fields: { kind }, quiet: true, ...options }),
}

export const liveSessionsApi = {
  list: (query: LiveSessionQuery) => get<Page<LiveSession>>(`${live}/list`, query),
  create: (input: LiveSessionInput) => post<LiveSession>(live, input, { quiet: true }),
  update: (input: ApiBody<typeof live, 'put'>) => put<LiveSession>(live, input, { quiet: true }),
  remove: (id: number) => del<null>(live, { id }),
}

export const courseReportApi = {
  list: (query: CourseReportQuery) => get<Page<CourseReportRow>>(`${cont}/studentVideo/courseReport`, query),
  exportPath: `${cont}/studentVideo/courseReportExport`,
}
