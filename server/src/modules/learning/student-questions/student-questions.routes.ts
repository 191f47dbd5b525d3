import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { audited } from '../../platform/index.ts'
import {
  askBody,
  askedSchema,
  batchCloseBody,
  batchSchema,
  clientItemSchema,
  clientListQuery,
  consoleDetailSchema,
  consoleItemSchema,
  consoleListQuery,
  countSchema,
  detailSchema,
  idBody,
  idQuery,
  postBody,
  readSchema,
  uploadSchema,
} from './student-questions.schemas.ts'
import {
  askQuestion,
  closeQuestion,
  closeQuestions,
  listConsoleQuestions,
  listStudentQuestions,
  postOnQuestion,
  questionForConsole,
  questionForStudent,
  readQuestion,
  toClientItem,
  toConsoleItem,
  unreadQuestionCount,
} from './student-questions.service.ts'
import { registerImageUploads, storeQuestionImage } from './student-questions.upload.ts'

/**
 * Questions to teachers (答疑) under /api/sms/study/studentQuestion: a student asks about a course
 * they joined, with pictures, follows up and closes; the office (管理员 and 招生老师 answer and
 * close, every role reads) works the queue, 待回复 first. A teacher's answer reaches the student
 * as an unread reply and a message (答疑回复).
 */
