import type { ApiBody, ApiData, ApiQuery } from '@activity/api-types'
import { call, defineFamily, type NoPayload, uploadCall } from '../define'
import type {
  AskBody,
  CoursePage,
  FollowUpBody,
  JoinAnswer,
  LiveItem,
  MyCoursePage,
  PageQuery,
  PlaybackPlay,
  ProgressAnswer,
  QuestionDetail,
  QuestionImage,
  QuestionListQuery,
  QuestionPage,
  ProgressBody,
  SectionPlay,
  StudyTime,
  TeacherAnswerBody,
  TeacherQuestionDetail,
  TeacherQuestionImage,
  TeacherQuestionPage,
  TeacherQuestionQuery,
} from './study-types'
import type {
  AddForSelfAnswer,
  AttemptRef,
  AttemptResult,
  AttemptSheet,
  AttemptView,
  ExerciseChapters,
  ExerciseChaptersQuery,
  ExerciseList,
  ExerciseListQuery,
  ExerciseQuestion,
  ExerciseRedoBody,
  HandSubjectAnswer,
  HandSubjectBody,
  PaperCard,
  PaperDetail,
  PaperListQuery,
  SaveAnswerAnswer,
  SaveAnswerBody,
  ScoreItem,
  StudyReport,
  WrongListQuery,
  WrongPage,
  WrongQuestion,
  WrongQuestionRef,
  WrongRedoAnswer,
  RemovalAnswer,
  WrongRedoBody,
  WrongSummary,
} from './exam-types'

export type * from './study-types'
export type * from './exam-types'

/**
 * /api/sms/study: students' study (joins, exams, exercises, knowledge progress, live schedules,
 * questions, subjects, wrong-answer books). Exercises: hand in -> read -> restore or redo.
 */
