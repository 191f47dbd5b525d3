import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { batches, sendXlsx, timeCell } from '../../../lib/xlsx-export.ts'
import { audited, auditedDeleteRoute } from '../../platform/index.ts'
import { createClassNotFoundError } from './night.errors.ts'
import {
  attendanceItemSchema,
  attendanceListQuery,
  checkedInSchema,
  checkInBody,
  classIdBody,
  clientDetailSchema,
  clientItemSchema,
  clientListQuery,
  consoleDetailSchema,
  consoleItemSchema,
  consoleListQuery,
  createClassBody,
  exportQuery,
  idBody,
  idQuery,
  markBody,
  markedSchema,
  officeCancelBody,
  screenCodeSchema,
  signUpItemSchema,
  signUpListQuery,
  updateClassBody,
} from './night.schemas.ts'
import {
  cancelByOffice,
  cancelByStudent,
  checkIn,
  classForConsole,
  classForStudent,
  createClass,
  deleteClass,
  findClass,
  listClassesForConsole,
  listClassesForStudent,
  markAttendance,
  type NightSignUpRow,
  rotateSecret,
  screenCodeForConsole,
  signUp,
  signUpsOf,
  studentAttendance,
  toClientItem,
  toConsoleItem,
  toSignUpItem,
  updateClass,
} from './night.service.ts'

const timeText = (d: Date) => timeCell(d) ?? ''

/**
 * Night classes (夜校) under /api/cms/night: a student signs up for a published class (never
 * beyond its seats), cancels before it starts, and checks in by scanning its QR code within the
 * check-in window; the office (管理员 and 招生老师 write, every role reads) keeps the classes,
 * their sign-ups and attendance, prints the QR code and exports the list.
 */
