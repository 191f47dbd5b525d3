import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, ok, pageOf } from '../../../lib/envelope.ts'
import { sendXlsx, timeCell } from '../../../lib/xlsx-export.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { type CourseReportRow, courseReport, courseReportRows, reportCourse, studentReport, toCourseReportItem } from '../study/index.ts'
import {
  courseReportExportQuery,
  courseReportItemSchema,
  courseReportQuery,
  reportQuery,
  studentReportQuery,
  studentReportSchema,
  studyReportSchema,
} from './study-report.schemas.ts'
import { studyReport } from './study-report.service.ts'

const duration = (s: number) => {
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return h > 0 ? `${h}小时${m}分` : `${m}分${Math.floor(s % 60)}秒`
}

/**
 * The student's 学习报告 of a joined course (a read across courses, the question bank, practice,
 * exams and study: this module sits above them).
 */
export const studyReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const subject = '/api/sms/study/studentSubject'
  const security = [{ studentSession: [] }]
  const student = app.requireStudent

  app.get(
    `${subject}/studentStudyReport`,
    {
      preHandler: student,
      schema: {
        summary: '学习报告 of a joined course: practice, exam scores over time, study time of the last 30 days, the wrong-answer book',
        security,
        querystring: reportQuery,
        response: { 200: envelope(studyReportSchema) },
      },
    },
    async (request) => ok(await studyReport({ db: app.db, studentId: request.studentId, courseId: request.query.courseId })),
  )
}

/** The office's study reports (any operator reads them): per course, per student, and a course's export. */
export const studyReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/bms/cont/studentVideo'
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin(['courses.view', 'students.view'])

  app.get(
    `${base}/courseReport`,
    {
      preHandler: reader,
      schema: {
        summary:
          "Operators: a course's students with their progress (phones masked), newest joined first, by name, phone or student number",
        security,
        querystring: courseReportQuery,
        response: { 200: envelope(pageOf(courseReportItemSchema)) },
      },
    },
    async (request) => ok(await courseReport({ db: app.db, ...request.query })),
  )

  app.get(
    `${base}/courseReportExport`,
    {
      preHandler: reader,
      schema: {
        summary: "Operators: a course's report as .xlsx (streamed, at most 100 000 rows; phones masked)",
        security,
        querystring: courseReportExportQuery,
      },
    },
    async (request, reply) => {
      const { courseId } = request.query
      const course = await reportCourse({ db: app.db, courseId })
      const item = (r: CourseReportRow) => toCourseReportItem(r, course.total)
      return sendXlsx<CourseReportRow>({
        reply,
        filename: `${course.title}-学习进度.xlsx`,
        sheetName: '学习进度',
        rows: courseReportRows({ db: app.db, courseId }),
        columns: [
          { header: '学员编号', width: 10, value: (r) => r.studentId },
          { header: '姓名', width: 12, value: (r) => r.name },
          { header: '手机号', width: 14, value: (r) => r.phone, mask: maskPhone },
          { header: '学号', width: 14, value: (r) => r.studentNo },
          { header: '开通方式', width: 10, value: (r) => r.source },
          { header: '已学完', width: 8, value: (r) => item(r).finished },
          { header: '总课节', width: 8, value: () => course.total },
          { header: '进度(%)', width: 8, value: (r) => item(r).percent },
          { header: '观看时长', width: 12, value: (r) => duration(item(r).watched) },
          { header: '最近学习', width: 17, value: (r) => timeCell(r.lastStudiedAt) },
          { header: '加入时间', width: 17, value: (r) => timeCell(r.joinedAt) },
        ],
      })
    },
  )

  app.get(
    `${base}/studentReport`,
    {
      preHandler: reader,
      schema: {
        summary:
          "Operators: one student's study: each course with its sections, study time of the last 30 days, and the live classes so far",
        security,
        querystring: studentReportQuery,
        response: { 200: envelope(studentReportSchema) },
      },
    },
    async (request) => ok(await studentReport({ db: app.db, studentId: request.query.studentId, secret: app.config.secret })),
  )
}
