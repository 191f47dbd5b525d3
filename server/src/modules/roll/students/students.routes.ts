import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { maskIdCard4, maskPhone } from '../../../lib/mask.ts'
import { buildTemplate, readSheet, uploadedXlsx } from '../../../lib/spreadsheet.ts'
import { batches, sendXlsx, timeCell, XLSX_TYPE } from '../../../lib/xlsx-export.ts'
import { RollRequestStatus } from '../../../wire.ts'
import { actorOf, type ApprovalKinds } from '../../platform/index.ts'
import { createStudentNotFoundError } from './students.errors.ts'
import { importStudents, STUDENT_IMPORT_COLUMNS, STUDENT_IMPORT_NOTES } from './students.import.ts'
import {
  applyBody,
  approveBody,
  byClueQuery,
  changeStatusBody,
  clientRollSchema,
  consoleRollDetailSchema,
  consoleRollRequestSchema,
  consoleRollSchema,
  detailsQuery,
  exportQuery,
  fromClueBody,
  listQuery,
  refuseBody,
  requestListQuery,
  rollRequestSchema,
  saveBody,
  studentImportReportSchema,
  updateBody,
} from './students.schemas.ts'
import {
  applyForCorrection,
  decideRequest,
  changeStudentStatus,
  type ConsoleStudentRow,
  consoleStudentByClue,
  consoleStudentById,
  createStudent,
  exportStudentsBatch,
  findStudent,
  listRollRequests,
  listStudents,
  rollHistory,
  rollRequestsOf,
  refusingDuplicates,
  studentFromClue,
  toConsoleRoll,
  toConsoleRollRequest,
  toHistory,
  toRoll,
  toRollRequest,
  type OnClueConverted,
  updateStudent,
} from './students.service.ts'

