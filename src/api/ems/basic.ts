import type { ApiBody, ApiData } from '@activity/api-types'
import { call, defineFamily } from '../define'

/** coupon/activateForClient: a code on an unpaid fee order of mine; answers what is left to pay (fen). */
export type ActivateCouponPayload = ApiBody<'/api/ems/basic/coupon/activateForClient', 'post'>
export type ActivatedCoupon = ApiData<'/api/ems/basic/coupon/activateForClient', 'post'>

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
  coupon: { actions: { listForClient: true, activateForClient: call<ActivateCouponPayload, ActivatedCoupon>('POST') } },
  site: { actions: { getByDomain: 'GET' } },
  soldierTrainingStatus: {},
  schoolStatusConfig: {},
  schoolStatusPipeline: {},
  exemptionDegreeClass: {},
  exemptionDegreeSite: {},
  exemptionDegreeTimetable: {},
})
