import type { Executor } from '../../../db/types.ts'
import type { Storage } from '../../../gateways/storage/index.ts'
import { fileUrl } from '../../../gateways/storage/index.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { ReplyStatus } from '../../../wire.ts'
import { findEnrolment } from '../courses/index.ts'
import { recordQuestionReply } from '../../platform/index.ts'
import {
  createCourseNotJoinedError,
  createImageNotFoundError,
  createQuestionClosedError,
  createQuestionNotFoundError,
  createSectionNotInCourseError,
} from './student-questions.errors.ts'
import { createStudentQuestionsRepository, type PostRow, type QuestionCard } from './student-questions.repository.ts'

/** Who writes: the student (their own pictures only) or an operator answering. */
export type Author = { kind: 'student'; studentId: number } | { kind: 'teacher'; adminId: number }

/** The key prefix of an uploader's pictures: `s<student id>-` or `t<operator id>-` (questions/<yyyy>/<mm>/<prefix><random>.<ext>). */
export const uploaderTag = (author: Author) => (author.kind === 'student' ? `s${author.studentId}-` : `t${author.adminId}-`)

/**
 * The pictures of a post: each must be one its author uploaded (a student cannot attach, and so
 * get a signed address for, another's picture) and still be stored. Operators may attach any
 * picture of the questions area (a student's, quoted back).
 */
async function checkImages({ storage, author, images }: { storage: Pick<Storage, 'stat'>; author: Author; images: string[] }) {
  const tag = uploaderTag(author)
  for (const key of images) {
    if (author.kind === 'student' && !key.slice(key.lastIndexOf('/') + 1).startsWith(tag)) throw createImageNotFoundError()
    if (!(await storage.stat(key))) throw createImageNotFoundError()
  }
  return [...new Set(images)]
}

const signed = (secret: string, keys: string[]) => keys.map((key) => ({ key, url: fileUrl({ secret, key }) }))

function toPost(p: PostRow, secret: string) {
  return {
    id: p.id,
    author: p.author as 'student' | 'teacher',
    teacherName: p.author === 'teacher' ? (p.teacherName ?? '老师') : null,
    content: p.content,
    images: signed(secret, p.images),
    createdAt: p.createdAt.toISOString(),
  }
}

function toDetail(q: QuestionCard, posts: PostRow[], secret: string) {
  return {
    id: q.id,
    courseId: q.courseId,
    courseTitle: q.courseTitle,
    sectionId: q.sectionId,
    sectionTitle: q.sectionTitle,
    title: q.title,
    status: q.status as ReplyStatus,
    closed: q.closedAt !== null,
    closedBy: (q.closedBy as 'student' | 'teacher' | null) ?? null,
    createdAt: q.createdAt.toISOString(),
    posts: posts.map((p) => toPost(p, secret)),
  }
}

export function toClientItem(q: QuestionCard) {
  return {
    id: q.id,
    courseId: q.courseId,
    courseTitle: q.courseTitle,
    sectionTitle: q.sectionTitle,
    title: q.title,
    status: q.status as ReplyStatus,
    closed: q.closedAt !== null,
    unread: q.studentUnread,
    lastPostAt: q.lastPostAt.toISOString(),
    createdAt: q.createdAt.toISOString(),
  }
}

export function toConsoleItem(q: QuestionCard & { name: string; studentNo: string | null; posts: number }) {
  return {
    id: q.id,
    studentId: q.studentId,
    name: q.name,
    studentNo: q.studentNo,
    courseTitle: q.courseTitle,
    sectionTitle: q.sectionTitle,
    title: q.title,
    status: q.status as ReplyStatus,
    closed: q.closedAt !== null,
    lastPostAt: q.lastPostAt.toISOString(),
    createdAt: q.createdAt.toISOString(),
    posts: q.posts,
  }
}

/** The thread as its student sees it (another student's: 404). */
export async function questionForStudent({ db, secret, studentId, id }: { db: Executor; secret: string; studentId: number; id: number }) {
  const repo = createStudentQuestionsRepository({ db })
  const card = await repo.card({ id, studentId })
  if (!card) throw createQuestionNotFoundError()
  return toDetail(card, await repo.posts({ questionId: id }), secret)
}

/** The thread with its student, for the office. */
export async function questionForConsole({ db, secret, id }: { db: Executor; secret: string; id: number }) {
  const repo = createStudentQuestionsRepository({ db })
  const card = await repo.card({ id })
  if (!card) throw createQuestionNotFoundError()
  const student = (await repo.student({ id: card.studentId }))!
  return {
    ...toDetail(card, await repo.posts({ questionId: id }), secret),
    student: { id: student.id, name: student.name, studentNo: student.studentNo, phone: maskPhone(student.phone) },
  }
}

