import { defineFamily } from '../define'

/** /api/cms/resource: teaching resources (courses, exams, knowledge, papers, live courses, ebooks). */
export const resource = defineFamily('/api/cms/resource', {
  armyCounty: {},
  course: {},
  courseTable: {},
  exam: {},
  knowledge: {},
  label: {},
  liveCourse: {},
  paper: {},
  schoolroom: {},
  siteTable: {},
  ebook: {},
})
