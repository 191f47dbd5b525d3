import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { insertChapter, insertFixedPaper, insertQuestion } from '../../../../test/exam-fixtures.ts'
import { adminClient, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, type TestApp } from '../../../../test/helper.ts'
import { enrol, insertCourse } from '../../../../test/study-fixtures.ts'
import { readXlsx } from '../../../../test/xlsx.ts'
import {
  AdminRole,
  AttemptClose,
  AttemptStatus,
  MessageKind,
  MessageTarget,
  PaperKind,
  PaperStatus,
  PaperUse,
  QuestionType,
} from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { messages } from '../../platform/messages/messages.table.ts'
import { wrongQuestions } from '../practice/practice.table.ts'
import { COURSES_DEMO } from '../courses/index.ts'
import { seedExamsDemo } from './exams.seed.ts'
import { examAttempts, paperQuestions, papers } from './exams.table.ts'

const paperBase = '/api/bms/cont/paper'
const attempts = '/api/sms/study/studentExam'

/** The office's papers and marking: 管理员 writes (audited), every operator reads; marking publishes the score. */
describe('exam papers and marking in the console', () => {
  let t: TestApp
  let admin: Client
  before(async () => {
    t = await buildTestApp()
    admin = (await adminClient(t.app)).client
  })
  after(async () => t.close())

  const data = async (res: Awaited<ReturnType<Client['get']>>, status = 200) => {
    assert.equal(res.statusCode, status, res.body)
    return res.json().data
  }
  const paperFields = {
    use: PaperUse.mock,
    durationMinutes: 30,
    maxAttempts: 2,
    passScore: 10,
    shuffleQuestions: '否',
    shuffleOptions: '是',
    showRank: '是',
  }

  test('a fixed paper: created as 草稿, its questions set with snapshots, published, refused to change once sat; a reader cannot write', async () => {
    const { course } = await insertCourse(t.app)
    const other = await insertCourse(t.app)
    const single = await insertQuestion(t.app, course.id, { type: QuestionType.single })
    const short = await insertQuestion(t.app, course.id, { type: QuestionType.short })
    const foreign = await insertQuestion(t.app, other.course.id)
    const paper = await data(await admin.post(paperBase, { ...paperFields, courseId: course.id, title: '期中模拟', kind: PaperKind.fixed }))
    assert.deepEqual([paper.status, paper.questionCount, paper.totalScore], [PaperStatus.draft, 0, 0])
    const empty = await admin.put(`${paperBase}/changeStatus`, { id: paper.id, status: PaperStatus.published })
    assert.deepEqual([empty.statusCode, empty.json().message], [422, '请先为试卷添加题目或抽题规则再发布'])
    const wrongCourse = await admin.put(`${paperBase}/questions`, {
      paperId: paper.id,
      items: JSON.stringify([{ questionId: foreign.id, score: 5 }]),
    })
    assert.equal(wrongCourse.statusCode, 400)
    const set = await data(
      await admin.put(`${paperBase}/questions`, {
        paperId: paper.id,
        items: JSON.stringify([
          { questionId: single.id, score: 6 },
          { questionId: short.id, score: 20 },
        ]),
      }),
    )
    assert.deepEqual(
      [set.questionCount, set.totalScore, set.questions.map((q: { questionId: number }) => q.questionId)],
      [2, 26, [single.id, short.id]],
    )
    const rules = await admin.put(`${paperBase}/rules`, { paperId: paper.id, rules: '[]' })
    assert.deepEqual([rules.statusCode, rules.json().message], [422, '固定试卷请选择题目，随机试卷请设置抽题规则'])
    const published = await data(await admin.put(`${paperBase}/changeStatus`, { id: paper.id, status: PaperStatus.published }))
    assert.equal(published.status, PaperStatus.published)

    const { client: reader } = await adminClient(t.app, AdminRole.enrollTeacher)
    assert.equal((await reader.get(`${paperBase}/list`, { courseId: course.id })).statusCode, 200)
    assert.equal((await reader.get(`${paperBase}/details`, { id: paper.id })).statusCode, 200)
    assert.equal((await reader.put(`${paperBase}/changeStatus`, { id: paper.id, status: PaperStatus.closed })).statusCode, 403)
    assert.equal((await reader.del(paperBase, { id: paper.id })).statusCode, 403)

    const { student, client } = await studentClient(t.app)
    await enrol(t.app, student.id, course.id)
    await data(await client.post(`${attempts}/start`, { paperId: paper.id }))
    const locked = await admin.put(`${paperBase}/questions`, {
      paperId: paper.id,
      items: JSON.stringify([{ questionId: single.id, score: 6 }]),
    })
    assert.deepEqual([locked.statusCode, locked.json().message], [422, '已有学员作答，不能修改题目'])
    const kept = await admin.del(paperBase, { id: paper.id })
    assert.deepEqual([kept.statusCode, kept.json().message], [422, '已有学员作答，请改为停用'])
    const kind = await admin.put(paperBase, {
      ...paperFields,
      id: paper.id,
      courseId: course.id,
      title: '期中模拟',
      kind: PaperKind.random,
    })
    assert.equal(kind.statusCode, 422)
    const list = await data(await admin.get(`${paperBase}/list`, { courseId: course.id }))
    assert.deepEqual([list.total, list.list[0].attemptCount], [1, 1])

    const audit = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(paper.id)))
    assert.deepEqual([...new Set(audit.map((a) => a.action))].sort(), ['paper.create', 'paper.status', 'paper.update'])

    const draft = await data(await admin.post(paperBase, { ...paperFields, courseId: course.id, title: '草稿卷', kind: PaperKind.fixed }))
    assert.equal((await admin.del(paperBase, { id: draft.id })).statusCode, 200)
  })

  test('a random paper: rules within the course, publishing refused while the bank is short', async () => {
    const { course, chapter } = await insertCourse(t.app)
    const other = await insertCourse(t.app)
    await insertQuestion(t.app, course.id, { type: QuestionType.judge, chapterId: chapter.id })
    const paper = await data(
      await admin.post(paperBase, { ...paperFields, passScore: 0, courseId: course.id, title: '随机卷', kind: PaperKind.random }),
    )
    const foreign = await admin.put(`${paperBase}/rules`, {
      paperId: paper.id,
      rules: JSON.stringify([{ chapterId: other.chapter.id, type: QuestionType.judge, count: 1, score: 5 }]),
    })
    assert.deepEqual([foreign.statusCode, foreign.json().message], [400, '章节不属于该课程'])
    const set = await data(
      await admin.put(`${paperBase}/rules`, {
        paperId: paper.id,
        rules: JSON.stringify([{ chapterId: chapter.id, type: QuestionType.judge, difficulty: '', count: 2, score: 5 }]),
      }),
    )
    assert.deepEqual([set.rules[0].available, set.questionCount, set.totalScore], [1, 2, 10])
    const short = await admin.put(`${paperBase}/changeStatus`, { id: paper.id, status: PaperStatus.published })
    assert.deepEqual([short.statusCode, short.json().message], [422, '题库题目不足，无法按抽题规则组卷'])
    await insertQuestion(t.app, course.id, { type: QuestionType.judge, chapterId: chapter.id })
    assert.equal(
      (await data(await admin.put(`${paperBase}/changeStatus`, { id: paper.id, status: PaperStatus.published }))).status,
      PaperStatus.published,
    )
    for (const bad of [
      { rules: 'nope' },
      { rules: JSON.stringify([{ type: '问答题', count: 1, score: 1 }]) },
      { rules: JSON.stringify([{ type: QuestionType.single, count: 0, score: 1 }]) },
    ])
      assert.equal((await admin.put(`${paperBase}/rules`, { paperId: paper.id, ...bad })).statusCode, 400)
    for (const bad of [
      { title: '' },
      { durationMinutes: 0 },
      { kind: '考试卷' },
      { opensAt: '2026-05-02 09:00', closesAt: '2026-05-01 09:00' },
      { opensAt: 'tomorrow' },
    ]) {
      const res = await admin.post(paperBase, { ...paperFields, courseId: course.id, title: '坏', kind: PaperKind.fixed, ...bad })
      assert.equal(res.statusCode, 400, `${JSON.stringify(bad)}: ${res.body}`)
    }
    assert.equal((await admin.get(`${paperBase}/details`, { id: 2_000_000_000 })).statusCode, 404)
    // A course with a paper (and no question) is kept too: its deletion is refused in words, not a foreign-key 500.
    await admin.post(paperBase, { ...paperFields, passScore: 0, courseId: other.course.id, title: '空卷', kind: PaperKind.fixed })
    const kept = await admin.del('/api/bms/cont/continueCourse', { id: other.course.id })
    assert.deepEqual([kept.statusCode, kept.json().message], [422, '课程下已有试题或试卷，请改为下架'])
  })

  test('marking: 简答题 marked, the score final, 成绩公布 to the student, ranks among best final scores (ties share), the export readable', async () => {
    const { course } = await insertCourse(t.app)
    const chapter = await insertChapter(t.app, course.id)
    const single = await insertQuestion(t.app, course.id, { type: QuestionType.single, chapterId: chapter.id })
    const short = await insertQuestion(t.app, course.id, { type: QuestionType.short })
    const paper = await insertFixedPaper(
      t.app,
      course.id,
      [
        { question: single, score: 10 },
        { question: short, score: 20 },
      ],
      { showRank: true, maxAttempts: 0 },
    )
    const sit = async (choice: string) => {
      const { student, client } = await studentClient(t.app)
      await enrol(t.app, student.id, course.id)
      const sheet = await data(await client.post(`${attempts}/start`, { paperId: paper.id }))
      await data(await client.put(`${attempts}/saveAnswer`, { attemptId: sheet.id, position: 1, answer: JSON.stringify([choice]) }))
      await data(await client.put(`${attempts}/saveAnswer`, { attemptId: sheet.id, position: 2, answer: '我的论述' }))
      const result = await data(await client.put(`${attempts}/overPaper`, { attemptId: sheet.id }))
      return { student, client, attemptId: sheet.id as number, result }
    }
    const a = await sit('B')
    assert.deepEqual(
      [a.result.status, a.result.score, a.result.objectiveScore, a.result.pendingMarks, a.result.rank],
      [AttemptStatus.marking, null, 10, 1, null],
    )
    const list = await data(await admin.get(`${attempts}/list`, { paperId: paper.id, status: AttemptStatus.marking }))
    assert.equal(list.total, 1)
    assert.match(list.list[0].phone, /^\d{3}\*{4}\d{4}$/)
    const details = await data(await admin.get(`${attempts}/details`, { id: a.attemptId }))
    assert.deepEqual(details.questions[1].response, ['我的论述'])
    assert.deepEqual(details.questions[1].rightAnswer, short.answer)

    for (const bad of [
      { marks: JSON.stringify([{ position: 1, earned: 5 }]) },
      { marks: JSON.stringify([{ position: 2, earned: 21 }]) },
      { marks: JSON.stringify([{ position: 2, earned: -1 }]) },
      { marks: '[]' },
      { marks: 'x' },
    ])
      assert.equal((await admin.put(`${attempts}/mark`, { attemptId: a.attemptId, ...bad })).statusCode, 400, JSON.stringify(bad))
    const { client: teacher } = await adminClient(t.app, AdminRole.enrollTeacher)
    assert.equal(
      (await teacher.put(`${attempts}/mark`, { attemptId: a.attemptId, marks: JSON.stringify([{ position: 2, earned: 5 }]) })).statusCode,
      403,
    )

    const marked = await data(
      await admin.put(`${attempts}/mark`, {
        attemptId: a.attemptId,
        marks: JSON.stringify([{ position: 2, earned: 15, comment: '论述不完整' }]),
      }),
    )
    assert.deepEqual([marked.status, marked.score, marked.subjectiveScore, marked.pendingMarks], [AttemptStatus.done, 25, 15, 0])
    const again = await admin.put(`${attempts}/mark`, { attemptId: a.attemptId, marks: JSON.stringify([{ position: 2, earned: 20 }]) })
    assert.deepEqual([again.statusCode, again.json().message], [422, '该答卷不在待阅卷状态'])
    const [message] = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, a.student.accountId), eq(messages.kind, MessageKind.examMarked)))
    assert.ok(message, 'a 成绩公布 message')
    assert.deepEqual([message.targetType, message.targetId], [MessageTarget.attempt, a.attemptId])
    assert.match(message.body, /25分/)
    const [book] = await t.app.db
      .select()
      .from(wrongQuestions)
      .where(and(eq(wrongQuestions.studentId, a.student.id), eq(wrongQuestions.questionId, short.id)))
    assert.ok(book, 'a 简答题 marked below full goes in the wrong-answer book')
    const refreshed = await data(await a.client.get(`${attempts}/refreshScore`, { attemptId: a.attemptId }))
    assert.deepEqual([refreshed.score, refreshed.rank, refreshed.questions[1].comment], [25, { rank: 1, of: 1 }, '论述不完整'])

    const b = await sit('B')
    await data(await admin.put(`${attempts}/mark`, { attemptId: b.attemptId, marks: JSON.stringify([{ position: 2, earned: 20 }]) }))
    const c = await sit('A')
    await data(await admin.put(`${attempts}/mark`, { attemptId: c.attemptId, marks: JSON.stringify([{ position: 2, earned: 15 }]) }))
    const d = await sit('B')
    await data(await admin.put(`${attempts}/mark`, { attemptId: d.attemptId, marks: JSON.stringify([{ position: 2, earned: 15 }]) }))
    const rank = async (x: { client: Client; attemptId: number }) =>
      (await data(await x.client.get(`${attempts}/refreshScore`, { attemptId: x.attemptId }))).rank
    assert.deepEqual(await rank(b), { rank: 1, of: 4 })
    assert.deepEqual(await rank(a), { rank: 2, of: 4 })
    assert.deepEqual(await rank(d), { rank: 2, of: 4 }, 'a tie shares the rank')
    assert.deepEqual(await rank(c), { rank: 4, of: 4 })
    const scores = await data(await a.client.get('/api/sms/study/studentSubject/studentScore'))
    assert.deepEqual([scores[0].score, scores[0].status], [25, AttemptStatus.done])
    const report = await data(await a.client.get('/api/sms/study/studentSubject/studentStudyReport', { courseId: course.id }))
    assert.deepEqual(
      report.exams.map((e: { score: number }) => e.score),
      [25],
    )

    // 收卷 an open attempt, then clear the student's attempts.
    const { student: e, client: eClient } = await studentClient(t.app)
    await enrol(t.app, e.id, course.id)
    const open = await data(await eClient.post(`${attempts}/start`, { paperId: paper.id }))
    const closed = await data(await admin.put(`${attempts}/assignOverAdmin`, { attemptId: open.id }))
    assert.deepEqual([closed.closeReason, closed.status, closed.student.id], [AttemptClose.office, AttemptStatus.done, e.id])
    const twice = await admin.put(`${attempts}/assignOverAdmin`, { attemptId: open.id })
    assert.deepEqual([twice.statusCode, twice.json().message], [422, '该答卷已交卷'])

    const res = await admin.get(`${attempts}/exports`, { paperId: paper.id })
    assert.equal(res.statusCode, 200)
    const rows = await readXlsx(res.rawPayload)
    assert.deepEqual(rows[0], ['姓名', '学号', '手机', '次数', '状态', '开始', '交卷', '客观题', '主观题', '总分', '排名'])
    assert.equal(rows.length, 6)
    assert.ok(rows.slice(1).every((r) => /^\d{3}\*{4}\d{4}$/.test(r[2]!)))
    assert.deepEqual(
      rows.slice(1).map((r) => r[9]),
      ['25', '30', '15', '25', '0'],
    )
    assert.equal((await admin.get(`${attempts}/exports`, { paperId: 2_000_000_000 })).statusCode, 404)

    const cleared = await data(await admin.put(`${attempts}/clearExam`, { paperId: paper.id, studentId: e.id }))
    assert.deepEqual(cleared, { cleared: 1 })
    assert.equal((await t.app.db.select().from(examAttempts).where(eq(examAttempts.studentId, e.id))).length, 0)
    const audit = await t.app.db.select().from(auditLogs).where(eq(auditLogs.entityType, 'attempt'))
    assert.ok(audit.some((x) => x.action === 'attempt.mark') && audit.some((x) => x.action === 'attempt.close'))
    assert.equal((await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'attempt.clear'))).length, 1)
  })
})

