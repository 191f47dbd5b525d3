import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { coursesAdminRoutes } from './courses.admin.routes.ts'
import {
  catalogueQuery,
  clientCategorySchema,
  collectedSchema,
  courseCardSchema,
  courseDetailSchema,
  courseIdBody,
  courseIdQuery,
  idQuery,
  joinSchema,
  pageQuery,
} from './courses.schemas.ts'
import {
  catalogue,
  type CourseInUse,
  clientCategories,
  collectCourse,
  courseDetail,
  favouriteCourses,
  joinCourse,
  recordCourseClick,
  removeFavourite,
  type SectionsWithProgress,
  toCourseCard,
} from './courses.service.ts'
import { coursesUploadRoutes } from './courses.upload.ts'

/**
 * Courses: the student's catalogue, a course's page, joining (free, or an order to pay),
 * favourites and views; the office's categories, courses, chapters, sections, uploads, live
 * sessions and grants (courses.admin.routes.ts, courses.upload.ts).
 */
export const coursesRoutes: FastifyPluginAsyncZod<{ sectionsWithProgress: SectionsWithProgress; courseInUse: CourseInUse }> = async (
  app,
  { sectionsWithProgress, courseInUse },
) => {
  const security = [{ studentSession: [] }]
  const student = app.requireStudent

  app.get(
    '/api/bms/cont/continueCourse/listForClient',
    {
      preHandler: student,
      schema: {
        summary: 'The catalogue: listed courses by first-level category (parentId), category, type and title; catalogue order, then newest',
        security,
        querystring: catalogueQuery,
        response: { 200: envelope(pageOf(courseCardSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      const { rows, total } = await catalogue({ db: app.db, studentId: request.studentId, filter, page, size })
      return ok({ list: rows.map(toCourseCard), total, page, size })
    },
  )

  app.get(
    '/api/bms/cont/continueCourse/detailsForClient',
    {
      preHandler: student,
      schema: {
        summary:
          "A course's page: chapters and sections (locked unless joined or 试看), progress, last section, my order still to pay; a 下架 course only for its students (else 404)",
        security,
        querystring: idQuery,
        response: { 200: envelope(courseDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await courseDetail({
          db: app.db,
          studentId: request.studentId,
          accountId: request.accountId,
          id: request.query.id,
          sectionsWithProgress,
        }),
      ),
  )

  app.get(
    '/api/bms/cont/continueConfig/courseCategoryForClient',
    {
      preHandler: student,
      schema: {
        summary:
          'The enabled course categories: first level (tabs) with their second level (chips), in order; courses hang on the second level',
        security,
        response: { 200: envelope(z.array(clientCategorySchema)) },
      },
    },
    async () => ok(await clientCategories({ db: app.db })),
  )

  app.post(
    '/api/sms/study/join/join',
    {
      preHandler: student,
      schema: {
        summary:
          '加入/购买: joined already or free -> {joined:true}; a paid course -> my order for it (reused while unpaid) to pay at pages/main/pay?id=; only the verified pay notification enrols (购买)',
        security,
        consumes: FORM_CONSUMES,
        body: courseIdBody,
        response: { 200: envelope(joinSchema) },
      },
    },
    async (request) =>
      ok(await joinCourse({ db: app.db, studentId: request.studentId, accountId: request.accountId, courseId: request.body.courseId })),
  )

  app.post(
    '/api/sms/study/collect',
    {
      preHandler: student,
      schema: {
        summary: '收藏 a course (again: nothing changes)',
        security,
        consumes: FORM_CONSUMES,
        body: courseIdBody,
        response: { 200: envelope(collectedSchema) },
      },
    },
    async (request) => ok(await collectCourse({ db: app.db, studentId: request.studentId, courseId: request.body.courseId })),
  )

  app.delete(
    '/api/sms/study/collect',
    {
      preHandler: student,
      schema: {
        summary: '取消收藏 (not collected: nothing changes)',
        security,
        querystring: courseIdQuery,
        response: { 200: envelope(collectedSchema) },
      },
    },
    async (request) => {
      await removeFavourite({ db: app.db, studentId: request.studentId, courseId: request.query.courseId })
      return ok({ collected: false })
    },
  )

  app.get(
    '/api/sms/study/collect/listForClient',
    {
      preHandler: student,
      schema: {
        summary: 'My favourite courses (those I may still see), newest favourite first',
        security,
        querystring: pageQuery,
        response: { 200: envelope(pageOf(courseCardSchema)) },
      },
    },
    async (request) => {
      const { page, size } = request.query
      const { rows, total } = await favouriteCourses({ db: app.db, studentId: request.studentId, page, size })
      return ok({ list: rows.map(toCourseCard), total, page, size })
    },
  )

  app.post(
    '/api/sms/study/courseClick',
    {
      preHandler: student,
      schema: {
        summary: "A view of a course's page, counted for the office at most once per student, course and day",
        security,
        consumes: FORM_CONSUMES,
        body: courseIdBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await recordCourseClick({ db: app.db, studentId: request.studentId, courseId: request.body.courseId })
      return ok(null)
    },
  )

  await app.register(coursesAdminRoutes, { courseInUse })
  await app.register(coursesUploadRoutes)
}
