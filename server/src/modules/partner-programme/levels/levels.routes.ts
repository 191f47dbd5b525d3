import { formatYuan } from '@activity/money'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { createLevelDuplicateError, createLevelNotFoundError } from './levels.errors.ts'
import { createLevelsRepository } from './levels.repository.ts'
import { createLevelBody, idQuery, levelSchema, referralBonusBody, referralBonusSchema, updateLevelBody } from './levels.schemas.ts'
import { describeReferralBonus, isUniqueViolation, toLevel } from './levels.service.ts'
import { audited, auditedDeleteRoute } from '../../platform/index.ts'

/** Tiers (本周期档位): operator CRUD, and the public simple list for partners. */
export const levelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/partner/config/level'
  const adminOnly = app.requireAdmin('tiers.edit')
  const security = [{ adminSession: [] }]

  app.get(
    `${base}/listSimple`,
    { schema: { summary: 'Every tier, lowest first (public)', response: { 200: envelope(z.array(levelSchema)) } } },
    async () => ok((await createLevelsRepository({ db: app.db }).listAll()).map(toLevel)),
  )

  app.get(
    `${base}/list`,
    {
      preHandler: app.requireAdmin('tiers.view'),
      schema: { summary: 'Operator: every tier', security, response: { 200: envelope(z.array(levelSchema)) } },
    },
    async () => ok((await createLevelsRepository({ db: app.db }).listAll()).map(toLevel)),
  )

  const save = async (run: () => Promise<unknown>) => {
    try {
      return await run()
    } catch (error) {
      if (isUniqueViolation(error)) throw createLevelDuplicateError()
      throw error
    }
  }

  app.post(
    base,
    {
      preHandler: adminOnly,
      schema: {
        summary: '管理员: add a tier',
        security,
        consumes: FORM_CONSUMES,
        body: createLevelBody,
        response: { 200: envelope(levelSchema) },
      },
    },
    async (request) => {
      const row = await audited({
        app,
        request,
        run: async (tx) => {
          const inserted = (await save(() => createLevelsRepository({ db: tx }).insert(request.body))) as Awaited<
            ReturnType<ReturnType<typeof createLevelsRepository>['insert']>
          >
          if (!inserted) throw createLevelDuplicateError()
          return inserted
        },
        describe: (r) => ({
          action: 'level.create',
          entityType: 'level',
          entityId: r.id,
          summary: `新增档位「${r.name}」：${r.minDeals}单起，每单佣金${formatYuan(r.commissionPerDeal, { grouping: false })}`,
          after: { minDeals: r.minDeals, commissionPerDeal: r.commissionPerDeal },
        }),
      })
      return ok(toLevel(row))
    },
  )

  app.put(
    base,
    {
      preHandler: adminOnly,
      schema: {
        summary: '管理员: change a tier (earlier deals keep their price)',
        security,
        consumes: FORM_CONSUMES,
        body: updateLevelBody,
        response: { 200: envelope(levelSchema) },
      },
    },
    async (request) => {
      const { id, ...values } = request.body
      const row = await audited({
        app,
        request,
        run: async (tx) => {
          const updated = (await save(() => createLevelsRepository({ db: tx }).update({ id, values }))) as Awaited<
            ReturnType<ReturnType<typeof createLevelsRepository>['update']>
          >
          if (!updated) throw createLevelNotFoundError()
          return updated
        },
        describe: (r) => ({
          action: 'level.update',
          entityType: 'level',
          entityId: r.id,
          summary: `修改档位「${r.name}」：${r.minDeals}单起，每单佣金${formatYuan(r.commissionPerDeal, { grouping: false })}`,
          after: { minDeals: r.minDeals, commissionPerDeal: r.commissionPerDeal },
        }),
      })
      return ok(toLevel(row))
    },
  )

  auditedDeleteRoute(app, {
    path: base,
    preHandler: adminOnly,
    summary: '管理员: remove a tier',
    idQuery,
    action: 'level.delete',
    entityType: 'level',
    label: '档位',
    remove: async (tx, id) => {
      if (!(await createLevelsRepository({ db: tx }).delete({ id }))) throw createLevelNotFoundError()
    },
  })

  app.get(
    `${base}/referralBonus`,
    {
      preHandler: app.requireAdmin('tiers.view'),
      schema: {
        summary: 'Operator: the referral bonus per deal of a directly referred partner (关闭 by default)',
        security,
        response: { 200: envelope(referralBonusSchema) },
      },
    },
    async () => ok(await createLevelsRepository({ db: app.db }).referralBonus()),
  )

  app.put(
    `${base}/referralBonus`,
    {
      preHandler: adminOnly,
      schema: {
        summary: "管理员: set the referral bonus (关闭, 固定金额 in fen, or 佣金比例 1-100 % of the deal's commission); later deals only",
        security,
        consumes: FORM_CONSUMES,
        body: referralBonusBody,
        response: { 200: envelope(referralBonusSchema) },
      },
    },
    async (request) => {
      let before = ''
      const saved = await audited({
        app,
        request,
        run: async (tx) => {
          const repo = createLevelsRepository({ db: tx })
          before = describeReferralBonus(await repo.referralBonus())
          return repo.saveReferralBonus(request.body)
        },
        describe: (r) => ({
          action: 'referralBonus.update',
          entityType: 'referralBonus',
          entityId: 1,
          summary: `修改${describeReferralBonus(r)}`,
          before: { setting: before },
          after: { mode: r.mode, amount: r.amount, percent: r.percent },
        }),
      })
      return ok(saved)
    },
  )
}
