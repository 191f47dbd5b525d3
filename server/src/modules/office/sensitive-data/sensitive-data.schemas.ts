import { z } from 'zod'
import { idField } from '../../../lib/fields.ts'

/** Whose phone a list shows masked: the row's kind (what `id` is the id of). */
export const REVEAL_KINDS = {
  clue: '线索',
  partner: '合伙人',
  student: '学员',
  pointsOrder: '兑换订单收货人',
  textbookRecord: '教材收件人',
} as const
export type RevealKind = keyof typeof REVEAL_KINDS

export const revealBody = z.object({
  kind: z
    .enum(Object.keys(REVEAL_KINDS) as [RevealKind, ...RevealKind[]], { error: '请指明要查看谁的手机号' })
    .describe(
      'clue: clues.id · partner: partners.id · student: students.id · pointsOrder: the exchange order (its address phone) · textbookRecord: a textbook mailing record (the receiver phone)',
    ),
  id: idField,
})

export const revealedSchema = z.object({ phone: z.string().describe('the whole phone') })
