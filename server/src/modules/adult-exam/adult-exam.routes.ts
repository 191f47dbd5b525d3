import multipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emptyEnvelope, envelope, ok, pageOf } from '../../lib/envelope.ts'
import { perIp } from '../../lib/rate-limits.ts'
import { AdminRole } from '../../wire.ts'
import { createFileTooLargeError, createNoFileError, createNotXlsxError, createRecordNotFoundError } from './adult-exam.errors.ts'
import { createAdultExamRepository } from './adult-exam.repository.ts'
import {
  idQuery,
  importReportSchema,
  resultListQuery,
  resultSchema,
  scoreLineListQuery,
  scoreLineSchema,
  volunteerQuery,
  volunteerSchema,
} from './adult-exam.schemas.ts'
import {
  IMPORT_NOTES,
  importResults,
  importScoreLines,
  queryVolunteer,
  RESULT_COLUMNS,
  SCORE_LINE_COLUMNS,
  toResult,
  toScoreLine,
} from './adult-exam.service.ts'
import { buildTemplate, readSheet } from './adult-exam.spreadsheet.ts'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * Volunteer query (志愿查询, /api/ems/adultexam): 招生老师/管理员 import admission results
 * (studentExamInfo) and score lines (scoreLine) from .xlsx; anyone queries with name + exam number.
 */
export const adultExamRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/adultexam'
  const security = [{ adminSession: [] }]
  const teacher = app.requireAdmin([AdminRole.enrollTeacher])
  const limit = app.config.uploadLimit
  await app.register(multipart, { limits: { fileSize: limit, files: 1, fields: 5, parts: 6 } })

  /** The uploaded .xlsx (multipart field `file`) as bytes; 413 when over the limit. */
  async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw createNoFileError()
    const file = await request.file()
    if (!file) throw createNoFileError()
    const data = await file.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw createFileTooLargeError({
          message: `文件不能超过${limit >= 1024 * 1024 ? `${Math.floor(limit / 1024 / 1024)}MB` : `${Math.ceil(limit / 1024)}KB`}`,
        })
      throw error
    })
    if (!/\.xlsx$/i.test(file.filename)) throw createNotXlsxError()
    return data
  }

  const template = (name: string, build: () => Promise<Buffer>) => async (_request: FastifyRequest, reply: FastifyReply) => {
    const data = await build()
    return reply
      .type(XLSX)
      .header('Content-Disposition', `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('Cache-Control', 'no-store')
      .send(data)
  }

  const uploadSchema = (summary: string) => ({
    summary,
    security,
    consumes: ['multipart/form-data'],
    response: { 200: envelope(importReportSchema) },
  })

  // Admission results (考生录取信息)
  app.post(
    `${base}/studentExamInfo/upload`,
    {
      preHandler: teacher,
      schema: uploadSchema(
        '招生老师/管理员: import admission results (.xlsx, field `file`; columns 姓名 考生号 总分 录取院校 录取专业 批次 科类 年份). Valid rows are saved in one transaction (existing year+考生号 updated); bad rows are listed by row number and reason and not imported',
      ),
    },
    async (request) =>
      ok(await importResults({ db: app.db, rows: await readSheet({ data: await uploadedFile(request), columns: RESULT_COLUMNS }) })),
  )
  app.get(
    `${base}/studentExamInfo/downloadMould`,
    { preHandler: teacher, schema: { summary: '招生老师/管理员: the admission results template (.xlsx)', security } },
    template('录取信息导入模板.xlsx', () => buildTemplate({ sheetName: '录取信息', columns: RESULT_COLUMNS, notes: IMPORT_NOTES })),
  )
  app.get(
    `${base}/studentExamInfo/list`,
    {
      preHandler: teacher,
      schema: {
        summary: '招生老师/管理员: imported admission results',
        security,
        querystring: resultListQuery,
        response: { 200: envelope(pageOf(resultSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await createAdultExamRepository({ db: app.db }).listResults({ ...filter, page, size })
      return ok({ list: rows.map(toResult), total, page, size })
    },
  )
  app.delete(
    `${base}/studentExamInfo`,
    {
      preHandler: teacher,
      schema: { summary: '招生老师/管理员: remove an admission result', security, querystring: idQuery, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      if (!(await createAdultExamRepository({ db: app.db }).deleteResult({ id: request.query.id }))) throw createRecordNotFoundError()
      return ok(null)
    },
  )

  // Score lines (分数线)
  app.post(
    `${base}/scoreLine/upload`,
    {
      preHandler: teacher,
      schema: uploadSchema(
        '招生老师/管理员: import score lines (.xlsx, field `file`; columns 年份 批次 科类 分数线); same rules as the results import',
      ),
    },
    async (request) =>
      ok(await importScoreLines({ db: app.db, rows: await readSheet({ data: await uploadedFile(request), columns: SCORE_LINE_COLUMNS }) })),
  )
  app.get(
    `${base}/scoreLine/downloadMould`,
    { preHandler: teacher, schema: { summary: '招生老师/管理员: the score lines template (.xlsx)', security } },
    template('分数线导入模板.xlsx', () => buildTemplate({ sheetName: '分数线', columns: SCORE_LINE_COLUMNS, notes: IMPORT_NOTES })),
  )
  app.get(
    `${base}/scoreLine/list`,
    {
      preHandler: teacher,
      schema: {
        summary: '招生老师/管理员: imported score lines',
        security,
        querystring: scoreLineListQuery,
        response: { 200: envelope(pageOf(scoreLineSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await createAdultExamRepository({ db: app.db }).listScoreLines({ ...filter, page, size })
      return ok({ list: rows.map(toScoreLine), total, page, size })
    },
  )
  app.delete(
    `${base}/scoreLine`,
    {
      preHandler: teacher,
      schema: { summary: '招生老师/管理员: remove a score line', security, querystring: idQuery, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      if (!(await createAdultExamRepository({ db: app.db }).deleteScoreLine({ id: request.query.id }))) throw createRecordNotFoundError()
      return ok(null)
    },
  )

  // The public query (/pages/user/volunteer)
  app.get(
    `${base}/volunteer/query`,
    {
      config: perIp(20, 60),
      schema: {
        summary:
          'Public (20 per minute per IP): admission result and score lines for name + 考生号 (both must match; otherwise 404 未查询到录取信息)',
        querystring: volunteerQuery,
        response: { 200: envelope(volunteerSchema) },
      },
    },
    async (request) => ok(await queryVolunteer({ db: app.db, ...request.query })),
  )
}
