import type { ApiBody, ApiData, ApiQuery } from '@activity/api-types'
import { call, defineFamily, type NoPayload } from '../define'
import type {
  CoursePage,
  JoinAnswer,
  LiveItem,
  MyCoursePage,
  PageQuery,
  PlaybackPlay,
  ProgressAnswer,
  ProgressBody,
  SectionPlay,
  StudyTime,
} from './study-types'

export type * from './study-types'

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
      saveAnswer: true,
      overPaper: 'PUT',
      refusePaper: 'PUT',
      refreshScore: 'PUT',
      clearExam: 'PUT',
      listForClient: true,
      detailsForClient: true,
      assignOverAdmin: true,
      exports: true,
    },
  },
  studentExercise: { actions: { handIn: 'PUT', read: 'PUT', restore: 'PUT', redo: 'PUT' } },
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
  studentQuestion: {
    actions: {
      saveForClient: true,
      answerForClient: 'POST',
      answerForTeacher: 'POST',
      closeForClient: 'PUT',
      closeForTeacher: 'PUT',
      readForClient: 'PUT',
      batchUpdateStatus: true,
      detail: true,
    },
  },
  studentSubject: { actions: { handSubject: 'PUT', studentScore: 'GET', studentStudyReport: 'GET' } },
  studentWrongSubject: { actions: { addForSelf: 'POST', removal: 'DELETE', batchRemove: true } },
  adultExamStudyReport: {},
})
