import { defineFamily } from '../define'

/** /api/ems/basic: the adult-exam reference data, sites and coupons. */
export const basic = defineFamily('/api/ems/basic', {
  adultExamArea: {},
  batch: {},
  campus: {},
  enrolPlan: {},
  recruitmentBrochure: {},
  examinationCenter: {},
  examinationClassroom: {},
  juniorMajor: {},
  major: {},
  majorCourse: {},
  coupon: { actions: { listForClient: true, activateForClient: 'POST' } },
  site: { actions: { getByDomain: 'GET' } },
  soldierTrainingStatus: {},
  schoolStatusConfig: {},
  schoolStatusPipeline: {},
  exemptionDegreeClass: {},
  exemptionDegreeSite: {},
  exemptionDegreeTimetable: {},
})
