import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import ExcelJS from 'exceljs'
import { eq, inArray } from 'drizzle-orm'
import { insertCourse } from '../../../../test/study-fixtures.ts'
import { adminClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, type TestApp } from '../../../../test/helper.ts'
import { multipart, readXlsx, xlsx } from '../../../../test/xlsx.ts'
import { AdminRole, DIFFICULTIES, QUESTION_TYPES } from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { COURSES_DEMO, seedCoursesDemo } from '../courses/index.ts'
import { courseChapters, courses } from '../courses/courses.table.ts'
import { seedStudentsDemo } from '../../roll/index.ts'
import { addQuestions, seedQuestionBankDemo } from './index.ts'
import { questions } from './question-bank.table.ts'

const BANK = '/api/bms/cont/subject'
const said = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message]
const HEADER = ['题型', '难度', '章节', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '选项G', '选项H', '答案', '解析']

describe('the question bank in the console', () => {
  let t: TestApp
  let admin: Client
  let course: Awaited<ReturnType<typeof insertCourse>>
  const json = (method: 'POST' | 'PUT', payload: Record<string, unknown>) => admin.inject({ method, url: BANK, payload })
  before(async () => {
    t = await buildTestApp()
    admin = (await adminClient(t.app)).client
    course = await insertCourse(t.app, { title: '高等数学（测试）' })
  })
  after(async () => t.close())

  test('a question of every type is added, read, changed and removed; every write is audited', async () => {
    const single = await json('POST', {
      courseId: course.course.id,
      chapterId: course.chapter.id,
      type: '单选题',
      difficulty: '简单',
      stem: '(x²)′ = ?',
      options: ['2x', 'x', '2', 'x²'],
      answer: ['A'],
      analysis: '幂函数求导',
    })
    assert.equal(single.statusCode, 200, single.body)
    const q = single.json().data
    assert.deepEqual(
      { ...q, id: 0, createdAt: '', updatedAt: '' },
      {
        id: 0,
        courseId: course.course.id,
        courseTitle: '高等数学（测试）',
        chapterId: course.chapter.id,
        chapterTitle: '第一章',
        type: '单选题',
        difficulty: '简单',
        stem: '(x²)′ = ?',
        options: [
          { key: 'A', text: '2x' },
          { key: 'B', text: 'x' },
          { key: 'C', text: '2' },
          { key: 'D', text: 'x²' },
        ],
        answer: ['A'],
        analysis: '幂函数求导',
        usedInPapers: 0,
        createdAt: '',
        updatedAt: '',
      },
    )
    // A form body works too: options and answer as JSON text; multiple keys sorted.
    const multiple = await admin.post(BANK, {
      courseId: course.course.id,
      type: '多选题',
      difficulty: '一般',
      stem: '奇函数有',
      options: JSON.stringify([
        { key: 'A', text: 'x³' },
        { key: 'B', text: 'cos x' },
        { key: 'C', text: 'sin x' },
      ]),
      answer: 'CA',
    })
    assert.equal(multiple.statusCode, 200, multiple.body)
    assert.deepEqual([multiple.json().data.answer, multiple.json().data.chapterId], [['A', 'C'], null])
    const judge = (
      await json('POST', { courseId: course.course.id, type: '判断题', difficulty: '困难', stem: '可导必连续', answer: ['正确'] })
    ).json().data
    assert.deepEqual([judge.answer, judge.options.map((o: { key: string }) => o.key)], [['T'], ['T', 'F']])
    const fill = (
      await json('POST', {
        courseId: course.course.id,
        type: '填空题',
        difficulty: '一般',
        stem: 'lim = __, __',
        answer: ['1', ' 2x | 2X '],
      })
    ).json().data
    assert.deepEqual([fill.answer, fill.options], [['1', '2x|2X'], []])
    const short = (
      await json('POST', {
        courseId: course.course.id,
        type: '简答题',
        difficulty: '困难',
        stem: '证明',
        answer: ['零点定理'],
        options: ['忽略'],
      })
    ).json().data
    assert.deepEqual([short.answer, short.options], [['零点定理'], []])

    const changed = await json('PUT', {
      id: q.id,
      chapterId: '',
      type: '单选题',
      difficulty: '一般',
      stem: '(x³)′ = ?',
      options: ['3x²', 'x²'],
      answer: ['A'],
    })
    assert.equal(changed.statusCode, 200, changed.body)
    assert.deepEqual([changed.json().data.stem, changed.json().data.chapterId, changed.json().data.options.length], ['(x³)′ = ?', null, 2])
    assert.deepEqual(
      said(await json('PUT', { id: q.id, courseId: 999999, type: '判断题', difficulty: '一般', stem: 'x', answer: ['T'] })),
      [422, '试题所属课程不能修改，请在目标课程下新建试题'],
    )

    const listed = (await admin.get(`${BANK}/list`, { courseId: course.course.id, type: '填空题' })).json().data
    assert.deepEqual([listed.total, listed.list[0].id], [1, fill.id])
    assert.equal((await admin.get(`${BANK}/list`, { courseId: course.course.id, keyword: 'x³' })).json().data.total, 1)
    assert.equal((await admin.get(`${BANK}/list`, { courseId: course.course.id, chapterId: 'none' })).json().data.total, 5)

    assert.equal((await admin.del(BANK, { id: short.id })).statusCode, 200)
    assert.deepEqual(said(await admin.get(`${BANK}/details`, { id: short.id })), [404, '试题不存在或已删除'])
    assert.deepEqual(said(await admin.del(BANK, { id: short.id })), [404, '试题不存在或已删除'])
    const [row] = await t.app.db.select().from(questions).where(eq(questions.id, short.id))
    assert.ok(row!.deletedAt, 'removal only marks the question')
    assert.equal((await admin.get(`${BANK}/list`, { courseId: course.course.id })).json().data.total, 4)

    const actions = (await t.app.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.entityType, 'question'))).map(
      (r) => r.action,
    )
    assert.deepEqual(actions.sort(), [
      'question.create',
      'question.create',
      'question.create',
      'question.create',
      'question.create',
      'question.delete',
      'question.update',
    ])
  })

  test('a question breaking its type’s rules is refused with the reason, never a 500', async () => {
    const base = { courseId: course.course.id, difficulty: '一般', stem: '题干' }
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...base, type: '单选题', options: ['a'], answer: ['A'] }, 400, '选择题需要2-8个选项'],
      [{ ...base, type: '单选题', options: ['1', '2', '3', '4', '5', '6', '7', '8', '9'], answer: ['A'] }, 400, '选择题最多8个选项'],
      [{ ...base, type: '单选题', options: ['a', 'b'], answer: ['A', 'B'] }, 400, '单选题的答案只能是一个选项'],
      [{ ...base, type: '单选题', options: ['a', 'b'], answer: ['C'] }, 400, '答案「C」不在选项中（可选 A、B）'],
      [{ ...base, type: '单选题', options: ['a', 'b'], answer: [] }, 400, '请填写答案'],
      [
        {
          ...base,
          type: '单选题',
          options: [
            { key: 'B', text: 'a' },
            { key: 'A', text: 'b' },
          ],
          answer: ['A'],
        },
        400,
        '选项须按A、B、C……的顺序排列',
      ],
      [{ ...base, type: '单选题', options: ['a', ' '], answer: ['A'] }, 400, '请填写选项B的内容'],
      [{ ...base, type: '多选题', options: ['a', 'b', 'c'], answer: ['A'] }, 400, '多选题至少需要两个正确选项'],
      [{ ...base, type: '判断题', answer: ['maybe'] }, 400, '判断题的答案只能是正确（T）或错误（F）'],
      [{ ...base, type: '填空题', answer: [] }, 400, '填空题至少需要一个空的答案'],
      [{ ...base, type: '填空题', answer: ['1', ' | '] }, 400, '第2空的答案不能为空'],
      [{ ...base, type: '简答题', answer: [''] }, 400, '请填写简答题的参考答案'],
      [{ ...base, type: '论述题', answer: ['x'] }, 400, '题型只能是单选题、多选题、判断题、填空题或简答题'],
      [{ ...base, type: '判断题', difficulty: '极难', answer: ['T'] }, 400, '难度只能是简单、一般或困难'],
      [{ ...base, type: '判断题', stem: ' ', answer: ['T'] }, 400, '请填写题干'],
      [{ ...base, type: '判断题', stem: 'x'.repeat(2001), answer: ['T'] }, 400, '题干不能超过2000个字符'],
      [{ ...base, type: '判断题', answer: { a: 1 } }, 400, '答案格式不正确，应为字符串数组'],
      [{ ...base, type: '单选题', options: 'not json', answer: ['A'] }, 400, '选项格式不正确，应为 [{"key":"A","text":"..."}] 列表'],
      [{ ...base, type: '判断题', answer: ['T'], chapterId: 999999 }, 400, '所选章节不属于该课程'],
      [{ ...base, courseId: 999999, type: '判断题', answer: ['T'] }, 404, '课程不存在'],
    ]
    for (const [payload, status, message] of cases) {
      const res = await json('POST', payload)
      assert.equal(res.statusCode, status, `${JSON.stringify(payload).slice(0, 80)}: ${res.body}`)
      assert.match(res.json().message, new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    }
    assert.deepEqual(said(await admin.get(`${BANK}/details`, { id: 'abc' })), [400, '编号格式不正确'])
    assert.equal((await admin.get(`${BANK}/list`, { type: '论述题' })).statusCode, 400)
  })

  test('every operator reads, only 管理员 writes; signed out is 401', async () => {
    const { client: finance } = await adminClient(t.app, AdminRole.finance)
    assert.equal((await finance.get(`${BANK}/list`)).statusCode, 200)
    assert.equal((await finance.get(`${BANK}/template`)).statusCode, 200)
    const write = { courseId: course.course.id, type: '判断题', difficulty: '一般', stem: '财务加的', answer: 'T' }
    assert.equal((await finance.post(BANK, write)).statusCode, 403)
    assert.equal((await finance.del(BANK, { id: 1 })).statusCode, 403)
    const { client: teacher } = await adminClient(t.app, AdminRole.enrollTeacher)
    assert.equal((await teacher.post(BANK, write)).statusCode, 403)
    const anonymous = createClient(t.app)
    assert.equal((await anonymous.get(`${BANK}/list`)).statusCode, 401)
    assert.equal((await anonymous.post(BANK, write)).statusCode, 401)
  })

  test('the template downloads as an xlsx: the columns, an example per type, and the instructions sheet', async () => {
    const res = await admin.inject({ method: 'GET', url: `${BANK}/template` })
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /spreadsheetml/)
    const rows = await readXlsx(res.rawPayload)
    assert.deepEqual(rows[0], HEADER)
    assert.deepEqual(
      rows.slice(1).map((r) => r[0]),
      [...QUESTION_TYPES],
    )
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer)
    assert.deepEqual(
      workbook.worksheets.map((s) => s.name),
      ['试题', '填写说明'],
    )
    // The template's own examples import as they are (into a course with a chapter of that name, or none).
    const other = await insertCourse(t.app, { title: '模板导入课' })
    const upload = await admin.inject({
      method: 'POST',
      url: `${BANK}/uploadByExcel?courseId=${other.course.id}`,
      ...multipart(res.rawPayload),
    })
    assert.equal(upload.statusCode, 200, upload.body)
    assert.deepEqual([upload.json().data.imported, upload.json().data.failed], [5, 0])
  })

  test('an import takes the good rows in one go and reports each bad row with its reason', async () => {
    const target = await insertCourse(t.app, { title: '大学英语（导入）' })
    await t.app.db.insert(courseChapters).values({ courseId: target.course.id, title: '第二章 阅读理解', sort: 1 })
    const blank = Array(8).fill('')
    const opts = (...o: string[]) => [...o, ...blank].slice(0, 8)
    const data = await xlsx([
      HEADER,
      ['单选题', '简单', '第一章', 'She ___ to school.', ...opts('go', 'goes'), 'B', '三单'],
      ['多选题', '一般', '第二章 阅读理解', '名词有', ...opts('happiness', 'quickly', 'decision'), 'A、C', ''],
      ['判断题', '困难', '', 'information 不可数', ...opts(), '对', ''],
      ['填空题', '一般', '', 'child 的复数 ____；man 的复数 ____', ...opts(), 'children；men|men.', ''],
      ['简答题', '困难', '', '简述现在完成时', ...opts(), 'have/has + 过去分词', ''],
      ['论述题', '一般', '', '题干', ...opts(), 'x', ''],
      ['单选题', '', '', '题干', ...opts('a', 'b'), 'A', ''],
      ['单选题', '一般', '第九章', '题干', ...opts('a', 'b'), 'A', ''],
      ['单选题', '一般', '', '题干', ...opts('a', '', 'c'), 'A', ''],
      ['单选题', '一般', '', '题干', ...opts('a', 'b'), 'E', ''],
      ['多选题', '一般', '', '题干', ...opts('a', 'b'), 'A', ''],
      ['判断题', '一般', '', '题干', ...opts(), '也许', ''],
      ['单选题', '一般', '', '', ...opts('a', 'b'), 'A', ''],
      ['单选题', '简单', '第一章', 'She  ___ to school.', ...opts('go', 'goes'), 'B', '与第2行重复'],
      ['填空题', '一般', '', '题干', ...opts(), '', ''],
    ])
    const res = await admin.inject({ method: 'POST', url: `${BANK}/uploadByExcel?courseId=${target.course.id}`, ...multipart(data) })
    assert.equal(res.statusCode, 200, res.body)
    const report = res.json().data
    assert.deepEqual([report.imported, report.failed], [5, 10])
    assert.deepEqual(
      report.rows.map((r: { row: number; ok: boolean; message: string }) => [r.row, r.ok, r.message]),
      [
        [2, true, '导入成功'],
        [3, true, '导入成功'],
        [4, true, '导入成功'],
        [5, true, '导入成功'],
        [6, true, '导入成功'],
        [7, false, '题型「论述题」不正确，应为单选题、多选题、判断题、填空题、简答题'],
        [8, false, '请填写难度'],
        [9, false, '该课程没有名为「第九章」的章'],
        [10, false, '选项须从A开始连续填写（选项B为空）'],
        [11, false, '答案「E」不在选项中（可选 A、B）'],
        [12, false, '多选题至少需要两个正确选项'],
        [13, false, '判断题的答案只能是正确（T）或错误（F）'],
        [14, false, '请填写题干'],
        [15, false, '与第2行的试题重复'],
        [16, false, '请填写答案'],
      ],
    )
    const rows = await t.app.db.select().from(questions).where(eq(questions.courseId, target.course.id))
    const fill = rows.find((r) => r.type === '填空题')!
    assert.deepEqual(fill.answer, ['children', 'men|men.'])
    assert.deepEqual(rows.find((r) => r.type === '多选题')!.answer, ['A', 'C'])
    assert.equal(rows.find((r) => r.type === '单选题')!.chapterId, target.chapter.id)
    assert.equal(rows.find((r) => r.type === '判断题')!.chapterId, null)

    // The same file again: every row is a duplicate of the bank now (or bad as before), nothing more goes in.
    const again = (
      await admin.inject({ method: 'POST', url: `${BANK}/uploadByExcel?courseId=${target.course.id}`, ...multipart(data) })
    ).json().data
    assert.deepEqual([again.imported, again.failed, again.rows[0].message], [0, 15, '题库中已有相同题型和题干的试题'])
    const imports = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'question.import'))
    assert.equal(imports.filter((a) => a.entityId === String(target.course.id)).length, 1, 'an import of nothing is not audited')

    // Bad files and bad courses: 4xx with a reason.
    assert.deepEqual(said(await admin.inject({ method: 'POST', url: `${BANK}/uploadByExcel?courseId=999999`, ...multipart(data) })), [
      404,
      '课程不存在',
    ])
    assert.equal(
      (
        await admin.inject({
          method: 'POST',
          url: `${BANK}/uploadByExcel?courseId=${target.course.id}`,
          ...multipart(Buffer.from('a,b'), 'a.csv'),
        })
      ).statusCode,
      400,
    )
    const wrongHeader = await xlsx([
      ['题目', '答案'],
      ['x', 'y'],
    ])
    assert.match(
      (await admin.inject({ method: 'POST', url: `${BANK}/uploadByExcel?courseId=${target.course.id}`, ...multipart(wrongHeader) })).json()
        .message,
      /表头与模板不一致：缺少列 题型、难度、题干/,
    )
    const tooMany = await xlsx([HEADER, ...Array.from({ length: 2001 }, (_, i) => ['判断题', '一般', '', `第${i}题`, ...opts(), 'T', ''])])
    assert.deepEqual(
      said(await admin.inject({ method: 'POST', url: `${BANK}/uploadByExcel?courseId=${target.course.id}`, ...multipart(tooMany) })),
      [400, '单次最多导入2000行，请拆分后分批导入'],
    )
  })

  test('a course with questions is not deleted: 422 with a reason, not a 500', async () => {
    const own = await insertCourse(t.app, { title: '将删除的课' })
    await addQuestions({
      db: t.app.db,
      courseId: own.course.id,
      questions: [{ type: '判断题', difficulty: '简单', stem: '1+1=2', answer: ['T'] }],
    })
    assert.deepEqual(said(await admin.del('/api/bms/cont/continueCourse', { id: own.course.id })), [
      422,
      '课程下已有试题或试卷，请改为下架',
    ])
    const empty = await insertCourse(t.app, { title: '空课' })
    assert.equal((await admin.del('/api/bms/cont/continueCourse', { id: empty.course.id })).statusCode, 200)
  })

  test('the demo bank: ≥ 40 questions over the two demo courses, every type and difficulty, in chapters, once', async () => {
    // A fresh database: the demo courses need the specification's categories only.
    const fresh = await buildTestApp()
    const db = fresh.app.db
    try {
      await seedStudentsDemo({ db: db })
      await seedCoursesDemo({ db: db })
      assert.equal(await seedQuestionBankDemo({ db: db }), true)
      assert.equal(await seedQuestionBankDemo({ db: db }), false, 'only into an empty bank')
      const demo = await db
        .select()
        .from(courses)
        .where(inArray(courses.title, [COURSES_DEMO.english, COURSES_DEMO.maths]))
      const rows = await db
        .select()
        .from(questions)
        .where(
          inArray(
            questions.courseId,
            demo.map((c) => c.id),
          ),
        )
      assert.ok(rows.length >= 40, `${rows.length}`)
      for (const c of demo) {
        const mine = rows.filter((r) => r.courseId === c.id)
        assert.deepEqual(new Set(mine.map((r) => r.type)), new Set(QUESTION_TYPES), c.title)
        assert.deepEqual(new Set(mine.map((r) => r.difficulty)), new Set(DIFFICULTIES), c.title)
        assert.ok(mine.filter((r) => r.chapterId !== null).length >= mine.length - 1, 'in the chapters')
        assert.ok(
          mine.every((r) => r.analysis.length > 0),
          'every question explained',
        )
      }
    } finally {
      await fresh.close()
    }
  })
})
