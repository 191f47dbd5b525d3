import { z } from 'zod'
import { dateTimeField } from '../../../lib/form-fields.ts'
import {
  dateField,
  idField,
  intField,
  listText,
  requiredDateField,
  wireEnum,
  labelledText as text,
  optionalLabelledText as optionalText,
} from '../../../lib/fields.ts'
import {
  THESIS_FILE_DECISIONS,
  THESIS_SCORE_PARTS,
  THESIS_STAGES,
  type ThesisFileStatus,
  type ThesisScorePart,
  type ThesisStage,
} from '../../../wire.ts'

const stageField = z.enum(THESIS_STAGES as unknown as [ThesisStage, ...ThesisStage[]], '请选择论文阶段')

export const batchBody = z.object({
  name: text('批次名称', 60),
  batchYear: intField({ label: '年份', min: 2015, max: 2030 }),
  batch: intField({ label: '批次', min: 1, max: 20 }),
  topicFrom: requiredDateField('选题开始日期'),
  topicTo: requiredDateField('选题结束日期'),
  proposalDue: requiredDateField('开题报告截止日期'),
  draftDue: requiredDateField('初稿截止日期'),
  finalDue: requiredDateField('定稿截止日期'),
  internshipDue: dateField('实习报告截止日期').describe('empty: the programme needs no internship report'),
  advisorWeight: intField({ label: '指导教师评分权重', min: 0, max: 100, unit: '%' }),
  defenceWeight: intField({ label: '答辩评分权重', min: 0, max: 100, unit: '%' }),
  passScore: intField({ label: '及格分', min: 1, max: 100 }),
})
export const batchUpdateBody = batchBody.extend({ id: idField })
export const batchQuery = z.object({ thesisBatchId: idField })
export const idQuery = z.object({ id: idField })
export const topicBody = z.object({
  thesisBatchId: idField,
  title: text('题目', 100),
  description: optionalText('题目说明', 500),
  capacity: intField({ label: '名额', min: 1, max: 50 }),
})
export const commitTitleBody = z
  .object({
    topicId: z.preprocess((v) => (v === '' ? undefined : v), idField.optional()).describe('an offered topic; or `title` and `advisorId`'),
    title: optionalText('题目', 100).describe('the student proposes their own title'),
    description: optionalText('题目说明', 500),
    advisorId: z.preprocess((v) => (v === '' ? undefined : v), idField.optional()),
  })
  .superRefine((v, ctx) => {
    if (v.topicId === undefined && (v.title === undefined || v.advisorId === undefined))
      ctx.addIssue({ code: 'custom', message: '请选择题目，或填写自拟题目并选择指导教师' })
  })
export const decideBody = z.object({
  selectionId: idField,
  accept: z.preprocess((v) => (v === '是' || v === 'true' ? true : v === '否' || v === 'false' ? false : v), z.boolean('请选择是否同意')),
  reason: optionalText('拒绝原因', 200),
})
export const extensionBody = z.object({
  selectionId: idField,
  stage: stageField,
  until: requiredDateField('延期日期'),
  reason: text('延期原因', 200),
})
export const sessionBody = z.object({
  thesisBatchId: idField,
  startsAt: dateTimeField({ label: '答辩时间' }),
  place: optionalText('答辩地点', 100),
  onlineUrl: z.preprocess((v) => (v === '' ? undefined : v), z.url('线上地址格式不正确').max(300).optional()),
  panelIds: z.preprocess(listText, z.array(idField).min(1, '请选择答辩组成员').max(9, '答辩组最多9人')),
})
export const assignBody = z.object({
  sessionId: idField,
  selectionIds: z.preprocess(listText, z.array(idField).min(1, '请选择学员').max(200)),
})
export const scoreBody = z.object({
  selectionId: idField,
  part: z.enum(THESIS_SCORE_PARTS as unknown as [ThesisScorePart, ...ThesisScorePart[]], '请选择成绩类别'),
  score: intField({ label: '成绩', min: 0, max: 100 }),
})
export const uploadForFields = z.object({
  selectionId: idField,
  stage: stageField,
  submittedAt: dateTimeField({ label: '学员提交时间' }),
})
export const rollbackBody = z.object({ selectionId: idField, reason: text('回退原因', 200) })
export const REVIEW_FIELDS = {
  fileId: idField,
  status: z.enum(THESIS_FILE_DECISIONS as unknown as [ThesisFileStatus, ...ThesisFileStatus[]], '请选择审阅结果'),
  comment: optionalText('修改意见', 1000),
}

