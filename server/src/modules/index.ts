import fp from 'fastify-plugin'
import { partnerClueCounts, releaseClues, cluesRoutes } from './clues/index.ts'
import { openWallet, walletSummary, ledgerRoutes } from './ledger/index.ts'
import { startPartnerSession, usersRoutes, createOpenIdBindingsRepository } from './users/index.ts'
import { adminsRoutes } from './admins/index.ts'
import { healthRoutes } from './health/index.ts'
import { homeRoutes } from './home/index.ts'
import { levelsRoutes } from './levels/index.ts'
import { partnersRoutes } from './partners/index.ts'
import { postersRoutes } from './posters/index.ts'
import { verificationRoutes, createVerificationService } from './verification/index.ts'
import { withdrawalsRoutes } from './withdrawals/index.ts'
import { activitiesRoutes } from './activities/index.ts'
import { siteContentRoutes } from './site-content/index.ts'
import { ordersRoutes } from './orders/index.ts'
import { appVersionsRoutes } from './app-versions/index.ts'
import { adultExamRoutes } from './adult-exam/index.ts'
import { publicConfigRoutes } from './public-config/index.ts'
import { auditRoutes } from './audit/index.ts'
import { dashboardRoutes } from './dashboard/index.ts'
import { rankingRoutes } from './ranking/index.ts'
import { teamRoutes } from './team/index.ts'
import { createMessagePusher, type MessagePusher, messagesRoutes } from './messages/index.ts'
import { studentsRoutes } from './students/index.ts'
import { noticesRoutes } from './notices/index.ts'
import { coursesRoutes, enrolPaidCourse } from './courses/index.ts'
import { studyReportsRoutes, studyRoutes } from './study/index.ts'
import { questionBankRoutes } from './question-bank/index.ts'
import { practiceRoutes } from './practice/index.ts'
import { examsAdminRoutes, examsRoutes, withheldQuestions } from './exams/index.ts'
import { studentQuestionsRoutes } from './student-questions/index.ts'
import { nightRoutes } from './night/index.ts'
import { earnForReferral, pointsAdminRoutes, pointsRoutes } from './points/index.ts'
import { afterFeeOrderPaid, clientOrderExtras, feesRoutes, onFeeOrderPaid, onRefundNotice } from './fees/index.ts'
import { settingsRoutes } from './settings/index.ts'
import { stepUpRoutes } from './step-up/index.ts'
import { createSignInRecorder, signInRecordsRoutes } from './sign-in-records/index.ts'
import { departmentsRoutes } from './departments/index.ts'
import { enrollTargetsRoutes } from './enroll-targets/index.ts'
import { sensitiveDataRoutes } from './sensitive-data/index.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the WeChat subscribe messages of recorded messages, after their transaction commits. */
    messagePusher: MessagePusher
  }
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
    // A change that may have recorded messages answered: send their subscribe messages now (in the background).
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) app.messagePusher.kick()
    })
    app.addHook('onClose', async () => app.messagePusher.settle())
    await app.register(healthRoutes)
    await app.register(verificationRoutes)
    await app.register(usersRoutes)
    await app.register(partnersRoutes, { startPartnerSession, openWallet, walletSummary, clueCounts: partnerClueCounts })
    await app.register(adminsRoutes, { releaseClues })
    await app.register(stepUpRoutes)
    await app.register(levelsRoutes)
    await app.register(cluesRoutes)
    await app.register(ledgerRoutes)
    await app.register(withdrawalsRoutes)
    await app.register(homeRoutes)
    await app.register(postersRoutes)
    await app.register(activitiesRoutes)
    await app.register(siteContentRoutes)
    // A paid course order enrols its student, a paid fee order gets its receipt (or, cancelled, its
    // refund queued, sent after the commit), in the pay notification's transaction.
    await app.register(ordersRoutes, {
      onPaid: async (args) => {
        await enrolPaidCourse(args)
        await onFeeOrderPaid(args)
      },
      afterPaid: ({ orderId }) => afterFeeOrderPaid({ db: app.db, pay: app.pay, orderId }),
      onRefund: onRefundNotice,
      clientExtras: clientOrderExtras,
    })
    await app.register(appVersionsRoutes)
    await app.register(adultExamRoutes)
    await app.register(publicConfigRoutes)
    await app.register(auditRoutes)
    await app.register(dashboardRoutes)
    await app.register(teamRoutes)
    await app.register(rankingRoutes)
    await app.register(messagesRoutes)
    // 转为学员 earns the referring partner's 推荐入学 points in its transaction.
    await app.register(studentsRoutes, { onClueConverted: earnForReferral })
    await app.register(noticesRoutes)
    await app.register(coursesRoutes)
    await app.register(studyRoutes)
    await app.register(studyReportsRoutes)
    await app.register(questionBankRoutes)
    // Practice shows answers: the exams module says which the student may not see now.
    await app.register(practiceRoutes, { withheld: withheldQuestions })
    await app.register(examsRoutes)
    await app.register(examsAdminRoutes)
    await app.register(studentQuestionsRoutes)
    await app.register(nightRoutes)
    await app.register(pointsRoutes)
    await app.register(pointsAdminRoutes)
    await app.register(settingsRoutes)
    await app.register(feesRoutes)
    await app.register(signInRecordsRoutes)
    await app.register(departmentsRoutes)
    await app.register(enrollTargetsRoutes)
    await app.register(sensitiveDataRoutes)
  },
  { name: 'modules', dependencies: ['sessions', 'services', 'swagger'] },
)
