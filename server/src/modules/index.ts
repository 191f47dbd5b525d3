import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { OutboxPusher } from '../gateways/subscribe-outbox.ts'
import {
  adminsRoutes,
  approvalsRoutes,
  type ApprovalPusher,
  appVersionsRoutes,
  auditRoutes,
  createApprovalPusher,
  createMessagePusher,
  createOpenIdBindingsRepository,
  createSignInRecorder,
  createVerificationService,
  departmentsRoutes,
  healthRoutes,
  type MessagePusher,
  messagesRoutes,
  publicConfigRoutes,
  settingsRoutes,
  signInRecordsRoutes,
  siteContentRoutes,
  stepUpRoutes,
  verificationRoutes,
} from './platform/index.ts'
import {
  activitiesRoutes,
  adultExamRoutes,
  cluesRoutes,
  homeRoutes,
  ledgerRoutes,
  levelsRoutes,
  openWallet,
  partnerClueCounts,
  partnersRoutes,
  postersRoutes,
  rankingRoutes,
  releaseClues,
  teamRoutes,
  walletSummary,
  withdrawalsRoutes,
} from './partner-programme/index.ts'
import {
  classesRoutes,
  leaveApprovalKind,
  photoApprovalKind,
  photoCollectionRoutes,
  thesisRoutes,
  makeUpApprovalKind,
  attendanceRoutes,
  leaveRoutes,
  nightRoutes,
  noticesRoutes,
  parcelsRoutes,
  textbooksRoutes,
  rollCorrectionApprovalKind,
  startPartnerSession,
  studentsRoutes,
  usersRoutes,
} from './roll/index.ts'
import { afterFeeOrderPaid, clientOrderExtras, feesRoutes, onFeeOrderPaid, onRefundNotice, ordersRoutes } from './money/index.ts'
import {
  courseHasPapers,
  courseHasQuestions,
  coursesRoutes,
  enrolPaidCourse,
  examsAdminRoutes,
  examsRoutes,
  practiceRoutes,
  questionBankRoutes,
  sectionsWithProgress,
  studentQuestionsRoutes,
  studyReportRoutes,
  studyReportsRoutes,
  studyRoutes,
  usedInPapers,
  withheldQuestions,
} from './learning/index.ts'
import { earnForExamPassed, earnForReferral, earnForStudyTime, pointsAdminRoutes, pointsRoutes } from './points/index.ts'
import {
  dashboardRoutes,
  enrollTargetsRoutes,
  finderRoutes,
  graduationApprovalKind,
  graduationAuditRoutes,
  sensitiveDataRoutes,
  staffHomeRoutes,
} from './office/index.ts'
import type { ModuleTag } from './tags.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the WeChat subscribe messages of recorded messages, after their transaction commits. */
    messagePusher: MessagePusher
    /** Sends the WeChat subscribe messages of approvers' messages (审批提醒), after their transaction commits. */
    approvalPusher: ApprovalPusher
  }
}

/**
 * Registers a module's routes under its OpenAPI tag (`<area>/<module>`, listed in tags.ts), so
 * /docs reads as the product's areas. The routes' own plugin is registered as before, one level down.
 */
async function tagged<Options extends Record<string, unknown>>(
  app: FastifyInstance,
  tag: ModuleTag,
  routes: FastifyPluginAsyncZod<Options>,
  options?: Options,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags: [tag] }
    })
    await scope.register(routes, options ?? ({} as Options))
  })
}

/** What each kind of approval does when its request's status changes (the engine calls it in the same transaction). */
export const APPROVAL_KINDS = {
  leave: leaveApprovalKind,
  rollCorrection: rollCorrectionApprovalKind,
  makeUpPunch: makeUpApprovalKind,
  graduationPhoto: photoApprovalKind,
  graduation: graduationApprovalKind,
}

/**
 * After a change answered in `scope`'s routes (a write that succeeded), sends in the background the
 * WeChat subscribe messages it may have recorded (when this process wrote any while it ran); the
 * periodic sweeps send whatever a kick missed.
 */
