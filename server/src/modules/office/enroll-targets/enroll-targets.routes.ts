import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { shanghaiMonth } from '../../../lib/time-range.ts'
import { sendXlsx } from '../../../lib/xlsx-export.ts'
import { audited } from '../../platform/index.ts'
import { monthQuery, setTargetBody, statisticsSchema, targetListSchema, targetSchema } from './enroll-targets.schemas.ts'
import { setTarget, targetList, targetStatistics, toTarget, type Viewer } from './enroll-targets.service.ts'

const pct = (v: number | null) => (v === null ? null : `${v}%`)
/** Seconds as hours with one decimal, for the spreadsheet. */
const hours = (s: number | null) => (s === null ? null : Math.round(s / 360) / 10)

/**
 * 招生目标 under /api/bms/statistics/enrollTarget: 管理员 sets a month's targets per teacher and per
 * department; the dashboard measures the month's clue records against them. A teacher sees their
 * own row and their department's.
 */
export const enrollTargetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/bms/statistics/enrollTarget'
  const security = [{ adminSession: [] }]
  // Whoever works clues sees their own row (and their department's); targets.view every row.
  const anyOperator = app.requireAdmin(['targets.view', 'clues.work'])
  const editor = app.requireAdmin('targets.edit')
  const viewerOf = (admin: { id: number; rights: ReadonlySet<string> }): Viewer => ({
    id: admin.id,
    seesAll: admin.rights.has('targets.view'),
  })

  app.get(
    `${base}/list`,
    {
      preHandler: editor,
      schema: {
        summary: "管理员: a month's targets, every teacher and department (null: none set)",
        security,
        querystring: monthQuery,
        response: { 200: envelope(targetListSchema) },
      },
    },
    async (request) => ok(await targetList({ db: app.db, month: request.query.month ?? shanghaiMonth() })),
  )

  app.put(
    base,
    {
      preHandler: editor,
      schema: {
        summary: "管理员: set a teacher's or a department's target for a month (replaces the one set before)",
        security,
        consumes: FORM_CONSUMES,
        body: setTargetBody,
        response: { 200: envelope(targetSchema) },
      },
    },
    async (request) => {
      const { row } = await audited({
        app,
        request,
        run: (tx) => setTarget({ db: tx, input: request.body, updatedBy: request.admin.id }),
        describe: (r) => ({
          action: 'enrollTarget.set',
          entityType: 'enrollTarget',
          entityId: r.row.id,
          summary: `设置${r.row.adminId !== null ? '老师' : '部门'}「${r.ownerName}」${r.row.month}招生目标：跟进${r.row.followTarget}条，成交${r.row.dealTarget}单`,
          before: r.before ? { followTarget: r.before.followTarget, dealTarget: r.before.dealTarget } : null,
          after: { followTarget: r.row.followTarget, dealTarget: r.row.dealTarget },
        }),
      })
      return ok(toTarget(row))
    },
  )

  app.get(
    `${base}/statistics`,
    {
      preHandler: anyOperator,
      schema: {
        summary:
          "Operator: a month's figures per teacher and department against their targets, with conversion, median first-follow-up time and ranking (a teacher: their own row and department)",
        security,
        querystring: monthQuery,
        response: { 200: envelope(statisticsSchema) },
      },
    },
    async (request) =>
      ok(await targetStatistics({ db: app.db, month: request.query.month ?? shanghaiMonth(), viewer: viewerOf(request.admin) })),
  )

  // The dashboard as .xlsx, the rows the operator may see.
  app.get(
    `${base}/export`,
    {
      preHandler: app.requireAdmin('targets.export'),
      schema: { summary: "Operator: the month's targets dashboard as .xlsx (the rows they may see)", security, querystring: monthQuery },
    },
    async (request, reply) => {
      const month = request.query.month ?? shanghaiMonth()
      const stats = await targetStatistics({ db: app.db, month, viewer: viewerOf(request.admin) })
      type Row = (typeof stats.teachers)[number] | (typeof stats.departments)[number]
      const isTeacher = (r: Row): r is (typeof stats.teachers)[number] => 'adminId' in r
      async function* rows(): AsyncGenerator<Row> {
        yield* stats.teachers
        yield* stats.departments
      }
      return sendXlsx<Row>({
        reply,
        filename: `招生目标${month}.xlsx`,
        sheetName: `招生目标${month}`,
        columns: [
          { header: '类型', width: 6, value: (r) => (isTeacher(r) ? '老师' : '部门') },
          { header: '名称', width: 14, value: (r) => r.name },
          { header: '部门', width: 14, value: (r) => (isTeacher(r) ? r.departmentName : r.name) },
          { header: '排名', width: 6, value: (r) => r.rank },
          { header: '分配线索', width: 10, value: (r) => r.assigned },
          { header: '跟进线索', width: 10, value: (r) => r.followed },
          { header: '跟进目标', width: 10, value: (r) => r.followTarget },
          { header: '跟进完成率', width: 10, value: (r) => pct(r.followProgress) },
          { header: '成交', width: 8, value: (r) => r.deals },
          { header: '成交目标', width: 10, value: (r) => r.dealTarget },
          { header: '成交完成率', width: 10, value: (r) => pct(r.dealProgress) },
          { header: '转化率', width: 8, value: (r) => pct(r.conversionRate) },
          { header: '首次跟进中位时长(小时)', width: 14, value: (r) => hours(r.medianFirstFollowUpSeconds) },
        ],
        rows: rows(),
      })
    },
  )
}
