/** The study pages' addresses (issue 23), for home's entries and the study pages themselves. */
export const STUDY_LINKS = {
  course: '/pages/study/course',
  myCourses: '/pages/study/index',
  live: '/pages/study/live',
  exercise: '/pages/study/exercise',
  exam: '/pages/study/exam',
  wrong: '/pages/study/wrong',
  question: '/pages/study/question',
} as const

export const courseDetailUrl = (id: number) => `/pages/study/courseDetail?id=${id}`
export const sectionUrl = (id: number) => `/pages/study/section?id=${id}`
/** A live class's playback, played on the section page. */
export const playbackUrl = (liveId: number) => `/pages/study/section?liveId=${liveId}`
export const liveRoomUrl = (id: number) => `/pages/study/liveRoom?id=${id}`
/** 答疑: my questions; with a course, the 提问 form opens on it. */
export const askUrl = (courseId: number) => `/pages/study/question?courseId=${courseId}`
export const questionDetailUrl = (id: number) => `/pages/study/questionDetail?id=${id}`
/** The existing pay page, for a course's order. */
export const payUrl = (orderId: number) => `/pages/main/pay?id=${orderId}`

export { idOf } from './query'
