import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { adminClient } from '../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../test/helper.ts'
import { eq } from 'drizzle-orm'
import { createLedgerRepository } from '../modules/partner-programme/ledger/ledger.repository.ts'
import { questions } from '../modules/learning/question-bank/question-bank.table.ts'
import { STUDENTS_DEMO } from '../modules/roll/index.ts'
import { students } from '../modules/roll/students/students.table.ts'
import { COOKIE_NAMES } from '../modules/platform/sessions/sessions.service.ts'
import { STAFF_DEMO } from './staff.ts'
import { DEMO, seedDemo } from './demo.ts'

describe('demo data', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('a fresh database gets demo data once; the demo partner signs in and sees every kind of record', async () => {
    assert.equal(await seedDemo({ db: t.app.db, freezeDays: 7 }), true)
    assert.equal(await seedDemo({ db: t.app.db, freezeDays: 7 }), false)
    const client = createClient(t.app)
    const signIn = await client.post('/api/ems/partner/client/signIn', DEMO.partner)
    assert.equal(signIn.statusCode, 200, signIn.body)
    const clues = (await client.get('/api/ems/partner/clue/list', { size: 100 })).json().data.list
    assert.deepEqual(new Set(clues.map((c: { status: string }) => c.status)), new Set(['待跟进', '跟进中', '已成交', '无效']))
    const home = (await client.get('/api/ems/partner/partner/home')).json().data
    assert.equal(home.dealsThisCycle, 4)
    assert.equal(home.tier.name, '白银')
    const withdrawals = (await client.get('/api/ems/partner/withdrawalRecord/list')).json().data.list
    assert.deepEqual(withdrawals.map((w: { status: string }) => w.status).sort(), ['审核中', '已打款'])
    const repo = createLedgerRepository({ db: t.app.db })
    const id = signIn.json().data.id
    assert.equal(await repo.balance({ partnerId: id }), await repo.sumEntries({ partnerId: id }))
    assert.equal((await client.get('/api/ems/partner/partner/sharePoster')).json().data.backgrounds.length, 2)
  })

  test('the demo teacher finds pool and own clues with follow-ups, an overdue contact, and the audit log shows their work', async () => {
    const teacher = createClient(t.app)
    assert.equal((await teacher.post('/api/bms/system/admin/signIn', DEMO.teacher)).statusCode, 200)
    const pool = (await teacher.get('/api/ems/partner/clue/listForAdmin', { pool: 1 })).json().data
    assert.ok(pool.total >= 2)
    const mine = (await teacher.get('/api/ems/partner/clue/listForAdmin', { mine: 1, size: 100 })).json().data.list
    assert.ok(mine.length >= 8)
    const following = mine.find((c: { status: string; nextContactAt: string | null }) => c.status === '跟进中' && c.nextContactAt)
    const detail = (await teacher.get('/api/ems/partner/clue/detailsForAdmin', { id: following.id })).json().data
    assert.ok(detail.followUps.length >= 1)
    const dash = (await teacher.get('/api/bms/system/dashboard')).json().data
    assert.equal(dash.overdueContacts.length, 1)
    const finance = createClient(t.app)
    assert.equal((await finance.post('/api/bms/system/admin/signIn', DEMO.finance)).statusCode, 200)
    assert.equal((await finance.get('/api/bms/system/dashboard')).json().data.pendingWithdrawals.count, 1)
    const admin = (await adminClient(t.app, '管理员')).client
    const log = (await admin.get('/api/bms/system/auditLog/list', { size: 100 })).json().data.list
    assert.deepEqual(
      new Set(log.map((e: { action: string }) => e.action)),
      new Set([
        'clue.take',
        'clue.follow',
        'clue.followUp',
        'clue.deal',
        'clue.invalid',
        'ledger.adjust',
        'withdrawal.pay',
        'feeOrder.create',
        'class.create',
        'class.assign',
        'approval.approve',
        'attendance.plan',
      ]),
    )
  })

  test('the demo timetable: 王老师 has a session open now; 林小雨 came, came late and was on leave; her classmate is at risk', async () => {
    const head = createClient(t.app)
    assert.equal((await head.post('/api/bms/system/admin/signIn', STAFF_DEMO.headTeacher)).statusCode, 200)
    const week = (await head.get('/api/zms/attendance/attendance/lists')).json().data
    assert.ok(week.sessions.some((s: { phase: string }) => s.phase === '签到中'))
    const risk = (await head.get('/api/zms/attendance/attendanceRecord/atRisk')).json().data
    assert.deepEqual(
      risk.rows.map((r: { name: string; absent: number; warnedAt: string | null }) => [r.name, r.absent, r.warnedAt !== null]),
      [['陈晓明', 3, true]],
    )
    const lin = await head.get('/api/zms/attendance/attendanceRecord/statistics', { by: 'student' })
    const row = lin.json().data.rows.find((r: { label: string }) => r.label.startsWith('林小雨'))
    assert.deepEqual([row.present, row.late, row.leave, row.absent], [1, 1, 1, 0])
  })

  test('林小雨 finds issue 24 in the demo: a bank of 40+ questions over two courses, the 高等数学 mock paper, and a teacher reply unread', async () => {
    const bank = await t.app.db.select({ courseId: questions.courseId }).from(questions)
    assert.ok(bank.length >= 40, `bank: ${bank.length}`)
    assert.equal(new Set(bank.map((q) => q.courseId)).size, 2)
    const [student] = await t.app.db.select().from(students).where(eq(students.phone, STUDENTS_DEMO.student.phone))
    const client = createClient(t.app)
    const { token } = await t.app.sessions.create({ db: t.app.db, kind: 'user', accountId: student!.accountId })
    client.jar.set(COOKIE_NAMES.user, token)
    const papers = (await client.get('/api/sms/study/studentExam/listForClient')).json().data
    assert.ok(
      papers.some((p: { title: string; durationMinutes: number }) => p.title === '高等数学（一）模拟试卷' && p.durationMinutes === 10),
      JSON.stringify(papers),
    )
    assert.equal((await client.get('/api/sms/study/studentQuestion/unreadCountForClient')).json().data.count, 1)
    const asked = (await client.get('/api/sms/study/studentQuestion/listForClient')).json().data.list
    assert.deepEqual(
      asked.map((q: { status: string; unread: number }) => [q.status, q.unread]),
      [['已回复', 1]],
    )
  })
})
