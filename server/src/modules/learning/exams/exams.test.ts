import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { insertChapter, insertFixedPaper, insertQuestion, insertRandomPaper, setPaper } from '../../../../test/exam-fixtures.ts'
import { studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, openWideDb, type TestApp } from '../../../../test/helper.ts'
import { enrol, insertCourse } from '../../../../test/study-fixtures.ts'
import { AttemptClose, AttemptStatus, Difficulty, QuestionType, WrongSource } from '../../../wire.ts'
import { wrongQuestions } from '../practice/practice.table.ts'
import { questions } from '../question-bank/question-bank.table.ts'
import { closeOverdueAttempts, submitAttempt } from './exams.service.ts'
import { attemptQuestions, examAttempts } from './exams.table.ts'
import { earnForExamPassed } from '../../points/index.ts'

const exam = '/api/sms/study/studentExam'
const subject = '/api/sms/study/studentSubject'
const ALIAS = '/api/ems/examination/online/answerForClient'

/** The server owns attempts: what a student may see while answering, and every rule of starting, saving and closing. */
describe('exam attempts', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  /** A student on a course whose bank holds one question of each type, and a published fixed paper of them. */
  async function sitting(paper: Parameters<typeof insertFixedPaper>[3] = {}) {
    const { student, client } = await studentClient(t.app)
    const { course, chapter } = await insertCourse(t.app)
    await enrol(t.app, student.id, course.id)
    const bank = {
      single: await insertQuestion(t.app, course.id, { type: QuestionType.single, chapterId: chapter.id }),
      multiple: await insertQuestion(t.app, course.id, { type: QuestionType.multiple, chapterId: chapter.id }),
      judge: await insertQuestion(t.app, course.id, { type: QuestionType.judge }),
      fill: await insertQuestion(t.app, course.id, { type: QuestionType.fill }),
      short: await insertQuestion(t.app, course.id, { type: QuestionType.short }),
    }
    const p = await insertFixedPaper(
      t.app,
      course.id,
      Object.values(bank).map((question) => ({ question, score: 10 })),
      paper,
    )
    return { student, client, course, chapter, bank, paper: p }
  }

  const data = async (res: Awaited<ReturnType<Client['get']>>, status = 200) => {
    assert.equal(res.statusCode, status, res.body)
    return res.json().data
  }
  const start = async (client: Client, paperId: number) => data(await client.post(`${exam}/start`, { paperId }))
  const save = (client: Client, attemptId: number, position: number, answer: string[]) =>
    client.put(`${exam}/saveAnswer`, { attemptId, position, answer: JSON.stringify(answer) })

  test("an open attempt's responses carry no answer, analysis or result, anywhere", async () => {
    const { client, course, bank, paper } = await sitting()
    const bodies: Array<[string, string]> = []
    const keep = async (name: string, res: Awaited<ReturnType<Client['get']>>) => {
      assert.equal(res.statusCode, 200, `${name}: ${res.body}`)
      bodies.push([name, res.body])
      return res.json().data
    }
    const sheet = await keep('start', await client.post(`${exam}/start`, { paperId: paper.id }))
    const attemptId = sheet.id as number
    await keep('attemptForClient', await client.get(`${exam}/attemptForClient`, { id: attemptId }))
    await keep('start again (resume)', await client.post(`${exam}/start`, { paperId: paper.id }))
    for (const q of sheet.questions as Array<{ position: number; type: string; options: Array<{ key: string }> }>) {
      const answer = q.type === QuestionType.fill ? ['我的答案', ''] : q.type === QuestionType.short ? ['我的作答'] : [q.options[0]!.key]
      await keep(`saveAnswer ${q.position}`, await save(client, attemptId, q.position, answer))
      await keep(`alias ${q.position}`, await client.put(ALIAS, { attemptId, position: q.position, answer: JSON.stringify(answer) }))
    }
    await keep('listForClient', await client.get(`${exam}/listForClient`))
    await keep('listForClient of the course', await client.get(`${exam}/listForClient`, { courseId: course.id }))
    await keep('detailsForClient', await client.get(`${exam}/detailsForClient`, { paperId: paper.id }))
    await keep('studentScore', await client.get(`${subject}/studentScore`))
    await keep('studentStudyReport', await client.get(`${subject}/studentStudyReport`, { courseId: course.id }))
    await keep('attemptForClient after saving', await client.get(`${exam}/attemptForClient`, { id: attemptId }))

    // Every answer and analysis text of the snapshot (choice keys are single letters: their absence is the keys' absence).
    const secrets = Object.values(bank).flatMap((q) =>
      [q.analysis, ...q.answer.flatMap((a) => [a, ...a.split('|')])].filter((s) => s.length >= 4),
    )
    assert.ok(secrets.length >= 5)
    const forbidden = new Set(['rightAnswer', 'analysis', 'correct', 'earned', 'objectiveScore', 'subjectiveScore'])
    for (const [name, body] of bodies) {
      for (const secret of secrets) assert.ok(!body.includes(secret), `${name} leaks «${secret}»`)
      const walk = (v: unknown, path: string) => {
        if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`))
        else if (v && typeof v === 'object') {
          const o = v as Record<string, unknown>
          for (const [k, x] of Object.entries(o)) {
            if (forbidden.has(k)) assert.equal(x, null, `${name}: ${path}.${k} is set while answering`)
            walk(x, `${path}.${k}`)
          }
          // The attempt itself (a summary, the sheet): no score of it.
          if ((o.id === attemptId && 'status' in o) || o.attemptId === attemptId) {
            assert.ok(!('score' in o) || o.score === null, `${name}: ${path}.score of the open attempt`)
            assert.ok(!('pendingMarks' in o) || o.pendingMarks === 0, `${name}: ${path}.pendingMarks`)
          }
          if (o.openAttemptId === attemptId) assert.equal(o.bestScore, null, `${name}: ${path}.bestScore`)
        }
      }
      walk(JSON.parse(body), name)
    }
    // Once closed, the result carries them all.
    const result = await data(await client.put(`${exam}/overPaper`, { attemptId }))
    assert.equal(result.status, AttemptStatus.marking)
    assert.ok(result.questions.every((q: { rightAnswer: string[] }) => q.rightAnswer.length > 0))
    assert.ok(JSON.stringify(result).includes(bank.short.analysis))
  })

  test('an answer saved after the end time is refused (database clock), and the attempt reads as closed by the timeout', async () => {
    const { client, paper } = await sitting()
    const sheet = await start(client, paper.id)
    const single = sheet.questions.find((q: { type: string }) => q.type === QuestionType.single)
    assert.equal((await save(client, sheet.id, single.position, ['B'])).statusCode, 200)
    // The attempt ends a second from now (the database's clock).
    await t.app.db.execute(sql`update exam_attempts set ends_at = now() + interval '1 second' where id = ${sheet.id}`)
    let refused: Awaited<ReturnType<Client['put']>> | undefined
    const deadline = Date.now() + 8000
    while (Date.now() < deadline) {
      const res = await save(client, sheet.id, single.position, ['C'])
      if (res.statusCode !== 200) {
        refused = res
        break
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    assert.ok(refused, 'a save was refused within the time')
    assert.deepEqual([refused.statusCode, refused.json().message], [409, '考试已结束，答案未保存'])
    const [row] = await t.app.db
      .select()
      .from(attemptQuestions)
      .where(and(eq(attemptQuestions.attemptId, sheet.id), eq(attemptQuestions.position, single.position)))
    const stored = row!.response!
    assert.ok(stored[0] === 'B' || stored[0] === 'C', 'only answers before the end')
    const result = await data(await client.get(`${exam}/attemptForClient`, { id: sheet.id }))
    assert.equal(result.closeReason, AttemptClose.timeout)
    assert.equal(result.status, AttemptStatus.done)
    const res = await client.put(ALIAS, { attemptId: sheet.id, position: single.position, answer: '["A"]' })
    assert.deepEqual([res.statusCode, res.json().message], [409, '考试已结束，答案未保存'])
  })

  test('two 交卷 at once score once: the same result, the wrong-answer book counted once', async () => {
    const { client, student, paper, bank } = await sitting()
    const sheet = await start(client, paper.id)
    const single = sheet.questions.find((q: { type: string }) => q.type === QuestionType.single)
    await save(client, sheet.id, single.position, ['D'])
    const { db: wide, close } = openWideDb(t, 4)
    try {
      const both = await Promise.all(
        [1, 2, 3].map(() =>
          submitAttempt({
            db: wide,
            onPassed: earnForExamPassed,
            studentId: student.id,
            attemptId: sheet.id,
            reason: AttemptClose.submitted,
          }),
        ),
      )
      assert.deepEqual(both[1], both[0])
      assert.deepEqual(both[2], both[0])
      assert.equal(both[0]!.closeReason, AttemptClose.submitted)
    } finally {
      await close()
    }
    const book = await t.app.db.select().from(wrongQuestions).where(eq(wrongQuestions.studentId, student.id))
    // single (wrong), the rest unanswered (the 简答题 too: 0, below full).
    assert.deepEqual(
      book.map((w) => w.questionId).sort((a, b) => a - b),
      Object.values(bank)
        .map((q) => q.id)
        .sort((a, b) => a - b),
    )
    assert.ok(book.every((w) => w.wrongCount === 1 && w.source === WrongSource.exam))
    const again = await data(await client.put(`${exam}/overPaper`, { attemptId: sheet.id }))
    assert.equal(again.status, AttemptStatus.done, 'a late second 交卷 answers the result')
  })

  test('overdue attempts are closed by the job (超时自动交卷), once', async () => {
    const one = await sitting()
    const two = await sitting()
    const a = await start(one.client, one.paper.id)
    const b = await start(two.client, two.paper.id)
    const fill = a.questions.find((q: { type: string }) => q.type === QuestionType.fill)
    await save(one.client, a.id, fill.position, [one.bank.fill.answer[0]!.split('|')[1]!, one.bank.fill.answer[1]!.toUpperCase()])
    await t.app.db
      .update(examAttempts)
      .set({ endsAt: sql`now() - interval '1 second'` })
      .where(inArray(examAttempts.id, [a.id, b.id]))
    assert.ok((await closeOverdueAttempts({ db: t.app.db, onPassed: earnForExamPassed })) >= 2)
    assert.equal(await closeOverdueAttempts({ db: t.app.db, onPassed: earnForExamPassed }), 0)
    const rows = await t.app.db
      .select()
      .from(examAttempts)
      .where(inArray(examAttempts.id, [a.id, b.id]))
    for (const r of rows) {
      assert.equal(r.status, AttemptStatus.done, 'the unanswered 简答题 is 0 at once: nothing to mark')
      assert.equal(r.closeReason, AttemptClose.timeout)
    }
    const [filled] = await t.app.db
      .select()
      .from(attemptQuestions)
      .where(and(eq(attemptQuestions.attemptId, a.id), eq(attemptQuestions.position, fill.position)))
    assert.deepEqual([filled!.correct, filled!.earned], [true, 10], 'alternatives, case and width folded')
  })

  test('an unanswered 简答题 is 0 at closing: nothing to mark, the score is final', async () => {
    const { client, paper } = await sitting()
    const sheet = await start(client, paper.id)
    for (const q of sheet.questions) if (q.type === QuestionType.single) await save(client, sheet.id, q.position, ['B'])
    const result = await data(await client.put(`${exam}/overPaper`, { attemptId: sheet.id }))
    assert.deepEqual([result.status, result.score, result.objectiveScore, result.pendingMarks], [AttemptStatus.done, 10, 10, 0])
  })

  test('a random paper draws per student by its rules: counts per type, difficulty and chapter, no question twice; 422 when the bank is short', async () => {
    const { student, client } = await studentClient(t.app)
    const { course, chapter } = await insertCourse(t.app)
    await enrol(t.app, student.id, course.id)
    const other = await insertChapter(t.app, course.id)
    for (let i = 0; i < 3; i++)
      await insertQuestion(t.app, course.id, { type: QuestionType.single, difficulty: Difficulty.simple, chapterId: chapter.id })
    for (let i = 0; i < 3; i++)
      await insertQuestion(t.app, course.id, { type: QuestionType.single, difficulty: Difficulty.hard, chapterId: other.id })
    for (let i = 0; i < 3; i++) await insertQuestion(t.app, course.id, { type: QuestionType.judge })
    const paper = await insertRandomPaper(t.app, course.id, [
      { type: QuestionType.single, count: 3, score: 5 },
      { type: QuestionType.single, difficulty: Difficulty.simple, chapterId: chapter.id, count: 2, score: 4 },
      { type: QuestionType.judge, count: 2, score: 3 },
    ])
    for (let round = 0; round < 3; round++) {
      const sheet = await start(client, paper.id)
      assert.equal(sheet.totalScore, 3 * 5 + 2 * 4 + 2 * 3)
      const dealt = await t.app.db
        .select({
          position: attemptQuestions.position,
          questionId: attemptQuestions.questionId,
          score: attemptQuestions.score,
          q: questions,
        })
        .from(attemptQuestions)
        .innerJoin(questions, eq(questions.id, attemptQuestions.questionId))
        .where(eq(attemptQuestions.attemptId, sheet.id))
      assert.equal(dealt.length, 7)
      assert.equal(new Set(dealt.map((d) => d.questionId)).size, 7, 'no question twice')
      const bySecond = dealt.filter((d) => d.score === 4)
      assert.equal(bySecond.length, 2)
      assert.ok(bySecond.every((d) => d.q.difficulty === Difficulty.simple && d.q.chapterId === chapter.id))
      assert.equal(dealt.filter((d) => d.score === 5 && d.q.type === QuestionType.single).length, 3)
      assert.equal(dealt.filter((d) => d.q.type === QuestionType.judge && d.score === 3).length, 2)
      await data(await client.put(`${exam}/refusePaper`, { attemptId: sheet.id }))
    }
    const short = await insertRandomPaper(t.app, course.id, [{ type: QuestionType.judge, count: 4, score: 5 }])
    const res = await client.post(`${exam}/start`, { paperId: short.id })
    assert.deepEqual([res.statusCode, res.json().message], [422, '题库题目不足，请联系老师'])
  })

  test('attempts are limited, and a window bounds the start and the end time', async () => {
    const { client, paper, student } = await sitting({ maxAttempts: 1 })
    const sheet = await start(client, paper.id)
    const refused = await data(await client.put(`${exam}/refusePaper`, { attemptId: sheet.id }))
    assert.deepEqual([refused.status, refused.score, refused.closeReason], [AttemptStatus.abandoned, 0, AttemptClose.abandoned])
    assert.equal(
      (await t.app.db.select().from(wrongQuestions).where(eq(wrongQuestions.studentId, student.id))).length,
      0,
      '放弃 feeds no book',
    )
    const res = await client.post(`${exam}/start`, { paperId: paper.id })
    assert.deepEqual([res.statusCode, res.json().message], [422, '作答次数已用完'])
    const card = (await data(await client.get(`${exam}/listForClient`))).find((c: { id: number }) => c.id === paper.id)
    assert.deepEqual([card.state, card.attemptsUsed, card.bestScore], ['已用完', 1, 0])

    const later = await sitting({ opensAt: new Date(Date.now() + 3600_000) })
    const early = await later.client.post(`${exam}/start`, { paperId: later.paper.id })
    assert.deepEqual([early.statusCode, early.json().message], [422, '考试尚未开始'])
    assert.equal((await data(await later.client.get(`${exam}/detailsForClient`, { paperId: later.paper.id }))).state, '未开始')

    const past = await sitting({ opensAt: new Date(Date.now() - 7200_000), closesAt: new Date(Date.now() - 3600_000) })
    const late = await past.client.post(`${exam}/start`, { paperId: past.paper.id })
    assert.deepEqual([late.statusCode, late.json().message], [422, '考试已结束'])

    const closesAt = new Date(Date.now() + 120_000)
    const window = await sitting({ durationMinutes: 60, closesAt })
    const cut = await start(window.client, window.paper.id)
    assert.equal(cut.endsAt, closesAt.toISOString(), 'ends at the window’s end, not after the duration')
    assert.equal((await data(await window.client.get(`${exam}/listForClient`)))[0].state, '答题中')
  })

  test('shuffled options and questions: the answer is mapped to the new letters, so right answers score in full', async () => {
    const { client, paper, bank } = await sitting({ shuffleOptions: true, shuffleQuestions: true })
    await setPaper(t.app, paper.id, { maxAttempts: 0 })
    const byId = new Map(Object.values(bank).map((q) => [q.id, q]))
    let moved = 0
    for (let round = 0; round < 4; round++) {
      const sheet = await start(client, paper.id)
      const dealt = await t.app.db.select().from(attemptQuestions).where(eq(attemptQuestions.attemptId, sheet.id))
      for (const q of sheet.questions) {
        const row = dealt.find((d) => d.position === q.position)!
        const original = byId.get(row.questionId)!
        const text = (key: string, options: Array<{ key: string; text: string }>) => options.find((o) => o.key === key)!.text
        if (q.type === QuestionType.single || q.type === QuestionType.multiple) {
          assert.deepEqual(
            q.options.map((o: { key: string }) => o.key),
            ['A', 'B', 'C', 'D'],
          )
          const wanted = original.answer.map((k) => text(k, original.options))
          const mine = q.options.filter((o: { text: string }) => wanted.includes(o.text)).map((o: { key: string }) => o.key)
          if (mine.join() !== original.answer.join()) moved++
          assert.equal((await save(client, sheet.id, q.position, mine)).statusCode, 200)
        } else if (q.type === QuestionType.judge) {
          assert.deepEqual(q.options, original.options, '判断题 never shuffled')
          await save(client, sheet.id, q.position, original.answer)
        } else if (q.type === QuestionType.fill)
          await save(
            client,
            sheet.id,
            q.position,
            original.answer.map((a) => a.split('|')[0]!),
          )
      }
      const result = await data(await client.put(`${exam}/overPaper`, { attemptId: sheet.id }))
      assert.equal(result.objectiveScore, 40, 'every objective question right')
      const shown = result.questions.filter((q: { type: string }) => q.type === QuestionType.single || q.type === QuestionType.multiple)
      for (const q of shown) assert.equal(q.correct, true)
    }
    assert.ok(moved > 0, 'some options moved in four attempts')
  })

  test("another student's attempt and a paper of a course not joined are 404", async () => {
    const { client, paper } = await sitting()
    const sheet = await start(client, paper.id)
    const { client: other } = await studentClient(t.app)
    const calls = [
      () => other.get(`${exam}/attemptForClient`, { id: sheet.id }),
      () => save(other, sheet.id, 1, ['A']),
      () => other.put(ALIAS, { attemptId: sheet.id, position: 1, answer: '["A"]' }),
      () => other.put(`${exam}/overPaper`, { attemptId: sheet.id }),
      () => other.put(`${exam}/refusePaper`, { attemptId: sheet.id }),
      () => other.get(`${exam}/refreshScore`, { attemptId: sheet.id }),
      () => other.get(`${exam}/detailsForClient`, { paperId: paper.id }),
      () => other.post(`${exam}/start`, { paperId: paper.id }),
    ]
    for (const call of calls) assert.equal((await call()).statusCode, 404)
    const still = await data(await client.get(`${exam}/attemptForClient`, { id: sheet.id }))
    assert.equal(still.status, AttemptStatus.open)
    assert.equal((await other.get(`${exam}/listForClient`)).json().data.length, 0)
    assert.equal((await client.get(`${exam}/listForClient`, {})).statusCode, 200)
    const signedOut = await t.app.inject({ method: 'GET', url: `${exam}/listForClient` })
    assert.equal(signedOut.statusCode, 401)
  })

  test('bad input is refused with a 4xx, never a 500', async () => {
    const { client, paper, course } = await sitting()
    const sheet = await start(client, paper.id)
    const single = sheet.questions.find((q: { type: string }) => q.type === QuestionType.single)
    const multiple = sheet.questions.find((q: { type: string }) => q.type === QuestionType.multiple)
    const judge = sheet.questions.find((q: { type: string }) => q.type === QuestionType.judge)
    const fill = sheet.questions.find((q: { type: string }) => q.type === QuestionType.fill)
    const cases: Array<[string, () => ReturnType<Client['get']>, number]> = [
      ['a key not among the options', () => save(client, sheet.id, single.position, ['Z']), 400],
      ['two keys for a 单选题', () => save(client, sheet.id, single.position, ['A', 'B']), 400],
      ['a 判断题 key other than T/F', () => save(client, sheet.id, judge.position, ['A']), 400],
      ['more blanks than the question has', () => save(client, sheet.id, fill.position, ['a', 'b', 'c']), 400],
      ['no such question', () => save(client, sheet.id, 99, ['A']), 404],
      ['position 0', () => save(client, sheet.id, 0, ['A']), 400],
      // Not JSON: one plain entry (the text itself), not an option key.
      ['broken JSON', () => client.put(`${exam}/saveAnswer`, { attemptId: sheet.id, position: single.position, answer: '["A"' }), 400],
      [
        'an object',
        () => client.inject({ method: 'PUT', url: `${exam}/saveAnswer`, payload: { attemptId: sheet.id, position: 1, answer: { a: 1 } } }),
        400,
      ],
      [
        'numbers',
        () => client.inject({ method: 'PUT', url: `${exam}/saveAnswer`, payload: { attemptId: sheet.id, position: 1, answer: [1, 2] } }),
        400,
      ],
      ['attemptId not a number', () => client.put(`${exam}/saveAnswer`, { attemptId: 'abc', position: 1, answer: '[]' }), 400],
      ['a huge attemptId', () => client.put(`${exam}/saveAnswer`, { attemptId: '99999999999', position: 1, answer: '[]' }), 400],
      ['no paperId', () => client.post(`${exam}/start`, {}), 400],
      ['an unknown paper', () => client.post(`${exam}/start`, { paperId: 2_000_000_000 }), 404],
      ['an unknown use', () => client.get(`${exam}/listForClient`, { use: '期末' }), 400],
      ['no course for the report', () => client.get(`${subject}/studentStudyReport`), 400],
      ['a course not joined', () => client.get(`${subject}/studentStudyReport`, { courseId: course.id + 100000 }), 404],
      ['refreshScore of an open attempt', () => client.get(`${exam}/refreshScore`, { attemptId: sheet.id }), 409],
      ['an unknown attempt', () => client.get(`${exam}/attemptForClient`, { id: 2_000_000_000 }), 404],
    ]
    for (const [name, call, status] of cases) {
      const res = await call()
      assert.equal(res.statusCode, status, `${name}: ${res.body}`)
      assert.ok(res.json().message.length > 0)
    }
    // 多选题 keys stored sorted, once each; [] clears.
    await data(await save(client, sheet.id, multiple.position, ['C', 'A', 'C']))
    const [row] = await t.app.db
      .select()
      .from(attemptQuestions)
      .where(and(eq(attemptQuestions.attemptId, sheet.id), eq(attemptQuestions.position, multiple.position)))
    assert.deepEqual(row!.response, ['A', 'C'])
    await data(await save(client, sheet.id, multiple.position, []))
  })

  test('scores and the study report: final scores only, practice and the wrong-answer book of the course', async () => {
    const { client, paper, course } = await sitting()
    const sheet = await start(client, paper.id)
    for (const q of sheet.questions)
      if (q.type !== QuestionType.short) await save(client, sheet.id, q.position, q.type === QuestionType.fill ? ['x'] : ['A'])
    await save(client, sheet.id, sheet.questions.find((q: { type: string }) => q.type === QuestionType.short).position, ['作答'])
    await data(await client.put(`${exam}/overPaper`, { attemptId: sheet.id }))
    const scores = await data(await client.get(`${subject}/studentScore`, { courseId: course.id }))
    assert.equal(scores.length, 1)
    assert.deepEqual([scores[0].status, scores[0].score, scores[0].totalScore], [AttemptStatus.marking, null, 50])
    const report = await data(await client.get(`${subject}/studentStudyReport`, { courseId: course.id }))
    assert.equal(report.exams.length, 0, 'not final yet')
    assert.equal(report.exercise.total, 5)
    assert.equal(report.studyTime.days.length, 30)
    assert.deepEqual([report.studyTime.course, report.studyTime.total], [0, 0], 'nothing watched yet')
    assert.ok(report.wrongCount >= 3)
    assert.ok(
      report.chapters.some((c: { id: number | null }) => c.id === null),
      '未分章 questions',
    )
  })
})
