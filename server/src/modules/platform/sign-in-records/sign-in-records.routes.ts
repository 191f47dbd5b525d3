import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cappedPageOf, envelope, ok } from '../../../lib/envelope.ts'
import { dayRange } from '../../../lib/time-range.ts'
import { batches, sendXlsx, timeCell } from '../../../lib/xlsx-export.ts'
import { YesNo } from '../../../wire.ts'
import {
  failedIpsData,
  failedIpsQuery,
  signInRecordExportQuery,
  signInRecordListQuery,
  signInRecordSchema,
} from './sign-in-records.schemas.ts'
import {
  exportSignInRecordsBatch,
  failedSignInIps,
  listSignInRecords,
  type SignInRecordFilter,
  type SignInRecordRow,
  toSignInRecord,
} from './sign-in-records.service.ts'

/** The most IPs the repeated-failures panel lists. */
const FAILED_IPS_MAX = 100

/**
 * 登录记录 (the specification's ums "login record"): every sign-in attempt of operators and of the
 * app. A position holding signInRecords.view reads everyone's; any other operator only their own.
 */
export const signInRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ums/user/loginRecord'
  const security = [{ adminSession: [] }]
  const anyOperator = app.requireAdmin()

  /** Everyone's records for a position holding signInRecords.view (管理员, 财务…), else the operator's own. */
  const ownOnly = (request: FastifyRequest): number | undefined =>
    request.admin.rights.has('signInRecords.view') ? undefined : request.admin.id

  const filterOf = (
    request: FastifyRequest,
    q: { kind?: string; method?: string; success?: string; identifier?: string; ip?: string; dateFrom?: string; dateTo?: string },
  ): SignInRecordFilter => ({
    kind: q.kind,
    method: q.method,
    success: q.success === undefined ? undefined : q.success === YesNo.yes,
    identifier: q.identifier,
    ip: q.ip,
    range: dayRange({ from: q.dateFrom, to: q.dateTo }),
    ownAdminId: ownOnly(request),
  })

  app.get(
    `${base}/list`,
    {
      preHandler: anyOperator,
      schema: {
        summary:
          'Sign-in records, newest first, by kind, method, success, account/phone, IP and date (the administrator: all; others: their own)',
        security,
        querystring: signInRecordListQuery,
        response: { 200: envelope(cappedPageOf(signInRecordSchema)) },
      },
    },
    async (request) => {
      const { page, size } = request.query
      const { rows, total, totalCapped } = await listSignInRecords({
        db: app.db,
        filter: filterOf(request, request.query),
        page,
        size,
      })
      return ok({ list: rows.map(toSignInRecord), total, totalCapped, page, size })
    },
  )

  app.get(
    `${base}/failedIps`,
    {
      preHandler: anyOperator,
      schema: {
        summary: 'IPs with at least `min` failed sign-ins in the last `hours` hours (default 5 in 24), most failures first',
        security,
        querystring: failedIpsQuery,
        response: { 200: envelope(failedIpsData) },
      },
    },
    async (request) => {
      const { hours, min } = request.query
      const rows = await failedSignInIps({
        db: app.db,
        since: new Date(Date.now() - hours * 3_600_000),
        min,
        ownAdminId: ownOnly(request),
        limit: FAILED_IPS_MAX,
      })
      return ok({ hours, min, list: rows.map((r) => ({ ...r, lastAt: r.lastAt.toISOString() })) })
    },
  )

  app.get(
    `${base}/export`,
    {
      preHandler: anyOperator,
      schema: {
        summary: 'The filtered sign-in records as .xlsx (streamed, at most 100 000 rows; the same narrowing as the list)',
        security,
        querystring: signInRecordExportQuery,
      },
    },
    async (request, reply) => {
      const filter = filterOf(request, request.query)
      return sendXlsx<SignInRecordRow>({
        reply,
        filename: '登录记录.xlsx',
        sheetName: '登录记录',
        rows: batches({ next: (last, limit) => exportSignInRecordsBatch({ db: app.db, filter, last, limit }) }),
        columns: [
          { header: '时间', width: 17, value: (r) => timeCell(r.createdAt) },
          { header: '类型', width: 8, value: (r) => toSignInRecord(r).kindLabel },
          { header: '账号/手机号', width: 16, value: (r) => r.identifier },
          { header: '姓名', width: 10, value: (r) => r.name },
          { header: '登录方式', width: 12, value: (r) => toSignInRecord(r).methodLabel },
          { header: '结果', width: 6, value: (r) => (r.success ? '成功' : '失败') },
          { header: '失败原因', width: 18, value: (r) => toSignInRecord(r).reasonLabel },
          { header: 'IP', width: 16, value: (r) => r.ip },
          { header: '设备（User-Agent）', width: 40, value: (r) => r.userAgent },
        ],
      })
    },
  )
}
