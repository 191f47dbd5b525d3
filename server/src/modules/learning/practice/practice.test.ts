import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { enrol, insertCourse } from '../../../../test/study-fixtures.ts'
import { studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, openWideDb, type TestApp } from '../../../../test/helper.ts'
import { courseChapters } from '../courses/courses.table.ts'
import { withheldQuestions as withheld } from '../exams/index.ts'
import { addQuestions } from '../question-bank/index.ts'
import { questions } from '../question-bank/question-bank.table.ts'
import { exerciseAnswers, wrongQuestions } from './practice.table.ts'
import { redoWrong } from './practice.service.ts'

const EX = '/api/sms/study/studentExercise'
const HAND = '/api/sms/study/studentSubject/handSubject'
const WRONG = '/api/sms/study/studentWrongSubject'
const said = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message]

describe('chapter exercises and the wrong-answer book', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  /** A course with two chapters and a bank of every type; a student who joined it. */
  async function setUp() {
    const { course, chapter } = await insertCourse(t.app)
    const [second] = await t.app.db.insert(courseChapters).values({ courseId: course.id, title: '第二章', sort: 1 }).returning()
    const [single, multiple, judge, fill, short, hard, loose] = await addQuestions({
      db: t.app.db,
      courseId: course.id,
      questions: [
        {
          chapterId: chapter.id,
          type: '单选题',
          difficulty: '简单',
          stem: '1+1=?',
          options: [{ text: '1' }, { text: '2' }],
          answer: ['B'],
          analysis: '加法',
        },
        {
          chapterId: chapter.id,
          type: '多选题',
          difficulty: '一般',
          stem: '偶数有',
          options: [{ text: '2' }, { text: '3' }, { text: '4' }],
          answer: ['A', 'C'],
          analysis: '被2整除',
        },
        { chapterId: chapter.id, type: '判断题', difficulty: '简单', stem: '0 是偶数', answer: ['T'], analysis: '0 能被 2 整除' },
        {
          chapterId: chapter.id,
          type: '填空题',
          difficulty: '困难',
          stem: '2x 的导数 __，x² 的导数 __',
          answer: ['2', '2x|2*x'],
          analysis: '求导',
        },
        { chapterId: chapter.id, type: '简答题', difficulty: '困难', stem: '简述导数', answer: ['变化率'], analysis: '定义' },
        { chapterId: second!.id, type: '判断题', difficulty: '困难', stem: '第二章的题', answer: ['F'], analysis: '无' },
        {
          chapterId: null,
          type: '单选题',
          difficulty: '一般',
          stem: '未分章的题',
          options: [{ text: 'a' }, { text: 'b' }],
          answer: ['A'],
          analysis: '无',
        },
      ],
    })
    const { client, student } = await studentClient(t.app)
    await enrol(t.app, student.id, course.id)
    const q = { single: single!, multiple: multiple!, judge: judge!, fill: fill!, short: short!, hard: hard!, loose: loose! }
    return { course, chapter, second: second!, client, student, q }
  }
  const hand = (client: Client, questionId: number, answer: string[]) =>
    client.inject({ method: 'POST', url: HAND, payload: { questionId, answer } })
  const redo = (client: Client, questionId: number, answer: string[], selfCorrect?: boolean) =>
    client.inject({
      method: 'POST',
      url: `${WRONG}/redo`,
      payload: { questionId, answer, ...(selfCorrect === undefined ? {} : { selfCorrect }) },
    })

  test('answers are scored per type; wrong and unanswered objective ones go in the book, 简答题 never by itself', async () => {
    const { client, q, chapter } = await setUp()
    const cases: Array<[number, string[], boolean | null, boolean]> = [
      [q.single.id, ['B'], true, false],
      [q.multiple.id, ['A'], false, true],
      [q.judge.id, [], false, true],
      [q.fill.id, [' 2 ', '2*X'], true, false],
      [q.short.id, ['导数是变化率'], null, false],
    ]
    for (const [id, answer, correct, inWrongBook] of cases) {
      const res = await hand(client, id, answer)
      assert.equal(res.statusCode, 200, res.body)
      const data = res.json().data
      assert.deepEqual([data.correct, data.inWrongBook], [correct, inWrongBook], `question ${id}`)
      assert.equal(data.total, 5)
    }
    const last = (await hand(client, q.short.id, ['再答一次'])).json().data
    assert.deepEqual(last, { correct: null, rightAnswer: ['变化率'], analysis: '定义', inWrongBook: false, done: 5, total: 5 })
    // A form body with a plain string answer works too; a right answer on a question already in the book leaves it there.
    const form = await client.post(HAND, { questionId: q.multiple.id, answer: '["C","A"]' })
    assert.deepEqual([form.json().data.correct, form.json().data.inWrongBook], [true, true])
    const [row] = await t.app.db.select().from(exerciseAnswers).where(eq(exerciseAnswers.questionId, q.multiple.id))
    assert.deepEqual([row!.times, row!.rightTimes, row!.correct, row!.answer], [2, 1, true, ['A', 'C']])

    const chapters = (await client.get(`${EX}/chaptersForClient`, { courseId: q.single.courseId })).json().data
    assert.deepEqual(
      chapters.chapters.map((c: { id: number | null; title: string; total: number; done: number; right: number }) => [
        c.id,
        c.title,
        c.total,
        c.done,
        c.right,
      ]),
      [
        [chapter.id, '第一章', 5, 5, 3],
        [q.hard.chapterId, '第二章', 1, 0, 0],
        [null, '未分章', 1, 0, 0],
      ],
    )
    assert.deepEqual(chapters.chapters[0].byDifficulty, {
      简单: { total: 2, done: 2 },
      一般: { total: 1, done: 1 },
      困难: { total: 2, done: 2 },
    })

    const list = (await client.get(`${EX}/listForClient`, { courseId: q.single.courseId })).json().data.items
    assert.deepEqual(
      list.map((i: { id: number; done: boolean; correct: boolean | null }) => [i.id, i.done, i.correct]),
      [
        [q.single.id, true, true],
        [q.multiple.id, true, true],
        [q.judge.id, true, false],
        [q.fill.id, true, true],
        [q.short.id, true, null],
        [q.hard.id, false, null],
        [q.loose.id, false, null],
      ],
    )
    const loose = (await client.get(`${EX}/listForClient`, { courseId: q.single.courseId, chapterId: 'none' })).json().data.items
    assert.deepEqual(
      loose.map((i: { id: number }) => i.id),
      [q.loose.id],
    )
    const hardOnes = (
      await client.get(`${EX}/listForClient`, { courseId: q.single.courseId, chapterId: chapter.id, difficulty: '困难' })
    ).json().data.items
    assert.deepEqual(
      hardOnes.map((i: { id: number }) => i.id),
      [q.fill.id, q.short.id],
    )

    const unanswered = (await client.get(`${EX}/detailsForClient`, { id: q.hard.id })).json().data
    assert.deepEqual([unanswered.mine, unanswered.index, unanswered.options.length], [null, 0, 2])
    assert.equal(JSON.stringify(unanswered).includes('analysis'), false, 'no answer before answering')
    const answered = (await client.get(`${EX}/detailsForClient`, { id: q.judge.id })).json().data
    assert.deepEqual([answered.index, answered.mine], [2, { answer: [], correct: false, rightAnswer: ['T'], analysis: '0 能被 2 整除' }])
    assert.equal((await client.get(`${EX}/detailsForClient`, { id: q.fill.id, difficulty: '困难' })).json().data.index, 0)

    // 重新练习: the chapter's answers go, the book stays.
    const cleared = await client.put(`${EX}/redo`, { courseId: q.single.courseId, chapterId: chapter.id })
    assert.deepEqual(cleared.json().data, { cleared: 5 })
    assert.equal((await client.get(`${EX}/chaptersForClient`, { courseId: q.single.courseId })).json().data.chapters[0].done, 0)
    assert.equal((await client.get(`${WRONG}/summaryForClient`)).json().data.total, 2)
  })

  test('the book: list, summary, details without the answer; mastered after two right in a row, a wrong in between resets', async () => {
    const { client, q, course } = await setUp()
    await hand(client, q.single.id, ['A'])
    await hand(client, q.single.id, ['C'])
    await hand(client, q.fill.id, ['2', ''])
    const list = (await client.get(`${WRONG}/list`)).json().data
    assert.equal(list.total, 2)
    assert.deepEqual(
      list.list.map((i: { questionId: number; wrongCount: number; source: string; courseTitle: string }) => [
        i.questionId,
        i.wrongCount,
        i.source,
        i.courseTitle,
      ]),
      [
        [q.fill.id, 1, '章节练习', course.title],
        [q.single.id, 2, '章节练习', course.title],
      ],
    )
    assert.equal((await client.get(`${WRONG}/list`, { type: '填空题' })).json().data.total, 1)
    assert.deepEqual((await client.get(`${WRONG}/summaryForClient`)).json().data, {
      total: 2,
      courses: [{ courseId: course.id, courseTitle: course.title, count: 2 }],
      types: [
        { type: '单选题', count: 1 },
        { type: '填空题', count: 1 },
      ],
      mastered: 0,
    })
    const detail = (await client.get(`${WRONG}/detailsForClient`, { questionId: q.single.id })).json().data
    assert.deepEqual(detail, {
      questionId: q.single.id,
      courseId: course.id,
      type: '单选题',
      difficulty: '简单',
      stem: '1+1=?',
      options: [
        { key: 'A', text: '1' },
        { key: 'B', text: '2' },
      ],
      wrongCount: 2,
      streak: 0,
    })

    const r1 = (await redo(client, q.single.id, ['B'])).json().data
    assert.deepEqual([r1.correct, r1.streak, r1.mastered, r1.rightAnswer, r1.analysis], [true, 1, false, ['B'], '加法'])
    const r2 = (await redo(client, q.single.id, ['A'])).json().data
    assert.deepEqual([r2.correct, r2.streak, r2.mastered], [false, 0, false])
    assert.equal((await client.get(`${WRONG}/detailsForClient`, { questionId: q.single.id })).json().data.wrongCount, 3)
    assert.deepEqual(((await redo(client, q.single.id, ['B'])).json().data as { streak: number }).streak, 1)
    const r4 = (await redo(client, q.single.id, ['b'])).json().data
    assert.deepEqual([r4.correct, r4.streak, r4.mastered], [true, 2, true])
    assert.deepEqual(said(await client.get(`${WRONG}/detailsForClient`, { questionId: q.single.id })), [404, '错题本中没有这道题'])
    assert.deepEqual(said(await redo(client, q.single.id, ['B'])), [404, '错题本中没有这道题'])
    const summary = (await client.get(`${WRONG}/summaryForClient`)).json().data
    assert.deepEqual([summary.total, summary.mastered], [1, 1])
    // Wrong again in an exercise: back in the book, the streak from zero.
    await hand(client, q.single.id, ['A'])
    const back = (await client.get(`${WRONG}/detailsForClient`, { questionId: q.single.id })).json().data
    assert.deepEqual([back.wrongCount, back.streak], [4, 0])

    // 简答题 in the book: the student judges.
    assert.equal((await client.post(`${WRONG}/addForSelf`, { questionId: q.short.id })).statusCode, 200)
    assert.deepEqual(said(await redo(client, q.short.id, ['变化率'])), [400, '简答题请对照参考答案自评对错（selfCorrect）'])
    const s1 = (await redo(client, q.short.id, ['变化率'], true)).json().data
    assert.deepEqual([s1.correct, s1.streak, s1.rightAnswer], [true, 1, ['变化率']])
    const s2 = (await client.post(`${WRONG}/redo`, { questionId: q.short.id, answer: '不会', selfCorrect: 'false' })).json().data
    assert.deepEqual([s2.correct, s2.streak], [false, 0])
  })

  test('adding by hand and removing; another student’s book and a course not joined are out of reach', async () => {
    const { client, q, student } = await setUp()
    assert.deepEqual((await client.post(`${WRONG}/addForSelf`, { questionId: q.hard.id })).json().data, { added: true })
    const [entry] = await t.app.db
      .select()
      .from(wrongQuestions)
      .where(and(eq(wrongQuestions.studentId, student.id), eq(wrongQuestions.questionId, q.hard.id)))
    assert.deepEqual([entry!.source, entry!.wrongCount, entry!.lastWrongAt], ['手动添加', 0, null])
    assert.equal((await client.post(`${WRONG}/addForSelf`, { questionId: q.hard.id })).statusCode, 200, 'twice is fine')
    assert.equal((await client.get(`${WRONG}/list`)).json().data.list[0].lastWrongAt, null)

    const { client: other } = await studentClient(t.app)
    assert.equal((await other.get(`${WRONG}/list`)).json().data.total, 0)
    assert.deepEqual(said(await other.get(`${WRONG}/detailsForClient`, { questionId: q.hard.id })), [404, '错题本中没有这道题'])
    assert.deepEqual(said(await other.del(`${WRONG}/removal`, { questionId: q.hard.id })), [404, '错题本中没有这道题'])
    assert.deepEqual(said(await redo(other, q.hard.id, ['F'])), [404, '错题本中没有这道题'])
    assert.deepEqual(said(await other.post(`${WRONG}/addForSelf`, { questionId: q.hard.id })), [403, '请先购买或加入课程'])
    assert.deepEqual(said(await hand(other, q.hard.id, ['F'])), [403, '请先购买或加入课程'])
    assert.deepEqual(said(await other.get(`${EX}/chaptersForClient`, { courseId: q.hard.courseId })), [403, '请先购买或加入课程'])
    assert.deepEqual(said(await other.get(`${EX}/listForClient`, { courseId: q.hard.courseId })), [403, '请先购买或加入课程'])
    assert.deepEqual(said(await other.get(`${EX}/detailsForClient`, { id: q.hard.id })), [403, '请先购买或加入课程'])
    assert.deepEqual(said(await other.put(`${EX}/redo`, { courseId: q.hard.courseId })), [403, '请先购买或加入课程'])
    assert.deepEqual(said(await other.get(`${EX}/chaptersForClient`, { courseId: 999999 })), [404, '课程不存在'])
    assert.deepEqual(said(await hand(client, 999999, ['A'])), [404, '试题不存在或已删除'])

    assert.deepEqual((await client.del(`${WRONG}/removal`, { questionId: q.hard.id })).json().data, { removed: true })
    assert.deepEqual(said(await client.del(`${WRONG}/removal`, { questionId: q.hard.id })), [404, '错题本中没有这道题'])
    assert.equal((await client.get(`${WRONG}/summaryForClient`)).json().data.total, 0)
    // Added again by hand: back in the book with its counts.
    await client.post(`${WRONG}/addForSelf`, { questionId: q.hard.id })
    assert.equal((await client.get(`${WRONG}/summaryForClient`)).json().data.total, 1)

    // Signed out: 401; a person without a student profile: 403; bad input: 400, never a 500.
    const anonymous = createClient(t.app)
    assert.equal((await anonymous.get(`${WRONG}/list`)).statusCode, 401)
    assert.equal((await anonymous.post(HAND, { questionId: q.hard.id, answer: 'T' })).statusCode, 401)
    assert.equal((await client.get(`${EX}/chaptersForClient`)).statusCode, 400)
    assert.equal((await client.get(`${EX}/listForClient`, { courseId: q.hard.courseId, difficulty: '极难' })).statusCode, 400)
    assert.equal((await client.inject({ method: 'POST', url: HAND, payload: { questionId: q.hard.id, answer: { a: 1 } } })).statusCode, 400)
    assert.equal((await client.inject({ method: 'POST', url: HAND, payload: { questionId: 'x', answer: [] } })).statusCode, 400)
    assert.equal((await client.get(`${WRONG}/list`, { type: '论述题' })).statusCode, 400)
  })

  test('a removed question leaves the exercises; the book keeps its entry', async () => {
    const { client, q } = await setUp()
    await hand(client, q.single.id, ['A'])
    await t.app.db.update(questions).set({ deletedAt: new Date() }).where(eq(questions.id, q.single.id))
    assert.deepEqual(said(await client.get(`${EX}/detailsForClient`, { id: q.single.id })), [404, '试题不存在或已删除'])
    assert.equal((await client.get(`${EX}/listForClient`, { courseId: q.single.courseId })).json().data.items.length, 6)
    assert.equal((await client.get(`${WRONG}/summaryForClient`)).json().data.total, 1)
    assert.deepEqual(said(await client.post(`${WRONG}/addForSelf`, { questionId: q.single.id })), [404, '试题不存在或已删除'])
  })

  test('redoing one question at once from two devices loses no update', async () => {
    const { client, q, student } = await setUp()
    await hand(client, q.judge.id, ['F'])
    await hand(client, q.single.id, ['A'])
    // On PostgreSQL a pool of 10 makes the redos truly concurrent; PGlite runs one statement at a time.
    const { db, close } = openWideDb(t, 10)
    try {
      const wrong = await Promise.all(
        Array.from({ length: 6 }, () => redoWrong({ db, studentId: student.id, questionId: q.judge.id, answer: ['F'], withheld })),
      )
      assert.ok(wrong.every((r) => !r.correct && r.streak === 0))
      const [judge] = await t.app.db
        .select()
        .from(wrongQuestions)
        .where(and(eq(wrongQuestions.studentId, student.id), eq(wrongQuestions.questionId, q.judge.id)))
      assert.equal(judge!.wrongCount, 7, 'one from the exercise, six redos')
      const right = await Promise.all(
        Array.from({ length: 2 }, () => redoWrong({ db, studentId: student.id, questionId: q.single.id, answer: ['B'], withheld })),
      )
      assert.deepEqual(right.map((r) => r.streak).sort(), [1, 2])
      assert.deepEqual(right.map((r) => r.mastered).sort(), [false, true])
      const [single] = await t.app.db
        .select()
        .from(wrongQuestions)
        .where(and(eq(wrongQuestions.studentId, student.id), eq(wrongQuestions.questionId, q.single.id)))
      assert.ok(single!.masteredAt)
      assert.equal(single!.streak, 2)
    } finally {
      await close()
    }
  })
})
