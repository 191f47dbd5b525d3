import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { adminClient, credit, insertPartner, insertPosition, insertStudent, uniquePhone } from '../../../../test/fixtures.ts'
import { insertFixedPaper } from '../../../../test/exam-fixtures.ts'
import { buildTestApp, type Client, type TestApp } from '../../../../test/helper.ts'
import { insertCourse } from '../../../../test/study-fixtures.ts'
import { shanghaiDate, shanghaiDayStart } from '../../../lib/time-range.ts'
import {
  AttemptStatus,
  ClueSource,
  ClueStatus,
  GoodOrderStatus,
  PointsApplicationStatus,
  RefundStatus,
  ReplyStatus,
  RollRequestStatus,
} from '../../../wire.ts'
import { clues } from '../../partner-programme/clues/clues.table.ts'
import { applyWithdrawal } from '../../partner-programme/withdrawals/withdrawals.service.ts'
import { rollModifyRequests } from '../../roll/students/students.table.ts'
import { nightClasses } from '../../roll/night/night.table.ts'
import { studentQuestions } from '../../learning/student-questions/student-questions.table.ts'
import { examAttempts } from '../../learning/exams/exams.table.ts'
import { orders } from '../../money/orders/orders.table.ts'
import { orderRefunds } from '../../money/fees/fees.table.ts'
import { goodOrders, pointsApplications, pointsWays, shopGoods } from '../../points/points/points.table.ts'

const DASHBOARD = '/api/bms/system/dashboard'
const HOUR = 3600_000

/**
 * Each to-do of the workbench and the list its card opens: the list's address filter as the
 * console sends it to the server, and the count in the workbench's answer.
 */
const LISTS: Array<{
  todo: string
  url: string
  query: (today: string) => Record<string, unknown>
  count: (d: Workbench) => number | null
}> = [
  { todo: 'overdueClues', url: '/api/ems/partner/clue/listForAdmin', query: () => ({ overdue: 1 }), count: (d) => d.todos.overdueClues },
  {
    todo: 'poolClues',
    url: '/api/ems/partner/clue/listForAdmin',
    query: () => ({ pool: 1, status: ClueStatus.new }),
    count: (d) => d.todos.poolClues,
  },
  {
    todo: 'staleClues',
    url: '/api/ems/partner/clue/listForAdmin',
    query: () => ({ staleHours: 24 }),
    count: (d) => d.staleClues,
  },
  {
    todo: 'rollRequests',
    url: '/api/ems/education/schoolRollInfoModify/list',
    query: () => ({ status: RollRequestStatus.pending }),
    count: (d) => d.todos.rollRequests,
  },
  {
    todo: 'questions',
    url: '/api/sms/study/studentQuestion/list',
    query: () => ({ status: ReplyStatus.pending, closed: 'false' }),
    count: (d) => d.todos.questions?.count ?? null,
  },
  {
    todo: 'papersToMark',
    url: '/api/bms/cont/paper/list',
    query: () => ({ marking: 'true' }),
    count: (d) => d.todos.papersToMark?.papers ?? null,
  },
  {
    todo: 'papersToMark.attempts',
    url: '/api/sms/study/studentExam/list',
    query: () => ({ status: AttemptStatus.marking }),
    count: (d) => d.todos.papersToMark?.attempts ?? null,
  },
  {
    todo: 'nightClassesToday',
    url: '/api/cms/night/nightClass/list',
    query: (today) => ({ date: today }),
    count: (d) => d.todos.nightClassesToday?.count ?? null,
  },
  {
    todo: 'refunding',
    url: '/api/fms/finance/feeOrder/list',
    query: () => ({ refundStatus: RefundStatus.pending }),
    count: (d) => d.todos.refunding,
  },
  {
    todo: 'pendingWithdrawals',
    url: '/api/ems/partner/withdrawalRecord/listForAdmin',
    query: () => ({ status: '审核中' }),
    count: (d) => d.pendingWithdrawals?.count ?? null,
  },
  {
    todo: 'pointsApplications',
    url: '/api/zms/point/studentPointRecord/list',
    query: () => ({ status: PointsApplicationStatus.pending }),
    count: (d) => d.todos.pointsApplications,
  },
  {
    todo: 'goodsToShip',
    url: '/api/fms/cybermoney/goodOrder/list',
    query: () => ({ status: GoodOrderStatus.toShip }),
    count: (d) => d.todos.goodsToShip,
  },
]

type Workbench = {
  staleClues: number | null
  pendingWithdrawals: { count: number; amount: number } | null
  todos: {
    overdueClues: number | null
    poolClues: number | null
    rollRequests: number | null
    questions: { count: number; oldest: Array<{ id: number; title: string; waitingSince: string }> } | null
    papersToMark: { papers: number; attempts: number } | null
    nightClassesToday: { date: string; count: number } | null
    refunding: number | null
    pointsApplications: number | null
    goodsToShip: number | null
  }
}

async function workbench(client: Client): Promise<Workbench> {
  const res = await client.get(DASHBOARD)
  assert.equal(res.statusCode, 200, res.body)
  return res.json().data
}

