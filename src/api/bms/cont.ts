import { call, defineFamily, uploadCall, type NoPayload } from '../define'
import type { ApiQuery } from '@activity/api-types'
import type { CourseCategory, CourseDetail, CoursePage, CourseQuery } from '../sms/study-types'

/** /api/bms/cont: continuing education (config, courses, chapters, papers, exercises, teachers). */
export const cont = defineFamily('/api/bms/cont', {
  continueConfig: {
    actions: {
      listBatch: true,
      listSchool: true,
      listCourseCategory: true,
      listCourseDirection: true,
      listPostDirection: true,
      listSubjectDifficulty: true,
      listSubjectLabel: true,
      // SPEC.md section 7: syncConfig is a POST, not the rule's PUT for sync.
      syncConfig: call('POST'),
      /** The student's category tree (enabled ones, sorted). */
      courseCategoryForClient: call<NoPayload, CourseCategory[]>('GET'),
    },
  },
  continueCourse: {
    actions: {
      /** Listed courses, newest first. */
      listForClient: call<CourseQuery, CoursePage>(),
      /** An unlisted course only for a student who joined it (else 404 课程不存在或已下架). */
      detailsForClient: call<ApiQuery<'/api/bms/cont/continueCourse/detailsForClient', 'get'>, CourseDetail>(),
    },
  },
  chapter: { actions: { saveSection: true, removeSection: true } },
  paper: {},
  resource: {},
  studentExercise: { actions: { commit: 'PUT', read: 'PUT', redo: 'PUT' } },
  studentVideo: { actions: { progress: 'PUT' } },
  subject: { actions: { uploadByExcel: uploadCall() } },
  teacher: { actions: { sync: true } },
  teachingPlan: {},
})
