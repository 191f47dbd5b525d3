import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { admins } from '../../platform/admins/admins.table.ts'
import { courseSections, courses } from '../courses/courses.table.ts'
import { students } from '../../roll/students/students.table.ts'

/**
 * A student's question to the teachers (答疑) about a course or one of its sections: 待回复 until
 * a teacher answers (已回复), 待回复 again on the student's follow-up; closed by the student or a
 * teacher. `student_unread` counts the teacher's posts the student has not read.
 */
export const studentQuestions = pgTable(
  'student_questions',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').references(() => courseSections.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** ReplyStatus label. */
    status: text('status').notNull(),
    studentUnread: integer('student_unread').notNull().default(0),
    closedAt: ts('closed_at'),
    /** 'student' | 'teacher' */
    closedBy: text('closed_by'),
    lastPostAt: ts('last_post_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('student_questions_queue_idx').on(t.status, t.lastPostAt),
    index('student_questions_student_idx').on(t.studentId, t.lastPostAt),
    index('student_questions_unread_idx')
      .on(t.studentId)
      .where(sql`${t.studentUnread} > 0`),
  ],
)

/** One post of a question's thread: the question itself, a follow-up, or a teacher's answer; text and image keys. */
export const studentQuestionPosts = pgTable(
  'student_question_posts',
  {
    id: id(),
    questionId: integer('question_id')
      .notNull()
      .references(() => studentQuestions.id, { onDelete: 'cascade' }),
    /** 'student' | 'teacher' */
    author: text('author').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    images: jsonb('images')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('student_question_posts_thread_idx').on(t.questionId, t.id)],
)
