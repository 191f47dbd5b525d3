import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, inArray } from 'drizzle-orm'
import {
  examLeakScene,
  insertFixedPaper,
  insertQuestion,
  insertRandomPaper,
  leaksIn,
  replayExamLeak,
  setPaper,
} from '../../../../test/exam-fixtures.ts'
import { adminClient, studentClient } from '../../../../test/fixtures.ts'
import { appRoutes, concreteUrl, fieldsOf, seedHardeningData } from '../../../../test/hardening/support.ts'
import { buildTestApp, type Client, createClient, type TestApp } from '../../../../test/helper.ts'
import { enrol, insertCourse } from '../../../../test/study-fixtures.ts'
import { AttemptStatus, PaperStatus, PaperUse, QuestionType } from '../../../wire.ts'
import { exerciseAnswers, wrongQuestions } from '../practice/practice.table.ts'
import { questions } from '../question-bank/question-bank.table.ts'
import { COOKIE_NAMES } from '../../platform/index.ts'
import { STUDENTS_DEMO } from '../../roll/index.ts'
import { students } from '../../roll/students/students.table.ts'
import { EXAMS_DEMO } from './exams.seed.ts'
import { attemptQuestions, paperQuestions } from './exams.table.ts'
import { withheldQuestions } from './exams.withheld.ts'

const exam = '/api/sms/study/studentExam'
const subject = '/api/sms/study/studentSubject'
const HAND = `${subject}/handSubject`
const wrong = '/api/sms/study/studentWrongSubject'
const DAY_MS = 86_400_000

/**
 * Issue 37 hole 1: while a student can still sit an exam (or holds an open attempt), no call of any
 * module answers them with the right answer, the analysis or a verdict of its questions
 * (withheldQuestions decides, once).
 */
