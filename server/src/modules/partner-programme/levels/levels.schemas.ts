import { z } from 'zod'
import { fenField, idField, intField } from '../../../lib/fields.ts'
import { REFERRAL_BONUS_MODES, ReferralBonusMode } from '../../../wire.ts'

export const levelSchema = z.object({
  id: z.number(),
  name: z.string(),
  minDeals: z.number(),
  commissionPerDeal: z.number().describe('fen'),
})

const fields = {
  name: z.string({ error: '请填写档位名称' }).trim().min(1, '请填写档位名称').max(20, '档位名称不能超过20个字符'),
  minDeals: intField({ label: '最低成交单数', min: 0, max: 100000 }),
  commissionPerDeal: fenField({ label: '每单佣金', min: 0, max: 100_000_000 }),
}
export const createLevelBody = z.object(fields)
export const updateLevelBody = z.object({ id: idField, ...fields })
export const idQuery = z.object({ id: idField })

export const referralBonusSchema = z.object({
  mode: z.enum(REFERRAL_BONUS_MODES as [ReferralBonusMode, ...ReferralBonusMode[]]).describe('关闭 / 固定金额 / 佣金比例'),
  amount: z.number().describe('固定金额: fen per deal of a directly referred partner'),
  percent: z.number().describe("佣金比例: % of that deal's commission (rounded down to the fen)"),
})

/** 固定金额 needs an amount (≥ ¥0.01), 佣金比例 a whole percentage 1-100; the other field is stored as 0. */
export const referralBonusBody = z
  .object({
    mode: z.enum(REFERRAL_BONUS_MODES as [ReferralBonusMode, ...ReferralBonusMode[]], '请选择推荐奖励方式'),
    amount: fenField({ label: '每单奖励金额', min: 1, max: 100_000_000 }).optional(),
    percent: intField({ label: '奖励比例', min: 1, max: 100, unit: '%' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === ReferralBonusMode.fixed && v.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: '请填写每单奖励金额' })
    if (v.mode === ReferralBonusMode.percent && v.percent === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: '请填写奖励比例' })
  })
  .transform((v) => ({
    mode: v.mode,
    amount: v.mode === ReferralBonusMode.fixed ? v.amount! : 0,
    percent: v.mode === ReferralBonusMode.percent ? v.percent! : 0,
  }))