/** A student asks about a course they joined (and, optionally, one of its sections): 待回复. */
export async function askQuestion({
  db,
  storage,
  studentId,
  input,
  now = new Date(),
}: {
  db: Executor
  storage: Pick<Storage, 'stat'>
  studentId: number
  input: { courseId: number; sectionId?: number; title: string; content: string; images?: string[] }
  now?: Date
}) {
  if (!(await findEnrolment({ db, studentId, courseId: input.courseId }))) throw createCourseNotJoinedError()
  const repo = createStudentQuestionsRepository({ db })
  if (input.sectionId !== undefined && !(await repo.sectionOfCourse({ sectionId: input.sectionId, courseId: input.courseId })))
    throw createSectionNotInCourseError()
  const images = await checkImages({ storage, author: { kind: 'student', studentId }, images: input.images ?? [] })
  return db.transaction(async (tx) => {
    const r = createStudentQuestionsRepository({ db: tx })
    const question = await r.insert({
      studentId,
      courseId: input.courseId,
      sectionId: input.sectionId ?? null,
      title: input.title,
      status: ReplyStatus.pending,
      lastPostAt: now,
      createdAt: now,
      updatedAt: now,
    })
    await r.insertPost({ questionId: question.id, author: 'student', content: input.content, images, createdAt: now })
    return { id: question.id }
  })
}

/**
 * A post on a thread, in `db`'s transaction (the question locked): the student's follow-up makes
 * it 待回复 again; a teacher's answer makes it 已回复, counts one more unread reply for the student
 * and records their message (答疑回复, with its WeChat subscribe message) in the same transaction.
 * A closed question takes no post (409).
 */
export async function postOnQuestion({
  db,
  storage,
  author,
  id,
  content,
  images: keys = [],
  now = new Date(),
}: {
  db: Executor
  storage: Pick<Storage, 'stat'>
  author: Author
  id: number
  content: string
  images?: string[]
  now?: Date
}) {
  const images = await checkImages({ storage, author, images: keys })
  const repo = createStudentQuestionsRepository({ db })
  const question = await repo.lock({ id, studentId: author.kind === 'student' ? author.studentId : undefined })
  if (!question) throw createQuestionNotFoundError()
  if (question.closedAt) throw createQuestionClosedError()
  const post = await repo.insertPost({
    questionId: id,
    author: author.kind,
    adminId: author.kind === 'teacher' ? author.adminId : null,
    content,
    images,
    createdAt: now,
  })
  if (author.kind === 'student') {
    await repo.update({ id, values: { status: ReplyStatus.pending, lastPostAt: now } })
  } else {
    await repo.update({ id, values: { status: ReplyStatus.replied, lastPostAt: now, studentUnread: question.studentUnread + 1 } })
    await recordQuestionReply({ tx: db, question, postId: post.id, recipients: repo.recipient({ studentId: question.studentId }), now })
  }
  return question
}

/** Closes a question (the student's own, or any for an operator); closing a closed one changes nothing. */
export async function closeQuestion({ db, by, id, now = new Date() }: { db: Executor; by: Author; id: number; now?: Date }) {
  const repo = createStudentQuestionsRepository({ db })
  const question = await repo.lock({ id, studentId: by.kind === 'student' ? by.studentId : undefined })
  if (!question) throw createQuestionNotFoundError()
  if (!question.closedAt) await repo.update({ id, values: { closedAt: now, closedBy: by.kind } })
  return question
}

/** The student read the thread: no unread replies left. */
export async function readQuestion({ db, studentId, id }: { db: Executor; studentId: number; id: number }) {
  const repo = createStudentQuestionsRepository({ db })
  const card = await repo.card({ id, studentId })
  if (!card) throw createQuestionNotFoundError()
  if (card.studentUnread > 0) await repo.update({ id, values: { studentUnread: 0 } })
  return { unread: 0 as const }
}

type StudentQuestionsRepository = ReturnType<typeof createStudentQuestionsRepository>

/** The student's questions page. */
export async function listStudentQuestions({
  db,
  ...args
}: { db: Executor } & Parameters<StudentQuestionsRepository['listForStudent']>[0]) {
  return createStudentQuestionsRepository({ db }).listForStudent(args)
}

/** How many of the student's questions have unread replies. */
export async function unreadQuestionCount({ db, studentId }: { db: Executor; studentId: number }) {
  return createStudentQuestionsRepository({ db }).unreadCount({ studentId })
}

/** The office's questions page. */
export async function listConsoleQuestions({
  db,
  ...args
}: { db: Executor } & Parameters<StudentQuestionsRepository['listForConsole']>[0]) {
  return createStudentQuestionsRepository({ db }).listForConsole(args)
}

/** 答疑 waiting for a teacher, as the console's queue filters them (`?status=待回复&closed=false`). */
export const WAITING_QUESTIONS = { status: ReplyStatus.pending, closed: false } as const

/**
 * The questions waiting for a teacher (工作台): how many the console's queue shows with that filter
 * and its first `limit` rows, the longest waiting first (the queue's own order).
 */
export async function questionsWaiting({ db, limit }: { db: Executor; limit: number }) {
  const { rows, total } = await createStudentQuestionsRepository({ db }).listForConsole({ filter: WAITING_QUESTIONS, page: 1, size: limit })
  return {
    count: total,
    oldest: rows.map((r) => ({
      id: r.id,
      title: r.title,
      studentName: r.name,
      courseTitle: r.courseTitle,
      waitingSince: r.lastPostAt.toISOString(),
    })),
  }
}

/** Closes several questions at once; answers those closed now. */
export async function closeQuestions({ db, ids, now = new Date() }: { db: Executor; ids: number[]; now?: Date }) {
  return createStudentQuestionsRepository({ db }).closeMany({ ids, now })
}
