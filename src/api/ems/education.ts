import { defineFamily } from '../define'

/**
 * /api/ems/education: notices, the school roll and its variants, teaching plans, graduation
 * (SPEC.md section 4's workflows: graduation audit teacher -> education office -> graduate
 * info; photo and exemption audit by head teacher, then by education office).
 */
export const education = defineFamily('/api/ems/education', {
  notice: {
    actions: {
      publish: true,
      delay: 'PUT',
      finish: 'PUT',
      refuse: 'PUT',
      headTeacherConfirm: 'PUT',
      listForClient: true,
    },
  },
  peer: {},
  peerNotice: {},
  photoCollection: { actions: { saveForClient: true, auditByHeaderTeacher: true, auditByEducation: true } },
  previewGraduate: { actions: { listForClient: true } },
  schoolRoll: {
    actions: {
      passByEducation: true,
      passByEnroll: true,
      suspendUpdate: 'PUT',
      graduate: 'PUT',
      clientConfirm: 'PUT',
      auditByEducation: true,
      auditBySchool: true,
      absenceAudit: 'PUT',
      detailsForClient: true,
    },
  },
  schoolRollAdult: {},
  schoolRollContinue: {},
  schoolRollSelfTaught: {},
  schoolRollGraduateCheck: { actions: { publish: true } },
  schoolRollEnrolInfo: {},
  schoolRollAgreement: {},
  schoolRollSuspend: {},
  schoolRollAtRisk: {},
  schoolRollTransaction: {},
  schoolRollBatchTransaction: {},
  schoolRollVip: {},
  schoolRollVipConfig: {},
  schoolRollRegistry: { actions: { refuse: 'PUT', dispose: 'PUT' } },
  schoolRollChecking: {},
  schoolRollInfoModify: { actions: { apply: true, finish: 'PUT' } },
  teachPlan: {},
  teachPlanDetail: { actions: { publish: true } },
  teachingProgram: {},
  teachingOffline: { path: 'teaching/offline', actions: { listScanInfo: true } },
  studentCourse: { actions: { listForClient: true } },
  studyRecord: { path: 'study/record' },
  exemptionDegree: { actions: { auditByHeaderTeacher: true, auditByEducation: true } },
  graduate: { actions: { auditByTeacher: true, auditByEducation: true, createGraduateInfo: 'POST' } },
  signature: {},
  appraisal: { actions: { saveForClient: true } },
  changeReferral: {},
})
