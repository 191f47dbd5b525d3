import { z } from 'zod'
import { RANKING_CYCLES, type RankingCycle } from '../../../wire.ts'

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v)

export const rankingQuery = z.object({
  cycle: z.preprocess(emptyToUndefined, z.enum(RANKING_CYCLES as [RankingCycle, ...RankingCycle[]], '周期只能是本周期或上周期').optional()),
})

export const rankingSchema = z.object({
  cycle: z.object({ type: z.string(), from: z.string(), to: z.string().describe('exclusive') }),
  list: z
    .array(z.object({ rank: z.number(), name: z.string().describe('masked: 陈**'), deals: z.number(), mine: z.boolean() }))
    .describe('the top 50'),
  me: z.object({ rank: z.number().nullable().describe('null: no deal in the cycle yet'), deals: z.number() }),
})
