import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { courseChapters } from '../src/modules/learning/courses/courses.table.ts'
import { papers, paperQuestions, paperRules } from '../src/modules/learning/exams/exams.table.ts'
import { questions } from '../src/modules/learning/question-bank/question-bank.table.ts'
import { Difficulty, PaperKind, PaperStatus, PaperUse, QuestionType } from '../src/wire.ts'
import { studentClient } from './fixtures.ts'
import type { Client } from './helper.ts'
import { enrol, insertCourse } from './study-fixtures.ts'

/** Bank questions, chapters and papers inserted directly (the exams tests need them, not the console's calls). */

let counter = 0
const tag = () => `${process.pid}-${++counter}`

export interface QuestionFixture {
  type?: QuestionType
  difficulty?: Difficulty
  chapterId?: number | null
  stem?: string
  options?: Array<{ key: string; text: string }>
  answer?: string[]
  analysis?: string
}

const CHOICES = (t: string) => ['A', 'B', 'C', 'D'].map((key) => ({ key, text: `${t}选项${key}内容` }))
const JUDGE = [
  { key: 'T', text: '正确' },
  { key: 'F', text: '错误' },
]

/** A bank question with unique stem, answer and analysis texts (so a leak is findable in any JSON). */
export async function insertQuestion(app: FastifyInstance, courseId: number, q: QuestionFixture = {}) {
  const t = tag()
  const type = q.type ?? QuestionType.single
  const defaults: Record<string, { options: Array<{ key: string; text: string }>; answer: string[] }> = {
    [QuestionType.single]: { options: CHOICES(t), answer: ['B'] },
    [QuestionType.multiple]: { options: CHOICES(t), answer: ['A', 'C'] },
    [QuestionType.judge]: { options: JUDGE, answer: ['T'] },
    [QuestionType.fill]: { options: [], answer: [`填空答案甲${t}|备选${t}`, `填空答案乙${t}`] },
    [QuestionType.short]: { options: [], answer: [`参考答案${t}`] },
  }
  const [row] = await app.db
    .insert(questions)
    .values({
      courseId,
      chapterId: q.chapterId ?? null,
      type,
      difficulty: q.difficulty ?? Difficulty.general,
      stem: q.stem ?? `题干${t}`,
      options: q.options ?? defaults[type]!.options,
      answer: q.answer ?? defaults[type]!.answer,
      analysis: q.analysis ?? `解析文字${t}`,
    })
    .returning()
  return row!
}

export async function insertChapter(app: FastifyInstance, courseId: number, title = `第${tag()}章`) {
  const [row] = await app.db.insert(courseChapters).values({ courseId, title }).returning()
  return row!
}

export interface PaperFixture {
  title?: string
  use?: PaperUse
  kind?: PaperKind
  status?: PaperStatus
  durationMinutes?: number
  opensAt?: Date | null
  closesAt?: Date | null
  maxAttempts?: number
  passScore?: number
  shuffleQuestions?: boolean
  shuffleOptions?: boolean
  showRank?: boolean
}

/** A published fixed paper of the given questions (score each), snapshots taken from the rows. */
export async function insertFixedPaper(
  app: FastifyInstance,
  courseId: number,
  items: Array<{ question: typeof questions.$inferSelect; score: number }>,
  p: PaperFixture = {},
) {
  const [paper] = await app.db
    .insert(papers)
    .values({
      courseId,
      title: p.title ?? `试卷${tag()}`,
      use: p.use ?? PaperUse.mock,
      kind: PaperKind.fixed,
      status: p.status ?? PaperStatus.published,
      durationMinutes: p.durationMinutes ?? 10,
      opensAt: p.opensAt ?? null,
      closesAt: p.closesAt ?? null,
      maxAttempts: p.maxAttempts ?? 3,
      passScore: p.passScore ?? 0,
      shuffleQuestions: p.shuffleQuestions ?? false,
      shuffleOptions: p.shuffleOptions ?? false,
      showRank: p.showRank ?? false,
      publishedAt: new Date(),
    })
    .returning()
  if (items.length > 0)
    await app.db.insert(paperQuestions).values(
      items.map(({ question: q, score }, sort) => ({
        paperId: paper!.id,
        questionId: q.id,
        sort,
        score,
        snapshot: { type: q.type, difficulty: q.difficulty, stem: q.stem, options: q.options, answer: q.answer, analysis: q.analysis },
      })),
    )
  return paper!
}

/** A published random paper with rules. */
export async function insertRandomPaper(
  app: FastifyInstance,
  courseId: number,
  rules: Array<{ chapterId?: number | null; type: QuestionType; difficulty?: Difficulty | null; count: number; score: number }>,
  p: PaperFixture = {},
) {
  const [paper] = await app.db
    .insert(papers)
    .values({
      courseId,
      title: p.title ?? `随机试卷${tag()}`,
      use: p.use ?? PaperUse.mock,
      kind: PaperKind.random,
      status: p.status ?? PaperStatus.published,
      durationMinutes: p.durationMinutes ?? 10,
      maxAttempts: p.maxAttempts ?? 0,
      publishedAt: new Date(),
    })
    .returning()
  await app.db.insert(paperRules).values(
    rules.map((r, sort) => ({
      paperId: paper!.id,
      sort,
      chapterId: r.chapterId ?? null,
      type: r.type,
      difficulty: r.difficulty ?? null,
      count: r.count,
      score: r.score,
    })),
  )
  return paper!
}

export async function setPaper(app: FastifyInstance, id: number, values: Partial<typeof papers.$inferInsert>) {
  await app.db.update(papers).set(values).where(eq(papers.id, id))
}

// ---- issue 37 hole 1: an exam's answers leaking through practice while it can be sat ----

