import { z } from 'zod'
import { pagingQuery } from '../../lib/envelope.ts'
import { idField, intField } from '../../lib/fields.ts'
import { LEDGER_TYPES, type LedgerType } from '../../wire.ts'
import { timeTypeFilter } from '../clues/clues.schemas.ts'

export const ledgerQuery = z.object({
  type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(LEDGER_TYPES as [LedgerType, ...LedgerType[]], '类型不在可选范围内').optional(),
  ),
  timeType: timeTypeFilter,
  ...pagingQuery,
})

export const adjustBody = z.object({
  partnerId: idField,
  amount: intField({ label: '调整金额', min: -100_000_000, max: 100_000_000, unit: '分' }).refine((v) => v !== 0, '调整金额不能为0'),
  note: z.string({ error: '请填写调整说明' }).trim().min(1, '请填写调整说明').max(200, '调整说明不能超过200个字符'),
})

export const ledgerEntrySchema = z.object({
  id: z.number(),
  type: z.string(),
  amount: z.number().describe('fen, signed'),
  balanceAfter: z.number().describe('fen'),
  frozenUntil: z.string().nullable().describe('commissions: withdrawable from this time'),
  frozen: z.boolean(),
  note: z.string().nullable(),
  createdAt: z.string(),
})