function kickAfterWrites(scope: FastifyInstance, pusher: Pick<OutboxPusher, 'mark' | 'kick'>): void {
  const marks = new WeakMap<FastifyRequest, number>()
  const isWrite = (request: FastifyRequest) => request.method !== 'GET' && request.method !== 'HEAD'
  scope.addHook('onRequest', async (request) => {
    if (isWrite(request)) marks.set(request, pusher.mark())
  })
  scope.addHook('onResponse', async (request, reply) => {
    if (isWrite(request) && reply.statusCode < 400) pusher.kick(marks.get(request))
  })
}

/** Every feature's routes, with the services they share decorated once above them. */
export const registerModules = fp(
  async (app) => {
    app.decorate('verification', createVerificationService({ secret: app.config.secret, sms: app.sms, log: app.log }))
    // Every sign-in call (operators' and the app's) records its attempts through this (登录记录).
    app.decorate('signInRecorder', createSignInRecorder({ db: app.db }))
    app.decorate(
      'messagePusher',
      createMessagePusher({
        db: app.db,
        gateway: app.subscribeMessage,
        templates: app.config.subscribeMessages.templates,
        keys: app.config.subscribeMessages.keys,
        log: app.log,
        miniOpenId: ({ db, accountId }) => createOpenIdBindingsRepository({ db }).miniOpenId({ accountId }),
      }),
    )
    app.decorate(
      'approvalPusher',
      createApprovalPusher({
        db: app.db,
        gateway: app.subscribeMessage,
        templates: app.config.subscribeMessages.templates,
        keys: app.config.subscribeMessages.keys,
        log: app.log,
      }),
    )
    // A change that may have recorded a person's messages answered: send their subscribe messages now
    // (in the background). The approvers' are kicked by the approval routes' writes alone (below).
    kickAfterWrites(app, app.messagePusher)
    app.addHook('onClose', async () => {
      await Promise.all([app.messagePusher.settle(), app.approvalPusher.settle()])
    })
    await tagged(app, 'platform/health', healthRoutes)
    await tagged(app, 'platform/verification', verificationRoutes)
    await tagged(app, 'roll/users', usersRoutes)
    await tagged(app, 'partner-programme/partners', partnersRoutes, {
      startPartnerSession,
      openWallet,
      walletSummary,
      clueCounts: partnerClueCounts,
    })
    await tagged(app, 'platform/admins', adminsRoutes, { releaseClues })
    await tagged(app, 'platform/step-up', stepUpRoutes)
    await tagged(app, 'partner-programme/levels', levelsRoutes)
    await tagged(app, 'partner-programme/clues', cluesRoutes)
    await tagged(app, 'partner-programme/ledger', ledgerRoutes)
    await tagged(app, 'partner-programme/withdrawals', withdrawalsRoutes)
    await tagged(app, 'partner-programme/home', homeRoutes)
    await tagged(app, 'partner-programme/posters', postersRoutes)
    await tagged(app, 'partner-programme/activities', activitiesRoutes)
    await tagged(app, 'platform/site-content', siteContentRoutes)
    // A paid course order enrols its student, a paid fee order gets its receipt (or, cancelled, its
    // refund queued, sent after the commit), in the pay notification's transaction.
    await tagged(app, 'money/orders', ordersRoutes, {
      onPaid: async (args) => {
        await enrolPaidCourse(args)
        await onFeeOrderPaid(args)
      },
      afterPaid: ({ orderId }) => afterFeeOrderPaid({ db: app.db, pay: app.pay, orderId }),
      onRefund: onRefundNotice,
      clientExtras: clientOrderExtras,
    })
    await tagged(app, 'platform/app-versions', appVersionsRoutes)
    await tagged(app, 'partner-programme/adult-exam', adultExamRoutes)
    await tagged(app, 'platform/public-config', publicConfigRoutes)
    await tagged(app, 'platform/audit', auditRoutes)
    await tagged(app, 'office/dashboard', dashboardRoutes)
    await tagged(app, 'partner-programme/team', teamRoutes)
    await tagged(app, 'partner-programme/ranking', rankingRoutes)
    await tagged(app, 'platform/messages', messagesRoutes)
    await tagged(app, 'roll/notices', noticesRoutes)
    await tagged(app, 'roll/parcels', parcelsRoutes)
    await tagged(app, 'roll/textbooks', textbooksRoutes)
    // The course page shows the study module's progress; a course with questions or papers stays.
    await tagged(app, 'learning/courses', coursesRoutes, {
      sectionsWithProgress,
      courseInUse: async (args) => (await courseHasQuestions(args)) || (await courseHasPapers(args)),
    })
    // A day's study time and a passed exam earn points (学习时长, 考试通过) in their transactions.
    await tagged(app, 'learning/study', studyRoutes, { onStudied: earnForStudyTime })
    await tagged(app, 'learning/study-report', studyReportsRoutes)
    await tagged(app, 'learning/study-report', studyReportRoutes)
    // The bank's lists show how many papers (the exams module's) list each question.
    await tagged(app, 'learning/question-bank', questionBankRoutes, { usedInPapers })
    // Practice shows answers: the exams module says which the student may not see now.
    await tagged(app, 'learning/practice', practiceRoutes, { withheld: withheldQuestions })
    await tagged(app, 'learning/exams', examsRoutes, { onPassed: earnForExamPassed })
    await tagged(app, 'learning/exams', examsAdminRoutes, { onPassed: earnForExamPassed })
    await tagged(app, 'learning/student-questions', studentQuestionsRoutes)
    await tagged(app, 'roll/night', nightRoutes)
    await tagged(app, 'points/points', pointsRoutes)
    await tagged(app, 'points/points', pointsAdminRoutes)
    await tagged(app, 'platform/settings', settingsRoutes)
    await tagged(app, 'money/fees', feesRoutes)
    await tagged(app, 'platform/sign-in-records', signInRecordsRoutes)
    await tagged(app, 'platform/departments', departmentsRoutes)
    await tagged(app, 'office/enroll-targets', enrollTargetsRoutes)
    await tagged(app, 'office/sensitive-data', sensitiveDataRoutes)
    await tagged(app, 'office/finder', finderRoutes)
    await tagged(app, 'roll/students', classesRoutes)
    // The routes that submit or decide approvals (学籍变更申请, 请假, the engine's own): the engine changes
    // each kind's business record through its handler (a leave takes its status), and their writes
    // send the approvers' messages they recorded (待审批, 抄送) to WeChat.
    await app.register(async (scope) => {
      kickAfterWrites(scope, app.approvalPusher)
      // 转为学员 earns the referring partner's 推荐入学 points in its transaction.
      await tagged(scope, 'roll/students', studentsRoutes, { onClueConverted: earnForReferral, kinds: APPROVAL_KINDS })
      await tagged(scope, 'platform/approvals', approvalsRoutes, { kinds: APPROVAL_KINDS })
      await tagged(scope, 'roll/leave', leaveRoutes, { kinds: APPROVAL_KINDS })
      await tagged(scope, 'roll/graduation', photoCollectionRoutes, { kinds: APPROVAL_KINDS })
      await tagged(scope, 'roll/thesis', thesisRoutes)
      await tagged(scope, 'office/graduation-audit', graduationAuditRoutes, { kinds: APPROVAL_KINDS })
      // 补卡 is an approval too (abnormalPunching); the timetable and check-in calls live beside it.
      await tagged(scope, 'roll/attendance', attendanceRoutes, { kinds: APPROVAL_KINDS })
    })
    await tagged(app, 'office/staff-home', staffHomeRoutes)
  },
  { name: 'modules', dependencies: ['sessions', 'services', 'swagger'] },
)
