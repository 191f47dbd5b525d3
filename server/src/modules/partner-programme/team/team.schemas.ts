import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { wireEnum } from '../../../lib/fields.ts'
import { PARTNER_STATUSES } from '../../../wire.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

export const teamQuery = z.object({ ...pagingQuery })

/** A partner I referred, as I may see them: name and phone masked, no money. */
export const teamMemberSchema = z.object({
  id: z.number(),
  name: z.string().nullable().describe('masked: 陈**; null until they fill in their name'),
  phone: phoneOut().describe('masked: 138****1234'),
  status: wireEnum(PARTNER_STATUSES).describe('the review status'),
  joinedAt: z.string(),
  dealsThisCycle: z.number(),
})
