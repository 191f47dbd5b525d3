import fp from 'fastify-plugin'
import { partnerClueCounts, releaseClues, cluesRoutes } from './partner-programme/index.ts'
import { openWallet, walletSummary, ledgerRoutes } from './partner-programme/index.ts'
import { startPartnerSession, usersRoutes, createOpenIdBindingsRepository } from './roll/index.ts'
import { adminsRoutes } from './platform/index.ts'
import { healthRoutes } from './platform/index.ts'
import { homeRoutes } from './partner-programme/index.ts'
import { levelsRoutes } from './partner-programme/index.ts'
import { partnersRoutes } from './partner-programme/index.ts'
import { postersRoutes } from './partner-programme/index.ts'
import { verificationRoutes, createVerificationService } from './platform/index.ts'
import { withdrawalsRoutes } from './partner-programme/index.ts'
import { activitiesRoutes } from './partner-programme/index.ts'
import { siteContentRoutes } from './platform/index.ts'
import { ordersRoutes } from './money/index.ts'
import { appVersionsRoutes } from './platform/index.ts'
import { adultExamRoutes } from './partner-programme/index.ts'
import { publicConfigRoutes } from './platform/index.ts'
import { auditRoutes } from './platform/index.ts'
import { dashboardRoutes } from './office/index.ts'
import { rankingRoutes } from './partner-programme/index.ts'
import { teamRoutes } from './partner-programme/index.ts'
import { createMessagePusher, type MessagePusher, messagesRoutes } from './platform/index.ts'
import { studentsRoutes } from './roll/index.ts'
import { noticesRoutes } from './roll/index.ts'
import { coursesRoutes, enrolPaidCourse } from './learning/index.ts'
import { studyReportsRoutes, studyRoutes } from './learning/index.ts'
import { questionBankRoutes } from './learning/index.ts'
import { practiceRoutes } from './learning/index.ts'
import { examsAdminRoutes, examsRoutes, withheldQuestions } from './learning/index.ts'
import { studentQuestionsRoutes } from './learning/index.ts'
import { nightRoutes } from './roll/index.ts'
import { earnForReferral, pointsAdminRoutes, pointsRoutes } from './points/index.ts'
import { afterFeeOrderPaid, clientOrderExtras, feesRoutes, onFeeOrderPaid, onRefundNotice } from './money/index.ts'
import { settingsRoutes } from './platform/index.ts'
import { stepUpRoutes } from './platform/index.ts'
import { createSignInRecorder, signInRecordsRoutes } from './platform/index.ts'
import { departmentsRoutes } from './platform/index.ts'
import { enrollTargetsRoutes } from './office/index.ts'
import { sensitiveDataRoutes } from './office/index.ts'

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
