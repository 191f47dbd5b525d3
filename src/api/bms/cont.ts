import { call, defineFamily, uploadCall } from '../define'

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
    },
  },
  continueCourse: {},
  chapter: { actions: { saveSection: true, removeSection: true } },
  paper: {},
  resource: {},
  studentExercise: { actions: { commit: 'PUT', read: 'PUT', redo: 'PUT' } },
  studentVideo: { actions: { progress: 'PUT' } },
  subject: { actions: { uploadByExcel: uploadCall() } },
  teacher: { actions: { sync: true } },
  teachingPlan: {},
})
