import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { insertChapter } from '../../../../test/exam-fixtures.ts'
import { adminClient, insertPosition, studentClient, uniqueIdCard } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, ok, refused, type TestApp } from '../../../../test/helper.ts'
import { courseEnrolments, courseSections, courses, courseCategories } from '../../learning/courses/courses.table.ts'
import { examAttempts, papers } from '../../learning/exams/exams.table.ts'
import { orders } from '../../money/orders/orders.table.ts'
import { graduationPhotos, photoCollections } from '../../roll/graduation/graduation.table.ts'
import { students } from '../../roll/students/students.table.ts'
import { thesisBatches, thesisSelections, thesisTopics } from '../../roll/thesis/thesis.table.ts'

const BASE = '/api/ems/education/graduate'
const PREVIEW = '/api/ems/education/previewGraduate'
const APPROVAL = '/api/zms/approval/approval'

type Check = { key: string; name: string; met: boolean; detail: string }
const unmet = (checks: Check[]) => checks.filter((c) => !c.met).map((c) => c.key)

/**
 * The graduation audit reads each condition where it lives (the roll, tuition orders, course
 * progress and exam scores, the thesis score, the photo, the office's marks); those are proven by
 * their own modules' tests, so this one writes them directly and checks what the audit makes of them.
 */
