import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { buildTemplate, readSheet, uploadedXlsx } from '../../../lib/spreadsheet.ts'
import { sendXlsx, XLSX_TYPE } from '../../../lib/xlsx-export.ts'
import { actorOf, type ApprovalKinds } from '../../platform/index.ts'
import {
  atRiskSchema,
  boardQuery,
  boardSchema,
  cancelBody,
  changeStatusBody,
  idQuery,
  makeUpBody,
  makeUpResultSchema,
  optionsSchema,
  planBody,
  planResultSchema,
  punchBody,
  punchResultSchema,
  rosterSchema,
  screenSchema,
  sessionImportReportSchema,
  sessionListQuery,
  sessionPageSchema,
  sessionQuery,
  sessionSchema,
  sessionUpdateBody,
  statisticsQuery,
  statisticsSchema,
  teacherWeekSchema,
  weekQuery,
  weekSchema,
} from './attendance.schemas.ts'
import {
  applyMakeUp,
  atRisk,
  board,
  cancelSession,
  classById,
  sessionById,
  importSessions,
  listSessions,
  options,
  planSessions,
  punch,
  rollCall,
  rosterOf,
  scopeOf,
  screenOf,
  SESSION_IMPORT_COLUMNS,
  statistics,
  updateSession,
  weekForStudent,
  weekForTeacher,
} from './attendance.service.ts'

/**
 * Face-to-face sessions and attendance under /api/zms/attendance: the office's timetable
 * (attendanceCourse: plan, change, cancel, import), the room screen's rotating code and the roll
 * call (attendance open, attendanceRecord changeStatus), the student's week and scan
 * (listForClient, punchCourse) and 补卡 (abnormalPunching), statistics, the class grid and its
 * export, and the at-risk list. An operator without 课表与考勤 · 查看全部 sees the sessions they
 * teach and their classes'.
 */