export const batchSchema = z.object({
  id: z.number(),
  name: z.string(),
  batchYear: z.number(),
  batch: z.number(),
  topicFrom: z.string(),
  topicTo: z.string(),
  proposalDue: z.string(),
  draftDue: z.string(),
  finalDue: z.string(),
  internshipDue: z.string().nullable(),
  advisorWeight: z.number(),
  defenceWeight: z.number(),
  passScore: z.number(),
})
export const topicSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  advisorId: z.number(),
  advisorName: z.string(),
  capacity: z.number(),
  left: z.number().describe('places left'),
  proposedByStudent: z.boolean(),
})
export const fileSchema = z.object({
  id: z.number(),
  stage: wireEnum(THESIS_STAGES),
  version: z.number(),
  fileName: z.string(),
  url: z.string(),
  bytes: z.number(),
  submittedAt: z.string().describe("the student's hand-in time"),
  uploadedByName: z.string().nullable().describe('a staff upload on the student’s behalf: who'),
  uploadedAt: z.string(),
  status: z.string(),
  comment: z.string().nullable(),
  commentUrl: z.string().nullable().describe("the advisor's annotated file"),
  commentFileName: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
})
export const sessionSchema = z.object({
  id: z.number(),
  startsAt: z.string(),
  place: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  panel: z.array(z.string()),
  panelIds: z.array(z.number()).describe('the panel members, as operator ids (in the order of `panel`)'),
})
export const stageSchema = z.object({
  stage: wireEnum(THESIS_STAGES),
  due: z.string(),
  extendedTo: z.string().nullable(),
  versions: z.array(fileSchema).describe('latest first'),
  refusal: z.string().nullable().describe('why the next version may not be submitted now; null: it may'),
})
export const selectionSchema = z.object({
  id: z.number(),
  status: z.string(),
  refusal: z.string().nullable(),
  topic: topicSchema,
})
export const mineSchema = z.object({
  batch: batchSchema.nullable().describe("null: the student's batch has no thesis work yet"),
  selection: selectionSchema.nullable(),
  topics: z.array(topicSchema).describe('to choose from while the student has no live selection'),
  topicRefusal: z.string().nullable().describe('why a topic may not be chosen now'),
  stages: z.array(stageSchema),
  session: sessionSchema.nullable(),
  score: z
    .object({ advisorScore: z.number(), defenceScore: z.number(), totalScore: z.number(), passed: z.boolean() })
    .nullable()
    .describe('only once published'),
})
export const selectionRowSchema = z.object({
  id: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  studentNo: z.string().nullable(),
  topicId: z.number(),
  topicTitle: z.string(),
  advisorId: z.number(),
  advisorName: z.string(),
  status: z.string(),
  defenceSessionId: z.number().nullable(),
  advisorScore: z.number().nullable(),
  defenceScore: z.number().nullable(),
  totalScore: z.number().nullable(),
  scoreStatus: z.string(),
})
export const selectionDetailSchema = z.object({
  selection: selectionRowSchema.omit({ studentName: true, studentNo: true, topicTitle: true, advisorName: true }),
  topic: topicSchema,
  files: z.array(fileSchema),
  extensions: z.array(z.object({ stage: z.string(), until: z.string(), reason: z.string(), grantedBy: z.string() })),
  session: sessionSchema.nullable(),
})