export const studentQuestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/sms/study/studentQuestion'
  const studentSecurity = [{ studentSession: [] }]
  const security = [{ adminSession: [] }]
  const student = app.requireStudent
  const reader = app.requireAdmin('studentQuestions.view')
  const teacher = app.requireAdmin('studentQuestions.answer')
  const secret = app.config.secret
  await registerImageUploads(app)

  // ---- the student ----

  app.post(
    `${base}/upload`,
    {
      preHandler: student,
      schema: {
        summary: 'The student uploads a picture for a question (multipart `file`: png/jpeg/webp, at most 5 MB, checked by its bytes)',
        security: studentSecurity,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadSchema) },
      },
    },
    async (request) => ok(await storeQuestionImage({ app, request, author: { kind: 'student', studentId: request.studentId } })),
  )

  app.post(
    `${base}/saveForClient`,
    {
      preHandler: student,
      schema: {
        summary: 'The student asks a question about a course they joined (403 otherwise), optionally one of its sections: 待回复',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: askBody,
        response: { 200: envelope(askedSchema) },
      },
    },
    async (request) => ok(await askQuestion({ db: app.db, storage: app.storage, studentId: request.studentId, input: request.body })),
  )

  app.get(
    `${base}/listForClient`,
    {
      preHandler: student,
      schema: {
        summary: "The student's questions, the latest post first, with their unread replies",
        security: studentSecurity,
        querystring: clientListQuery,
        response: { 200: envelope(pageOf(clientItemSchema)) },
      },
    },
    async (request) => {
      const { page, size, status } = request.query
      const { rows, total } = await listStudentQuestions({
        db: app.db,
        studentId: request.studentId,
        status,
        page,
        size,
      })
      return ok({ list: rows.map(toClientItem), total, page, size })
    },
  )

  app.get(
    `${base}/detailsForClient`,
    {
      preHandler: student,
      schema: {
        summary: "One of the student's questions with its thread (pictures as signed addresses); another's: 404",
        security: studentSecurity,
        querystring: idQuery,
        response: { 200: envelope(detailSchema) },
      },
    },
    async (request) => ok(await questionForStudent({ db: app.db, secret, studentId: request.studentId, id: request.query.id })),
  )

  app.post(
    `${base}/answerForClient`,
    {
      preHandler: student,
      schema: {
        summary: 'The student follows up on their question: 待回复 again (closed: 409 该提问已关闭)',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: postBody,
        response: { 200: envelope(detailSchema) },
      },
    },
    async (request) => {
      const { id, content, images } = request.body
      await app.db.transaction((tx) =>
        postOnQuestion({ db: tx, storage: app.storage, author: { kind: 'student', studentId: request.studentId }, id, content, images }),
      )
      return ok(await questionForStudent({ db: app.db, secret, studentId: request.studentId, id }))
    },
  )

  app.put(
    `${base}/closeForClient`,
    {
      preHandler: student,
      schema: {
        summary: 'The student closes their question (no more posts); closing a closed one changes nothing',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: idBody,
        response: { 200: envelope(detailSchema) },
      },
    },
    async (request) => {
      const { id } = request.body
      await app.db.transaction((tx) => closeQuestion({ db: tx, by: { kind: 'student', studentId: request.studentId }, id }))
      return ok(await questionForStudent({ db: app.db, secret, studentId: request.studentId, id }))
    },
  )

  app.put(
    `${base}/readForClient`,
    {
      preHandler: student,
      schema: {
        summary: "The student read their question's thread: no unread replies left",
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: idBody,
        response: { 200: envelope(readSchema) },
      },
    },
    async (request) => ok(await readQuestion({ db: app.db, studentId: request.studentId, id: request.body.id })),
  )

  app.get(
    `${base}/unreadCountForClient`,
    {
      preHandler: student,
      schema: {
        summary: "How many of the student's questions hold a teacher's reply they have not read (home's badge)",
        security: studentSecurity,
        response: { 200: envelope(countSchema) },
      },
    },
    async (request) => ok({ count: await unreadQuestionCount({ db: app.db, studentId: request.studentId }) }),
  )

  // ---- the office ----

  app.get(
    `${base}/list`,
    {
      preHandler: reader,
      schema: {
        summary:
          'Operator: the questions queue, those waiting for a reply first (the longest waiting first), by status, course, closed and keyword',
        security,
        querystring: consoleListQuery,
        response: { 200: envelope(pageOf(consoleItemSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await listConsoleQuestions({ db: app.db, filter, page, size })
      return ok({ list: rows.map(toConsoleItem), total, page, size })
    },
  )

  app.get(
    `${base}/detail`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: one question with its thread and its student',
        security,
        querystring: idQuery,
        response: { 200: envelope(consoleDetailSchema) },
      },
    },
    async (request) => ok(await questionForConsole({ db: app.db, secret, id: request.query.id })),
  )

  app.post(
    `${base}/uploadForTeacher`,
    {
      preHandler: teacher,
      schema: {
        summary: '管理员, 招生老师: upload a picture for an answer (multipart `file`: png/jpeg/webp, at most 5 MB)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadSchema) },
      },
    },
    async (request) => ok(await storeQuestionImage({ app, request, author: { kind: 'teacher', adminId: request.admin.id } })),
  )

  app.post(
    `${base}/answerForTeacher`,
    {
      preHandler: teacher,
      schema: {
        summary:
          '管理员, 招生老师: answer a question: 已回复, one more unread reply for the student and their message (答疑回复) in one transaction (closed: 409)',
        security,
        consumes: FORM_CONSUMES,
        body: postBody,
        response: { 200: envelope(consoleDetailSchema) },
      },
    },
    async (request) => {
      const { id, content, images } = request.body
      await audited({
        app,
        request,
        run: (tx) =>
          postOnQuestion({ db: tx, storage: app.storage, author: { kind: 'teacher', adminId: request.admin.id }, id, content, images }),
        describe: (q) => ({
          action: 'studentQuestion.answer',
          entityType: 'studentQuestion',
          entityId: q.id,
          summary: `回复答疑「${q.title}」`,
          after: { content: content.slice(0, 200), images: images?.length ?? 0 },
        }),
      })
      return ok(await questionForConsole({ db: app.db, secret, id }))
    },
  )

  app.put(
    `${base}/closeForTeacher`,
    {
      preHandler: teacher,
      schema: {
        summary: '管理员, 招生老师: close a question (no more posts); closing a closed one changes nothing',
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
        run: (tx) => closeQuestion({ db: tx, by: { kind: 'teacher', adminId: request.admin.id }, id }),
        describe: (q) => ({
          action: 'studentQuestion.close',
          entityType: 'studentQuestion',
          entityId: q.id,
          summary: `关闭答疑「${q.title}」`,
        }),
      })
      return ok(await questionForConsole({ db: app.db, secret, id }))
    },
  )

  app.put(
    `${base}/batchUpdateStatus`,
    {
      preHandler: teacher,
      schema: {
        summary: '管理员, 招生老师: close several questions at once (closed: true); answers how many were closed now',
        security,
        consumes: FORM_CONSUMES,
        body: batchCloseBody,
        response: { 200: envelope(batchSchema) },
      },
    },
    async (request) => {
      const closed = await audited({
        app,
        request,
        run: (tx) => closeQuestions({ db: tx, ids: request.body.ids }),
        describe: (rows) => ({
          action: 'studentQuestion.close',
          entityType: 'studentQuestion',
          entityId:
            rows
              .map((r) => r.id)
              .join(',')
              .slice(0, 200) || '-',
          summary: `批量关闭答疑${rows.length}条${rows.length ? `：${rows.map((r) => `「${r.title}」`).join('')}` : ''}`,
          after: { ids: rows.map((r) => r.id) },
        }),
      })
      return ok({ updated: closed.length })
    },
  )
}
