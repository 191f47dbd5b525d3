import fp from 'fastify-plugin'
import { partnerClueCounts, releaseClues } from './clues/clues.service.ts'
import { openWallet, walletSummary } from './ledger/ledger.service.ts'
import { startPartnerSession } from './users/users.service.ts'
import { adminsRoutes } from './admins/admins.routes.ts'
import { cluesRoutes } from './clues/clues.routes.ts'
import { healthRoutes } from './health/health.routes.ts'
import { homeRoutes } from './home/home.routes.ts'
import { ledgerRoutes } from './ledger/ledger.routes.ts'
import { levelsRoutes } from './levels/levels.routes.ts'
import { partnersRoutes } from './partners/partners.routes.ts'
import { postersRoutes } from './posters/posters.routes.ts'
import { usersRoutes } from './users/users.routes.ts'
import { createOpenIdBindingsRepository } from './users/users.repository.ts'
import { verificationRoutes } from './verification/verification.routes.ts'
import { createVerificationService } from './verification/verification.service.ts'
import { withdrawalsRoutes } from './withdrawals/withdrawals.routes.ts'
import { activitiesRoutes } from './activities/activities.routes.ts'
import { siteContentRoutes } from './site-content/site-content.routes.ts'
import { ordersRoutes } from './orders/orders.routes.ts'
import { appVersionsRoutes } from './app-versions/app-versions.routes.ts'
import { adultExamRoutes } from './adult-exam/adult-exam.routes.ts'
import { publicConfigRoutes } from './public-config/public-config.routes.ts'
import { auditRoutes } from './audit/audit.routes.ts'
import { dashboardRoutes } from './dashboard/dashboard.routes.ts'
import { rankingRoutes } from './ranking/ranking.routes.ts'
import { teamRoutes } from './team/team.routes.ts'
import { createMessagePusher, type MessagePusher } from './messages/messages.push.ts'
import { messagesRoutes } from './messages/messages.routes.ts'

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
    app.decorate(
      'messagePusher',
      createMessagePusher({
        db: app.db,
        gateway: app.subscribeMessage,
        templates: app.config.subscribeMessages.templates,
        keys: app.config.subscribeMessages.keys,
        log: app.log,
        miniOpenId: ({ db, partnerId }) => createOpenIdBindingsRepository({ db }).miniOpenId({ partnerId }),
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
    await app.register(levelsRoutes)
    await app.register(cluesRoutes)
    await app.register(ledgerRoutes)
    await app.register(withdrawalsRoutes)
    await app.register(homeRoutes)
    await app.register(postersRoutes)
    await app.register(activitiesRoutes)
    await app.register(siteContentRoutes)
    await app.register(ordersRoutes)
    await app.register(appVersionsRoutes)
    await app.register(adultExamRoutes)
    await app.register(publicConfigRoutes)
    await app.register(auditRoutes)
    await app.register(dashboardRoutes)
    await app.register(teamRoutes)
    await app.register(rankingRoutes)
    await app.register(messagesRoutes)
  },
  { name: 'modules', dependencies: ['sessions', 'services', 'swagger'] },
)
