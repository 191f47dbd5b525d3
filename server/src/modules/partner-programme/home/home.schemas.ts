import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { timeTypeFilter } from '../../../lib/fields.ts'
import { levelSchema } from '../levels/index.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

export const homeSchema = z.object({
  balance: z.number().describe('fen'),
  frozen: z.number().describe('fen: commissions still frozen'),
  withdrawable: z.number().describe('fen'),
  tier: levelSchema.nullable().describe("this cycle's tier"),
  dealsThisCycle: z.number(),
  nextTier: levelSchema.nullable(),
  dealsToNext: z.number().nullable(),
  newClues: z.number().describe('clues still 待跟进'),
  status: z.string(),
  missing: z.object({ personal: z.boolean(), signUp: z.boolean(), payoutAccount: z.boolean() }),
})

export const positionSchema = z.object({
  levels: z.array(levelSchema),
  tier: levelSchema.nullable(),
  dealsThisCycle: z.number(),
  nextTier: levelSchema.nullable(),
  dealsToNext: z.number().nullable(),
  cycle: z.object({ from: z.string(), to: z.string() }).describe('calendar month, Asia/Shanghai; `to` exclusive'),
})

export const dealCountSchema = z.array(z.object({ timeType: z.string(), count: z.number() }))

export const dealListQuery = z.object({ timeType: timeTypeFilter, ...pagingQuery })

export const dealSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: phoneOut().describe('masked'),
  programme: z.string().nullable(),
  amount: z.number().nullable().describe('fen'),
  commission: z.number().nullable().describe('fen'),
  levelName: z.string().nullable(),
  dealAt: z.string().nullable(),
})
