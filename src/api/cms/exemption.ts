import { defineFamily } from '../define'

/**
 * /api/cms/exemption: the degree-exemption area (/degree/*: courses, chapters, papers, exams,
 * notices) and students' absence (/studentAbsence/*).
 */
export const exemption = defineFamily('/api/cms/exemption', {
  degreeCourse: { path: 'degree/course', actions: { listForClient: true } },
  degreeChapter: { path: 'degree/chapter' },
  degreePaper: { path: 'degree/paper' },
  degreeExam: { path: 'degree/exam' },
  degreeNotice: { path: 'degree/notice', actions: { publish: true } },
  studentAbsence: { actions: { audit: true, listForClient: true } },
})