/** Each count the operator sees equals the total of the list it opens, read as the same operator. */
async function assertCountsMatchLists(client: Client, data: Workbench, today: string) {
  let compared = 0
  for (const list of LISTS) {
    const count = list.count(data)
    if (count === null) continue
    const res = await client.get(list.url, { ...list.query(today), page: 1, size: 10 })
    assert.equal(res.statusCode, 200, `${list.todo}: ${res.body}`)
    assert.equal(res.json().data.total, count, `${list.todo}: the list's total is the workbench's count`)
    compared += 1
  }
  return compared
}

describe('the workbench per position', () => {
  let t: TestApp
  let admin: Client
  let teacher: Client
  let teacherId: number
  let reader: Client
  let today: string
  before(async () => {
    t = await buildTestApp()
    const db = t.app.db
    admin = (await adminClient(t.app, '管理员')).client
    const teacherOp = await adminClient(t.app, '招生老师')
    teacher = teacherOp.client
    teacherId = teacherOp.admin.id
    const other = await adminClient(t.app, '招生老师')
    // A position that reads every list but may act on none of them.
    const readOnly = await insertPosition(t.app, [
      'dashboard.view',
      'clues.view',
      'students.view',
      'rollRequests.view',
      'studentQuestions.view',
      'exams.view',
      'night.view',
      'fees.view',
      'withdrawals.view',
      'points.view',
    ])
    reader = (await adminClient(t.app, '管理员', { positionId: readOnly.id })).client
    const now = new Date()
    today = shanghaiDate(now)

    // 招生: overdue (own, another's, the pool), the pool 待跟进, a pool clue already invalid.
    const p = await insertPartner(t.app)
    const past = new Date(now.getTime() - 2 * HOUR)
    const old = new Date(now.getTime() - 30 * HOUR)
    const base = { partnerId: p.id, name: '线索', source: ClueSource.partner }
    await db.insert(clues).values([
      { ...base, phone: uniquePhone(), status: ClueStatus.following, assigneeId: teacherId, nextContactAt: past },
      { ...base, phone: uniquePhone(), status: ClueStatus.following, assigneeId: other.admin.id, nextContactAt: past, lastTouchedAt: old },
      { ...base, phone: uniquePhone(), status: ClueStatus.new, nextContactAt: past, lastTouchedAt: old },
      { ...base, phone: uniquePhone(), status: ClueStatus.new },
      { ...base, phone: uniquePhone(), status: ClueStatus.invalid },
    ])

    // 教务: two corrections waiting, one decided.
    const [s1, s2, s3] = [await insertStudent(t.app), await insertStudent(t.app), await insertStudent(t.app)]
    await db.insert(rollModifyRequests).values([
      { studentId: s1.id, field: 'name', oldValue: s1.name, newValue: '林新名', status: RollRequestStatus.pending },
      { studentId: s2.id, field: 'name', oldValue: s2.name, newValue: '林二名', status: RollRequestStatus.pending },
      { studentId: s3.id, field: 'name', oldValue: s3.name, newValue: '林三名', status: RollRequestStatus.approved },
    ])

    // 教学: two questions waiting (the older first), one answered, one closed unanswered.
    const { course } = await insertCourse(t.app)
    await db.insert(studentQuestions).values([
      {
        studentId: s1.id,
        courseId: course.id,
        title: '较新的问题',
        status: ReplyStatus.pending,
        lastPostAt: new Date(now.getTime() - HOUR),
      },
      {
        studentId: s2.id,
        courseId: course.id,
        title: '最早的问题',
        status: ReplyStatus.pending,
        lastPostAt: new Date(now.getTime() - 5 * HOUR),
      },
      { studentId: s3.id, courseId: course.id, title: '已回复', status: ReplyStatus.replied },
      { studentId: s3.id, courseId: course.id, title: '已关闭', status: ReplyStatus.pending, closedAt: now, closedBy: 'student' },
    ])

    // Two attempts to mark in one paper, a marked one in another.
    const marking = await insertFixedPaper(t.app, course.id, [])
    const marked = await insertFixedPaper(t.app, course.id, [])
    const attempt = { number: 1, endsAt: past, closedAt: past, totalScore: 100 }
    await db.insert(examAttempts).values([
      { ...attempt, paperId: marking.id, studentId: s1.id, status: AttemptStatus.marking, pendingMarks: 1 },
      { ...attempt, paperId: marking.id, studentId: s2.id, status: AttemptStatus.marking, pendingMarks: 2 },
      { ...attempt, paperId: marked.id, studentId: s1.id, status: AttemptStatus.done, score: 80 },
    ])

    // 夜校: one class today, one tomorrow.
    const dayStart = shanghaiDayStart(today).getTime()
    const night = { subject: '英语', teacher: '王老师', place: '教室一', capacity: 30, checkInSecret: 'secret-workbench' }
    await db.insert(nightClasses).values([
      { ...night, title: '今晚', startsAt: new Date(dayStart + 19 * HOUR), endsAt: new Date(dayStart + 21 * HOUR) },
      { ...night, title: '明晚', startsAt: new Date(dayStart + 43 * HOUR), endsAt: new Date(dayStart + 45 * HOUR) },
    ])

    // 财务: two fee orders with a refund 退款中, one refunded; one withdrawal 审核中.
    const feeOrders = await db
      .insert(orders)
      .values(
        [s1, s2, s3].map((s, i) => ({
          orderNo: `WB${process.pid}${i}`,
          title: '学费',
          amount: 100000,
          payStatus: '支付成功',
          accountId: s.accountId!,
          studentId: s.id,
          feeKind: '学费',
          academicYear: '2026',
        })),
      )
      .returning()
    await db.insert(orderRefunds).values(
      feeOrders.map((o, i) => ({
        orderId: o.id,
        refundNo: `RWB${process.pid}${i}`,
        amount: 1000,
        reason: '退学',
        status: i < 2 ? RefundStatus.pending : RefundStatus.done,
      })),
    )
    await credit(t.app, p.id, 5000)
    await applyWithdrawal({ db, partnerId: p.id, amount: 1500, idempotencyKey: 'workbench-1' })

    // 积分: two applications 待审核, one approved; two exchange orders 待发货, one shipped.
    const [way] = await db.insert(pointsWays).values({ kind: 'workbench-way', name: '活动', points: 10 }).returning()
    await db.insert(pointsApplications).values(
      [PointsApplicationStatus.pending, PointsApplicationStatus.pending, PointsApplicationStatus.approved].map((status, i) => ({
        studentId: [s1, s2, s3][i]!.id,
        wayId: way!.id,
        description: '参加活动',
        status,
        day: today,
      })),
    )
    const [good] = await db.insert(shopGoods).values({ kind: '实物', name: '笔记本', points: 100, status: '上架' }).returning()
    await db.insert(goodOrders).values(
      [GoodOrderStatus.toShip, GoodOrderStatus.toShip, GoodOrderStatus.shipped].map((status, i) => ({
        studentId: [s1, s2, s3][i]!.id,
        goodId: good!.id,
        goodName: good!.name,
        goodKind: good!.kind,
        quantity: 1,
        unitPoints: 100,
        totalPoints: 100,
        status,
      })),
    )
  })
  after(async () => t.close())

  test("the administrator sees the whole school's to-dos, and each count is the total of the list it opens", async () => {
    const data = await workbench(admin)
    assert.deepEqual(
      { ...data.todos, questions: data.todos.questions?.count },
      {
        overdueClues: 3,
        poolClues: 2,
        rollRequests: 2,
        questions: 2,
        papersToMark: { papers: 1, attempts: 2 },
        nightClassesToday: { date: today, count: 1 },
        refunding: 2,
        pointsApplications: 2,
        goodsToShip: 2,
      },
    )
    assert.deepEqual(
      data.todos.questions?.oldest.map((q) => q.title),
      ['最早的问题', '较新的问题'],
      'the longest waiting first',
    )
    assert.deepEqual(data.pendingWithdrawals, { count: 1, amount: 1500 })
    assert.equal(data.staleClues, 2)
    assert.equal(await assertCountsMatchLists(admin, data, today), LISTS.length)
  })

  test("a teacher sees 答疑, corrections and tonight's classes beside their clues (their own and the pool), each matching the list", async () => {
    const data = await workbench(teacher)
    assert.equal(data.todos.overdueClues, 2, 'their own and the pool, not another teacher’s')
    assert.equal(data.todos.poolClues, 2)
    assert.equal(data.todos.rollRequests, 2)
    assert.equal(data.todos.questions?.count, 2)
    assert.deepEqual(data.todos.nightClassesToday, { date: today, count: 1 })
    // Not the teacher's work by default: no marking, refunds, payouts or points reviews.
    assert.equal(data.todos.papersToMark, null)
    assert.equal(data.todos.refunding, null)
    assert.equal(data.todos.pointsApplications, null)
    assert.equal(data.todos.goodsToShip, null)
    assert.equal(data.pendingWithdrawals, null)
    assert.equal(await assertCountsMatchLists(teacher, data, today), 6)
  })

  test('a position that only reads the lists gets none of their to-dos (null, not 0)', async () => {
    const data = await workbench(reader)
    assert.deepEqual(data.todos, {
      overdueClues: null,
      poolClues: null,
      rollRequests: null,
      questions: null,
      papersToMark: null,
      nightClassesToday: null,
      refunding: null,
      pointsApplications: null,
      goodsToShip: null,
    })
    assert.equal(data.pendingWithdrawals, null)
    assert.equal(data.staleClues, null)
  })

  test('the new list filters refuse what they do not know, in words', async () => {
    const refused = [
      ['/api/fms/finance/feeOrder/list', { refundStatus: '退' }],
      ['/api/cms/night/nightClass/list', { date: '2026-13' }],
      ['/api/bms/cont/paper/list', { marking: 'maybe' }],
    ] as const
    for (const [url, query] of refused) {
      const res = await admin.get(url, query)
      assert.equal(res.statusCode, 400, res.body)
      assert.match(res.json().message, /[\u4e00-\u9fff]/)
    }
  })
})
