import { defineFamily } from '../define'

/**
 * /api/sms/study: students' study (joins, exams, exercises, knowledge progress, live schedules,
 * questions, subjects, wrong-answer books). Exercises: hand in -> read -> restore or redo.
 */
export const study = defineFamily('/api/sms/study', {
  collect: {},
  courseClick: {},
  discuss: {},
  entranceTest: {},
  entranceTestSubject: {},
  join: {
    actions: {
      join: 'POST',
      batchJoinOnlineCourse: 'POST',
      listStudentLiveCourseForClient: true,
      listStudentOnlineCourseForClient: true,
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
    actions: { progress: 'PUT', progressForSelfTaught: 'PUT', latestCourseId: 'GET', lastLiveCourseChapter: 'GET' },
  },
  studentLiveCourseSchedule: { actions: { watchLive: 'PUT', updatePlaybackProgress: true, listByStudent: true } },
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