describe('毕业审核: each condition computed from its module, teacher then office approval, a graduate created once', () => {
  let t: TestApp
  let office: Client
  let head: { client: Client; id: number }
  let classId: number
  let courseId: number
  let examId: number
  let auditId: number
  let seq = 0
  const batch = { batchYear: 2025, batch: 7 }

  before(async () => {
    t = await buildTestApp()
    office = (await adminClient(t.app, '管理员')).client
    const headPosition = await insertPosition(t.app, ['students.view', 'classes.view'])
    const h = await adminClient(t.app, '管理员', { positionId: headPosition.id })
    head = { client: h.client, id: h.admin.id }
    classId = ok(
      await office.post('/api/zms/class', {
        name: '毕业审核班',
        school: '浙江工商大学',
        major: '工商管理',
        level: '本科',
        ...batch,
        headTeacherId: head.id,
      }),
    ).id
    const db = t.app.db
    const [category] = await db
      .insert(courseCategories)
      .values({ name: `毕业分类${Date.now()}` })
      .returning()
    const [course] = await db
      .insert(courses)
      .values({ title: '毕业实践', categoryId: category!.id, type: '线下课', status: '上架' })
      .returning()
    courseId = course!.id
    const chapter = await insertChapter(t.app, courseId)
    await db
      .insert(courseSections)
      .values([1, 2].map((n) => ({ courseId, chapterId: chapter.id, title: `第${n}节`, kind: '视频', duration: 60 })))
    const [exam] = await db
      .insert(papers)
      .values({ courseId, title: '毕业实践考试', use: '考试', kind: '固定试卷', status: '已发布', durationMinutes: 30, passScore: 60 })
      .returning()
    examId = exam!.id
    const [thesisBatch] = await db
      .insert(thesisBatches)
      .values({
        name: '2025年7期论文',
        ...batch,
        topicFrom: '2026-01-01',
        topicTo: '2026-01-10',
        proposalDue: '2026-02-01',
        draftDue: '2026-03-01',
        finalDue: '2026-04-01',
        advisorWeight: 40,
        defenceWeight: 60,
        passScore: 60,
        createdBy: 'test',
      })
      .returning()
    const [collection] = await db
      .insert(photoCollections)
      .values({
        title: '2025年7期毕业照片',
        ...batch,
        deadline: new Date(Date.now() + 86_400_000),
        width: 480,
        height: 640,
        minKb: 10,
        maxKb: 100,
        background: '浅蓝色',
        naming: '学号',
        createdBy: 'test',
      })
      .returning()
    Object.assign(ctx, { thesisBatchId: thesisBatch!.id, collectionId: collection!.id })
  })
  after(() => t.close())
  const ctx = { thesisBatchId: 0, collectionId: 0 }

  /** A student of the batch in the head teacher's class, with what `done` says they have done. */
  async function graduand(done: { tuition?: 'paid' | 'unpaid'; finished?: number; score?: number; thesis?: number; photo?: string } = {}) {
    const s = await studentClient(t.app, { ...batch, idCard: uniqueIdCard(), studentNo: `BY${Date.now()}${++seq}` })
    ok(await office.post('/api/zms/class/assign', { classId, studentIds: s.student.id }))
    const db = t.app.db
    const id = s.student.id
    if (done.tuition)
      await db.insert(orders).values({
        orderNo: `T${Date.now()}${seq}`,
        accountId: s.student.accountId,
        studentId: id,
        feeKind: '学费',
        title: '学费',
        amount: 300000,
        payStatus: done.tuition === 'paid' ? '支付成功' : '待支付',
      })
    if (done.finished !== undefined)
      await db.insert(courseEnrolments).values({ studentId: id, courseId, source: '学校开通', finished: done.finished })
    if (done.score !== undefined)
      await db.insert(examAttempts).values({
        paperId: examId,
        studentId: id,
        number: 1,
        status: '已完成',
        endsAt: new Date(),
        closedAt: new Date(),
        totalScore: 100,
        score: done.score,
      })
    if (done.thesis !== undefined) {
      const [topic] = await db
        .insert(thesisTopics)
        .values({ thesisBatchId: ctx.thesisBatchId, title: `题目${seq}`, capacity: 1, taken: 1, advisorId: head.id, advisorName: '王老师' })
        .returning()
      await db.insert(thesisSelections).values({
        thesisBatchId: ctx.thesisBatchId,
        studentId: id,
        topicId: topic!.id,
        advisorId: head.id,
        status: '已确认',
        totalScore: done.thesis,
        scoreStatus: '已发布',
      })
    }
    if (done.photo)
      await db.insert(graduationPhotos).values({
        collectionId: ctx.collectionId,
        studentId: id,
        key: `graduation/t/${id}.jpg`,
        bytes: 30000,
        width: 480,
        height: 640,
        status: done.photo,
      })
    return s
  }
  const everything = { tuition: 'paid', finished: 2, score: 75, thesis: 80, photo: '已通过' } as const

  test('the office opens one audit per batch with its required courses; bad input is refused in words', async () => {
    const form = { title: '2025年7期毕业审核', ...batch, graduationDate: '2026-07-01', requiredCourseIds: String(courseId) }
    refused(await office.post(`${BASE}/audit`, { ...form, requiredCourseIds: '999999' }), 400, '必修课程不存在')
    refused(await office.post(`${BASE}/audit`, { ...form, graduationDate: '明年' }), 400)
    refused(await head.client.post(`${BASE}/audit`, form), 403)
    const audit = ok(await office.post(`${BASE}/audit`, form))
    assert.deepEqual(audit.requiredCourses, [{ id: courseId, title: '毕业实践' }])
    refused(await office.post(`${BASE}/audit`, form), 409, '该批次已有毕业审核，请修改原有的审核')
    auditId = audit.id
  })

  test('each condition is computed where it lives and explained; the preview filters by state and by what blocks', async () => {
    const ready = await graduand(everything)
    const owes = await graduand({ ...everything, tuition: 'unpaid' })
    const behind = await graduand({ ...everything, finished: 1, score: 50, thesis: 55, photo: '审批中' })
    const nothing = await graduand()
    const page = ok(await office.get(PREVIEW, { auditId, size: 100 }))
    const row = (id: number) => page.list.find((r: { studentId: number }) => r.studentId === id)
    assert.deepEqual([row(ready.student.id).state, unmet(row(ready.student.id).checklist)], ['可提交', []])
    assert.deepEqual(unmet(row(owes.student.id).checklist), ['tuition'])
    assert.match(row(owes.student.id).checklist[1].detail, /有1笔学费待缴，共¥3,000\.00/)
    assert.deepEqual(unmet(row(behind.student.id).checklist), ['courses', 'exams', 'thesis', 'photo'])
    assert.deepEqual(
      row(behind.student.id)
        .checklist.filter((c: Check) => !c.met)
        .map((c: Check) => c.detail),
      ['未学完：毕业实践', '未通过：毕业实践考试', '论文成绩55分，未达到60分', '照片审批中'],
    )
    assert.deepEqual(unmet(row(nothing.student.id).checklist), ['tuition', 'courses', 'exams', 'thesis', 'photo'])
    assert.equal(row(nothing.student.id).checklist.find((c: Check) => c.key === 'thesis').detail, '还没有选题')
    assert.deepEqual([page.counts.students, page.counts.ready, page.counts.blocked], [4, 1, 3])
    const blockedByTuition = ok(await office.get(PREVIEW, { auditId, blockedBy: 'tuition', size: 100 }))
    assert.deepEqual(
      blockedByTuition.list.map((r: { studentId: number }) => r.studentId).sort(),
      [owes.student.id, nothing.student.id].sort(),
    )
    assert.equal(ok(await office.get(PREVIEW, { auditId, state: '可提交' })).total, 1)
    refused(await office.get(PREVIEW, { auditId, state: '毕业了' }), 400, '审核状态不存在')

    // A manual condition for one programme: only its students carry it, until the office marks it.
    const withCondition = ok(await office.post(`${BASE}/condition`, { auditId, name: '学位英语', programme: '专升本' }))
    const conditionId = withCondition.conditions[0].id
    await t.app.db.update(students).set({ programme: '高起专' }).where(eq(students.id, nothing.student.id))
    const again = ok(await office.get(PREVIEW, { auditId, size: 100 })).list
    assert.deepEqual(unmet(again.find((r: { studentId: number }) => r.studentId === ready.student.id).checklist), [`manual:${conditionId}`])
    assert.ok(
      !again
        .find((r: { studentId: number }) => r.studentId === nothing.student.id)
        .checklist.some((c: Check) => c.key.startsWith('manual')),
    )
    refused(await office.put(`${BASE}/condition/mark`, { conditionId, studentIds: [ready.student.id, nothing.student.id], met: true }), 404)
    assert.equal(ok(await office.put(`${BASE}/condition/mark`, { conditionId, studentIds: [ready.student.id], met: true })).updated, 1)
    const marked = ok(await office.get(PREVIEW, { auditId, size: 100 })).list
    assert.equal(marked.find((r: { studentId: number }) => r.studentId === ready.student.id).state, '可提交')

    // The student reads the same checklist, with what is missing.
    const mine = ok(await owes.client.get(`${BASE}/mine`))
    assert.deepEqual([mine.state, unmet(mine.checklist)], ['条件未满足', ['tuition', `manual:${conditionId}`]])
    ok(await office.del(`${BASE}/condition`, { id: conditionId }))
  })

  test('only students who meet every condition are submitted; head teacher then office approve; the graduate is made once', async () => {
    const s = await graduand(everything)
    const blocked = await graduand({ ...everything, photo: '已驳回' })
    const result = ok(await office.post(`${BASE}/submit`, { auditId, studentIds: [s.student.id, blocked.student.id] }))
    assert.equal(result.submitted, 1)
    assert.deepEqual(result.skipped, [{ studentId: blocked.student.id, name: blocked.student.name, reason: '未满足：毕业照片' }])
    const twice = ok(await office.post(`${BASE}/submit`, { auditId, studentIds: [s.student.id] }))
    assert.deepEqual([twice.submitted, twice.skipped[0].reason], [0, '审核中，不需要再提交'])
    const mine = ok(await s.client.get(`${BASE}/mine`))
    assert.deepEqual(
      [mine.state, mine.approval.steps.map((x: { name: string; status: string }) => [x.name, x.status])],
      [
        '审核中',
        [
          ['班主任审核', '审批中'],
          ['教务处审核', '未开始'],
        ],
      ],
    )
    refused(await office.post(`${BASE}/confirm`, { studentId: s.student.id }), 422, '该学员的毕业审核尚未通过')
    ok(await head.client.put(`${APPROVAL}/audit`, { id: mine.approval.id, decision: 'approve' }))
    ok(await office.put(`${APPROVAL}/audit`, { id: mine.approval.id, decision: 'approve', comment: '同意毕业' }))
    const done = ok(await s.client.get(`${BASE}/mine`))
    assert.equal(done.state, '已毕业')
    assert.match(done.graduate.certificateNo, /^202507\d{5}$/)
    assert.equal(done.graduate.graduatedOn, '2026-07-01')
    const [row] = await t.app.db.select({ status: students.status }).from(students).where(eq(students.id, s.student.id))
    assert.equal(row!.status, '毕业')
    // 生成毕业信息 again: the same record, nothing changes.
    const confirmed = ok(await office.post(`${BASE}/confirm`, { studentId: s.student.id }))
    assert.deepEqual(confirmed, done.graduate)
    const graduates = ok(await office.get(`${BASE}/list`, { auditId }))
    assert.deepEqual(
      graduates.list.map((g: { studentId: number; certificateNo: string }) => [g.studentId, g.certificateNo]),
      [[s.student.id, done.graduate.certificateNo]],
    )
    refused(await office.put(`${APPROVAL}/revoke`, { id: mine.approval.id, reason: '误操作' }), 422, '已毕业的审核不能撤销')
  })

  test('a condition lost while under audit stops the last approval; a refusal lets the office submit again', async () => {
    const s = await graduand(everything)
    ok(await office.post(`${BASE}/submit`, { auditId, studentIds: [s.student.id] }))
    const { approval } = ok(await s.client.get(`${BASE}/mine`))
    ok(await head.client.put(`${APPROVAL}/audit`, { id: approval.id, decision: 'approve' }))
    // A new tuition order is raised meanwhile: the office's approval is refused in words, nothing is written.
    await t.app.db.insert(orders).values({
      orderNo: `T${Date.now()}x`,
      accountId: s.student.accountId,
      studentId: s.student.id,
      feeKind: '学费',
      title: '补缴学费',
      amount: 50000,
      payStatus: '待支付',
    })
    refused(await office.put(`${APPROVAL}/audit`, { id: approval.id, decision: 'approve' }), 422, /毕业条件已变化，不能通过：学费/)
    const still = ok(await s.client.get(`${BASE}/mine`))
    assert.deepEqual([still.state, still.graduate], ['审核中', null])
    ok(await office.put(`${APPROVAL}/audit`, { id: approval.id, decision: 'refuse', comment: '请先缴清学费' }))
    assert.equal(ok(await s.client.get(`${BASE}/mine`)).state, '条件未满足')
    await t.app.db.update(orders).set({ payStatus: '支付成功' }).where(eq(orders.studentId, s.student.id))
    const resubmitted = ok(await office.post(`${BASE}/submit`, { auditId, studentIds: [s.student.id] }))
    assert.equal(resubmitted.submitted, 1)
  })
})
