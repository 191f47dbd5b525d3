import { z } from 'zod'
import { CLUE_STEPS, type ClueStep } from '../../../wire.ts'
import { partnerClueSchema } from './clues.schemas.ts'

/** One step of a clue's progress as its partner may see it: which operator and what they noted stay in the office. */
export const clueStepSchema = z.object({
  type: z.enum(CLUE_STEPS as [ClueStep, ...ClueStep[]]),
  at: z.string(),
  /** 已登记: how the clue came in, and the activity it was left on. */
  source: z.string().nullable(),
  activityTitle: z.string().nullable(),
  /** 跟进: 电话/微信/面谈. */
  method: z.string().nullable(),
  /** 已成交: the programme, the commission (fen) and the tier it was priced at, and when it can be withdrawn. */
  programme: z.string().nullable(),
  commission: z.number().nullable().describe('fen'),
  levelName: z.string().nullable(),
  frozenUntil: z.string().nullable(),
  /** 无效 and 已退费: why. */
  reason: z.string().nullable(),
})

export const clueProgressSchema = z.object({
  clue: partnerClueSchema,
  steps: z
    .array(clueStepSchema)
    .describe('in the order they happen: recorded, taken, follow-ups (oldest first), then deal (and its refund) or invalid'),
})
