import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { audited } from '../../platform/index.ts'
import { grantBody, grantSchema, revokeQuery } from './courses.schemas.ts'
import { grantCourse, revokeGrant } from './courses.service.ts'

/** The office's course grants (学校开通) and their withdrawal: every role reads, 管理员 writes; every write is in the audit log. */
export const coursesAdminGrantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ adminSession: [] }]
  const writer = app.requireAdmin('courses.edit')

  app.post(
    '/api/sms/study/join/batchJoinOnlineCourse',
    {
      preHandler: writer,
      schema: {
        summary:
          '管理员: 学校开通 a course to students (ids, and/or every student of a school/major/level/batch), in one statement; those who have it keep theirs',
        security,
        consumes: FORM_CONSUMES,
        body: grantBody,
        response: { 200: envelope(grantSchema) },
      },
    },
    async (request) => {
      const { courseId, ...target } = request.body
      const { granted, already } = await audited({
        app,
        request,
        run: (tx) => grantCourse({ db: tx, courseId, target, adminId: request.admin.id }),
        describe: (r) => ({
          action: 'course.grant',
          entityType: 'course',
          entityId: courseId,
          summary: `开通课程「${r.course.title}」给${r.granted}名学员${r.already ? `（${r.already}名已有）` : ''}`,
          after: { granted: r.granted, already: r.already },
        }),
      })
      return ok({ granted, already })
    },
  )

  app.delete(
    '/api/sms/study/join',
    {
      preHandler: writer,
      schema: {
        summary: '管理员: withdraw a course the school granted a student (a bought or free one: 422)',
        security,
        querystring: revokeQuery,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => revokeGrant({ db: tx, ...request.query }),
        describe: (e) => ({
          action: 'course.revoke',
          entityType: 'course',
          entityId: e.courseId,
          summary: `撤销学员（编号${e.studentId}）的开通课程（编号${e.courseId}）`,
          before: { source: e.source },
        }),
      })
      return ok(null)
    },
  )
}
