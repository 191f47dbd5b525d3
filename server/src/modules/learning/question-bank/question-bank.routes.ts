import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { readSheet, uploadedXlsx } from '../../../lib/spreadsheet.ts'
import { XLSX_TYPE } from '../../../lib/xlsx-export.ts'
import { actorOf, audited } from '../../platform/index.ts'
import { importQuestions, QUESTION_IMPORT_COLUMNS, questionTemplate } from './question-bank.import.ts'
import {
  createQuestionBody,
  idQuery,
  importQuery,
  importReportSchema,
  questionListQuery,
  questionSchema,
  updateQuestionBody,
} from './question-bank.schemas.ts'
import {
  createQuestion,
  listQuestions,
  questionDetail,
  removeQuestion,
  stemBrief,
  toQuestion,
  updateQuestion,
} from './question-bank.service.ts'
import type { UsedInPapers } from './question-bank.service.ts'

/** The office's question bank (题库): every operator reads, 管理员 writes; every write is in the audit log. */
export const questionBankRoutes: FastifyPluginAsyncZod<{ usedInPapers: UsedInPapers }> = async (app, { usedInPapers }) => {
  const base = '/api/bms/cont/subject'
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('exams.view')
  const writer = app.requireAdmin('exams.edit')
  const limit = app.config.uploadLimit
  await app.register(multipart, { limits: { fileSize: limit, files: 1, fields: 5, parts: 6 } })

  app.get(
    `${base}/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: the bank by course, chapter, type, difficulty and stem; newest first (removed questions left out)',
        security,
        querystring: questionListQuery,
        response: { 200: envelope(pageOf(questionSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await listQuestions({ db: app.db, filter, page, size, usedInPapers })
      return ok({ list: rows.map(toQuestion), total, page, size })
    },
  )

  app.get(
    `${base}/details`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: one question of the bank',
        security,
        querystring: idQuery,
        response: { 200: envelope(questionSchema) },
      },
    },
    async (request) => ok(await questionDetail({ db: app.db, id: request.query.id, usedInPapers })),
  )

  app.get(
    `${base}/template`,
    {
      preHandler: reader,
      schema: {
        summary:
          'Operator: the import template (.xlsx): 题型 | 难度 | 章节 | 题干 | 选项A..选项H | 答案 | 解析, an example per type, and the instructions',
        security,
      },
    },
    async (_request, reply) =>
      reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent('试题导入模板.xlsx')}`)
        .header('Cache-Control', 'no-store')
        .send(await questionTemplate()),
  )

  app.post(
    base,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: add a question to a course’s bank (checked by its type’s rules)',
        security,
        consumes: FORM_CONSUMES,
        body: createQuestionBody,
        response: { 200: envelope(questionSchema) },
      },
    },
    async (request) => {
      const { courseId, ...input } = request.body
      const { row } = await audited({
        app,
        request,
        run: (tx) => createQuestion({ db: tx, courseId, input, adminId: request.admin.id }),
        describe: ({ row: q, course }) => ({
          action: 'question.create',
          entityType: 'question',
          entityId: q.id,
          summary: `新增${q.type}「${stemBrief(q.stem)}」（${course.title}）`,
        }),
      })
      return ok(await questionDetail({ db: app.db, id: row.id, usedInPapers }))
    },
  )

  app.put(
    base,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: change a question (its course stays); papers keep the snapshots they took',
        security,
        consumes: FORM_CONSUMES,
        body: updateQuestionBody,
        response: { 200: envelope(questionSchema) },
      },
    },
    async (request) => {
      const { id, courseId, ...input } = request.body
      await audited({
        app,
        request,
        run: (tx) => updateQuestion({ db: tx, id, courseId, input }),
        describe: ({ before, after }) => ({
          action: 'question.update',
          entityType: 'question',
          entityId: id,
          summary: `修改${after.type}「${stemBrief(after.stem)}」`,
          ...(JSON.stringify(before.answer) === JSON.stringify(after.answer) && before.type === after.type
            ? {}
            : { before: { type: before.type, answer: before.answer }, after: { type: after.type, answer: after.answer } }),
        }),
      })
      return ok(await questionDetail({ db: app.db, id, usedInPapers }))
    },
  )

  app.delete(
    base,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: remove a question (marked removed: papers’ snapshots and wrong-answer books keep it)',
        security,
        querystring: idQuery,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => removeQuestion({ db: tx, id: request.query.id }),
        describe: (q) => ({
          action: 'question.delete',
          entityType: 'question',
          entityId: q.id,
          summary: `删除${q.type}「${stemBrief(q.stem)}」`,
        }),
      })
      return ok(null)
    },
  )

  app.post(
    `${base}/uploadByExcel`,
    {
      preHandler: writer,
      schema: {
        summary:
          '管理员: import questions into a course (.xlsx, field `file`; the template’s columns; at most 2000 rows). Row by row: the good rows are imported together, every row is reported',
        security,
        querystring: importQuery,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(importReportSchema) },
      },
    },
    async (request) => {
      const data = await uploadedXlsx({ request, limit })
      const rows = await readSheet({ data, columns: QUESTION_IMPORT_COLUMNS })
      return ok(await importQuestions({ db: app.db, courseId: request.query.courseId, rows, actor: actorOf(request) }))
    },
  )
}
