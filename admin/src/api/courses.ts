/**
 * 课程 (`/api/bms/cont/*`): course categories, courses, their chapters and sections, uploads of
 * covers, videos and documents, and live sessions. Money is fen, durations seconds, times ISO.
 *
 * The shapes are written from the issue-23 contract until the back-office's OpenAPI document has
 * these calls; then they become `ApiData<...>` like the other families.
 */
import type { EnrolmentSource, LiveStatus, Page, ProductStatus, ProductType, SectionKind } from '@activity/wire'
import { del, get, post, put, uploadWithProgress, type UploadProgress } from './client'

/** A second-level category (only these hold courses). */
export type CategoryChild = {
  id: number
  name: string
  enabled: boolean
  sort: number
  courseCount: number
}

/** A first-level category and its children, in their order. */
export type CategoryParent = CategoryChild & {
  children: CategoryChild[]
}

/** A course as the list shows it. */
export type CourseItem = {
  id: number
  title: string
  cover: string | null
  type: ProductType
  categoryId: number
  categoryName: string
  /** fen; 0 = free */
  price: number
  status: ProductStatus
  noSkip: boolean
  teacher: string
  sectionCount: number
  studentCount: number
  finishedCount: number
  createdAt: string
}

/** A section (节) of a chapter; `url` is a signed address of its file (video, document) for a preview. */
export type Section = {
  id: number
  title: string
  kind: SectionKind
  sort: number
  trial: boolean
  /** seconds */
  duration: number
  mediaKey: string | null
  fileName: string | null
  size: number | null
  url: string | null
  liveSessionId: number | null
}

export type Chapter = {
  id: number
  title: string
  sort: number
  sections: Section[]
}

export type CourseDetail = CourseItem & {
  /** The cover's storage key (`cover` is its address). */
  coverKey: string | null
  intro: string
  parentCategoryId: number | null
  chapters: Chapter[]
}

export type CourseQuery = {
  keyword?: string
  categoryId?: number | string
  type?: string
  status?: string
  page?: number | string
  size?: number | string
}

/** What 新建课程 / 保存 sends (a new course starts 下架). */
export type CourseInput = {
  title: string
  categoryId: number
  type: ProductType
  /** fen */
  price: number
  cover?: string
  intro?: string
  teacher?: string
  noSkip?: boolean
}

export type SectionInput = {
  title: string
  kind: SectionKind
  trial: boolean
  mediaKey?: string
  fileName?: string
  /** seconds, read from the video in the browser */
  duration?: number
  liveSessionId?: number
}

/** What an upload answers: `key` is what a section or live session stores, `url` where to see it now. */
export type StoredFile = {
  key: string
  url: string
  fileName: string
  size: number
  contentType: string
}

export type UploadKind = 'video' | 'document' | 'image'

/** A live session of a course (直播): its status follows the clock. */
export type LiveSession = {
  id: number
  courseId: number
  courseTitle: string
  title: string
  teacher: string
  startsAt: string
  endsAt: string
  status: LiveStatus
  roomUrl: string | null
  playbackKey: string | null
  /** A signed address of the playback, to watch it here. */
  playbackUrl: string | null
  /** seconds */
  playbackDuration: number | null
  createdAt: string
}

export type LiveSessionInput = {
  courseId: number
  title: string
  teacher: string
  startsAt: string
  endsAt: string
  roomUrl?: string
  playbackKey?: string
  playbackDuration?: number
}

export type LiveSessionQuery = {
  courseId: number
  /** YYYY-MM-DD */
  from?: string
  to?: string
  page?: number | string
  size?: number | string
}

/** A student of a course and their progress (phone masked). */
export type CourseReportRow = {
  studentId: number
  name: string
  phone: string
  studentNo: string | null
  source: EnrolmentSource
  finished: number
  total: number
  /** 0..100 */
  percent: number
  /** seconds */
  watched: number
  lastStudiedAt: string | null
  joinedAt: string
}

const cont = '/api/bms/cont'
const categories = `${cont}/continueConfig/courseCategory`
const courses = `${cont}/continueCourse`
const chapters = `${cont}/chapter`
const live = `${cont}/liveCourseSchedule`

export const categoriesApi = {
  tree: () => get<CategoryParent[]>(categories),
  create: (input: { parentId: number | null; name: string }) => post<CategoryChild>(categories, input, { quiet: true }),
  update: (input: { id: number; name: string; enabled: boolean }, options: { quiet?: boolean } = {}) =>
    put<CategoryChild>(categories, input, options),
  remove: (id: number) => del<null>(categories, { id }),
  /** The whole order of one level: `parentId` null for the first level. */
  sort: (input: { parentId: number | null; ids: number[] }) => put<null>(`${categories}/sort`, input),
}

export const coursesApi = {
  list: (query: CourseQuery) => get<Page<CourseItem>>(`${courses}/list`, query),
  details: (id: number) => get<CourseDetail>(`${courses}/details`, { id }),
  create: (input: CourseInput) => post<CourseItem>(courses, input, { quiet: true }),
  update: (input: CourseInput & { id: number }) => put<CourseItem>(courses, input, { quiet: true }),
  /** 上架 needs at least one section. */
  changeStatus: (input: { id: number; status: ProductStatus }) => put<CourseItem>(`${courses}/changeStatus`, input),
  /** Refused once a student has joined: 下架 instead. */
  remove: (id: number) => del<null>(courses, { id }),
}

export const chaptersApi = {
  create: (input: { courseId: number; title: string }) => post<Chapter>(chapters, input, { quiet: true }),
  update: (input: { id: number; title: string }) => put<Chapter>(chapters, input, { quiet: true }),
  /** Refused while it has sections. */
  remove: (id: number) => del<null>(chapters, { id }),
  sort: (input: { courseId: number; ids: number[] }) => put<null>(`${chapters}/sort`, input),
  createSection: (input: SectionInput & { chapterId: number }) => post<Section>(`${chapters}/saveSection`, input, { quiet: true }),
  updateSection: (input: SectionInput & { id: number }) => put<Section>(`${chapters}/updateSection`, input, { quiet: true }),
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
  update: (input: LiveSessionInput & { id: number }) => put<LiveSession>(live, input, { quiet: true }),
  remove: (id: number) => del<null>(live, { id }),
}

export const courseReportApi = {
  list: (query: { courseId: number; keyword?: string; page?: number | string; size?: number | string }) =>
    get<Page<CourseReportRow>>(`${cont}/studentVideo/courseReport`, query),
  exportPath: `${cont}/studentVideo/courseReportExport`,
}
