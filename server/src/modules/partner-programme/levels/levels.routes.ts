import { formatYuan } from '@activity/money'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { createLevelBody, idQuery, levelSchema, referralBonusBody, referralBonusSchema, updateLevelBody } from './levels.schemas.ts'
import {
  createLevel,
  deleteLevel,
  describeReferralBonus,
  listLevels,
  referralBonusSetting,
  saveReferralBonus,
  toLevel,
  updateLevel,
} from './levels.service.ts'
import { audited, auditedDeleteRoute } from '../../platform/index.ts'

/** Tiers (本周期档位): operator CRUD, and the public simple list for partners. */
export const levelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/partner/config/level'
  const adminOnly = app.requireAdmin('tiers.edit')
  const security = [{ adminSession: [] }]

  app.get(
    `${base}/listSimple`,
    { schema: { summary: 'Every tier, lowest first (public)', response: { 200: envelope(z.array(levelSchema)) } } },
    async () => ok((await listLevels({ db: app.db })).map(toLevel)),
  )

  app.get(
    `${base}/list`,
    {
      preHandler: app.requireAdmin('tiers.view'),
      schema: { summary: 'Operator: every tier', security, response: { 200: envelope(z.array(levelSchema)) } },
    },
    async () => ok((await listLevels({ db: app.db })).map(toLevel)),
  )

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
        run: (tx) => createLevel({ db: tx, input: request.body }),
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
        run: (tx) => updateLevel({ db: tx, id, input: values }),
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
      await deleteLevel({ db: tx, id })
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
    async () => ok(await referralBonusSetting({ db: app.db })),
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
          before = describeReferralBonus(await referralBonusSetting({ db: tx }))
          return saveReferralBonus({ db: tx, setting: request.body })
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
