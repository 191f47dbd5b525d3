import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import {
  addedSchema,
  courseQuery,
  exerciseChaptersSchema,
  exerciseDetailQuery,
  exerciseListQuery,
  exerciseListSchema,
  exerciseQuestionSchema,
  handBody,
  handResultSchema,
  questionIdBody,
  questionIdQuery,
  redoExerciseBody,
  redoExerciseSchema,
  removedSchema,
  wrongDetailSchema,
  wrongItemSchema,
  wrongListQuery,
  wrongRedoBody,
  wrongRedoSchema,
  wrongSummarySchema,
} from './practice.schemas.ts'
import {
  addForSelf,
  exerciseChapters,
  exerciseList,
  exerciseQuestion,
  handSubject,
  redoExercise,
  redoWrong,
  removeWrong,
  wrongDetail,
  wrongList,
  type Withheld,
  wrongSummary,
} from './practice.service.ts'

/**
 * The student's practice (contract 24, client calls 1-11): chapter exercises over the bank of a
 * joined course, and the wrong-answer book. Every call is the signed-in student's own. `withheld`
 * (the exams module's withheldQuestions): the questions whose answers, analyses and verdicts the
 * student may not see now.
 */
export const practiceRoutes: FastifyPluginAsyncZod<{ withheld: Withheld }> = async (app, { withheld }) => {
  const exercise = '/api/sms/study/studentExercise'
  const subject = '/api/sms/study/studentSubject'
  const wrong = '/api/sms/study/studentWrongSubject'
  const security = [{ studentSession: [] }]
  const preHandler = app.requireStudent

  app.get(
    `${exercise}/chaptersForClient`,
    {
      preHandler,
      schema: {
        summary:
          "A joined course's exercise chapters (those with questions, course order; 未分章 last): questions, done, right, per difficulty",
        security,
        querystring: courseQuery,
        response: { 200: envelope(exerciseChaptersSchema) },
      },
    },
    async (request) => ok(await exerciseChapters({ db: app.db, studentId: request.studentId, courseId: request.query.courseId })),
  )

  app.get(
    `${exercise}/listForClient`,
    {
      preHandler,
      schema: {
        summary: "A joined course's questions in the bank's order (chapter, id), with my last answer's result (the answer card)",
        security,
        querystring: exerciseListQuery,
        response: { 200: envelope(exerciseListSchema) },
      },
    },
    async (request) => ok(await exerciseList({ db: app.db, studentId: request.studentId, ...request.query, withheld })),
  )

  app.get(
    `${exercise}/detailsForClient`,
    {
      preHandler,
      schema: {
        summary:
          'One exercise question; the right answer and analysis only once I answered it (mine), and not while withheld (an exam I can still sit, or an open attempt, holds it)',
        security,
        querystring: exerciseDetailQuery,
        response: { 200: envelope(exerciseQuestionSchema) },
      },
    },
    async (request) => ok(await exerciseQuestion({ db: app.db, studentId: request.studentId, ...request.query, withheld })),
  )

  app.post(
    `${subject}/handSubject`,
    {
      preHandler,
      schema: {
        summary:
          'Answer an exercise question: right/wrong (简答题: null, compare with the reference), the answer and analysis; wrong or unanswered objective ones go in the wrong-answer book. Withheld (an exam I can still sit, or an open attempt, holds it): recorded unjudged, no verdict, answer or analysis',
        security,
        consumes: FORM_CONSUMES,
        body: handBody,
        response: { 200: envelope(handResultSchema) },
      },
    },
    async (request) => ok(await handSubject({ db: app.db, studentId: request.studentId, ...request.body, withheld })),
  )

  app.put(
    `${exercise}/redo`,
    {
      preHandler,
      schema: {
        summary: "Practise a chapter again: clears my answers of its questions (the wrong-answer book's counts stay)",
        security,
        consumes: FORM_CONSUMES,
        body: redoExerciseBody,
        response: { 200: envelope(redoExerciseSchema) },
      },
    },
    async (request) =>
      ok(
        await redoExercise({
          db: app.db,
          studentId: request.studentId,
          courseId: request.body.courseId,
          chapterId: request.body.chapterId ?? null,
        }),
      ),
  )

  app.get(
    `${wrong}/list`,
    {
      preHandler,
      schema: {
        summary: 'My wrong-answer book (questions of my courses not yet mastered or removed), most recently wrong first',
        security,
        querystring: wrongListQuery,
        response: { 200: envelope(pageOf(wrongItemSchema)) },
      },
    },
    async (request) => ok(await wrongList({ db: app.db, studentId: request.studentId, ...request.query })),
  )

  app.get(
    `${wrong}/summaryForClient`,
    {
      preHandler,
      schema: {
        summary: 'My wrong-answer book in numbers: in the book, per course, per type, and mastered',
        security,
        response: { 200: envelope(wrongSummarySchema) },
      },
    },
    async (request) => ok(await wrongSummary({ db: app.db, studentId: request.studentId })),
  )

  app.get(
    `${wrong}/detailsForClient`,
    {
      preHandler,
      schema: {
        summary: 'A question of my wrong-answer book to redo (no answer)',
        security,
        querystring: questionIdQuery,
        response: { 200: envelope(wrongDetailSchema) },
      },
    },
    async (request) => ok(await wrongDetail({ db: app.db, studentId: request.studentId, questionId: request.query.questionId })),
  )

  app.post(
    `${wrong}/redo`,
    {
      preHandler,
      schema: {
        summary:
          'Redo a question of my book: right -> streak + 1 (mastered, out of the book, at 2 in a row); wrong -> wrong count + 1, streak 0. 简答题: selfCorrect. Withheld (an exam I can still sit, or an open attempt, holds it): 409',
        security,
        consumes: FORM_CONSUMES,
        body: wrongRedoBody,
        response: { 200: envelope(wrongRedoSchema) },
      },
    },
    async (request) => ok(await redoWrong({ db: app.db, studentId: request.studentId, ...request.body, withheld })),
  )

  app.post(
    `${wrong}/addForSelf`,
    {
      preHandler,
      schema: {
        summary: 'Put a question of a joined course in my wrong-answer book (手动添加 when new; a mastered or removed one comes back)',
        security,
        consumes: FORM_CONSUMES,
        body: questionIdBody,
        response: { 200: envelope(addedSchema) },
      },
    },
    async (request) => ok(await addForSelf({ db: app.db, studentId: request.studentId, questionId: request.body.questionId })),
  )

  app.delete(
    `${wrong}/removal`,
    {
      preHandler,
      schema: {
        summary: 'Take a question out of my wrong-answer book',
        security,
        querystring: questionIdQuery,
        response: { 200: envelope(removedSchema) },
      },
    },
    async (request) => ok(await removeWrong({ db: app.db, studentId: request.studentId, questionId: request.query.questionId })),
  )
}