export const study = defineFamily('/api/sms/study', {
  // Favourites: POST {courseId} collects, DELETE ?courseId= lets go.
  collect: {
    base: {
      save: call<ApiBody<'/api/sms/study/collect', 'post'>, ApiData<'/api/sms/study/collect', 'post'>>(),
      remove: call<ApiQuery<'/api/sms/study/collect', 'delete'>, ApiData<'/api/sms/study/collect', 'delete'>>(),
    },
    actions: { listForClient: call<PageQuery, CoursePage>() },
  },
  // A view of a course's page, counted for the office (at most once a day per student and course).
  courseClick: { base: { save: call<ApiBody<'/api/sms/study/courseClick', 'post'>, ApiData<'/api/sms/study/courseClick', 'post'>>() } },
  discuss: {},
  entranceTest: {},
  entranceTestSubject: {},
  join: {
    actions: {
      /** A free course joins at once; a paid one answers the order to pay (pages/main/pay?id=). */
      join: call<ApiBody<'/api/sms/study/join/join', 'post'>, JoinAnswer>('POST'),
      batchJoinOnlineCourse: 'POST',
      listStudentLiveCourseForClient: call<PageQuery, MyCoursePage>(),
      listStudentOnlineCourseForClient: call<PageQuery, MyCoursePage>(),
    },
  },
  studentExam: {
    actions: {
      /** Saves one answer of my open attempt (409 once it has ended); the latest save wins. */
      saveAnswer: call<SaveAnswerBody, SaveAnswerAnswer>('PUT'),
      /** 交卷: closes and scores my attempt; a second close answers the same result. */
      overPaper: call<AttemptRef, AttemptResult>('PUT'),
      /** 放弃作答: closes as 已放弃 with 0 (it counts as an attempt). */
      refusePaper: call<AttemptRef, AttemptResult>('PUT'),
      refreshScore: call<AttemptRef, AttemptResult>('GET'),
      clearExam: 'PUT',
      /** Published papers of my joined courses. */
      listForClient: call<PaperListQuery, PaperCard[]>(),
      detailsForClient: call<{ paperId: number }, PaperDetail>(),
      /** Resumes my open attempt, or starts one when allowed (422 with the reason otherwise). */
      start: call<{ paperId: number }, AttemptSheet>('POST'),
      /** The sheet while open, the result once closed (an overdue attempt is closed first). */
      attemptForClient: call<{ id: number }, AttemptView>('GET'),
      assignOverAdmin: true,
      exports: true,
    },
  },
  // 章节练习: chapters with my progress, a chapter's questions, one question, 重新练习.
  studentExercise: {
    actions: {
      handIn: 'PUT',
      read: 'PUT',
      restore: 'PUT',
      redo: call<ExerciseRedoBody, ApiData<'/api/sms/study/studentExercise/redo', 'put'>>('PUT'),
      chaptersForClient: call<ExerciseChaptersQuery, ExerciseChapters>('GET'),
      listForClient: call<ExerciseListQuery, ExerciseList>(),
      detailsForClient: call<{ id: number }, ExerciseQuestion>(),
    },
  },
  studentKnowledge: {
    actions: {
      /** The heartbeat: the server credits at most the real time since my last report. */
      progress: call<ProgressBody, ProgressAnswer>('PUT'),
      progressForSelfTaught: 'PUT',
      latestCourseId: call<NoPayload, ApiData<'/api/sms/study/studentKnowledge/latestCourseId', 'get'>>('GET'),
      current: call<ApiBody<'/api/sms/study/studentKnowledge/current', 'put'>, ApiData<'/api/sms/study/studentKnowledge/current', 'put'>>(
        'PUT',
      ),
      sectionForClient: call<ApiQuery<'/api/sms/study/studentKnowledge/sectionForClient', 'get'>, SectionPlay>('GET'),
      studyTimeForClient: call<ApiQuery<'/api/sms/study/studentKnowledge/studyTimeForClient', 'get'>, StudyTime>('GET'),
      lastLiveCourseChapter: 'GET',
    },
  },
  studentLiveCourseSchedule: {
    actions: {
      /** `from`, `to`: YYYY-MM-DD (default today-7 .. today+30). */
      listByStudent: call<ApiQuery<'/api/sms/study/studentLiveCourseSchedule/listByStudent', 'get'>, LiveItem[]>(),
      /** The live room's address, from 15 minutes before the start until the end. */
      enterForClient: call<
        ApiQuery<'/api/sms/study/studentLiveCourseSchedule/enterForClient', 'get'>,
        ApiData<'/api/sms/study/studentLiveCourseSchedule/enterForClient', 'get'>
      >('GET'),
      watchLive: call<
        ApiBody<'/api/sms/study/studentLiveCourseSchedule/watchLive', 'put'>,
        ApiData<'/api/sms/study/studentLiveCourseSchedule/watchLive', 'put'>
      >('PUT'),
      playbackForClient: call<ApiQuery<'/api/sms/study/studentLiveCourseSchedule/playbackForClient', 'get'>, PlaybackPlay>('GET'),
      updatePlaybackProgress: call<ApiBody<'/api/sms/study/studentLiveCourseSchedule/updatePlaybackProgress', 'put'>, ProgressAnswer>(),
    },
  },
  // 答疑: my questions to the teachers; a picture is uploaded first (its key goes in `images`).
  studentQuestion: {
    // `list` is the office's queue (待回复 first), `detail` a thread with its student (operator session).
    base: { upload: uploadCall<QuestionImage>(), list: call<TeacherQuestionQuery, TeacherQuestionPage>() },
    actions: {
      saveForClient: call<AskBody, ApiData<'/api/sms/study/studentQuestion/saveForClient', 'post'>>(),
      listForClient: call<QuestionListQuery, QuestionPage>(),
      detailsForClient: call<ApiQuery<'/api/sms/study/studentQuestion/detailsForClient', 'get'>, QuestionDetail>(),
      /** A follow-up: 待回复 again (a closed question: 409 该提问已关闭). */
      answerForClient: call<FollowUpBody, QuestionDetail>('POST'),
      closeForClient: call<ApiBody<'/api/sms/study/studentQuestion/closeForClient', 'put'>, QuestionDetail>('PUT'),
      readForClient: call<
        ApiBody<'/api/sms/study/studentQuestion/readForClient', 'put'>,
        ApiData<'/api/sms/study/studentQuestion/readForClient', 'put'>
      >('PUT'),
      /** My questions holding a reply I have not read (home's badge). */
      unreadCountForClient: call<NoPayload, ApiData<'/api/sms/study/studentQuestion/unreadCountForClient', 'get'>>('GET'),
      /** A teacher's answer: 已回复, an unread reply for the student (a closed question: 409). */
      answerForTeacher: call<TeacherAnswerBody, TeacherQuestionDetail>('POST'),
      uploadForTeacher: uploadCall<TeacherQuestionImage>(),
      closeForTeacher: call<ApiBody<'/api/sms/study/studentQuestion/closeForTeacher', 'put'>, TeacherQuestionDetail>('PUT'),
      batchUpdateStatus: true,
      detail: call<ApiQuery<'/api/sms/study/studentQuestion/detail', 'get'>, TeacherQuestionDetail>(),
    },
  },
  studentSubject: {
    actions: {
      /** One exercise answer: recorded, and put in the wrong-answer book when wrong. */
      handSubject: call<HandSubjectBody, HandSubjectAnswer>('POST'),
      studentScore: call<{ courseId?: number }, ScoreItem[]>('GET'),
      studentStudyReport: call<{ courseId: number }, StudyReport>('GET'),
    },
  },
  // 错题本: what is in it, one question to redo, adding and removing by hand.
  studentWrongSubject: {
    base: { list: call<WrongListQuery, WrongPage>() },
    actions: {
      summaryForClient: call<NoPayload, WrongSummary>('GET'),
      detailsForClient: call<WrongQuestionRef, WrongQuestion>(),
      redo: call<WrongRedoBody, WrongRedoAnswer>('POST'),
      addForSelf: call<WrongQuestionRef, AddForSelfAnswer>('POST'),
      removal: call<WrongQuestionRef, RemovalAnswer>('DELETE'),
      batchRemove: true,
    },
  },
  adultExamStudyReport: {},
})
