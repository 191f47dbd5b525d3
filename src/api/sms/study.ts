import { call, defineFamily, type NoPayload } from '../define'
import type {
  CoursePage,
  JoinAnswer,
  LatestCourse,
  LiveItem,
  MyCoursePage,
  PageQuery,
  PlaybackPlay,
  ProgressAnswer,
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
    base: { save: call<{ courseId: number }, { collected: boolean }>(), remove: call<{ courseId: number }, { collected: boolean }>() },
    actions: { listForClient: call<PageQuery, CoursePage>() },
  },
  // A view of a course's page, counted for the office (at most once a day per student and course).
  courseClick: { base: { save: call<{ courseId: number }, null>() } },
  discuss: {},
  entranceTest: {},
  entranceTestSubject: {},
  join: {
    actions: {
      /** A free course joins at once; a paid one answers the order to pay (pages/main/pay?id=). */
      join: call<{ courseId: number }, JoinAnswer>('POST'),
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
      progress: call<{ sectionId: number; position: number }, ProgressAnswer>('PUT'),
      progressForSelfTaught: 'PUT',
      latestCourseId: call<NoPayload, LatestCourse | null>('GET'),
      current: call<{ courseId: number }, LatestCourse>('PUT'),
      sectionForClient: call<{ id: number }, SectionPlay>('GET'),
      studyTimeForClient: call<{ days?: number }, StudyTime>('GET'),
      lastLiveCourseChapter: 'GET',
    },
  },
  studentLiveCourseSchedule: {
    actions: {
      /** `from`, `to`: YYYY-MM-DD (default today-7 .. today+30). */
      listByStudent: call<{ from?: string; to?: string }, LiveItem[]>(),
      /** The live room's address, from 15 minutes before the start until the end. */
      enterForClient: call<{ id: number }, { url: string }>('GET'),
      watchLive: call<{ id: number }, { watched: number; attended: boolean }>('PUT'),
      playbackForClient: call<{ id: number }, PlaybackPlay>('GET'),
      updatePlaybackProgress: call<{ id: number; position: number }, ProgressAnswer>(),
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
