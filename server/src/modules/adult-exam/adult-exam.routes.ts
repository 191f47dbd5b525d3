import multipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emptyEnvelope, envelope, ok, pageOf } from '../../lib/envelope.ts'
import { perIp } from '../../lib/rate-limits.ts'
import { AdminRole } from '../../wire.ts'
import { createRecordNotFoundError } from './adult-exam.errors.ts'
import { uploadedXlsx } from './adult-exam.upload.ts'
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
  type ImportReport,
  importResults,
  importScoreLines,
  queryVolunteer,
  RESULT_COLUMNS,
  SCORE_LINE_COLUMNS,
  toResult,
  toScoreLine,
} from './adult-exam.service.ts'
import { buildTemplate, readSheet, type SheetRow } from './adult-exam.spreadsheet.ts'
import { audited } from '../audit/audit.service.ts'
import type { Executor } from '../../db/types.ts'

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

  const uploadedFile = (request: FastifyRequest) => uploadedXlsx({ request, limit })

  /** An import and its audit entry in one transaction (the import's own transaction nests in it). */
  const importAudited = (
    request: FastifyRequest,
    entityType: 'examResult' | 'scoreLine',
    label: string,
    rows: SheetRow[],
    run: (args: { db: Executor; rows: SheetRow[] }) => Promise<ImportReport>,
  ) =>
    audited({
      app,
      request,
      run: (tx) => run({ db: tx, rows }),
      describe: (r) => ({
        action: `${entityType}.import`,
        entityType,
        entityId: 'import',
        summary: `导入${label}：共${r.total}行，导入${r.imported}行，失败${r.failed}行`,
        after: { imported: r.imported, failed: r.failed },
      }),
    })

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
      ok(
        await importAudited(
          request,
          'examResult',
          '录取信息',
          await readSheet({ data: await uploadedFile(request), columns: RESULT_COLUMNS }),
          importResults,
        ),
      ),
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
      const { id } = request.query
      await audited({
        app,
        request,
        run: async (tx) => {
          if (!(await createAdultExamRepository({ db: tx }).deleteResult({ id }))) throw createRecordNotFoundError()
        },
        describe: () => ({ action: 'examResult.delete', entityType: 'examResult', entityId: id, summary: `删除录取信息（编号${id}）` }),
      })
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
      ok(
        await importAudited(
          request,
          'scoreLine',
          '分数线',
          await readSheet({ data: await uploadedFile(request), columns: SCORE_LINE_COLUMNS }),
          importScoreLines,
        ),
      ),
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
      const { id } = request.query
      await audited({
        app,
        request,
        run: async (tx) => {
          if (!(await createAdultExamRepository({ db: tx }).deleteScoreLine({ id }))) throw createRecordNotFoundError()
        },
        describe: () => ({ action: 'scoreLine.delete', entityType: 'scoreLine', entityId: id, summary: `删除分数线（编号${id}）` }),
      })
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
