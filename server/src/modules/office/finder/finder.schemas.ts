import { z } from 'zod'
import { phoneOut } from '../../../lib/sensitive.ts'

/** How many of each kind the finder answers with. */
export const FINDER_LIMIT = 5

export const finderQuery = z.object({
  q: z
    .string({ error: '请输入要查找的姓名或手机号' })
    .trim()
    .min(1, '请输入要查找的姓名或手机号')
    .max(30, '查找内容不能超过30个字')
    .describe('a part of a name, or a whole 11-digit mobile number (a part of a phone matches nothing by phone)'),
})

const found = {
  id: z.number(),
  name: z.string(),
  phone: phoneOut().describe('masked (138****0000) for a position without 查看完整手机号, as the lists show it'),
  status: z.string(),
}

export const findingsSchema = z.object({
  students: z
    .array(z.object({ ...found, studentNo: z.string().nullable() }))
    .nullable()
    .describe('null: the position does not open the student list (students.view)'),
  partners: z
    .array(z.object({ ...found, code: z.string() }))
    .nullable()
    .describe('null: the position does not open the partner list (partners.view)'),
  clues: z
    .array(z.object(found))
    .nullable()
    .describe(
      "null: the position does not open the clue list (clues.view); a teacher without 查看全部线索 finds their own clues and the pool's",
    ),
})
export type Findings = z.infer<typeof findingsSchema>
