import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, intField, requiredDateField, wireEnum, labelledText as text } from '../../../lib/fields.ts'
import { APPROVAL_STATUSES, PHOTO_NAMINGS, type PhotoNaming } from '../../../wire.ts'
import { approvalDetailsSchema } from '../../platform/index.ts'

export const collectionBody = z.object({
  title: text('采集名称', 60),
  batchYear: intField({ label: '年份', min: 2015, max: 2030 }),
  batch: intField({ label: '批次', min: 1, max: 20 }),
  deadlineDate: requiredDateField('截止日期'),
  width: intField({ label: '照片宽度', min: 100, max: 4000, unit: '像素' }),
  height: intField({ label: '照片高度', min: 100, max: 4000, unit: '像素' }),
  minKb: intField({ label: '文件大小下限', min: 1, max: 5000, unit: 'KB' }),
  maxKb: intField({ label: '文件大小上限', min: 1, max: 5000, unit: 'KB' }),
  background: text('背景颜色', 20),
  naming: z.enum(PHOTO_NAMINGS as unknown as [PhotoNaming, ...PhotoNaming[]], '请选择照片命名方式'),
})
export const collectionUpdateBody = collectionBody.extend({ id: idField })
export const idQuery = z.object({ id: idField })
export const PHOTO_FILTERS = ['未上传', ...APPROVAL_STATUSES] as const
export const studentsQuery = z.object({
  collectionId: idField,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PHOTO_FILTERS, '照片状态不存在').optional()),
  name: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(20, '姓名不能超过20个字符').optional()),
  ...pagingQuery,
})
export const downloadQuery = z.object({
  collectionId: idField,
  unmasked: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['是', '否'], 'unmasked 只能是是或否').optional()),
})

export const collectionSchema = z.object({
  id: z.number(),
  title: z.string(),
  batchYear: z.number(),
  batch: z.number(),
  deadlineDate: z.string().describe('the last day photos are taken (Beijing time)'),
  open: z.boolean().describe('false after the deadline'),
  width: z.number().describe('pixels'),
  height: z.number().describe('pixels'),
  minKb: z.number(),
  maxKb: z.number(),
  background: z.string().describe('浅蓝色'),
  naming: wireEnum(PHOTO_NAMINGS),
  createdBy: z.string(),
  createdAt: z.string(),
})
export const collectionListSchema = z.object({
  list: z.array(
    collectionSchema.extend({
      students: z.number().describe('students of the batch on the roll'),
      uploaded: z.number().describe('students who uploaded at least one photo'),
      pending: z.number().describe('students whose latest photo is under review'),
      approved: z.number().describe('students whose latest photo is approved'),
    }),
  ),
})
export const photoSchema = z.object({
  id: z.number(),
  url: z.string().describe('signed address of the picture'),
  bytes: z.number(),
  width: z.number(),
  height: z.number(),
  status: wireEnum(APPROVAL_STATUSES),
  uploadedAt: z.string(),
})
export const mineSchema = z.object({
  collection: collectionSchema.nullable().describe("the student's batch's collection; null: none opened yet"),
  photos: z.array(photoSchema).describe('latest first; never overwritten'),
  approval: approvalDetailsSchema.nullable().describe("the latest photo's approval (its steps, who decided, the reason of a refusal)"),
  canUpload: z.boolean(),
  refusal: z.string().nullable().describe('why the student may not upload now'),
})
export const studentPhotoSchema = z.object({
  studentId: z.number(),
  name: z.string(),
  studentNo: z.string().nullable(),
  photo: photoSchema.nullable(),
})
export const studentsPageSchema = z.object({
  collection: collectionSchema,
  list: z.array(studentPhotoSchema),
  total: z.number(),
  page: z.number(),
  size: z.number(),
})
export const photoForApproverSchema = z.object({
  photo: photoSchema,
  studentName: z.string(),
  collection: collectionSchema,
})
