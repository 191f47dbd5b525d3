import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { AttemptClose } from '../../../wire.ts'
import {
  attemptBody,
  attemptIdQuery,
  attemptResultSchema,
  attemptSheetSchema,
  attemptViewSchema,
  clientListQuery,
  idQuery,
  paperCardSchema,
  paperDetailSchema,
  paperIdQuery,
  saveAnswerBody,
  savedSchema,
  scoreItemSchema,
  scoreQuery,
  startBody,
} from './exams.schemas.ts'
import {
  attemptScore,
  listPapers,
  paperDetails,
  saveAnswer,
  startAttempt,
  studentScores,
  submitAttempt,
  type OnExamPassed,
  viewAttempt,
} from './exams.service.ts'

/**
 * The student's papers (contract 24, client calls 12-21): mock papers and exams of their courses,
 * attempts owned by the server (ends_at fixed at the start, answers saved before it on the
 * database's clock, scored at closing), and scores (the study report is the study-report module's). While an attempt is 答题中
 * nothing of its answers or results leaves. Another student's attempt: 404.
 */
export const examsRoutes: FastifyPluginAsyncZod<{ onPassed: OnExamPassed }> = async (app, { onPassed }) => {
  const exam = '/api/sms/study/studentExam'
  const subject = '/api/sms/study/studentSubject'
  const security = [{ studentSession: [] }]
  const student = app.requireStudent

  app.get(
    `${exam}/listForClient`,
    {
      preHandler: student,
      schema: {
        summary: "The published papers of the student's courses, with where the student stands on each (state, attempts, best score)",
        security,
        querystring: clientListQuery,
        response: { 200: envelope(z.array(paperCardSchema)) },
      },
    },
    async (request) => ok(await listPapers({ db: app.db, studentId: request.studentId, ...request.query, onPassed })),
  )

  app.get(
    `${exam}/detailsForClient`,
    {
      preHandler: student,
      schema: {
        summary: "A paper's card, its intro and the student's attempts at it",
        security,
        querystring: paperIdQuery,
        response: { 200: envelope(paperDetailSchema) },
      },
    },
    async (request) => ok(await paperDetails({ db: app.db, studentId: request.studentId, paperId: request.query.paperId, onPassed })),
  )

  app.post(
    `${exam}/start`,
    {
      preHandler: student,
      schema: {
        summary:
          '开始答题: resumes the open attempt, or starts one (422 考试尚未开始 / 考试已结束 / 作答次数已用完; a random paper draws now: 422 题库题目不足). The sheet: no answers',
        security,
        consumes: FORM_CONSUMES,
        body: startBody,
        response: { 200: envelope(attemptSheetSchema) },
      },
    },
    async (request) => ok(await startAttempt({ db: app.db, studentId: request.studentId, paperId: request.body.paperId, onPassed })),
  )

  app.get(
    `${exam}/attemptForClient`,
    {
      preHandler: student,
      schema: {
        summary: 'An attempt: the sheet while 答题中 (no answers), the result once closed; an overdue one is closed first',
        security,
        querystring: idQuery,
        response: { 200: envelope(attemptViewSchema) },
      },
    },
    async (request) => ok(await viewAttempt({ db: app.db, studentId: request.studentId, attemptId: request.query.id, onPassed })),
  )

  const saveOptions = (summary: string) => ({
    preHandler: student,
    schema: { summary, security, consumes: FORM_CONSUMES, body: saveAnswerBody, response: { 200: envelope(savedSchema) } },
  })
  const save = async (request: { studentId: number; body: z.infer<typeof saveAnswerBody> }) =>
    ok(await saveAnswer({ db: app.db, studentId: request.studentId, ...request.body }))
  app.put(
    `${exam}/saveAnswer`,
    saveOptions("Saves one answer while 答题中 and before endsAt on the server's clock (else 409 考试已结束，答案未保存)"),
    save,
  )
  app.put('/api/ems/examination/online/answerForClient', saveOptions('The same call as studentExam/saveAnswer (its older address)'), save)

  app.put(
    `${exam}/overPaper`,
    {
      preHandler: student,
      schema: {
        summary: '交卷: closes and scores the attempt; two at once score once and answer the same result',
        security,
        consumes: FORM_CONSUMES,
        body: attemptBody,
        response: { 200: envelope(attemptResultSchema) },
      },
    },
    async (request) =>
      ok(
        await submitAttempt({
          db: app.db,
          studentId: request.studentId,
          attemptId: request.body.attemptId,
          reason: AttemptClose.submitted,
          onPassed,
        }),
      ),
  )

  app.put(
    `${exam}/refusePaper`,
    {
      preHandler: student,
      schema: {
        summary: '放弃作答: closes the attempt as 已放弃 with score 0 (it counts as an attempt; the wrong-answer book is not fed)',
        security,
        consumes: FORM_CONSUMES,
        body: attemptBody,
        response: { 200: envelope(attemptResultSchema) },
      },
    },
    async (request) =>
      ok(
        await submitAttempt({
          db: app.db,
          studentId: request.studentId,
          attemptId: request.body.attemptId,
          reason: AttemptClose.abandoned,
          onPassed,
        }),
      ),
  )

  app.get(
    `${exam}/refreshScore`,
    {
      preHandler: student,
      schema: {
        summary: "A closed attempt's result with its current score (final once marked); still open: 409",
        security,
        querystring: attemptIdQuery,
        response: { 200: envelope(attemptResultSchema) },
      },
    },
    async (request) => ok(await attemptScore({ db: app.db, studentId: request.studentId, attemptId: request.query.attemptId, onPassed })),
  )

  app.get(
    `${subject}/studentScore`,
    {
      preHandler: student,
      schema: {
        summary: "The student's closed attempts, newest first (score null while marking)",
        security,
        querystring: scoreQuery,
        response: { 200: envelope(z.array(scoreItemSchema)) },
      },
    },
    async (request) => ok(await studentScores({ db: app.db, studentId: request.studentId, courseId: request.query.courseId, onPassed })),
  )
}
