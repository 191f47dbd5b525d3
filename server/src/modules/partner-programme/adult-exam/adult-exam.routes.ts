import multipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emptyEnvelope, envelope, ok, pageOf } from '../../../lib/envelope.ts'
import { perIp } from '../../../lib/rate-limits.ts'
import { createRecordNotFoundError } from './adult-exam.errors.ts'
import { uploadedXlsx } from '../../../lib/spreadsheet.ts'
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
  deleteResult,
  deleteScoreLine,
  IMPORT_NOTES,
  type ImportReport,
  importResults,
  importScoreLines,
  listResults,
  listScoreLines,
  queryVolunteer,
  RESULT_COLUMNS,
  SCORE_LINE_COLUMNS,
  toResult,
  toScoreLine,
} from './adult-exam.service.ts'
import { buildTemplate, readSheet, type SheetRow } from '../../../lib/spreadsheet.ts'
import { audited } from '../../platform/index.ts'
import type { Executor } from '../../../db/types.ts'
import type { z } from 'zod'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * Volunteer query (志愿查询, /api/ems/adultexam): 招生老师/管理员 import admission results
 * (studentExamInfo) and score lines (scoreLine) from .xlsx; anyone queries with name + exam number.
 */
export const adultExamRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/adultexam'
  const security = [{ adminSession: [] }]
  const teacher = app.requireAdmin('volunteer.edit')
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

  /**
   * One imported table's four calls (import, template, list, remove), the same for admission
   * results and score lines: what differs is named by `t`.
   */
  const sheetRoutes = <Query extends z.ZodObject, Row>(t: {
    path: string
    entityType: 'examResult' | 'scoreLine'
    /** The table's name in Chinese (录取信息, 分数线), and in the API docs: its rows, one row. */
    label: string
    rows: string
    row: string
    columns: Parameters<typeof buildTemplate>[0]['columns']
    importRows: (args: { db: Executor; rows: SheetRow[] }) => Promise<ImportReport>
    uploadSummary: string
    listQuery: Query
    rowSchema: z.ZodType
    list: (db: Executor, query: z.infer<Query>) => Promise<{ rows: Row[]; total: number }>
    toDto: (row: Row) => unknown
    remove: (db: Executor, id: number) => Promise<boolean>
  }) => {
    const at = `${base}/${t.path}`
    app.post(`${at}/upload`, { preHandler: teacher, schema: uploadSchema(t.uploadSummary) }, async (request) =>
      ok(
        await importAudited(
          request,
          t.entityType,
          t.label,
          await readSheet({ data: await uploadedFile(request), columns: t.columns }),
          t.importRows,
        ),
      ),
    )
    app.get(
      `${at}/downloadMould`,
      { preHandler: teacher, schema: { summary: `招生老师/管理员: the ${t.rows} template (.xlsx)`, security } },
      template(`${t.label}导入模板.xlsx`, () => buildTemplate({ sheetName: t.label, columns: t.columns, notes: IMPORT_NOTES })),
    )
    app.get(
      `${at}/list`,
      {
        preHandler: teacher,
        schema: {
          summary: `招生老师/管理员: imported ${t.rows}`,
          security,
          querystring: t.listQuery,
          response: { 200: envelope(pageOf(t.rowSchema)) },
        },
      },
      async (request) => {
        const query = request.query as z.infer<Query> & { page: number; size: number }
        const { rows, total } = await t.list(app.db, query)
        return ok({ list: rows.map(t.toDto), total, page: query.page, size: query.size })
      },
    )
    app.delete(
      at,
      {
        preHandler: teacher,
        schema: { summary: `招生老师/管理员: remove ${t.row}`, security, querystring: idQuery, response: { 200: emptyEnvelope } },
      },
      async (request) => {
        const { id } = request.query
        await audited({
          app,
          request,
          run: async (tx) => {
            if (!(await t.remove(tx, id))) throw createRecordNotFoundError()
          },
          describe: () => ({
            action: `${t.entityType}.delete`,
            entityType: t.entityType,
            entityId: id,
            summary: `删除${t.label}（编号${id}）`,
          }),
        })
        return ok(null)
      },
    )
  }

  // Admission results (考生录取信息)
  sheetRoutes({
    path: 'studentExamInfo',
    entityType: 'examResult',
    label: '录取信息',
    rows: 'admission results',
    row: 'an admission result',
    columns: RESULT_COLUMNS,
    importRows: importResults,
    uploadSummary:
      '招生老师/管理员: import admission results (.xlsx, field `file`; columns 姓名 考生号 总分 录取院校 录取专业 批次 科类 年份). Valid rows are saved in one transaction (existing year+考生号 updated); bad rows are listed by row number and reason and not imported',
    listQuery: resultListQuery,
    rowSchema: resultSchema,
    list: (db, { page, size, ...filter }) => listResults({ db, ...filter, page, size }),
    toDto: toResult,
    remove: (db, id) => deleteResult({ db, id }),
  })

  // Score lines (分数线)
  sheetRoutes({
    path: 'scoreLine',
    entityType: 'scoreLine',
    label: '分数线',
    rows: 'score lines',
    row: 'a score line',
    columns: SCORE_LINE_COLUMNS,
    importRows: importScoreLines,
    uploadSummary:
      '招生老师/管理员: import score lines (.xlsx, field `file`; columns 年份 批次 科类 分数线); same rules as the results import',
    listQuery: scoreLineListQuery,
    rowSchema: scoreLineSchema,
    list: (db, { page, size, ...filter }) => listScoreLines({ db, ...filter, page, size }),
    toDto: toScoreLine,
    remove: (db, id) => deleteScoreLine({ db, id }),
  })

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
