import { z } from 'zod'
import { pagingQuery } from '../../lib/envelope.ts'

export const teamQuery = z.object({ ...pagingQuery })

/** A partner I referred, as I may see them: name and phone masked, no money. */
export const teamMemberSchema = z.object({
  id: z.number(),
  name: z.string().nullable().describe('masked: 陈**; null until they fill in their name'),
  phone: z.string().describe('masked: 138****1234'),
  status: z.string().describe('PartnerStatus: the review status'),
  joinedAt: z.string(),
  dealsThisCycle: z.number(),
})
