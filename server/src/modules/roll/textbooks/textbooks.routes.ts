import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { beijingMinute } from '@activity/domain'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { buildTemplate, readSheet, uploadedXlsx } from '../../../lib/spreadsheet.ts'
import { sendXlsx, XLSX_TYPE } from '../../../lib/xlsx-export.ts'
import { carrierName, ParcelSource } from '../../../wire.ts'
import { actorOf, audited, auditedDeleteRoute, recordAudit } from '../../platform/index.ts'
import { confirmParcelReceipt, parcelDetailSchema, parcelSchema, parcelWithTracks, subscribeParcels } from '../parcels/index.ts'
import {
  audienceQuery,
  audienceSchema,
  clientListSchema,
  clientRecordSchema,
  commitBody,
  correctBody,
  exportQuery,
  idQuery,
  importQuery,
  importReportSchema,
  mailingBody,
  mailingListQuery,
  mailingSchema,
  mailingUpdateBody,
  recordListQuery,
  recordSchema,
  uploadMailNoBody,
} from './textbooks.schemas.ts'
import {
  assertOwnRecord,
  audienceOf,
  clientRecords,
  commitAddress,
  correctAddress,
  createMailing,
  deleteMailing,
  importWaybills,
  listMailings,
  listRecords,
  mailingById,
  publishMailing,
  recordsForExport,
  setWaybill,
  updateMailing,
  WAYBILL_IMPORT_COLUMNS,
  type MailRecord,
} from './textbooks.service.ts'

const addressText = (a: { province: string; city: string; district: string | null; street: string }) =>
  [a.province, a.city, a.district, a.street].filter(Boolean).join(' ')

/**
 * 教材邮寄 under /api/ems/textbook: the office's mailings (mail: save, publish), each student's
 * record (record: the address the student confirms with commitForClient, the waybill by hand with
 * uploadMailNo or by spreadsheet, the export for the warehouse), and the student's 我的教材
 * (listForClient, getExpressInfoForClient from the stored tracks, confirmForClient once).
 */
