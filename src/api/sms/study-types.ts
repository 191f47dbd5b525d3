import type { EnrolmentSource, LiveStatus, Page, ProductStatus, ProductType, SectionKind } from '@activity/wire'

// The student's study calls of issue 23, as the contract writes them (wire shapes). Money is
// integer fen, times ISO text, durations and positions seconds (decimals allowed).

/** `page` 1-based, `size` at most 100. */
export interface PageQuery {
  page?: number
  size?: number
}

/** 课程 list filters: a parent category's tab, a leaf's chip, the type, the words searched. */
export interface CourseQuery extends PageQuery {
  parentId?: number
  categoryId?: number
  type?: ProductType
  keyword?: string
}

/** A listed course as the catalogue shows it; `price` 0 is free. */
export interface CourseCard {
  id: number
  title: string
  cover: string | null
  type: ProductType
  categoryId: number
  categoryName: string
  parentCategoryName: string
  price: number
  sectionCount: number
  trialCount: number
  studentCount: number
  joined: boolean
  collected: boolean
}

/** One section under a chapter; `locked`: not joined and not a trial. `position` 0 if never opened. */
export interface SectionItem {
  id: number
  title: string
  kind: SectionKind
  duration: number
  trial: boolean
  locked: boolean
  finished: boolean
  position: number
  liveSessionId: number | null
}

export interface CourseProgress {
  finished: number
  total: number
  /** 0..100, whole. */
  percent: number
}

/** 课程详情: the card, its text, my progress, and an unpaid order of mine for it, if any. */
export interface CourseDetail extends CourseCard {
  intro: string
  teacher: string
  noSkip: boolean
  status: ProductStatus
  progress: CourseProgress
  lastSectionId: number | null
  pendingOrderId: number | null
  chapters: Array<{ id: number; title: string; sections: SectionItem[] }>
}

/** The course's category tree: parents (tabs) holding leaves (chips); only leaves hold courses. */
export type CourseCategory = { id: number; name: string; children: Array<{ id: number; name: string }> }

/** Joining: a free or joined course answers joined; a paid one an order to pay on pages/main/pay. */
export interface JoinAnswer {
  joined: boolean
  orderId: number | null
}

/** One of my courses (我的课程), last studied first. */
export interface MyCourse {
  courseId: number
  title: string
  cover: string | null
  type: ProductType
  source: EnrolmentSource
  finished: number
  total: number
  percent: number
  lastSectionId: number | null
  lastSectionTitle: string | null
  lastStudiedAt: string | null
  joinedAt: string
}

/** The current course on the server: the one last studied, or last set. */
export interface LatestCourse {
  courseId: number
  title: string
  sectionId: number | null
  sectionTitle: string | null
  position: number
  studiedAt: string
}

/**
 * A section opened to study: its signed media `url` (video or document), where to resume
 * (`position`), how far I have got (`furthest`, `watched`), and `noSkip` (no seeking past
 * `furthest` on a first viewing). The player reports every `heartbeatSeconds`.
 */
export interface SectionPlay {
  id: number
  courseId: number
  courseTitle: string
  chapterTitle: string
  title: string
  kind: SectionKind
  duration: number
  url: string | null
  fileName: string | null
  liveSessionId: number | null
  position: number
  furthest: number
  watched: number
  finished: boolean
  noSkip: boolean
  prevId: number | null
  nextId: number | null
  heartbeatSeconds: number
}

/** A heartbeat's answer: the accepted `position` (with noSkip never past furthest), what is credited. */
export interface ProgressAnswer {
  position: number
  furthest: number
  watched: number
  finished: boolean
  added: number
  course: CourseProgress
}

/** Seconds studied today, in all, and per day (Asia/Shanghai, oldest first, zero days included). */
export interface StudyTime {
  today: number
  total: number
  days: Array<{ day: string; seconds: number }>
}

/** One live class of my courses; `playback` once one was uploaded after it ended. */
export interface LiveItem {
  id: number
  courseId: number
  courseTitle: string
  title: string
  teacher: string
  startsAt: string
  endsAt: string
  status: LiveStatus
  watched: number
  attended: boolean
  playback: null | { duration: number; position: number; finished: boolean }
}

/** A live class's playback, played like a section (no course rule: it may be dragged freely). */
export interface PlaybackPlay {
  id: number
  title: string
  courseTitle: string
  duration: number
  url: string | null
  position: number
  furthest: number
  watched: number
  finished: boolean
  heartbeatSeconds: number
}

export type CoursePage = Page<CourseCard>
export type MyCoursePage = Page<MyCourse>
