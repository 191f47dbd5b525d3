import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, intField, optionalText } from '../../../lib/fields.ts'
import { YEAR_MAX, YEAR_MIN } from './adult-exam.service.ts'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const yearFilter = z.preprocess(emptyToUndefined, intField({ label: '年份', min: YEAR_MIN, max: YEAR_MAX }).optional())

export const resultListQuery = z.object({
  year: yearFilter,
  batch: optionalText(20),
  keyword: optionalText(20).describe('name, or the start of an exam number'),
  ...pagingQuery,
})
export const scoreLineListQuery = z.object({ year: yearFilter, batch: optionalText(20), ...pagingQuery })
export const idQuery = z.object({ id: idField })

export const volunteerQuery = z.object({
  name: z.string({ error: '请填写姓名' }).trim().min(1, '请填写姓名').max(20, '姓名不能超过20个字符'),
  examNo: z
    .string({ error: '请填写考生号' })
    .trim()
    .min(1, '请填写考生号')
    .regex(/^\d{10,18}$/, '考生号格式不正确'),
})

export const importReportSchema = z.object({
  total: z.number().describe('data rows read (empty rows skipped)'),
  imported: z.number().describe('valid rows saved (inserted + updated)'),
  inserted: z.number(),
  updated: z.number(),
  failed: z.number().describe('bad rows, not imported'),
  errors: z
    .array(z.object({ row: z.number().describe('row number in the sheet (header = 1)'), reason: z.string() }))
    .describe('at most 1000 listed'),
})

export const resultSchema = z.object({
  id: z.number(),
  year: z.number(),
  examNo: z.string(),
  name: z.string(),
  totalScore: z.number(),
  school: z.string().nullable(),
  major: z.string().nullable(),
  batch: z.string(),
  category: z.string().nullable(),
  updatedAt: z.string(),
})
export const scoreLineSchema = z.object({
  id: z.number(),
  year: z.number(),
  batch: z.string(),
  category: z.string(),
  score: z.number(),
  updatedAt: z.string(),
})

export const volunteerSchema = z.object({
  name: z.string(),
  examNo: z.string(),
  year: z.number(),
  totalScore: z.number(),
  batch: z.string(),
  category: z.string().nullable(),
  admitted: z.boolean().describe('false: not (yet) admitted; school and major are null'),
  school: z.string().nullable(),
  major: z.string().nullable(),
  scoreLines: z.array(
    z.object({
      year: z.number(),
      batch: z.string(),
      category: z.string(),
      score: z.number(),
      reached: z.boolean().describe('totalScore >= score'),
    }),
  ),
})