describe('exam demo papers', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('the demo papers come from the demo courses’ banks, once, and not at all while the banks are empty', async () => {
    const maths = await insertCourse(t.app, { title: COURSES_DEMO.maths })
    const english = await insertCourse(t.app, { title: COURSES_DEMO.english })
    assert.equal(await seedExamsDemo({ db: t.app.db }), 0, 'empty banks: no papers')
    for (const type of [QuestionType.single, QuestionType.multiple, QuestionType.judge, QuestionType.fill, QuestionType.short])
      for (let i = 0; i < 3; i++) {
        await insertQuestion(t.app, maths.course.id, { type, chapterId: maths.chapter.id })
        await insertQuestion(t.app, english.course.id, { type })
      }
    assert.equal(await seedExamsDemo({ db: t.app.db }), 3)
    assert.equal(await seedExamsDemo({ db: t.app.db }), 0, 'idempotent')
    const rows = await t.app.db.select().from(papers)
    const mock = rows.find((p) => p.title === '高等数学（一）模拟试卷')!
    assert.deepEqual([mock.durationMinutes, mock.maxAttempts, mock.status, mock.kind], [10, 3, PaperStatus.published, PaperKind.fixed])
    const list = await t.app.db.select().from(paperQuestions).where(eq(paperQuestions.paperId, mock.id))
    assert.equal(list.filter((q) => q.snapshot.type === QuestionType.short).length, 1)
    assert.ok(list.some((q) => q.snapshot.type !== QuestionType.short))
    assert.ok(rows.some((p) => p.kind === PaperKind.random && p.courseId === english.course.id && p.status === PaperStatus.published))
    assert.ok(rows.some((p) => p.use === PaperUse.exam && p.opensAt && p.closesAt && p.status === PaperStatus.published))
  })
})
