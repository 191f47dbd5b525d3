import { z } from 'zod'
import { intField, wireEnum } from '../../../lib/fields.ts'
import { CLUE_STATUSES } from '../../../wire.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

export const dashboardQuery = z.object({
  overdueLimit: z.preprocess((v) => (v === '' ? undefined : v), intField({ label: '逾期条数', min: 1, max: 50 }).optional()),
})

export const dashboardSchema = z.object({
  /** The operator's position's name. */
  role: z.string(),
  pendingPartners: z.number().nullable().describe('待审核 partners; null for 招生老师 and 财务'),
  staleClues: z.number().nullable().describe('open clues not touched for over 24 h (teacher: own + pool); null for 财务'),
  pendingWithdrawals: z
    .object({ count: z.number(), amount: z.number().describe('fen') })
    .nullable()
    .describe('审核中; null for 招生老师'),
  overdueContacts: z.array(
    z.object({
      clueId: z.number(),
      name: z.string(),
      phone: phoneOut(),
      status: wireEnum(CLUE_STATUSES),
      nextContactAt: z.string(),
      assigneeId: z.number().nullable(),
      assigneeName: z.string().nullable(),
      partnerId: z.number(),
      partnerName: z.string().nullable(),
    }),
  ),
  cycle: z.object({
    from: z.string(),
    to: z.string().describe('exclusive'),
    newClues: z.number(),
    deals: z.number(),
    commission: z.number().describe('fen credited'),
    paidOut: z.number().describe('fen paid'),
  }),
  trend: z.array(
    z.object({
      date: z.string().describe('YYYY-MM-DD, Asia/Shanghai'),
      clues: z.number(),
      deals: z.number(),
      commission: z.number(),
      paidOut: z.number(),
    }),
  ),
})
