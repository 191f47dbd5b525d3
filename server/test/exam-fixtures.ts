import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { courseChapters } from '../src/modules/courses/index.ts'
import { papers, paperQuestions, paperRules } from '../src/modules/exams/index.ts'
import { questions } from '../src/modules/question-bank/index.ts'
import { Difficulty, PaperKind, PaperStatus, PaperUse, QuestionType } from '../src/wire.ts'

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
