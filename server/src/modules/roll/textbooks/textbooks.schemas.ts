import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import {
  idField,
  jsonText,
  keptIfMasked,
  phoneField,
  requiredDateField,
  wireEnum,
  labelledText as text,
  optionalLabelledText as optionalText,
} from '../../../lib/fields.ts'
import { phoneOut } from '../../../lib/sensitive.ts'
import { MAIL_RECORD_STATES, MAILING_STATUSES, type MailRecordState, type MailingStatus, STUDENT_LEVELS } from '../../../wire.ts'
import { carrierField, parcelSchema, waybillField } from '../parcels/index.ts'
import { targetFields } from '../notices/index.ts'

const blankIsNone = (v: unknown) => (v === '' || v === null ? undefined : v)

export const bookBody = z.object({
  title: text('教材名称', 60),
  isbn: z.preprocess(
    blankIsNone,
    z
      .string()
      .trim()
      .regex(/^(97[89])?\d{9}[\dXx]$/, 'ISBN应为10位或13位数字（可含末位X）')
      .optional(),
  ),
  quantity: z.coerce.number({ error: '数量应为1到20' }).int('数量应为1到20').min(1, '数量应为1到20').max(20, '数量应为1到20'),
})

export const mailingBody = z.object({
  title: text('邮寄名称', 40),
  term: text('学期', 20),
  ...targetFields,
  targetClassId: z.preprocess(blankIsNone, idField.optional()).describe('only students now in this class (blank: any)'),
  books: z
    .preprocess(jsonText, z.array(bookBody, '教材清单格式不正确').min(1, '请添加教材').max(30, '一次最多邮寄30种教材'))
    .describe('[{title, isbn, quantity}]: a JSON array (JSON text in a form)'),
  addressDeadline: requiredDateField('地址确认截止日期'),
})
export const mailingUpdateBody = mailingBody.extend({ id: idField })
export const audienceQuery = z.object({ ...targetFields, targetClassId: z.preprocess(blankIsNone, idField.optional()) })
export const audienceSchema = z.object({ count: z.number().int().describe('students (在读) the mailing would go to now') })
export const idQuery = z.object({ id: idField })
export const mailingListQuery = z.object({
  status: z.preprocess(
    blankIsNone,
    z.enum(MAILING_STATUSES as unknown as [MailingStatus, ...MailingStatus[]], '状态只能是草稿或已发布').optional(),
  ),
  keyword: optionalText('关键词', 40),
  ...pagingQuery,
})

const bookSchema = z.object({ title: z.string(), isbn: z.string().nullable(), quantity: z.number().int() })
export const countsSchema = z.object({
  students: z.number().int(),
  confirmed: z.number().int().describe('addresses confirmed (by the student or the office)'),
  shipped: z.number().int(),
  signed: z.number().int(),
  received: z.number().int(),
  problems: z.number().int().describe('parcels with an unhandled exception'),
})
export const mailingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  term: z.string(),
  targetSchool: z.string().nullable(),
  targetMajor: z.string().nullable(),
  targetLevel: wireEnum(STUDENT_LEVELS).nullable(),
  targetBatchYear: z.number().int().nullable(),
  targetBatch: z.number().int().nullable(),
  targetClassId: z.number().int().nullable(),
  targetClassName: z.string().nullable(),
  targetLabel: z.string(),
  books: z.array(bookSchema),
  addressDeadline: z.string().describe('YYYY-MM-DD, Beijing, the whole day'),
  status: wireEnum(MAILING_STATUSES),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  counts: countsSchema,
})

const addressFields = {
  receiver: text('收件人', 20),
  phone: phoneField,
  province: text('省份', 20),
  city: text('城市', 20),
  district: optionalText('区县', 20),
  street: text('详细地址', 100),
}
export const commitBody = z.object({ id: idField, ...addressFields })
export const correctBody = z.object({
  id: idField,
  ...addressFields,
  // The console's form carries the phone as the answer showed it: masked, it keeps the stored one.
  phone: keptIfMasked(phoneField),
  reason: text('更正原因', 100),
})
export const addressSchema = z.object({
  receiver: z.string(),
  phone: phoneOut(),
  province: z.string(),
  city: z.string(),
  district: z.string().nullable(),
  street: z.string(),
})

export const recordListQuery = z.object({
  mailingId: idField,
  state: z.preprocess(
    blankIsNone,
    z.enum(MAIL_RECORD_STATES as unknown as [MailRecordState, ...MailRecordState[]], '状态不存在').optional(),
  ),
  problem: z.preprocess((v) => (v === 'true' || v === '1' ? true : v === '' || v === 'false' ? undefined : v), z.boolean().optional()),
  keyword: optionalText('姓名或学号', 40),
  ...pagingQuery,
})
export const exportQuery = recordListQuery.omit({ page: true, size: true })
export const recordSchema = z.object({
  id: z.number().int(),
  mailingId: z.number().int(),
  student: z.object({ id: z.number().int(), name: z.string(), studentNo: z.string().nullable(), phone: phoneOut() }),
  address: addressSchema.nullable(),
  confirmedAt: z.string().nullable(),
  correctedAt: z.string().nullable(),
  state: wireEnum(MAIL_RECORD_STATES),
  parcel: parcelSchema.nullable(),
})
export const uploadMailNoBody = z.object({ id: idField, carrier: carrierField, waybillNo: waybillField })
export const importQuery = z.object({ mailingId: idField })
export const importReportSchema = z.object({
  total: z.number().int().describe('rows read'),
  shipped: z.number().int().describe('waybills entered for the first time'),
  changed: z.number().int().describe('waybills replaced (each audited)'),
  unchanged: z.number().int().describe('the same waybill again'),
  refused: z.array(z.object({ row: z.number().int(), reason: z.string() })).describe('with any refused row, nothing is written'),
})

export const clientRecordSchema = z.object({
  id: z.number().int(),
  mailing: z.object({ id: z.number().int(), title: z.string(), term: z.string(), books: z.array(bookSchema), addressDeadline: z.string() }),
  address: addressSchema.nullable(),
  suggested: addressSchema
    .partial()
    .nullable()
    .describe('what the address form starts from when none is confirmed: the last confirmed address, or the student’s name and phone'),
  confirmedAt: z.string().nullable(),
  editable: z.boolean().describe('the student may confirm or change the address now (before the deadline, not shipped)'),
  state: wireEnum(MAIL_RECORD_STATES),
  parcel: parcelSchema.nullable(),
})
export const clientListSchema = z.object({ list: z.array(clientRecordSchema) })
