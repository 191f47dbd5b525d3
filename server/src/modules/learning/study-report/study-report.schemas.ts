import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, optionalText, wireEnum } from '../../../lib/fields.ts'
import { phoneOut } from '../../../lib/sensitive.ts'
import { ENROLMENT_SOURCES } from '../../../wire.ts'
import { myCourseSchema } from '../study/index.ts'

const isoOrNull = z.string().nullable()

// ---- the student's 学习报告 ----

export const reportQuery = z.object({ courseId: idField })

export const studyReportSchema = z.object({
  courseId: z.number().int(),
  courseTitle: z.string(),
  exercise: z.object({
    done: z.number().int(),
    total: z.number().int(),
    right: z.number().int(),
    accuracy: z.number().int().describe('0..100, of objective answers'),
  }),
  chapters: z.array(
    z.object({
      id: z.number().int().nullable(),
      title: z.string(),
      done: z.number().int(),
      total: z.number().int(),
      accuracy: z.number().int(),
    }),
  ),
  exams: z.array(
    z.object({
      attemptId: z.number().int(),
      paperTitle: z.string(),
      closedAt: isoOrNull,
      score: z.number().int(),
      totalScore: z.number().int(),
    }),
  ),
  studyTime: z.object({
    total: z.number().int().describe("seconds: the student's study time over all courses"),
    course: z.number().int().describe("seconds: this course's watched time (its sections' credited time)"),
    days: z.array(z.object({ day: z.string(), seconds: z.number().int() })).describe('the last 30 days, oldest first'),
  }),
  wrongCount: z.number().int(),
})

// ---- the office's reports ----

export const courseReportQuery = z.object({
  courseId: idField,
  keyword: optionalText(40).describe('part of the name, phone or student number'),
  ...pagingQuery,
})
export const courseReportExportQuery = z.object({ courseId: idField })
export const studentReportQuery = z.object({ studentId: idField })

export const courseReportItemSchema = z.object({
  studentId: z.number().int(),
  name: z.string(),
  phone: phoneOut().describe('masked: 139****0000'),
  studentNo: z.string().nullable(),
  source: wireEnum(ENROLMENT_SOURCES),
  finished: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  watched: z.number().describe('seconds watched on the course'),
  lastStudiedAt: z.string().nullable(),
  joinedAt: z.string(),
})

export const studentReportSchema = z.object({
  student: z.object({ id: z.number().int(), name: z.string(), studentNo: z.string().nullable() }),
  courses: z.array(
    myCourseSchema.extend({
      watched: z.number().describe('seconds'),
      sections: z.array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          watched: z.number(),
          duration: z.number(),
          finished: z.boolean(),
          position: z.number(),
        }),
      ),
    }),
  ),
  days: z.array(z.object({ day: z.string(), seconds: z.number() })).describe('the last 30 days, oldest first'),
  live: z.array(z.object({ id: z.number().int(), title: z.string(), startsAt: z.string(), watched: z.number(), attended: z.boolean() })),
})
