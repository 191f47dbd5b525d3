import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { insertFixedPaper, insertQuestion } from '../../../../test/exam-fixtures.ts'
import { studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, type TestApp } from '../../../../test/helper.ts'
import { enrol, insertCourse } from '../../../../test/study-fixtures.ts'
import { AttemptStatus, PaperUse, QuestionType } from '../../../wire.ts'
import { attemptQuestions } from './exams.table.ts'

const HAND = '/api/sms/study/studentSubject/handSubject'
const exam = '/api/sms/study/studentExam'

/**
 * One answer rule (@activity/domain): the same answers handed in as 章节练习 and saved in an exam
 * attempt get the same verdicts, whatever their spelling. An answer the exam refuses to save (two
 * keys for a 单选题) leaves the question unanswered there: wrong, as practice finds it.
 */
describe('practice and exams judge an answer alike', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  const data = async (res: Awaited<ReturnType<Client['get']>>) => {
    assert.equal(res.statusCode, 200, res.body)
    return res.json().data
  }

  test('the same answers, the same verdicts; the exam keeps a 多选题 answer as its keys', async () => {
    const { student, client } = await studentClient(t.app)
    const { course } = await insertCourse(t.app)
    await enrol(t.app, student.id, course.id)
    // [type, the bank's answer, what the student gives, the verdict both must give]
    const cases: Array<[QuestionType, string[] | undefined, string[], boolean | null]> = [
      [QuestionType.single, ['B'], ['B'], true],
      [QuestionType.single, ['B'], [' b '], true],
      [QuestionType.single, ['B'], ['Ｂ'], true],
      [QuestionType.single, ['B'], ['A'], false],
      [QuestionType.single, ['B'], ['A', 'B'], false],
      [QuestionType.multiple, ['A', 'C'], ['C', 'A'], true],
      [QuestionType.multiple, ['A', 'C'], ['A,C'], true],
      [QuestionType.multiple, ['A', 'C'], ['AC'], true],
      [QuestionType.multiple, ['A', 'C'], ['a c'], true],
      [QuestionType.multiple, ['A', 'C'], ['ＡＣ'], true],
      [QuestionType.multiple, ['A', 'C'], ['Ａ、Ｃ'], true],
      [QuestionType.multiple, ['A', 'C'], ['A'], false],
      [QuestionType.multiple, ['A', 'C'], ['ab'], false],
      [QuestionType.judge, ['T'], ['T'], true],
      [QuestionType.judge, ['T'], ['对'], true],
      [QuestionType.judge, ['T'], ['√'], true],
      [QuestionType.judge, ['T'], ['f'], false],
      [QuestionType.fill, ['Paris|巴黎', 'x+1'], [' ＰＡＲＩＳ ', 'X＋1'], true],
      [QuestionType.fill, ['Paris|巴黎', 'x+1'], ['巴黎', 'x +1'], false],
      [QuestionType.fill, ['Paris|巴黎', 'x+1'], ['巴黎'], false],
      [QuestionType.short, undefined, ['我的作答'], null],
    ]
    const bank: Array<Awaited<ReturnType<typeof insertQuestion>>> = []
    for (const [type, answer] of cases) bank.push(await insertQuestion(t.app, course.id, { type, answer }))

    // 章节练习 first: no paper holds the questions yet, so nothing is withheld. Both as the client sends them (JSON text).
    const practice: Array<boolean | null> = []
    for (const [i, [, , given]] of cases.entries())
      practice.push((await data(await client.post(HAND, { questionId: bank[i]!.id, answer: JSON.stringify(given) }))).correct)

    // The same answers in one exam attempt (one attempt allowed: once closed, its verdicts show).
    const paper = await insertFixedPaper(
      t.app,
      course.id,
      bank.map((question) => ({ question, score: 4 })),
      { use: PaperUse.exam, maxAttempts: 1 },
    )
    const sheet = await data(await client.post(`${exam}/start`, { paperId: paper.id }))
    // The sheet names no question ids; the stems are unique.
    const byStem = new Map<string, number>(sheet.questions.map((q: { position: number; stem: string }) => [q.stem, q.position]))
    const positions = new Map(bank.map((q) => [q.id, byStem.get(q.stem)!]))
    const refused: number[] = []
    for (const [i, [, , given]] of cases.entries()) {
      const position = positions.get(bank[i]!.id)!
      const res = await client.put(`${exam}/saveAnswer`, { attemptId: sheet.id, position, answer: JSON.stringify(given) })
      if (res.statusCode !== 200) refused.push(i)
    }
    assert.deepEqual(
      refused.map((i) => cases[i]![2]),
      [['A', 'B']],
      'only two keys for a 单选题 are refused',
    )
    const [stored] = await t.app.db
      .select({ response: attemptQuestions.response })
      .from(attemptQuestions)
      .where(and(eq(attemptQuestions.attemptId, sheet.id), eq(attemptQuestions.position, positions.get(bank[10]!.id)!)))
    assert.deepEqual(stored!.response, ['A', 'C'], 'Ａ、Ｃ is kept as the keys')

    const result = await data(await client.put(`${exam}/overPaper`, { attemptId: sheet.id }))
    assert.equal(result.status, AttemptStatus.marking)
    const verdicts = new Map<number, boolean | null>(
      result.questions.map((q: { questionId: number; correct: boolean | null }) => [q.questionId, q.correct]),
    )
    const inExam = bank.map((q) => verdicts.get(q.id))
    const expected = cases.map(([, , , verdict]) => verdict)
    const describeCase = (i: number) => `${cases[i]![0]} ${JSON.stringify(cases[i]![2])}`
    for (const i of cases.keys()) {
      assert.equal(practice[i], expected[i], `practice: ${describeCase(i)}`)
      assert.equal(inExam[i], expected[i], `exam: ${describeCase(i)}`)
    }
    // 少选 earns half in the exam, and is wrong in both.
    const partial = result.questions.find((q: { questionId: number }) => q.questionId === bank[11]!.id)
    assert.deepEqual([partial.correct, partial.earned], [false, 2])
  })
})