export const attendanceRoutes: FastifyPluginAsyncZod<{ kinds: ApprovalKinds }> = async (app, { kinds }) => {
  const base = '/api/zms/attendance'
  const security = [{ adminSession: [] }]
  const studentSecurity = [{ studentSession: [] }]
  const staff = app.requireAdmin()
  const reader = app.requireAdmin(['attendance.view', 'attendance.edit'])
  const writer = app.requireAdmin('attendance.edit')
  const { secret, publicOrigin } = app.config
  await app.register(multipart, { limits: { fileSize: app.config.uploadLimit, files: 1, fields: 2, parts: 3 } })

  // ---- the timetable (console) ----

  app.get(
    `${base}/attendanceCourse/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operators: sessions (the latest first) by class, teacher, course and date range, with their students’ counts',
        security,
        querystring: sessionListQuery,
        response: { 200: envelope(sessionPageSchema) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      return ok(await listSessions({ db: app.db, filter: { ...filter, scope: scopeOf(actorOf(request)) }, page, size }))
    },
  )

  app.get(
    `${base}/attendanceCourse/options`,
    {
      preHandler: staff,
      schema: {
        summary: 'Operators: the pickers of the timetable (teachers, classes, courses planned)',
        security,
        response: { 200: envelope(optionsSchema) },
      },
    },
    async (request) => ok(await options({ db: app.db, scope: scopeOf(actorOf(request)) })),
  )

  app.post(
    `${base}/attendanceCourse/save`,
    {
      preHandler: writer,
      schema: {
        summary:
          '排课: one session (no lastDate) or weekly on weekdays (1 = Monday) from firstDate to lastDate; holidays (a setting) skipped',
        security,
        consumes: FORM_CONSUMES,
        body: planBody,
        response: { 200: envelope(planResultSchema) },
      },
    },
    async (request) => ok(await planSessions({ db: app.db, input: request.body, actor: actorOf(request) })),
  )

  const oneSession = (id: number) => sessionById({ db: app.db, id })

  app.put(
    `${base}/attendanceCourse/update`,
    {
      preHandler: writer,
      schema: {
        summary: 'Changes a session not yet ended; its students get a 课表变更 message when its time or place changes',
        security,
        consumes: FORM_CONSUMES,
        body: sessionUpdateBody,
        response: { 200: envelope(sessionSchema) },
      },
    },
    async (request) => {
      const s = await updateSession({ db: app.db, input: request.body, actor: actorOf(request) })
      return ok(await oneSession(s.id))
    },
  )

  app.put(
    `${base}/attendanceCourse/cancel`,
    {
      preHandler: writer,
      schema: {
        summary: 'Cancels a session not yet started, with a reason its students read',
        security,
        consumes: FORM_CONSUMES,
        body: cancelBody,
        response: { 200: envelope(sessionSchema) },
      },
    },
    async (request) => {
      const s = await cancelSession({ db: app.db, id: request.body.id, reason: request.body.reason, actor: actorOf(request) })
      return ok(await oneSession(s.id))
    },
  )

  app.get(
    `${base}/attendanceCourse/template`,
    { preHandler: writer, schema: { summary: '课表 import template (.xlsx): one session per row', security } },
    async (_request, reply) => {
      const data = await buildTemplate({
        sheetName: '课表',
        columns: SESSION_IMPORT_COLUMNS,
        notes: ['每行一节课；班级与任课老师须与系统中的名称一致；地点与线上地址至少填一项。'],
      })
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent('课表导入模板.xlsx')}`)
        .header('Cache-Control', 'no-store')
        .send(data)
    },
  )

  app.post(
    `${base}/attendanceCourse/import`,
    {
      preHandler: writer,
      schema: {
        summary:
          '课表 by spreadsheet (.xlsx, field `file`). All or nothing: with any row refused, nothing is created and every such row is listed',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(sessionImportReportSchema) },
      },
    },
    async (request) => {
      const data = await uploadedXlsx({ request, limit: app.config.uploadLimit })
      const rows = await readSheet({ data, columns: SESSION_IMPORT_COLUMNS })
      return ok(await importSessions({ db: app.db, rows, actor: actorOf(request) }))
    },
  )

  // ---- the student ----

  app.get(
    `${base}/attendanceCourse/listForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "The student's 课表: the week holding `date` (today's when none), each session with their status and 补卡",
        security: studentSecurity,
        querystring: weekQuery,
        response: { 200: envelope(weekSchema) },
      },
    },
    async (request) => ok(await weekForStudent({ db: app.db, studentId: request.studentId, date: request.query.date })),
  )

  app.post(
    `${base}/attendanceRecord/punchCourse`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary:
          'The student scans the room screen’s code: 出勤 before the late mark, 迟到 after it (the server’s clock); a second scan answers the first. Location optional, stored as a signal',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: punchBody,
        response: { 200: envelope(punchResultSchema) },
      },
    },
    async (request) => ok(await punch({ db: app.db, secret, studentId: request.studentId, input: request.body })),
  )

  app.post(
    `${base}/abnormalPunching`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary:
          '补卡: the student asks, with a reason, for a session they missed (ended within 7 days; a set number a month); the approval engine decides',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: makeUpBody,
        response: { 200: envelope(makeUpResultSchema) },
      },
    },
    async (request) =>
      ok(
        await applyMakeUp({
          db: app.db,
          studentId: request.studentId,
          sessionId: request.body.sessionId,
          reason: request.body.reason,
          kinds,
        }),
      ),
  )

  // ---- the teacher (the app and the console) ----

  app.get(
    `${base}/attendance/lists`,
    {
      preHandler: staff,
      schema: {
        summary: "The operator's week: the sessions they teach and their classes', with the students' counts",
        security,
        querystring: weekQuery,
        response: { 200: envelope(teacherWeekSchema) },
      },
    },
    async (request) => ok(await weekForTeacher({ db: app.db, actor: actorOf(request), date: request.query.date })),
  )

  app.get(
    `${base}/attendance/open`,
    {
      preHandler: staff,
      schema: {
        summary:
          'The room screen (投屏签到): the session’s code now (it changes every 30 s, good for about a minute) and the address its QR code carries',
        security,
        querystring: idQuery,
        response: { 200: envelope(screenSchema) },
      },
    },
    async (request) => ok(await screenOf({ db: app.db, id: request.query.id, actor: actorOf(request), publicOrigin, secret })),
  )

  app.get(
    `${base}/attendanceRecord/list`,
    {
      preHandler: staff,
      schema: {
        summary: "A session's students with their status (the roll-call sheet); canMark: this operator may mark them now",
        security,
        querystring: sessionQuery,
        response: { 200: envelope(rosterSchema) },
      },
    },
    async (request) => ok(await rosterOf({ db: app.db, id: request.query.sessionId, actor: actorOf(request) })),
  )

  app.put(
    `${base}/attendanceRecord/changeStatus`,
    {
      preHandler: staff,
      schema: {
        summary: '点名: the session’s teacher, its class’s head teacher or 排课与点名 sets students’ status (or everyone’s: all), audited',
        security,
        consumes: FORM_CONSUMES,
        body: changeStatusBody,
        response: { 200: envelope(rosterSchema) },
      },
    },
    async (request) => ok(await rollCall({ db: app.db, ...request.body, actor: actorOf(request) })),
  )

  app.get(
    `${base}/attendanceRecord/statistics`,
    {
      preHandler: staff,
      schema: {
        summary: 'Figures per student, class, course or teacher over the held sessions, with the denominator stated (rule)',
        security,
        querystring: statisticsQuery,
        response: { 200: envelope(statisticsSchema) },
      },
    },
    async (request) => ok(await statistics({ db: app.db, ...request.query, scope: scopeOf(actorOf(request)) })),
  )

  app.get(
    `${base}/attendanceRecord/atRisk`,
    {
      preHandler: staff,
      schema: {
        summary:
          'Students whose absence rate passes the threshold (after the minimum sessions), worst first; a head teacher sees their classes’',
        security,
        response: { 200: envelope(atRiskSchema) },
      },
    },
    async (request) => ok(await atRisk({ db: app.db, scope: scopeOf(actorOf(request)) })),
  )

  app.get(
    `${base}/attendanceRecord/board`,
    {
      preHandler: staff,
      schema: {
        summary: "A class's grid: its students by its sessions in the range (not cancelled), each cell a status",
        security,
        querystring: boardQuery,
        response: { 200: envelope(boardSchema) },
      },
    },
    async (request) => ok(await board({ db: app.db, ...request.query, actor: actorOf(request) })),
  )

  app.get(
    `${base}/attendanceRecord/exports`,
    {
      preHandler: app.requireAdmin('attendance.export'),
      schema: {
        summary: "A class's grid as .xlsx (a row per student, a column per session, the totals)",
        security,
        querystring: boardQuery,
      },
    },
    async (request, reply) => {
      const grid = await board({ db: app.db, ...request.query, actor: actorOf(request) })
      const klass = await classById({ db: app.db, id: request.query.classId })
      type Row = (typeof grid.rows)[number]
      const count = (r: Row, status: string) => r.cells.filter((c) => c === status).length
      return sendXlsx<Row>({
        reply,
        filename: `${klass?.name ?? '班级'}-考勤.xlsx`,
        sheetName: '考勤',
        rows: (async function* () {
          yield* grid.rows
        })(),
        columns: [
          { header: '姓名', width: 12, value: (r) => r.name },
          { header: '学号', width: 14, value: (r) => r.studentNo },
          ...grid.sessions.map((s, i) => ({
            header: `${s.date.slice(5)} ${s.startTime} ${s.course}`,
            width: 14,
            value: (r: Row) => r.cells[i] ?? '',
          })),
          { header: '出勤', width: 6, value: (r) => count(r, '出勤') },
          { header: '迟到', width: 6, value: (r) => count(r, '迟到') },
          { header: '请假', width: 6, value: (r) => count(r, '请假') },
          { header: '缺勤', width: 6, value: (r) => count(r, '缺勤') },
        ],
      })
    },
  )
}