export const textbooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/textbook'
  const security = [{ adminSession: [] }]
  const studentSecurity = [{ studentSession: [] }]
  const reader = app.requireAdmin('textbooks.view')
  const writer = app.requireAdmin('textbooks.edit')
  await app.register(multipart, { limits: { fileSize: app.config.uploadLimit, files: 1, fields: 2, parts: 3 } })

  // ---- mailings (the office) ----

  app.get(
    `${base}/mail/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operators: mailings, newest first, with their counts',
        security,
        querystring: mailingListQuery,
        response: { 200: envelope(pageOf(mailingSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      return ok(await listMailings({ db: app.db, filter, page, size }))
    },
  )
  app.get(
    `${base}/mail/detail`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operators: one mailing with its counts',
        security,
        querystring: idQuery,
        response: { 200: envelope(mailingSchema) },
      },
    },
    async (request) => ok(await mailingById({ db: app.db, id: request.query.id })),
  )
  app.get(
    `${base}/mail/audience`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operators: how many students (在读) a target addresses now',
        security,
        querystring: audienceQuery,
        response: { 200: envelope(audienceSchema) },
      },
    },
    async (request) => ok(await audienceOf({ db: app.db, target: request.query })),
  )
  app.post(
    `${base}/mail/save`,
    {
      preHandler: writer,
      schema: {
        summary: 'Operators: a new draft mailing (target, books, the address deadline), audited',
        security,
        consumes: FORM_CONSUMES,
        body: mailingBody,
        response: { 200: envelope(mailingSchema) },
      },
    },
    async (request) => {
      const m = await audited({
        app,
        request,
        run: (tx) => createMailing({ db: tx, input: request.body, actor: actorOf(request) }),
        describe: (m) => ({
          action: 'textbook.mailing.create',
          entityType: 'textbookMailing',
          entityId: m.id,
          summary: `新建教材邮寄「${m.title}」`,
          after: { term: m.term, books: m.books, addressDeadline: m.addressDeadline },
        }),
      })
      return ok(await mailingById({ db: app.db, id: m.id }))
    },
  )
  app.put(
    `${base}/mail/save`,
    {
      preHandler: writer,
      schema: {
        summary: 'Operators: edit a draft mailing (published: 409), audited',
        security,
        consumes: FORM_CONSUMES,
        body: mailingUpdateBody,
        response: { 200: envelope(mailingSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      await audited({
        app,
        request,
        run: (tx) => updateMailing({ db: tx, id, input }),
        describe: ({ before, mailing }) => ({
          action: 'textbook.mailing.update',
          entityType: 'textbookMailing',
          entityId: id,
          summary: `修改教材邮寄「${mailing.title}」`,
          before: { title: before.title, books: before.books, addressDeadline: before.addressDeadline },
          after: { title: mailing.title, books: mailing.books, addressDeadline: mailing.addressDeadline },
        }),
      })
      return ok(await mailingById({ db: app.db, id }))
    },
  )
  auditedDeleteRoute(app, {
    path: `${base}/mail/delete`,
    preHandler: writer,
    summary: 'Operators: delete a draft mailing (published: 409), audited',
    idQuery,
    action: 'textbook.mailing.delete',
    entityType: 'textbookMailing',
    label: '教材邮寄',
    remove: (tx, id) => deleteMailing({ db: tx, id }),
  })
  app.put(
    `${base}/mail/publish`,
    {
      preHandler: writer,
      schema: {
        summary:
          "Operators: publish a draft: one record per student (在读) its target addresses now, and each student's message (教材邮寄, a WeChat subscribe message where accepted), one transaction; none: 422; published: 409",
        security,
        consumes: FORM_CONSUMES,
        body: idQuery,
        response: { 200: envelope(mailingSchema) },
      },
    },
    async (request) => {
      const { id } = request.body
      await audited({
        app,
        request,
        run: (tx) => publishMailing({ db: tx, id, actor: actorOf(request) }),
        describe: (r) => ({
          action: 'textbook.mailing.publish',
          entityType: 'textbookMailing',
          entityId: id,
          summary: `发布教材邮寄「${r.mailing.title}」：${r.students}名学员`,
          after: { students: r.students },
        }),
      })
      return ok(await mailingById({ db: app.db, id }))
    },
  )

  // ---- records (the office) ----

  app.get(
    `${base}/record/list`,
    {
      preHandler: reader,
      schema: {
        summary: "Operators: a mailing's records by 学号: by state (待确认 … 已收货), an unhandled parcel problem, or a name / 学号",
        security,
        querystring: recordListQuery,
        response: { 200: envelope(pageOf(recordSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      return ok(await listRecords({ db: app.db, filter, page, size }))
    },
  )
  app.put(
    `${base}/record/correct`,
    {
      preHandler: writer,
      schema: {
        summary: "Operators: correct a student's delivery address (after the deadline too; not once shipped: 409), with a reason, audited",
        security,
        consumes: FORM_CONSUMES,
        body: correctBody,
        response: { 200: envelope(recordSchema) },
      },
    },
    async (request) => {
      const { id, reason, ...address } = request.body
      const { record } = await audited({
        app,
        request,
        run: (tx) => correctAddress({ db: tx, id, address, actor: actorOf(request) }),
        describe: ({ before, record }) => ({
          action: 'textbook.address.correct',
          entityType: 'textbookRecord',
          entityId: id,
          summary: `更正${record.student.name}的收货地址：${reason}`,
          before: before ? { ...before, address: addressText(before) } : null,
          after: record.address ? { ...record.address, address: addressText(record.address), reason } : { reason },
        }),
      })
      return ok(record)
    },
  )
  app.put(
    `${base}/record/uploadMailNo`,
    {
      preHandler: writer,
      schema: {
        summary:
          "Operators: enter a record's carrier and waybill by hand: the parcel tracked and the student's message (教材已发货) the first time; a changed waybill is audited as a change; the address not confirmed: 422",
        security,
        consumes: FORM_CONSUMES,
        body: uploadMailNoBody,
        response: { 200: envelope(recordSchema) },
      },
    },
    async (request) => {
      const { id, carrier, waybillNo } = request.body
      const result = await audited({
        app,
        request,
        run: (tx) => setWaybill({ db: tx, id, carrier, waybillNo }),
        describe: (r) => ({
          action: r.previous ? 'textbook.waybill.change' : 'textbook.waybill.set',
          entityType: 'textbookRecord',
          entityId: id,
          summary: r.previous
            ? `${r.record.student.name}的运单号由 ${carrierName(r.previous.carrier)} ${r.previous.waybillNo} 改为 ${carrierName(carrier)} ${waybillNo}`
            : `${r.record.student.name}的运单号：${carrierName(carrier)} ${waybillNo}`,
          before: r.previous,
          after: { carrier, waybillNo },
        }),
      })
      if (result.changed) await subscribeParcels({ db: app.db, tracking: app.tracking, ids: [result.parcelId] })
      return ok(result.record)
    },
  )

  app.get(
    `${base}/record/importTemplate`,
    { preHandler: writer, schema: { summary: 'Operators: the waybill import template (.xlsx: 学号, 姓名, 快递公司, 运单号)', security } },
    async (_request, reply) => {
      const data = await buildTemplate({
        sheetName: '运单',
        columns: WAYBILL_IMPORT_COLUMNS,
        notes: [
          '每行一名学员：按学号对应本次邮寄名单中的学员',
          '快递公司填写名称（如顺丰速运）',
          '已填写过运单号的学员，导入新的运单号会替换原单号并记入操作日志',
        ],
      })
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent('运单导入模板.xlsx')}`)
        .header('Cache-Control', 'no-store')
        .send(data)
    },
  )
  app.post(
    `${base}/record/import`,
    {
      preHandler: writer,
      schema: {
        summary:
          "Operators: import a mailing's waybills (.xlsx, field `file`: 学号, 姓名, 快递公司, 运单号). All or nothing: with any refused row nothing is written and every refused row is listed; each replaced waybill is audited",
        security,
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: { 200: envelope(importReportSchema) },
      },
    },
    async (request) => {
      const data = await uploadedXlsx({ request, limit: app.config.uploadLimit })
      const rows = await readSheet({ data, columns: WAYBILL_IMPORT_COLUMNS })
      const { mailingId } = request.query
      const actor = actorOf(request)
      // Every row is checked before anything is written: with a refused row, the report alone comes back.
      const { parcelIds, ...report } = await app.db.transaction(async (tx) => {
        const r = await importWaybills({ db: tx, mailingId, rows, actor })
        if (!r.refused.length)
          await recordAudit({
            tx,
            actor,
            entry: {
              action: 'textbook.waybill.import',
              entityType: 'textbookMailing',
              entityId: mailingId,
              summary: `导入运单号：${r.total}行，新发货${r.shipped}，更换${r.changed}，未变${r.unchanged}`,
              after: { total: r.total, shipped: r.shipped, changed: r.changed, unchanged: r.unchanged },
            },
          })
        return r
      })
      await subscribeParcels({ db: app.db, tracking: app.tracking, ids: parcelIds })
      return ok(report)
    },
  )
  app.get(
    `${base}/record/export`,
    {
      preHandler: app.requireAdmin('textbooks.export'),
      schema: {
        summary:
          "Operators: a mailing's list for the warehouse (.xlsx: receiver, phone, address, books, waybill); phones masked unless 明文导出",
        security,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const mailing = await mailingById({ db: app.db, id: request.query.mailingId })
      const books = mailing.books.map((b) => `${b.title}×${b.quantity}`).join('；')
      return sendXlsx<MailRecord>({
        reply,
        filename: `${mailing.title}-邮寄名单.xlsx`,
        sheetName: '邮寄名单',
        rows: recordsForExport({ db: app.db, filter: request.query }),
        columns: [
          { header: '学号', width: 14, value: (r) => r.student.studentNo ?? '' },
          { header: '姓名', width: 10, value: (r) => r.student.name },
          { header: '收件人', width: 10, value: (r) => r.address?.receiver ?? '' },
          { header: '收件电话', width: 14, value: (r) => r.address?.phone ?? '', mask: maskPhone },
          { header: '省份', width: 10, value: (r) => r.address?.province ?? '' },
          { header: '城市', width: 10, value: (r) => r.address?.city ?? '' },
          { header: '区县', width: 10, value: (r) => r.address?.district ?? '' },
          { header: '详细地址', width: 36, value: (r) => r.address?.street ?? '' },
          { header: '教材', width: 40, value: () => books },
          { header: '状态', width: 8, value: (r) => r.state },
          { header: '确认时间', width: 17, value: (r) => (r.confirmedAt ? beijingMinute(new Date(r.confirmedAt)) : '') },
          { header: '快递公司', width: 12, value: (r) => r.parcel?.carrierName ?? '' },
          { header: '运单号', width: 20, value: (r) => r.parcel?.waybillNo ?? '' },
        ],
      })
    },
  )

  // ---- the student (我的教材) ----

  app.get(
    `${base}/record/listForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary:
          "The student's textbooks (我的教材): each published mailing of theirs, newest first, with the address, whether it may change now, and the parcel",
        security: studentSecurity,
        response: { 200: envelope(clientListSchema) },
      },
    },
    async (request) => ok(await clientRecords({ db: app.db, studentId: request.studentId })),
  )
  app.put(
    `${base}/record/commitForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary:
          'The student confirms or changes the delivery address (receiver, phone, province, city, district, street) until the deadline ends (then 422); shipped: 409; another’s: 404',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: commitBody,
        response: { 200: envelope(clientRecordSchema) },
      },
    },
    async (request) => {
      const { id, ...address } = request.body
      return ok(await app.db.transaction((tx) => commitAddress({ db: tx, studentId: request.studentId, id, address })))
    },
  )
  app.get(
    `${base}/record/getExpressInfoForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary:
          "The student's parcel of a record with its timeline, from the stored tracks (the provider is never asked per request); not shipped or another's: 404",
        security: studentSecurity,
        querystring: idQuery,
        response: { 200: envelope(parcelDetailSchema) },
      },
    },
    async (request) => {
      const { id } = request.query
      await assertOwnRecord({ db: app.db, studentId: request.studentId, id })
      return ok(await parcelWithTracks({ db: app.db, source: { type: ParcelSource.textbook, id }, studentId: request.studentId }))
    },
  )
  app.put(
    `${base}/record/confirmForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "The student's 确认收货 of a record's parcel, once (again: the first answer); not shipped or another's: 404",
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: idQuery,
        response: { 200: envelope(parcelSchema) },
      },
    },
    async (request) => {
      const { id } = request.body
      await assertOwnRecord({ db: app.db, studentId: request.studentId, id })
      const { parcel } = await app.db.transaction((tx) =>
        confirmParcelReceipt({ db: tx, source: { type: ParcelSource.textbook, id }, studentId: request.studentId }),
      )
      return ok(parcel)
    },
  )
}