export const nightRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/cms/night'
  const studentSecurity = [{ studentSession: [] }]
  const security = [{ adminSession: [] }]
  const student = app.requireStudent
  const reader = app.requireAdmin('night.view')
  const writer = app.requireAdmin('night.edit')
  const { secret, publicOrigin } = app.config

  // ---- the student ----

  app.get(
    `${base}/nightClass/listForClient`,
    {
      preHandler: student,
      schema: {
        summary: 'The student: open classes (published, not ended, soonest first) or mine (my 已报名 classes, the latest first)',
        security: studentSecurity,
        querystring: clientListQuery,
        response: { 200: envelope(pageOf(clientItemSchema)) },
      },
    },
    async (request) => {
      const { scope, page, size } = request.query
      const now = new Date()
      const { rows, total } = await listClassesForStudent({
        db: app.db,
        studentId: request.studentId,
        scope,
        now,
        page,
        size,
      })
      return ok({ list: rows.map((r) => toClientItem(r, now)), total, page, size })
    },
  )

  app.get(
    `${base}/nightClass/detailsForClient`,
    {
      preHandler: student,
      schema: {
        summary: 'The student: one class with seats left, my sign-up and attendance (unpublished and not mine: 404)',
        security: studentSecurity,
        querystring: idQuery,
        response: { 200: envelope(clientDetailSchema) },
      },
    },
    async (request) => ok(await classForStudent({ db: app.db, studentId: request.studentId, id: request.query.id })),
  )

  app.post(
    `${base}/nightStudent/saveForClient`,
    {
      preHandler: student,
      schema: {
        summary:
          'The student signs up for a class: one transaction behind the class row lock; full 422, started 422, signed up already 409',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: classIdBody,
        response: { 200: envelope(clientDetailSchema) },
      },
    },
    async (request) => {
      const { classId } = request.body
      await signUp({ db: app.db, studentId: request.studentId, classId })
      return ok(await classForStudent({ db: app.db, studentId: request.studentId, id: classId }))
    },
  )

  app.put(
    `${base}/nightStudent/cancelForClient`,
    {
      preHandler: student,
      schema: {
        summary: 'The student cancels their sign-up before the class starts (started: 422); the seat is free again',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: classIdBody,
        response: { 200: envelope(clientDetailSchema) },
      },
    },
    async (request) => {
      const { classId } = request.body
      await cancelByStudent({ db: app.db, studentId: request.studentId, classId })
      return ok(await classForStudent({ db: app.db, studentId: request.studentId, id: classId }))
    },
  )

  app.post(
    `${base}/nightAttendance/checkInForClient`,
    {
      preHandler: student,
      schema: {
        summary:
          "The student checks in with a QR code's c/t (the room screen's code of now or the last 30 s; the printed token while the class allows it): signed up, within [start − 30 min, end]; a second scan answers the first (again: true); 5 wrong codes in 15 minutes: 429 for 15 minutes",
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: checkInBody,
        response: { 200: envelope(checkedInSchema) },
      },
    },
    async (request) =>
      ok(await checkIn({ db: app.db, secret, studentId: request.studentId, classId: request.body.classId, token: request.body.token })),
  )

  app.get(
    `${base}/nightAttendance/listForClient`,
    {
      preHandler: student,
      schema: {
        summary: 'The student: my attendance record (my 已报名 classes that have started, attended or not), the latest first',
        security: studentSecurity,
        querystring: attendanceListQuery,
        response: { 200: envelope(pageOf(attendanceItemSchema)) },
      },
    },
    async (request) => {
      const { page, size } = request.query
      const { rows, total } = await studentAttendance({
        db: app.db,
        studentId: request.studentId,
        now: new Date(),
        page,
        size,
      })
      return ok({
        list: rows.map(({ cls, attendance }) => ({
          classId: cls.id,
          title: cls.title,
          subject: cls.subject,
          teacher: cls.teacher,
          place: cls.place,
          startsAt: cls.startsAt.toISOString(),
          endsAt: cls.endsAt.toISOString(),
          attended: attendance !== null,
          checkedInAt: attendance ? attendance.checkedInAt.toISOString() : null,
          way: attendance ? (attendance.way as never) : null,
        })),
        total,
        page,
        size,
      })
    },
  )

  // ---- the office ----

  app.get(
    `${base}/nightClass/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: night classes, the latest start first, by keyword (title, subject, teacher) and published',
        security,
        querystring: consoleListQuery,
        response: { 200: envelope(pageOf(consoleItemSchema)) },
      },
    },
    async (request) => {
      const { page, size, keyword, published, date } = request.query
      const now = new Date()
      const { rows, total } = await listClassesForConsole({ db: app.db, keyword, published, date, page, size })
      return ok({ list: rows.map((r) => toConsoleItem(r, now)), total, page, size })
    },
  )

  app.get(
    `${base}/nightClass/detail`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: one class with its counts and the check-in URL its printable QR code encodes',
        security,
        querystring: idQuery,
        response: { 200: envelope(consoleDetailSchema) },
      },
    },
    async (request) => ok(await classForConsole({ db: app.db, publicOrigin, secret, id: request.query.id })),
  )

  app.get(
    `${base}/nightClass/screenCode`,
    {
      preHandler: reader,
      schema: {
        summary:
          "Operator: the room screen's check-in code (投屏签到码) now: 6 digits that change every 30 s, its QR address, and when it changes",
        security,
        querystring: idQuery,
        response: { 200: envelope(screenCodeSchema) },
      },
    },
    async (request) => ok(await screenCodeForConsole({ db: app.db, publicOrigin, secret, id: request.query.id })),
  )

  app.post(
    `${base}/nightClass`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员, 招生老师: add a night class (unpublished unless published is given)',
        security,
        consumes: FORM_CONSUMES,
        body: createClassBody,
        response: { 200: envelope(consoleDetailSchema) },
      },
    },
    async (request) => {
      const cls = await audited({
        app,
        request,
        run: (tx) => createClass({ db: tx, input: request.body }),
        describe: (c) => ({
          action: 'nightClass.create',
          entityType: 'nightClass',
          entityId: c.id,
          summary: `新增夜校课「${c.title}」${timeText(c.startsAt)}，名额${c.capacity}`,
          after: { capacity: c.capacity, published: c.published, fixedCodeEnabled: c.fixedCodeEnabled },
        }),
      })
      return ok(await classForConsole({ db: app.db, publicOrigin, secret, id: cls.id }))
    },
  )

  app.put(
    `${base}/nightClass`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员, 招生老师: change a night class (capacity never below its sign-ups: 422)',
        security,
        consumes: FORM_CONSUMES,
        body: updateClassBody,
        response: { 200: envelope(consoleDetailSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      await audited({
        app,
        request,
        run: (tx) => updateClass({ db: tx, id, input }),
        describe: ({ before, after }) => ({
          action: 'nightClass.update',
          entityType: 'nightClass',
          entityId: id,
          summary: `修改夜校课「${after.title}」`,
          before: {
            startsAt: before.startsAt.toISOString(),
            capacity: before.capacity,
            published: before.published,
            fixedCodeEnabled: before.fixedCodeEnabled,
          },
          after: {
            startsAt: after.startsAt.toISOString(),
            capacity: after.capacity,
            published: after.published,
            fixedCodeEnabled: after.fixedCodeEnabled,
          },
        }),
      })
      return ok(await classForConsole({ db: app.db, publicOrigin, secret, id }))
    },
  )

  app.put(
    `${base}/nightClass/rotateSecret`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员, 招生老师: a new check-in QR code for the class; printed codes stop working',
        security,
        consumes: FORM_CONSUMES,
        body: idBody,
        response: { 200: envelope(consoleDetailSchema) },
      },
    },
    async (request) => {
      const { id } = request.body
      await audited({
        app,
        request,
        run: (tx) => rotateSecret({ db: tx, id }),
        describe: (c) => ({
          action: 'nightClass.update',
          entityType: 'nightClass',
          entityId: id,
          summary: `更换夜校课「${c.title}」签到二维码`,
        }),
      })
      return ok(await classForConsole({ db: app.db, publicOrigin, secret, id }))
    },
  )

  auditedDeleteRoute(app, {
    path: `${base}/nightClass`,
    preHandler: writer,
    summary: '管理员, 招生老师: delete a night class nobody signed up for (otherwise 409: unpublish it)',
    idQuery,
    action: 'nightClass.delete',
    entityType: 'nightClass',
    label: '夜校课',
    remove: (tx, id) => deleteClass({ db: tx, id }),
  })

  app.get(
    `${base}/nightStudent/list`,
    {
      preHandler: reader,
      schema: {
        summary: "Operator: a class's sign-ups (已报名 first) with their students (phones masked) and attendance",
        security,
        querystring: signUpListQuery,
        response: { 200: envelope(pageOf(signUpItemSchema)) },
      },
    },
    async (request) => {
      const { classId, status, page, size } = request.query
      if (!(await findClass({ db: app.db, id: classId }))) throw createClassNotFoundError()
      const { rows, total } = await signUpsOf({ db: app.db, classId, status, page, size })
      return ok({ list: rows.map(toSignUpItem), total, page, size })
    },
  )

  app.put(
    `${base}/nightStudent/cancel`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员, 招生老师: cancel a sign-up with a reason (the seat is free again); one checked in already: 409',
        security,
        consumes: FORM_CONSUMES,
        body: officeCancelBody,
        response: { 200: envelope(signUpItemSchema) },
      },
    },
    async (request) => {
      const { id, reason } = request.body
      const done = await audited({
        app,
        request,
        run: (tx) => cancelByOffice({ db: tx, id, reason }),
        describe: ({ signUp: s, cls }) => ({
          action: 'nightSignUp.cancel',
          entityType: 'nightSignUp',
          entityId: s.id,
          summary: `取消学员（编号${s.studentId}）的夜校报名「${cls.title}」：${reason}`,
          after: { reason },
        }),
      })
      const { rows } = await signUpsOf({ db: app.db, classId: done.cls.id, size: 1, afterId: id - 1 })
      return ok(toSignUpItem(rows[0]!))
    },
  )

  app.post(
    `${base}/nightAttendance/mark`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员, 招生老师: mark a signed-up student present (老师标记) or remove their attendance (present: false)',
        security,
        consumes: FORM_CONSUMES,
        body: markBody,
        response: { 200: envelope(markedSchema) },
      },
    },
    async (request) => {
      const { classId, studentId, present } = request.body
      const { marked } = await audited({
        app,
        request,
        run: (tx) => markAttendance({ db: tx, adminId: request.admin.id, classId, studentId, present }),
        describe: ({ cls }) => ({
          action: 'nightAttendance.mark',
          entityType: 'nightClass',
          entityId: classId,
          summary: `${present ? '标记出勤' : '取消出勤'}：学员（编号${studentId}）「${cls.title}」`,
          after: { studentId, present },
        }),
      })
      return ok(marked)
    },
  )

  app.get(
    `${base}/nightStudent/exports`,
    {
      preHandler: reader,
      schema: {
        summary: "Operator: a class's sign-ups and attendance as .xlsx (phones masked)",
        security,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { classId } = request.query
      const cls = await findClass({ db: app.db, id: classId })
      if (!cls) throw createClassNotFoundError()
      return sendXlsx<NightSignUpRow>({
        reply,
        filename: `${cls.title}-报名与出勤.xlsx`,
        sheetName: '报名与出勤',
        rows: batches<NightSignUpRow>({
          next: async (last, limit) => (await signUpsOf({ db: app.db, classId, size: limit, afterId: last?.signUp.id ?? 0 })).rows,
        }),
        columns: [
          { header: '姓名', width: 12, value: (r) => r.name },
          { header: '学号', width: 14, value: (r) => r.studentNo },
          { header: '手机', width: 14, value: (r) => r.phone, mask: maskPhone },
          { header: '报名状态', width: 10, value: (r) => r.signUp.status },
          { header: '报名时间', width: 17, value: (r) => timeCell(r.signUp.createdAt) },
          { header: '取消原因', width: 20, value: (r) => r.signUp.cancelReason },
          { header: '出勤', width: 8, value: (r) => (r.checkedInAt ? '已签到' : '未签到') },
          { header: '签到方式', width: 10, value: (r) => r.way },
          { header: '签到时间', width: 17, value: (r) => timeCell(r.checkedInAt) },
        ],
      })
    },
  )
}
