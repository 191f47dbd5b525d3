import { defineFamily, uploadCall } from '../define'

/** /api/cms/army: army training (projects and their finance, classes, students, papers, surveys). */
export const army = defineFamily('/api/cms/army', {
  certificate: {},
  chapter: {},
  class: {},
  course: {},
  feeInfo: {},
  mockPaper: {},
  project: {},
  projectCost: {},
  projectFinance: {
    actions: { apply: true, audit: true, finish: 'PUT', edit: 'PUT', exports: true, listCostType: true },
  },
  projectVisit: {},
  publicityContent: {},
  scheduling: {},
  score: {},
  settlementMaterial: {},
  student: {
    actions: {
      signIn: 'POST',
      signOut: 'PUT',
      homework: 'PUT',
      batchAssignClass: true,
      import: uploadCall(),
      exports: true,
      syncProgress: true,
      listWarning: true,
    },
  },
  studentCertificate: {},
  studentClass: {},
  studentPaper: { actions: { randomPaper: 'GET', hand: 'PUT', temporarySave: 'PUT', read: 'PUT' } },
  studentVideo: { actions: { progress: 'PUT', finish: 'PUT' } },
  studentWrongAnswer: {},
  subject: {},
  survey: {},
  surveyRecord: { actions: { submit: 'POST', satisfaction: 'GET', subsidy: 'GET' } },
  trainConfig: {},
})
