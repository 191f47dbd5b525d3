import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { cappedPageOf, envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { perIp } from '../../../lib/rate-limits.ts'
import { days, timeTypeRange } from '../../../lib/time-range.ts'
import { batches, sendXlsx, timeCell, yuanCell } from '../../../lib/xlsx-export.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { AuditAction } from '../../../wire.ts'
import { buildTemplate, readSheet } from '../../../lib/spreadsheet.ts'
import { uploadedXlsx } from '../../../lib/spreadsheet.ts'
import { auditEntriesFor, type Actor, actorOf } from '../../platform/index.ts'
import { assertActivityAcceptsClues } from '../activities/index.ts'
import { operatorsWithRight } from '../../platform/index.ts'
import { clueProgressSchema } from './clue-progress.schemas.ts'
import { clueProgress } from './clue-progress.service.ts'
import { createClueNotFoundError } from './clues.errors.ts'
import {
  activityClueBody,
  adminClueSchema,
  adminListQuery,
  assignBody,
  cancelDealBody,
  clueDetailSchema,
  clueImportReportSchema,
  duplicateClueSchema,
  exportQuery,
  followUpBody,
  phoneQuery,
  takeBody,
  createClueBody,
  dealBody,
  detailsQuery,
  followBody,
  invalidBody,
  partnerClueSchema,
  partnerListQuery,
} from './clues.schemas.ts'
import {
  addFollowUp,
  consoleClueFilter as consoleFilter,
  type ConsoleClueRow,
  createActivityClue,
  createPartnerClue,
  DEDUP_DAYS,
  exportCluesBatch,
  findClue,
  findConsoleClue,
  followClue,
  invalidateClue,
  latestClueByPhone,
  listClueFollowUps,
  listConsoleClues,
  listPartnerClues,
  seesClue,
  toConsoleClue,
  toDuplicateClue,
  toPartnerClue,
} from './clues.service.ts'
import { assignClue, takeClue } from './clues.pool.ts'
import { cancelDeal, recordDeal } from './deals.service.ts'
import { CLUE_IMPORT_COLUMNS, CLUE_IMPORT_NOTES, importClues } from './clues.import.ts'

/** What an operator may see of a clue: 管理员 all, a 招生老师 their own and the pool. */
const visibleTo = (row: ConsoleClueRow | undefined, actor: Actor) => !!row && seesClue(actor, row.clue.assigneeId)

/** Clues (招生线索): the partner's own list and entry, the public activity form, and the operator's work. */
export const cluesRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/partner/clue'
  const partnerSecurity = [{ partnerSession: [] }]
  const adminSecurity = [{ adminSession: [] }]
  const teacher = app.requireAdmin('clues.work')

  app.get(
    `${base}/list`,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: "The partner's own clues, newest first, phones masked; load-more by cursor (or page number)",
        security: partnerSecurity,
        querystring: partnerListQuery,
        response: {
          200: envelope(
            pageOf(partnerClueSchema).extend({
              nextCursor: z.string().nullable().describe('the next page: send it back as `cursor`; null when no rows follow'),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { status, timeType, page, size, cursor } = request.query
      const { rows, total, nextCursor } = await listPartnerClues({
        db: app.db,
        partnerId: request.partnerId,
        status,
        range: timeType ? timeTypeRange(timeType) : undefined,
        page,
        size,
        after: cursor,
      })
      return ok({ list: rows.map(toPartnerClue), total, page, size, nextCursor })
    },
  )

  app.get(
    `${base}/details`,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: "One of the partner's own clues",
        security: partnerSecurity,
        querystring: detailsQuery,
        response: { 200: envelope(partnerClueSchema) },
      },
    },
    async (request) => {
      const clue = await findClue({ db: app.db, id: request.query.id })
      if (!clue || clue.partnerId !== request.partnerId) throw createClueNotFoundError()
      return ok(toPartnerClue(clue))
    },
  )

  app.get(
    `${base}/progress`,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: "One of the partner's own clues with its progress (recorded, taken, follow-ups without notes, deal or invalid)",
        security: partnerSecurity,
        querystring: detailsQuery,
        response: { 200: envelope(clueProgressSchema) },
      },
    },
    async (request) => ok(await clueProgress({ db: app.db, partnerId: request.partnerId, id: request.query.id })),
  )

  app.post(
    base,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: 'The partner records a clue (same phone within 90 days is refused)',
        security: partnerSecurity,
        consumes: FORM_CONSUMES,
        body: createClueBody,
        response: { 200: envelope(partnerClueSchema) },
      },
    },
    async (request) => ok(toPartnerClue(await createPartnerClue({ db: app.db, partnerId: request.partnerId, input: request.body }))),
  )

  app.post(
    `${base}/saveForActivity`,
    {
      config: perIp(10, 60),
      schema: {
        summary: 'Public activity form: a prospect leaves name and phone for the partner of `ref`',
        consumes: FORM_CONSUMES,
        body: activityClueBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const { ref, ...input } = request.body
      // A clue for an activity needs a published 招生活动 that is open now (activities module).
      if (input.activityId) await assertActivityAcceptsClues({ db: app.db, activityId: input.activityId })
      const clue = await createActivityClue({ db: app.db, ref, input })
      return ok({ id: clue.id })
    },
  )

  app.get(
    `${base}/listForAdmin`,
    {
      preHandler: teacher,
      schema: {
        summary: '招生老师/管理员: clues with full phones, filtered (teacher: own + pool), newest first',
        security: adminSecurity,
        querystring: adminListQuery,
        response: { 200: envelope(cappedPageOf(adminClueSchema)) },
      },
    },
    async (request) => {
      const { page, size, sort, ...q } = request.query
      const { rows, total, totalCapped } = await listConsoleClues({
        db: app.db,
        filter: consoleFilter(q, actorOf(request)),
        sort,
        page,
        size,
      })
      return ok({ list: rows.map(toConsoleClue), total, totalCapped, page, size })
    },
  )

  app.put(
    `${base}/follow`,
    {
      preHandler: teacher,
      schema: {
        summary: '招生老师: start following a clue (待跟进 -> 跟进中)',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: followBody,
        response: { 200: envelope(partnerClueSchema) },
      },
    },
    async (request) => ok(toPartnerClue(await followClue({ db: app.db, ...request.body, actor: actorOf(request) }))),
  )

  app.put(
    `${base}/deal`,
    {
      preHandler: teacher,
      schema: {
        summary: "招生老师: record a deal (programme, amount in fen); credits the partner's commission at this cycle's tier",
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: dealBody,
        response: { 200: envelope(partnerClueSchema) },
      },
    },
    async (request) =>
      ok(
        toPartnerClue(
          await recordDeal({ db: app.db, ...request.body, freezeDays: app.config.commissionFreezeDays, actor: actorOf(request) }),
        ),
      ),
  )

  app.put(
    `${base}/invalid`,
    {
      preHandler: teacher,
      schema: {
        summary: '招生老师: mark a clue invalid with a reason',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: invalidBody,
        response: { 200: envelope(partnerClueSchema) },
      },
    },
    async (request) => ok(toPartnerClue(await invalidateClue({ db: app.db, ...request.body, actor: actorOf(request) }))),
  )

  app.put(
    `${base}/cancelDeal`,
    {
      preHandler: teacher,
      schema: {
        summary:
          '管理员 / the 招生老师 assigned: cancel a deal (the enrolment refunded) with a reason; the clue becomes 已退费, its commission and referral bonus are clawed back (佣金撤回; what the balance lacks becomes debt)',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: cancelDealBody,
        response: { 200: envelope(clueDetailSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request)
      await cancelDeal({ db: app.db, ...request.body, actor })
      return ok(await clueDetail(request.body.id, actor))
    },
  )

  const adminOnly = app.requireAdmin('clues.assign')
  const limit = app.config.uploadLimit
  await app.register(multipart, { limits: { fileSize: limit, files: 1, fields: 5, parts: 6 } })

  /** One clue as the console shows it, or 404 when the operator may not see it. */
  async function consoleClue(id: number, actor: Actor) {
    const row = await findConsoleClue({ db: app.db, id })
    if (!visibleTo(row, actor)) throw createClueNotFoundError()
    return row!
  }

  async function clueDetail(id: number, actor: Actor) {
    const row = await consoleClue(id, actor)
    const [followUps, actions, duplicate] = await Promise.all([
      listClueFollowUps({ db: app.db, clueId: id }),
      auditEntriesFor({ db: app.db, entityType: 'clue', entityId: String(id), limit: 200 }),
      latestClueByPhone({
        db: app.db,
        phone: row.clue.phone,
        since: new Date(row.clue.createdAt.getTime() - days(DEDUP_DAYS)),
        before: row.clue.createdAt,
        exceptId: id,
      }),
    ])
    const timeline = [
      ...followUps.map((f) => ({
        at: f.createdAt,
        kind: 'followUp' as const,
        title: `${f.method}跟进`,
        detail: f.note + (f.nextContactAt ? `（下次联系：${timeCell(f.nextContactAt)}）` : ''),
        adminName: f.adminName,
      })),
      ...actions
        .filter((a) => a.action !== 'clue.followUp')
        .map((a) => ({
          at: a.createdAt,
          kind: 'action' as const,
          title: AuditAction[a.action as AuditAction] ?? a.action,
          detail: a.summary,
          adminName: a.adminName,
        })),
      { at: row.clue.createdAt, kind: 'created' as const, title: `线索登记（${row.clue.source}）`, detail: null, adminName: null },
    ]
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .map((t) => ({ ...t, at: t.at.toISOString() }))
    return {
      ...toConsoleClue(row),
      followUps: followUps.map((f) => ({
        id: f.id,
        method: f.method,
        note: f.note,
        nextContactAt: f.nextContactAt?.toISOString() ?? null,
        adminId: f.adminId,
        adminName: f.adminName,
        createdAt: f.createdAt.toISOString(),
      })),
      timeline,
      duplicate: duplicate ? toDuplicateClue(duplicate) : null,
    }
  }

  app.get(
    `${base}/detailsForAdmin`,
    {
      preHandler: teacher,
      schema: {
        summary: '招生老师/管理员: one clue with its follow-ups, timeline and earlier duplicate (teacher: own or pool, else 404)',
        security: adminSecurity,
        querystring: detailsQuery,
        response: { 200: envelope(clueDetailSchema) },
      },
    },
    async (request) => ok(await clueDetail(request.query.id, actorOf(request))),
  )

  app.get(
    `${base}/duplicate`,
    {
      preHandler: teacher,
      schema: {
        summary: '招生老师/管理员: the clue of this phone within the last 90 days (what a new entry would trip over), if any',
        security: adminSecurity,
        querystring: phoneQuery,
        response: { 200: envelope(z.object({ clue: duplicateClueSchema.nullable() })) },
      },
    },
    async (request) => {
      const row = await latestClueByPhone({
        db: app.db,
        phone: request.query.phone,
        since: new Date(Date.now() - days(DEDUP_DAYS)),
      })
      return ok({ clue: row ? toDuplicateClue(row) : null })
    },
  )

  app.get(
    `${base}/assignees`,
    {
      preHandler: app.requireAdmin(['clues.assign', 'clues.viewAll']),
      schema: {
        summary: 'Who may be given clues: enabled operators whose position works clues (clues.work), by name',
        security: adminSecurity,
        response: { 200: envelope(z.array(z.object({ id: z.number(), name: z.string(), account: z.string(), role: z.string() }))) },
      },
    },
    async () =>
      ok(
        (await operatorsWithRight({ db: app.db, right: 'clues.work' })).map((a) => ({
          id: a.id,
          name: a.name,
          account: a.account,
          role: a.positionName,
        })),
      ),
  )

  app.put(
    `${base}/assign`,
    {
      preHandler: adminOnly,
      schema: {
        summary: 'Assign a clue to an enabled operator who works clues (no assigneeId: back to the pool)',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: assignBody,
        response: { 200: envelope(adminClueSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request)
      await assignClue({ db: app.db, ...request.body, actor })
      return ok(toConsoleClue(await consoleClue(request.body.id, actor)))
    },
  )

  app.put(
    `${base}/take`,
    {
      preHandler: teacher,
      schema: {
        summary: '招生老师: take a clue from the pool (atomic: of two at once one wins, the other gets 409)',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: takeBody,
        response: { 200: envelope(adminClueSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request)
      // A clue taken by someone else meanwhile answers 409 (not 404): the teacher saw it in the pool.
      await takeClue({ db: app.db, id: request.body.id, actor })
      return ok(toConsoleClue(await consoleClue(request.body.id, actor)))
    },
  )

  app.post(
    `${base}/followUp`,
    {
      preHandler: teacher,
      schema: {
        summary: '招生老师/管理员: record a follow-up (电话/微信/面谈, note, optional next contact); 待跟进 becomes 跟进中',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: followUpBody,
        response: { 200: envelope(clueDetailSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request)
      await addFollowUp({ db: app.db, ...request.body, actor })
      return ok(await clueDetail(request.body.id, actor))
    },
  )

  app.get(
    `${base}/importTemplate`,
    { preHandler: teacher, schema: { summary: '招生老师/管理员: the clue import template (.xlsx)', security: adminSecurity } },
    async (_request, reply) => {
      const data = await buildTemplate({ sheetName: '线索', columns: CLUE_IMPORT_COLUMNS, notes: CLUE_IMPORT_NOTES })
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent('线索导入模板.xlsx')}`)
        .header('Cache-Control', 'no-store')
        .send(data)
    },
  )

  app.post(
    `${base}/import`,
    {
      preHandler: teacher,
      schema: {
        summary:
          '招生老师/管理员: import clues (.xlsx, field `file`; columns 合伙人推广码 姓名 手机号 意向专业 备注). All or nothing: with any refused row nothing is imported and every refused row is listed',
        security: adminSecurity,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(clueImportReportSchema) },
      },
    },
    async (request) => {
      const data = await uploadedXlsx({ request, limit })
      const rows = await readSheet({ data, columns: CLUE_IMPORT_COLUMNS })
      return ok(await importClues({ db: app.db, rows, actor: actorOf(request) }))
    },
  )

  app.get(
    `${base}/export`,
    {
      preHandler: app.requireAdmin('clues.export'),
      schema: {
        summary: '招生老师/管理员: the filtered clue list as .xlsx (streamed, at most 100 000 rows)',
        security: adminSecurity,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { sort, ...q } = request.query
      const filter = consoleFilter(q, actorOf(request))
      return sendXlsx<ConsoleClueRow>({
        reply,
        filename: '线索.xlsx',
        sheetName: '线索',
        rows: batches({ next: (last, limit) => exportCluesBatch({ db: app.db, filter, sort, last, limit }) }),
        columns: [
          { header: '编号', width: 8, value: (r) => r.clue.id },
          { header: '姓名', width: 12, value: (r) => r.clue.name },
          { header: '手机号', width: 14, value: (r) => r.clue.phone, mask: maskPhone },
          { header: '状态', width: 8, value: (r) => r.clue.status },
          { header: '来源', width: 10, value: (r) => r.clue.source },
          { header: '意向专业', width: 28, value: (r) => r.clue.intention },
          { header: '合伙人', width: 12, value: (r) => r.partnerName },
          { header: '合伙人手机号', width: 14, value: (r) => r.partnerPhone, mask: maskPhone },
          { header: '推广码', width: 10, value: (r) => r.partnerCode },
          { header: '负责老师', width: 10, value: (r) => (r.clue.assigneeId === null ? '线索池' : r.assigneeName) },
          { header: '成交专业', width: 20, value: (r) => r.clue.programme },
          { header: '成交金额（元）', width: 14, value: (r) => yuanCell(r.clue.amount) },
          { header: '佣金（元）', width: 12, value: (r) => yuanCell(r.clue.commission) },
          { header: '登记时间', width: 17, value: (r) => timeCell(r.clue.createdAt) },
          { header: '最近跟进', width: 17, value: (r) => timeCell(r.clue.lastTouchedAt) },
          { header: '下次联系', width: 17, value: (r) => timeCell(r.clue.nextContactAt) },
        ],
      })
    },
  )
}
