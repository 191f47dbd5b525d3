import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { PaperKind, PaperStatus, PaperUse, QuestionType } from '../../../wire.ts'
import { COURSES_DEMO, coursesView } from '../courses/index.ts'
import { questionsView } from '../question-bank/index.ts'
import { changePaperStatus, createPaper, setPaperQuestions, setPaperRules } from './exams.admin.ts'
import { papers } from './exams.table.ts'

export const EXAMS_DEMO = {
  mathsMock: '高等数学（一）模拟试卷',
  englishMock: '大学英语（专升本）随机模拟卷',
  mathsExam: '高等数学（一）期中考试',
}

const DAY_MS = 86_400_000

/**
 * Demo papers (after the question bank's demo; nothing when the demo courses' banks are empty):
 * 「高等数学（一）模拟试卷」 (fixed, 10 min, 3 attempts, objective questions and one 简答题), a random
 * mock paper of 大学英语 drawn by rules from what its bank holds, and an exam of 高等数学 open for a
 * window (from yesterday to 30 days ahead, one attempt). All published. Idempotent by title.
 * The exam holds none of the mock paper's questions: until a student has sat it, its questions show
 * no answer anywhere else (withheldQuestions), so the mock paper and the first chapter's practice
 * stay open to them; its 判断题 are left out too, so every chapter keeps some to practise.
 */
export async function seedExamsDemo({ db, now = new Date() }: { db: Executor; now?: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const course = async (title: string) => (await tx.select().from(coursesView).where(eq(coursesView.title, title)).limit(1))[0]
    const bankOf = (courseId: number) =>
      tx
        .select()
        .from(questionsView)
        .where(and(eq(questionsView.courseId, courseId), isNull(questionsView.deletedAt)))
        .orderBy(asc(questionsView.chapterId), asc(questionsView.id))
    const exists = async (title: string) =>
      (await tx.select({ id: papers.id }).from(papers).where(eq(papers.title, title)).limit(1)).length > 0
    const base = { intro: '', shuffleQuestions: false, shuffleOptions: false, showRank: true, opensAt: undefined, closesAt: undefined }
    let made = 0

    const maths = await course(COURSES_DEMO.maths)
    const mathsBank = maths ? await bankOf(maths.id) : []
    const objective = mathsBank.filter((q) => q.type !== QuestionType.short)
    const short = mathsBank.find((q) => q.type === QuestionType.short)
    const mockPicked = objective.slice(0, 9)
    const examPicked = objective.filter((q) => !mockPicked.includes(q) && q.type !== QuestionType.judge).slice(0, 10)
    if (maths && objective.length > 0 && !(await exists(EXAMS_DEMO.mathsMock))) {
      const picked = [...mockPicked, ...(short ? [short] : [])]
      const paper = await createPaper({
        db: tx,
        adminId: null,
        input: {
          ...base,
          courseId: maths.id,
          title: EXAMS_DEMO.mathsMock,
          use: PaperUse.mock,
          kind: PaperKind.fixed,
          intro: '10分钟小测：客观题交卷即出分，简答题由老师阅卷后公布成绩。',
          durationMinutes: 10,
          maxAttempts: 3,
          passScore: 0,
          shuffleOptions: true,
        },
      })
      await setPaperQuestions({
        db: tx,
        paperId: paper.id,
        items: picked.map((q) => ({ questionId: q.id, score: q.type === QuestionType.short ? 20 : 10 })),
      })
      const total = picked.reduce((s, q) => s + (q.type === QuestionType.short ? 20 : 10), 0)
      await tx
        .update(papers)
        .set({ passScore: Math.floor(total * 0.6) })
        .where(eq(papers.id, paper.id))
      await changePaperStatus({ db: tx, id: paper.id, status: PaperStatus.published })
      made++
    }
    if (maths && examPicked.length > 0 && !(await exists(EXAMS_DEMO.mathsExam))) {
      const picked = examPicked
      const paper = await createPaper({
        db: tx,
        adminId: null,
        input: {
          ...base,
          courseId: maths.id,
          title: EXAMS_DEMO.mathsExam,
          use: PaperUse.exam,
          kind: PaperKind.fixed,
          intro: '在考试开放时间内作答，只能作答一次。',
          durationMinutes: 60,
          opensAt: new Date(now.getTime() - DAY_MS),
          closesAt: new Date(now.getTime() + 30 * DAY_MS),
          maxAttempts: 1,
          passScore: 0,
          shuffleQuestions: true,
        },
      })
      await setPaperQuestions({ db: tx, paperId: paper.id, items: picked.map((q) => ({ questionId: q.id, score: 10 })) })
      await tx
        .update(papers)
        .set({ passScore: Math.floor(picked.length * 10 * 0.6) })
        .where(eq(papers.id, paper.id))
      await changePaperStatus({ db: tx, id: paper.id, status: PaperStatus.published })
      made++
    }

    const english = await course(COURSES_DEMO.english)
    const englishBank = english ? await bankOf(english.id) : []
    if (english && englishBank.some((q) => q.type !== QuestionType.short) && !(await exists(EXAMS_DEMO.englishMock))) {
      const wanted: Array<[QuestionType, number, number]> = [
        [QuestionType.single, 5, 10],
        [QuestionType.multiple, 2, 10],
        [QuestionType.judge, 3, 5],
        [QuestionType.fill, 2, 10],
      ]
      const rules = wanted
        .map(([type, count, score]) => ({
          chapterId: null,
          difficulty: null,
          type,
          count: Math.min(count, englishBank.filter((q) => q.type === type).length),
          score,
        }))
        .filter((r) => r.count > 0)
      const paper = await createPaper({
        db: tx,
        adminId: null,
        input: {
          ...base,
          courseId: english.id,
          title: EXAMS_DEMO.englishMock,
          use: PaperUse.mock,
          kind: PaperKind.random,
          intro: '每次作答从题库随机抽题，可反复练习。',
          durationMinutes: 30,
          maxAttempts: 0,
          passScore: 0,
          shuffleOptions: true,
        },
      })
      await setPaperRules({ db: tx, paperId: paper.id, rules })
      await changePaperStatus({ db: tx, id: paper.id, status: PaperStatus.published })
      made++
    }
    return made
  })
}
