import { z } from 'zod'
import { fenField, idField, intField } from '../../lib/fields.ts'

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