const DAY_MS = 86_400_000
const exam = '/api/sms/study/studentExam'
const subject = '/api/sms/study/studentSubject'
const wrong = '/api/sms/study/studentWrongSubject'

/**
 * The attacker's stage: a student of a course whose bank holds one question of each type; a
 * one-attempt 考试 of all of them (window from yesterday to 30 days ahead, like the demo's
 * 期中考试) and a mock paper sharing them. The single-choice question was practised before the exam
 * was published (its answer legitimately seen then), the mock attempt started then too; now the
 * exam is published and the student sits it (`examSheet`, open). `secrets`: every answer text and
 * analysis of 4 characters or more (choice keys are single letters: look for them structurally).
 */
export async function examLeakScene(app: FastifyInstance) {
  const { student, client } = await studentClient(app)
  const { course, chapter } = await insertCourse(app)
  await enrol(app, student.id, course.id)
  const bank = {
    single: await insertQuestion(app, course.id, { type: QuestionType.single, chapterId: chapter.id }),
    multiple: await insertQuestion(app, course.id, { type: QuestionType.multiple, chapterId: chapter.id }),
    judge: await insertQuestion(app, course.id, { type: QuestionType.judge }),
    fill: await insertQuestion(app, course.id, { type: QuestionType.fill }),
    short: await insertQuestion(app, course.id, { type: QuestionType.short }),
  }
  const items = Object.values(bank).map((question) => ({ question, score: 20 }))
  const mock = await insertFixedPaper(app, course.id, items, { use: PaperUse.mock, maxAttempts: 0 })
  const examPaper = await insertFixedPaper(app, course.id, items, {
    title: '期中考试',
    use: PaperUse.exam,
    status: PaperStatus.draft,
    maxAttempts: 1,
    durationMinutes: 60,
    opensAt: new Date(Date.now() - DAY_MS),
    closesAt: new Date(Date.now() + 30 * DAY_MS),
    passScore: 60,
    shuffleQuestions: true,
  })
  const ok = async (res: Awaited<ReturnType<Client['get']>>) => {
    if (res.statusCode !== 200) throw new Error(`scene: ${res.statusCode} ${res.body}`)
    return res.json().data
  }
  await ok(await client.post(`${subject}/handSubject`, { questionId: bank.single.id, answer: '["A"]' }))
  const mockSheet = await ok(await client.post(`${exam}/start`, { paperId: mock.id }))
  await setPaper(app, examPaper.id, { status: PaperStatus.published })
  const examSheet = await ok(await client.post(`${exam}/start`, { paperId: examPaper.id }))
  const secrets = Object.values(bank)
    .flatMap((q) => [q.analysis, ...q.answer.flatMap((a) => [a, ...a.split('|')])])
    .filter((s) => s.length >= 4)
  return { app, student, client, course, chapter, bank, mock, exam: examPaper, mockAttemptId: mockSheet.id as number, examSheet, secrets }
}
export type ExamLeakScene = Awaited<ReturnType<typeof examLeakScene>>

/** The keys that carry an answer, an analysis or a verdict: null wherever a withheld question shows. */
export const ANSWER_KEYS = ['rightAnswer', 'analysis', 'correct', 'earned', 'comment'] as const

/**
 * What of the scene's answers a response body gives away: any secret text, and any answer key
 * (ANSWER_KEYS) set. Every bank question of the scene is on the exam, so none may be set. [] = none.
 */
export function leaksIn(body: string, secrets: readonly string[]): string[] {
  const found = secrets.filter((s) => body.includes(s)).map((s) => `«${s}»`)
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return found
  }
  const visit = (v: unknown, path: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${path}[${i}]`))
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if ((ANSWER_KEYS as readonly string[]).includes(k) && x !== null) found.push(`${path}.${k}=${JSON.stringify(x)}`)
        visit(x, `${path}.${k}`)
      }
  }
  visit(parsed, '$')
  return found
}

/**
 * The attacker's exact path (issue 37 hole 1), replayed on the scene while the exam is open:
 * 章节练习 handSubject of each question, the wrong-answer book's addForSelf then redo, 放弃作答
 * (refusePaper) of the mock attempt that shares the questions, a new start of that mock, the
 * exercise detail and list, and the study report. Each call's name, status and body, for
 * `leaksIn`. Nothing closes the exam attempt.
 */
export async function replayExamLeak(scene: ExamLeakScene) {
  const { client, bank, course, mock, mockAttemptId } = scene
  const calls: Array<{ name: string; status: number; body: string }> = []
  const keep = async (name: string, res: Awaited<ReturnType<Client['get']>>) => {
    calls.push({ name, status: res.statusCode, body: res.body })
    return res
  }
  for (const [type, q] of Object.entries(bank)) {
    await keep(`handSubject ${type}`, await client.post(`${subject}/handSubject`, { questionId: q.id, answer: '["A"]' }))
    await keep(`addForSelf ${type}`, await client.post(`${wrong}/addForSelf`, { questionId: q.id }))
    await keep(`redo ${type}`, await client.post(`${wrong}/redo`, { questionId: q.id, answer: '["A"]', selfCorrect: 'true' }))
    await keep(`exercise details ${type}`, await client.get('/api/sms/study/studentExercise/detailsForClient', { id: q.id }))
  }
  await keep('exercise list', await client.get('/api/sms/study/studentExercise/listForClient', { courseId: course.id }))
  await keep('refusePaper of the mock', await client.put(`${exam}/refusePaper`, { attemptId: mockAttemptId }))
  await keep('the mock again', await client.post(`${exam}/start`, { paperId: mock.id }))
  await keep('refreshScore of the mock', await client.get(`${exam}/refreshScore`, { attemptId: mockAttemptId }))
  await keep('study report', await client.get(`${subject}/studentStudyReport`, { courseId: course.id }))
  return calls
}
