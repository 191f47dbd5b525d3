/** The study pages' addresses (issue 23), for home's entries and the study pages themselves. */
export const STUDY_LINKS = {
  course: '/pages/study/course',
  myCourses: '/pages/study/index',
  live: '/pages/study/live',
  exercise: '/pages/study/exercise',
  exam: '/pages/study/exam',
  wrong: '/pages/study/wrong',
} as const

export const courseDetailUrl = (id: number) => `/pages/study/courseDetail?id=${id}`
export const sectionUrl = (id: number) => `/pages/study/section?id=${id}`
/** A live class's playback, played on the section page. */
export const playbackUrl = (liveId: number) => `/pages/study/section?liveId=${liveId}`
export const liveRoomUrl = (id: number) => `/pages/study/liveRoom?id=${id}`
/** 章节练习: a course's chapters; with a chapter (null: 未分章) and a difficulty, its questions. */
export function exerciseUrl(courseId: number, chapter?: { chapterId: number | null; difficulty?: string }): string {
  if (!chapter) return `/pages/study/exercise?courseId=${courseId}`
  const params = [`courseId=${courseId}`, `chapterId=${chapter.chapterId ?? 0}`]
  if (chapter.difficulty) params.push(`difficulty=${encodeURIComponent(chapter.difficulty)}`)
  return `/pages/study/exercise?${params.join('&')}`
}
/** 考试 of one course (no course: all of mine). */
export const examUrl = (courseId?: number) => (courseId ? `/pages/study/exam?courseId=${courseId}` : '/pages/study/exam')
/** A paper's intro with my attempts. */
export const paperIntroUrl = (paperId: number) => `/pages/study/exam?paperId=${paperId}`
/** 答题 (an open attempt) or its result (a closed one); messages of 成绩公布 carry it. */
export const attemptUrl = (attemptId: number) => `/pages/study/paper?attemptId=${attemptId}`
/** 错题本's redo of one question. */
export const wrongRedoUrl = (questionId: number) => `/pages/study/wrong?questionId=${questionId}`
export const reportUrl = (courseId: number) => `/pages/study/report?courseId=${courseId}`
/** The existing pay page, for a course's order. */
export const payUrl = (orderId: number) => `/pages/main/pay?id=${orderId}`

/** A positive whole number from a page's query, or null. */
export function idOf(raw: string | undefined): number | null {
  const id = Number(raw)
  return Number.isInteger(id) && id > 0 ? id : null
}
