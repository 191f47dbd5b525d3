import { z } from 'zod'

export const studentHeaderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  educationType: z.string(),
  school: z.string(),
  major: z.string(),
  level: z.string().describe('专科 / 本科'),
  programme: z.string().nullable().describe('专升本, 高起专…'),
  discipline: z.string().nullable(),
  batchYear: z.number().int(),
  batch: z.number().int().describe('1-20 (1期-20期)'),
  studentNo: z.string().nullable(),
  status: z.string().describe('在读 / 休学 / 退学 / 毕业'),
})
