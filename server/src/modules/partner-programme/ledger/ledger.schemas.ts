import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { dateOrder, dateRangeQuery, idField, intField, optionalId, wireEnum } from '../../../lib/fields.ts'
import { LEDGER_TYPES, type LedgerType } from '../../../wire.ts'
import { timeTypeFilter } from '../../../lib/fields.ts'
import { LEDGER_SORTS } from './ledger.repository.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

const typeFilter = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(LEDGER_TYPES as [LedgerType, ...LedgerType[]], '类型不在可选范围内').optional(),
)
export const ledgerQuery = z.object({
  type: typeFilter,
  timeType: timeTypeFilter,
  ...pagingQuery,
})

export const adminLedgerQuery = z
  .object({
    partnerId: optionalId,
    type: typeFilter,
    ...dateRangeQuery,
    sort: z
      .preprocess((v) => (v === '' ? undefined : v), z.enum(LEDGER_SORTS, '排序方式不在可选范围内').optional())
      .describe('createdAt_desc (default) | createdAt_asc'),
    ...pagingQuery,
  })
  .superRefine(dateOrder)
const adjustAmount = intField({ label: '调整金额', min: -100_000_000, max: 100_000_000, unit: '分' }).refine(
  (v) => v !== 0,
  '调整金额不能为0',
)
export const adjustPreviewQuery = z.object({ partnerId: idField, amount: adjustAmount })
export const adjustBody = z.object({
  partnerId: idField,
  amount: adjustAmount,
  note: z.string({ error: '请填写调整说明' }).trim().min(1, '请填写调整说明').max(200, '调整说明不能超过200个字符'),
})

export const ledgerEntrySchema = z.object({
  id: z.number(),
  type: wireEnum(LEDGER_TYPES),
  amount: z.number().describe('fen, signed'),
  balanceAfter: z.number().describe('fen'),
  debtAfter: z.number().describe('fen the partner owes after this entry (short claw-backs, repaid by later commissions)'),
  frozenUntil: z.string().nullable().describe('commissions and bonuses: withdrawable from this time'),
  frozen: z.boolean(),
  note: z.string().nullable(),
  createdAt: z.string(),
})

export const adminLedgerEntrySchema = ledgerEntrySchema.extend({
  partnerId: z.number(),
  partnerName: z.string().nullable(),
  partnerPhone: phoneOut(),
})

export const adjustPreviewSchema = z.object({
  partnerId: z.number(),
  partnerName: z.string().nullable(),
  balance: z.number().describe('fen, now'),
  frozen: z.number(),
  withdrawable: z.number(),
  debt: z.number().describe('fen owed (outside the balance)'),
  amount: z.number(),
  balanceAfter: z.number().describe('fen, after the adjustment'),
  allowed: z.boolean(),
  message: z.string().nullable().describe('why it would be refused'),
})
