import type { ApiBody, ApiData, ApiItem, ApiQuery } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { call, defineFamily, type NoPayload, uploadCall } from '../define'

// The student's calls of issue 22 (school roll, its corrections, notices). Every ID number
// arrives masked (3301**********1234) and every phone masked (139****0000): the client never
// holds them whole. Times are ISO text. The types are the back-office's own
// (@activity/api-types, `npm run api:types`).

/** 我的学籍: the roll, its status history (newest first) and the requests still waiting. */
export type RollDetails = ApiData<'/api/ems/education/schoolRoll/detailsForClient', 'get'>

/** A student in the operators' register (a class's roster): `phone` masked unless the position may see it whole. */
export type RosterStudent = ApiItem<'/api/ems/education/schoolRoll/list', 'get'>

export type RosterQuery = ApiQuery<'/api/ems/education/schoolRoll/list', 'get'>

/** A student's roll (学籍) as the student sees it; `batch` 1-20 (1期-20期). */
export type Roll = RollDetails['roll']

/** One change of the roll's status (fromStatus null: the registration); `adminName` null here. */
export type RollHistoryItem = RollDetails['history'][number]

/** A correction request (学籍变更申请); idCard and phone values masked. */
export type RollRequest = ApiItem<'/api/ems/education/schoolRollInfoModify/listForClient', 'get'>

/** `code`: for a phone, the SMS code sent to the new phone (sendVerify type 绑定手机). */
export type RollRequestPayload = ApiBody<'/api/ems/education/schoolRollInfoModify/applyForClient', 'post'>

/** `page` 1-based, `size` at most 100. */
export type NoticeQuery = ApiQuery<'/api/ems/education/notices/listForClient', 'get'>

/** One of my notices in the list: `summary` the first 60 characters of its text. */
export type NoticeItem = ApiItem<'/api/ems/education/notices/listForClient', 'get'>

/** A notice opened (and so read): `content` sanitised HTML. */
export type NoticeDetails = ApiData<'/api/ems/education/notices/detailsForClient', 'get'>

/**
 * 毕业照片 as the student sees it: their batch's collection (null: none opened yet) with its
 * specification, their photos (latest first, never overwritten), the latest one's approval, and
 * whether they may upload now (`refusal` says why not). POST upload answers the same.
 */
export type PhotoMine = ApiData<'/api/ems/education/photoCollection/mine', 'get'>

/** A collection's specification, deadline and naming. */
export type PhotoCollection = NonNullable<PhotoMine['collection']>

/** One uploaded photo: `url` signed, `status` its approval's. */
export type GraduationPhoto = PhotoMine['photos'][number]

/** A photo as its approvers see it (审批详情 of a 毕业照片): the photo, its student and collection. */
export type ApproverPhoto = ApiData<'/api/ems/education/photoCollection/photo', 'get'>

/**
 * 毕业审核 as the student sees it: their batch's audit (null: none opened), each condition met or
 * not with what was found, where they stand (`state`, null without an audit), the latest audit
 * request's approval, and their graduate record once graduated.
 */
export type GraduationMine = ApiData<'/api/ems/education/graduate/mine', 'get'>

/** One condition of the checklist: `kind` says what it is about (the app links each to its page), `detail` what was found. */
export type GraduationCondition = GraduationMine['checklist'][number]

/** The graduate record: 证书编号 and 毕业日期. */
export type GraduateRecord = NonNullable<GraduationMine['graduate']>

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
  // The student's notices (issue 22), apart from the office's notice workflow above.
  notices: {
    base: false,
    actions: {
      listForClient: call<NoticeQuery, ApiData<'/api/ems/education/notices/listForClient', 'get'>>(),
      detailsForClient: call<ApiQuery<'/api/ems/education/notices/detailsForClient', 'get'>, NoticeDetails>(),
      unreadCountForClient: call<NoPayload, ApiData<'/api/ems/education/notices/unreadCountForClient', 'get'>>('GET'),
      /** The WeChat subscribe-message template ids the weapp asks the student to accept (a new notice). */
      subscribeTemplatesForClient: call<NoPayload, ApiData<'/api/ems/education/notices/subscribeTemplatesForClient', 'get'>>('GET'),
      /** The template ids the student accepted: each allows one message. */
      /** `templateIds`: the accepted ids, comma-separated (as the partner's message/subscribe). */
      subscribeForClient: call<{ templateIds: string }, ApiData<'/api/ems/education/notices/subscribeForClient', 'post'>>('POST'),
    },
  },
  peer: {},
  peerNotice: {},
  // 毕业照片采集: the student's photo and its upload (multipart `file`, checked against the
  // specification: 400 says what was found; 422 under review, approved or after the deadline);
  // `photo` in the operator session, for the approval's detail.
  photoCollection: {
    base: { upload: uploadCall<PhotoMine>() },
    actions: {
      saveForClient: true,
      auditByHeaderTeacher: true,
      auditByEducation: true,
      mine: call<NoPayload, PhotoMine>('GET'),
      photo: call<ApiQuery<'/api/ems/education/photoCollection/photo', 'get'>, ApproverPhoto>('GET'),
    },
  },
  previewGraduate: { actions: { listForClient: true } },
  schoolRoll: {
    // `list` is the operators' register; a head teacher's roster is it with `classId` (operator session).
    base: { list: call<RosterQuery, Page<RosterStudent>>() },
    actions: {
      passByEducation: true,
      passByEnroll: true,
      suspendUpdate: 'PUT',
      graduate: 'PUT',
      clientConfirm: 'PUT',
      auditByEducation: true,
      auditBySchool: true,
      absenceAudit: 'PUT',
      detailsForClient: call<NoPayload, RollDetails>(),
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
  schoolRollInfoModify: {
    actions: {
      apply: true,
      finish: 'PUT',
      listForClient: call<NoPayload, { list: RollRequest[] }>(),
      applyForClient: call<RollRequestPayload, RollRequest>(),
    },
  },
  teachPlan: {},
  teachPlanDetail: { actions: { publish: true } },
  teachingProgram: {},
  teachingOffline: { path: 'teaching/offline', actions: { listScanInfo: true } },
  studentCourse: { actions: { listForClient: true } },
  studyRecord: { path: 'study/record' },
  exemptionDegree: { actions: { auditByHeaderTeacher: true, auditByEducation: true } },
  // 毕业审核: `mine` is the student's checklist, audit and graduate record.
  graduate: {
    actions: {
      auditByTeacher: true,
      auditByEducation: true,
      createGraduateInfo: 'POST',
      mine: call<NoPayload, GraduationMine>('GET'),
    },
  },
  signature: {},
  appraisal: { actions: { saveForClient: true } },
  changeReferral: {},
})