/** The school roll (学籍): the student's own roll and correction requests, and the office's student register. */
export const studentsRoutes: FastifyPluginAsyncZod<{ onClueConverted?: OnClueConverted; kinds: ApprovalKinds }> = async (
  app,
  { onClueConverted, kinds },
) => {
  const roll = '/api/ems/education/schoolRoll'
  const modify = '/api/ems/education/schoolRollInfoModify'
  const studentSecurity = [{ studentSession: [] }]
  const adminSecurity = [{ adminSession: [] }]
  const anyOperator = app.requireAdmin('students.view')
  const register = app.requireAdmin('students.edit')
  const limit = app.config.uploadLimit
  await app.register(multipart, { limits: { fileSize: limit, files: 1, fields: 5, parts: 6 } })

  /** A head teacher's position without 学员 · 查看全部学员 sees only the students of the classes they head. */
  const scopeOf = (request: FastifyRequest) => (request.admin.rights.has('students.viewAll') ? {} : { headTeacherId: request.admin.id })

  /** One student as the console shows it, or 404 (a head teacher without 查看全部学员: only their classes' students). */
  async function consoleStudent(id: number, request?: FastifyRequest) {
    const row = await consoleStudentById({ db: app.db, id })
    if (!row) throw createStudentNotFoundError()
    const scope = request && scopeOf(request)
    if (scope && !(await listStudents({ db: app.db, filter: { ...scope, id }, page: 1, size: 1 })).total) throw createStudentNotFoundError()
    return toConsoleRoll(row)
  }

  // ---- the student's own (ids never come from the client) ----

  app.get(
    `${roll}/detailsForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "The student's own roll (phone and ID number masked), its status history (newest first) and pending corrections",
        security: studentSecurity,
        response: { 200: envelope(clientRollSchema) },
      },
    },
    async (request) => {
      const student = await findStudent({ db: app.db, id: request.studentId })
      if (!student) throw createStudentNotFoundError()
      const [history, pending] = await Promise.all([
        rollHistory({ db: app.db, studentId: student.id }),
        rollRequestsOf({ db: app.db, studentId: student.id, status: RollRequestStatus.pending }),
      ])
      return ok({
        roll: toRoll(student, 'client'),
        history: history.map((h) => toHistory(h, 'client')),
        pending: pending.map((r) => toRollRequest(r, 'client')),
      })
    },
  )

  app.get(
    `${modify}/listForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "The student's own correction requests, newest first",
        security: studentSecurity,
        response: { 200: envelope(z.object({ list: z.array(rollRequestSchema) })) },
      },
    },
    async (request) => {
      const rows = await rollRequestsOf({ db: app.db, studentId: request.studentId })
      return ok({ list: rows.map((r) => toRollRequest(r, 'client')) })
    },
  )

  app.post(
    `${modify}/applyForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary:
          'The student asks to correct a field of their roll (name 2-20 characters; idCard an 18-character ID number; phone a new phone with the 绑定手机 code sent to it, nobody’s yet). Pending until the office decides',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: applyBody,
        response: { 200: envelope(rollRequestSchema) },
      },
    },
    async (request) => {
      const row = await applyForCorrection({
        db: app.db,
        verification: app.verification,
        studentId: request.studentId,
        ...request.body,
        kinds,
      })
      return ok(toRollRequest(row, 'client'))
    },
  )

  // ---- the office's register ----

  app.get(
    `${roll}/list`,
    {
      preHandler: anyOperator,
      schema: {
        summary: 'Operators: students, filtered (keyword: name, phone or student number), newest registered first',
        security: adminSecurity,
        querystring: listQuery,
        response: { 200: envelope(pageOf(consoleRollSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await listStudents({ db: app.db, filter: { ...filter, ...scopeOf(request) }, page, size })
      return ok({ list: rows.map(toConsoleRoll), total, page, size })
    },
  )

  app.get(
    `${roll}/details`,
    {
      preHandler: anyOperator,
      schema: {
        summary: 'Operators: one student with the status history and every correction request',
        security: adminSecurity,
        querystring: detailsQuery,
        response: { 200: envelope(consoleRollDetailSchema) },
      },
    },
    async (request) => {
      const rollItem = await consoleStudent(request.query.id, request)
      const [history, requests] = await Promise.all([
        rollHistory({ db: app.db, studentId: rollItem.id }),
        rollRequestsOf({ db: app.db, studentId: rollItem.id }),
      ])
      return ok({
        roll: rollItem,
        history: history.map((h) => toHistory(h, 'console')),
        requests: requests.map((r) => toRollRequest(r, 'console')),
      })
    },
  )

  app.get(
    `${roll}/byClue`,
    {
      preHandler: anyOperator,
      schema: {
        summary: 'Operators: the student a clue was turned into (转为学员), or null',
        security: adminSecurity,
        querystring: byClueQuery,
        response: { 200: envelope(consoleRollSchema.nullable()) },
      },
    },
    async (request) => {
      const row = await consoleStudentByClue({ db: app.db, clueId: request.query.clueId })
      return ok(row ? toConsoleRoll(row) : null)
    },
  )

  app.post(
    `${roll}/save`,
    {
      preHandler: register,
      schema: {
        summary:
          '管理员/招生老师: register a student (在读; first history row 登记). A phone already a student’s or a taken student number: 409',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: saveBody,
        response: { 200: envelope(consoleRollSchema) },
      },
    },
    async (request) => {
      const student = await createStudent({ db: app.db, input: request.body, actor: actorOf(request) })
      return ok(await consoleStudent(student.id))
    },
  )

  app.put(
    `${roll}/update`,
    {
      preHandler: register,
      schema: {
        summary:
          "管理员/招生老师: edit a student's roll (every field). A phone change moves the person's account and partner profile with it; a phone another account holds: 409",
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: updateBody,
        response: { 200: envelope(consoleRollSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      await updateStudent({ db: app.db, id, input: { ...input, phone: input.phone ?? null }, actor: actorOf(request) })
      return ok(await consoleStudent(id))
    },
  )

  app.put(
    `${roll}/changeStatus`,
    {
      preHandler: register,
      schema: {
        summary: "管理员/招生老师: change a student's status with a reason (a history row); the same status: 422",
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: changeStatusBody,
        response: { 200: envelope(consoleRollSchema) },
      },
    },
    async (request) => {
      await changeStudentStatus({ db: app.db, ...request.body, actor: actorOf(request) })
      return ok(await consoleStudent(request.body.id))
    },
  )

  app.post(
    `${roll}/fromClue`,
    {
      preHandler: register,
      schema: {
        summary:
          "管理员/招生老师: turn a clue's deal (已成交) into a student (name and phone from the clue, programme from the deal); a student of that phone already is linked instead (linked: true)",
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: fromClueBody,
        response: { 200: envelope(consoleRollSchema.extend({ linked: z.boolean() })) },
      },
    },
    async (request) => {
      const { student, linked } = await studentFromClue({
        db: app.db,
        input: request.body,
        actor: actorOf(request),
        onConverted: onClueConverted,
      })
      return ok({ ...(await consoleStudent(student.id)), linked })
    },
  )

  app.get(
    `${roll}/export`,
    {
      preHandler: app.requireAdmin('students.export'),
      schema: {
        summary: 'Operators: the filtered student list as .xlsx (streamed, at most 100 000 rows; ID numbers masked)',
        security: adminSecurity,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const filter = request.query
      return sendXlsx<ConsoleStudentRow>({
        reply,
        filename: '学员.xlsx',
        sheetName: '学员',
        rows: batches({
          next: (last, size) => exportStudentsBatch({ db: app.db, filter: { ...filter, ...scopeOf(request) }, last, limit: size }),
        }),
        columns: [
          { header: '编号', width: 8, value: (s) => s.id },
          { header: '姓名', width: 12, value: (s) => s.name },
          { header: '手机号', width: 14, value: (s) => s.phone, mask: maskPhone },
          { header: '身份证号', width: 22, value: (s) => s.idCard, mask: maskIdCard4 },
          { header: '性别', width: 6, value: (s) => s.gender },
          { header: '教育类型', width: 10, value: (s) => s.educationType },
          { header: '学校', width: 20, value: (s) => s.school },
          { header: '专业', width: 20, value: (s) => s.major },
          { header: '层次', width: 6, value: (s) => s.level },
          { header: '报读项目', width: 10, value: (s) => s.programme },
          { header: '学科', width: 20, value: (s) => s.discipline },
          { header: '年份', width: 8, value: (s) => s.batchYear },
          { header: '批次', width: 8, value: (s) => `${s.batch}期` },
          { header: '学号', width: 14, value: (s) => s.studentNo },
          { header: '学籍状态', width: 8, value: (s) => s.status },
          { header: '合伙人', width: 8, value: (s) => (s.hasPartner ? '是' : '否') },
          { header: '备注', width: 20, value: (s) => s.remark },
          { header: '登记时间', width: 17, value: (s) => timeCell(s.createdAt) },
        ],
      })
    },
  )

  app.get(
    `${roll}/importTemplate`,
    { preHandler: register, schema: { summary: '管理员/招生老师: the student import template (.xlsx)', security: adminSecurity } },
    async (_request, reply) => {
      const data = await buildTemplate({ sheetName: '学员', columns: STUDENT_IMPORT_COLUMNS, notes: STUDENT_IMPORT_NOTES })
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent('学员导入模板.xlsx')}`)
        .header('Cache-Control', 'no-store')
        .send(data)
    },
  )

  app.post(
    `${roll}/import`,
    {
      preHandler: register,
      schema: {
        summary:
          '管理员/招生老师: import students (.xlsx, field `file`; the template’s columns). All or nothing: with any refused row nothing is imported and every refused row is listed',
        security: adminSecurity,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(studentImportReportSchema) },
      },
    },
    async (request) => {
      const data = await uploadedXlsx({ request, limit })
      const rows = await readSheet({ data, columns: STUDENT_IMPORT_COLUMNS })
      return ok(await refusingDuplicates(() => importStudents({ db: app.db, rows, actor: actorOf(request) })))
    },
  )

  // ---- correction requests (学籍变更申请) ----

  app.get(
    `${modify}/list`,
    {
      preHandler: anyOperator,
      schema: {
        summary: "Operators: students' correction requests, newest first (keyword: the student's name, phone or number)",
        security: adminSecurity,
        querystring: requestListQuery,
        response: { 200: envelope(pageOf(consoleRollRequestSchema)) },
      },
    },
    async (request) => {
      const { page, size, status, keyword } = request.query
      const { rows, total } = await listRollRequests({ db: app.db, status, keyword, page, size })
      return ok({ list: rows.map(toConsoleRollRequest), total, page, size })
    },
  )

  app.put(
    `${modify}/approve`,
    {
      preHandler: register,
      schema: {
        summary:
          "管理员/招生老师: approve a pending request; the change applies in the same transaction (a phone: the person's account and partner profile too; another account's phone: 409). Not pending: 409",
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: approveBody,
        response: { 200: envelope(rollRequestSchema) },
      },
    },
    async (request) =>
      ok(
        toRollRequest(
          await decideRequest({ db: app.db, id: request.body.id, actor: actorOf(request), decision: 'approve', kinds }),
          'console',
        ),
      ),
  )

  app.put(
    `${modify}/refuse`,
    {
      preHandler: register,
      schema: {
        summary: '管理员/招生老师: refuse a pending request with a reason. Not pending: 409',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: refuseBody,
        response: { 200: envelope(rollRequestSchema) },
      },
    },
    async (request) =>
      ok(
        toRollRequest(
          await decideRequest({
            db: app.db,
            id: request.body.id,
            reason: request.body.reason,
            actor: actorOf(request),
            decision: 'refuse',
            kinds,
          }),
          'console',
        ),
      ),
  )
}
