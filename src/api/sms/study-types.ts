import type { ApiBody, ApiData, ApiItem, ApiQuery } from '@activity/api-types'

// The student's study calls of issue 23 (@activity/api-types, `npm run api:types`: the
// back-office's own types). Money is integer fen, times ISO text, durations and positions seconds
// (decimals allowed).

/** `page` 1-based, `size` at most 100. */
export type PageQuery = ApiQuery<'/api/sms/study/join/listStudentOnlineCourseForClient', 'get'>

/** 课程 list filters: a parent category's tab, a leaf's chip, the type, the words searched. */
export type CourseQuery = ApiQuery<'/api/bms/cont/continueCourse/listForClient', 'get'>

export type CoursePage = ApiData<'/api/bms/cont/continueCourse/listForClient', 'get'>

/** A listed course as the catalogue shows it; `price` 0 is free. */
export type CourseCard = ApiItem<'/api/bms/cont/continueCourse/listForClient', 'get'>

/**
 * 课程详情: the card, its text, my progress (percent 0..100, whole), an unpaid order of mine for
 * it, and the chapters' sections (`locked`: not joined and not a trial; `position` 0 if never opened).
 */
export type CourseDetail = ApiData<'/api/bms/cont/continueCourse/detailsForClient', 'get'>

export type SectionItem = CourseDetail['chapters'][number]['sections'][number]

/** The course's category tree: parents (tabs) holding leaves (chips); only leaves hold courses. */
export type CourseCategory = ApiItem<'/api/bms/cont/continueConfig/courseCategoryForClient', 'get'>

/** Joining: a free or joined course answers joined; a paid one an order to pay on pages/main/pay. */
export type JoinAnswer = ApiData<'/api/sms/study/join/join', 'post'>

export type MyCoursePage = ApiData<'/api/sms/study/join/listStudentOnlineCourseForClient', 'get'>

/** One of my courses (我的课程), last studied first. */
export type MyCourse = ApiItem<'/api/sms/study/join/listStudentOnlineCourseForClient', 'get'>

/** The current course on the server: the one last studied, or last set. */
export type LatestCourse = NonNullable<ApiData<'/api/sms/study/studentKnowledge/latestCourseId', 'get'>>

/**
 * A section opened to study: its signed media `url` (video or document), where to resume
 * (`position`), how far I have got (`furthest`, `watched`), and `noSkip` (no seeking past
 * `furthest` on a first viewing). The player reports every `heartbeatSeconds`.
 */
export type SectionPlay = ApiData<'/api/sms/study/studentKnowledge/sectionForClient', 'get'>

export type ProgressBody = ApiBody<'/api/sms/study/studentKnowledge/progress', 'put'>

/** A heartbeat's answer: the accepted `position` (with noSkip never past furthest), what is credited. */
export type ProgressAnswer = ApiData<'/api/sms/study/studentKnowledge/progress', 'put'>

/** Seconds studied today, in all, and per day (Asia/Shanghai, oldest first, zero days included). */
export type StudyTime = ApiData<'/api/sms/study/studentKnowledge/studyTimeForClient', 'get'>

/** One live class of my courses; `playback` once one was uploaded after it ended. */
export type LiveItem = ApiItem<'/api/sms/study/studentLiveCourseSchedule/listByStudent', 'get'>

/** A live class's playback, played like a section (no course rule: it may be dragged freely). */
export type PlaybackPlay = ApiData<'/api/sms/study/studentLiveCourseSchedule/playbackForClient', 'get'>

// ---- 答疑 (issue 24): questions to teachers ----

/** One of my questions: `unread` the teachers' posts I have not read; `status` 待回复 | 已回复. */
export type QuestionItem = ApiItem<'/api/sms/study/studentQuestion/listForClient', 'get'>
export type QuestionPage = ApiData<'/api/sms/study/studentQuestion/listForClient', 'get'>
export type QuestionListQuery = ApiQuery<'/api/sms/study/studentQuestion/listForClient', 'get'>

/** A question with its thread (oldest first; the first post is the question); pictures as signed addresses. */
export type QuestionDetail = ApiData<'/api/sms/study/studentQuestion/detailsForClient', 'get'>
export type QuestionPost = QuestionDetail['posts'][number]

/** Asking: a course I joined, optionally a section, title, content, picture keys from the upload. */
export type AskBody = ApiBody<'/api/sms/study/studentQuestion/saveForClient', 'post'>
export type FollowUpBody = ApiBody<'/api/sms/study/studentQuestion/answerForClient', 'post'>

/** An uploaded picture: its key (sent in `images`) and a signed address. */
export type QuestionImage = ApiData<'/api/sms/study/studentQuestion/upload', 'post'>

// The office's side of 答疑 (the console's calls, with the operator session; the staff pages):
// the queue 待回复 first (the longest waiting first), a thread with its student, answer and close.

/** The queue's filters: status, course, closed, keyword. */
export type TeacherQuestionQuery = ApiQuery<'/api/sms/study/studentQuestion/list', 'get'>
/** One question of the queue: its student, course, status, posts so far. */
export type TeacherQuestionItem = ApiItem<'/api/sms/study/studentQuestion/list', 'get'>
export type TeacherQuestionPage = ApiData<'/api/sms/study/studentQuestion/list', 'get'>
/** A question with its thread and its student (phone masked): what detail, answer and close answer. */
export type TeacherQuestionDetail = ApiData<'/api/sms/study/studentQuestion/detail', 'get'>
/** A teacher's answer: content and picture keys from uploadForTeacher (at most 6). */
export type TeacherAnswerBody = ApiBody<'/api/sms/study/studentQuestion/answerForTeacher', 'post'>
/** A picture uploaded for an answer: its key (sent in `images`) and a signed address. */
export type TeacherQuestionImage = ApiData<'/api/sms/study/studentQuestion/uploadForTeacher', 'post'>