describe('answers withheld while an exam can be sat', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  const data = async (res: Awaited<ReturnType<Client['get']>>, status = 200) => {
    assert.equal(res.statusCode, status, res.body)
    return res.json().data
  }

  test('the demo: 林小雨 sits 期中考试; its questions show no answer in practice, while the mock paper and chapter one still do', async () => {
    await seedHardeningData(t.app)
    const [student] = await t.app.db.select().from(students).where(eq(students.phone, STUDENTS_DEMO.student.phone))
    const client = createClient(t.app)
    const { token } = await t.app.sessions.create({ db: t.app.db, kind: 'user', accountId: student!.accountId })
    client.jar.set(COOKIE_NAMES.user, token)
    const papers: Array<{ id: number; title: string }> = await data(await client.get(`${exam}/listForClient`))
    const paperOf = (title: string) => papers.find((p) => p.title === title) ?? assert.fail(JSON.stringify(papers))
    const sheet = await data(await client.post(`${exam}/start`, { paperId: paperOf(EXAMS_DEMO.mathsExam).id }))
    const held = await t.app.db
      .select({ q: questions })
      .from(paperQuestions)
      .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
      .where(eq(paperQuestions.paperId, paperOf(EXAMS_DEMO.mathsExam).id))
    assert.equal(held.length, 10)
    const secrets = held.flatMap(({ q }) => [q.analysis, ...q.answer]).filter((x) => x.length >= 4)
    for (const { q } of held) {
      const res = await client.post(HAND, { questionId: q.id, answer: '["A"]' })
      assert.deepEqual(leaksIn(res.body, secrets), [], `handSubject ${q.stem}`)
      assert.equal(res.json().data.rightAnswer, null, q.stem)
    }
    // The mock paper and chapter one share nothing with the exam: practised with answers as before.
    const mock = await data(await client.post(`${exam}/start`, { paperId: paperOf(EXAMS_DEMO.mathsMock).id }))
    const mockIds = (await t.app.db.select().from(attemptQuestions).where(eq(attemptQuestions.attemptId, mock.id))).map((q) => q.questionId)
    assert.equal(held.filter(({ q }) => mockIds.includes(q.id)).length, 0)
    const given = await data(await client.put(`${exam}/refusePaper`, { attemptId: mock.id }))
    assert.ok(given.questions.every((q: { rightAnswer: unknown }) => q.rightAnswer !== null))
    const first = await t.app.db.select().from(questions).where(inArray(questions.id, mockIds)).limit(1)
    assert.notEqual((await data(await client.post(HAND, { questionId: first[0]!.id, answer: '["A"]' }))).rightAnswer, null)
    assert.equal((await data(await client.get(`${exam}/attemptForClient`, { id: sheet.id }))).status, AttemptStatus.open)
  })

  test("the attacker's path gives nothing away while the exam is open; once it is handed in, the answers show", async () => {
    const scene = await examLeakScene(t.app)
    const { client, student, bank, examSheet } = scene
    const calls = await replayExamLeak(scene)
    for (const call of calls) {
      assert.deepEqual(leaksIn(call.body, scene.secrets), [], `${call.name} (${call.status})`)
      assert.ok(call.status === 200 || call.status === 409, `${call.name}: ${call.status} ${call.body}`)
    }
    const said = (name: string) => {
      const call = calls.find((c) => c.name === name)!
      return [call.status, JSON.parse(call.body).message]
    }
    assert.deepEqual(said('redo single'), [409, '该题属于尚未结束的考试，考试结束后再来重做'])
    assert.deepEqual(said('the mock again'), [409, '该试卷含有尚未结束的考试的题目，考试结束后再来作答'])
    assert.equal(said('refusePaper of the mock')[0], 200)
    assert.equal(said('handSubject fill')[0], 200, 'the practice answer is still saved')
    // Recorded unjudged; nothing went into the book by a verdict (only by hand).
    const answers = await t.app.db.select().from(exerciseAnswers).where(eq(exerciseAnswers.studentId, student.id))
    assert.equal(answers.length, 5)
    assert.ok(answers.every((a) => a.correct === null))
    const book = await t.app.db.select().from(wrongQuestions).where(eq(wrongQuestions.studentId, student.id))
    // The single-choice one was answered wrong once before the exam was published.
    assert.deepEqual(
      book.map((w) => [w.questionId, w.wrongCount, w.streak]).sort((a, b) => a[0]! - b[0]!),
      Object.values(bank).map((q) => [q.id, q.id === bank.single.id ? 1 : 0, 0]),
    )

    // Handed in (one attempt: it cannot be sat again): the normal rules resume everywhere.
    const result = await data(await client.put(`${exam}/overPaper`, { attemptId: examSheet.id }))
    assert.ok(result.questions.every((q: { rightAnswer: string[] | null }) => q.rightAnswer !== null))
    const hand = await data(await client.post(HAND, { questionId: bank.single.id, answer: '["B"]' }))
    assert.deepEqual([hand.correct, hand.rightAnswer, hand.analysis], [true, bank.single.answer, bank.single.analysis])
    const redo = await data(await client.post(`${wrong}/redo`, { questionId: bank.judge.id, answer: '["T"]' }))
    assert.deepEqual([redo.correct, redo.rightAnswer], [true, ['T']])
    assert.equal((await client.post(`${exam}/start`, { paperId: scene.mock.id })).statusCode, 200, 'the mock can be sat again')
    assert.equal((await t.app.db.select().from(wrongQuestions).where(eq(wrongQuestions.studentId, student.id))).length, 5)
  })

  test('a published exam withholds its questions before it opens and until its window closes or its attempts are used; a random one its pool', async () => {
    const { student, client } = await studentClient(t.app)
    const { course, chapter } = await insertCourse(t.app)
    await enrol(t.app, student.id, course.id)
    const single = await insertQuestion(t.app, course.id, { type: QuestionType.single, chapterId: chapter.id })
    const judge = await insertQuestion(t.app, course.id, { type: QuestionType.judge })
    const free = await insertQuestion(t.app, course.id, { type: QuestionType.multiple })
    const withheld = async () =>
      [...(await withheldQuestions({ db: t.app.db, studentId: student.id, questionIds: [single.id, judge.id, free.id] }))].sort(
        (a, b) => a - b,
      )
    const paper = await insertFixedPaper(t.app, course.id, [{ question: single, score: 10 }], {
      use: PaperUse.exam,
      status: PaperStatus.draft,
      maxAttempts: 2,
      opensAt: new Date(Date.now() + DAY_MS),
    })
    assert.deepEqual(await withheld(), [], 'a draft withholds nothing')
    await setPaper(t.app, paper.id, { status: PaperStatus.published })
    assert.deepEqual(await withheld(), [single.id], 'published, not yet open')
    const hand = await data(await client.post(HAND, { questionId: single.id, answer: '["B"]' }))
    assert.deepEqual([hand.correct, hand.rightAnswer, hand.analysis], [null, null, null])
    const other = await studentClient(t.app)
    assert.deepEqual(
      [...(await withheldQuestions({ db: t.app.db, studentId: other.student.id, questionIds: [single.id] }))],
      [],
      'not their course',
    )

    // Open, two attempts: after the first the exam can still be sat, so its own result hides them too.
    await setPaper(t.app, paper.id, { opensAt: new Date(Date.now() - DAY_MS) })
    const first = await data(await client.post(`${exam}/start`, { paperId: paper.id }))
    const closed = await data(await client.put(`${exam}/overPaper`, { attemptId: first.id }))
    assert.deepEqual([closed.questions[0].rightAnswer, closed.questions[0].correct], [null, null])
    assert.equal(closed.status, AttemptStatus.done)
    assert.deepEqual(await withheld(), [single.id])
    await setPaper(t.app, paper.id, { closesAt: new Date(Date.now() - 1000), opensAt: new Date(Date.now() - DAY_MS) })
    assert.deepEqual(await withheld(), [], 'the window closed')
    const shown = await data(await client.get(`${exam}/refreshScore`, { attemptId: first.id }))
    assert.deepEqual(shown.questions[0].rightAnswer, single.answer)

    // A random exam: every bank question its rules may draw (judge), not the others.
    const random = await insertRandomPaper(t.app, course.id, [{ type: QuestionType.judge, count: 1, score: 10 }])
    await setPaper(t.app, random.id, { use: PaperUse.exam, maxAttempts: 1 })
    assert.deepEqual(await withheld(), [judge.id])
    // A random mock draws around it; one with nothing else to draw waits; a fixed mock holding it waits.
    const around = await insertRandomPaper(t.app, course.id, [{ type: QuestionType.single, count: 1, score: 10 }])
    const sheet = await data(await client.post(`${exam}/start`, { paperId: around.id }))
    const dealt = await t.app.db.select().from(attemptQuestions).where(eq(attemptQuestions.attemptId, sheet.id))
    assert.deepEqual(
      dealt.map((d) => d.questionId),
      [single.id],
    )
    const judgeMock = await insertRandomPaper(t.app, course.id, [{ type: QuestionType.judge, count: 1, score: 10 }])
    assert.equal((await client.post(`${exam}/start`, { paperId: judgeMock.id })).statusCode, 409)
    const fixedMock = await insertFixedPaper(t.app, course.id, [{ question: judge, score: 10 }])
    assert.equal((await client.post(`${exam}/start`, { paperId: fixedMock.id })).statusCode, 409)
    // While the random mock is open, its question is withheld too (an open attempt).
    assert.deepEqual(
      await withheld(),
      [single.id, judge.id].sort((a, b) => a - b),
    )
  })

  /**
   * The standing walk: every call a student's session may make (the app's route table: student
   * and person routes), with each id-like field given each id of the scene in turn (every bank
   * question, the course, its chapter, both papers, the mock attempt, and for reads the exam
   * attempt), answers no text or key of an answer of the exam's questions, while the exam is open.
   */
  test('every student call, with the exam questions’ ids in every id field, shows none of their answers while the attempt is open', async () => {
    const scene = await examLeakScene(t.app)
    const { client, bank, course, chapter, exam: paper, mock, mockAttemptId, examSheet } = scene
    for (const q of Object.values(bank)) await data(await client.post(`${wrong}/addForSelf`, { questionId: q.id }))

    const SAMPLES: Record<string, unknown> = { answer: '["A"]', selfCorrect: 'true', position: 1, page: 1, size: 50 }
    const idLike = (name: string) => name === 'id' || /Ids?$/.test(name)
    const ORDER = ['PUT', 'POST', 'GET', 'DELETE']
    const routes = appRoutes(t.app)
      .filter((r) => r.access?.kind === 'student' || r.access?.kind === 'person')
      .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method) || a.url.localeCompare(b.url))
    assert.ok(routes.length >= 60, `the student's routes: ${routes.length}`)
    const shows = ['handSubject', 'studentExercise/detailsForClient', 'studentWrongSubject/redo', 'refusePaper', 'studentStudyReport']
    for (const url of shows)
      assert.ok(
        routes.some((r) => r.url.endsWith(url)),
        `${url} is walked`,
      )

    const ids = [...Object.values(bank).map((q) => q.id), course.id, chapter.id, paper.id, mock.id, mockAttemptId]
    const problems: string[] = []
    let calls = 0
    for (const route of routes) {
      const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown; params?: unknown }
      const fields = [...fieldsOf(schema.querystring), ...fieldsOf(schema.body)]
      const values = fields.some(idLike) || route.url.includes(':') ? [...ids, ...(route.method === 'GET' ? [examSheet.id] : [])] : [0]
      for (const v of values) {
        // An id of another table may equal the exam attempt's: never hand it in or give it up here.
        if (route.method !== 'GET' && v === examSheet.id && fields.includes('attemptId')) continue
        const input = Object.fromEntries(fields.map((f) => [f, idLike(f) ? v : SAMPLES[f]]).filter(([, x]) => x !== undefined))
        const url = concreteUrl(route.url, { id: String(v) })
        const res =
          route.method === 'GET'
            ? await client.get(url, input)
            : route.method === 'DELETE'
              ? await client.del(url, input)
              : route.method === 'PUT'
                ? await client.put(url, input)
                : await client.post(url, input)
        calls++
        const name = `${route.method} ${route.url} (${v})`
        if (res.statusCode >= 500) problems.push(`${name}: ${res.statusCode}`)
        for (const leak of leaksIn(res.body, scene.secrets)) problems.push(`${name}: ${leak}`)
      }
    }
    assert.deepEqual(problems, [], `${calls} calls`)
    const still = await t.app.db
      .select()
      .from(attemptQuestions)
      .where(and(eq(attemptQuestions.attemptId, examSheet.id), eq(attemptQuestions.position, 1)))
    assert.equal(still.length, 1)
    assert.equal(
      (await data(await client.get(`${exam}/attemptForClient`, { id: examSheet.id }))).status,
      AttemptStatus.open,
      'the walk left the exam open',
    )

    // The office still sees every answer of the student's closed mock attempt (it marks them).
    const { client: office } = await adminClient(t.app)
    const detail = await data(await office.get(`${exam}/details`, { id: mockAttemptId }))
    assert.ok(detail.questions.every((q: { rightAnswer: string[] }) => q.rightAnswer.length > 0))
  })
})
