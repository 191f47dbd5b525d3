import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { beijingDate } from '@activity/domain'
import { and, eq } from 'drizzle-orm'
import { adminClient, insertPosition, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, ok, refused, type TestApp } from '../../../../test/helper.ts'
import { multipart, xlsx } from '../../../../test/xlsx.ts'
import { auditLogs, classMembers, messages } from '../../../db/schema.ts'
import { createAttendanceRepository } from './attendance.repository.ts'
import { slotsOf, sweepEndedSessions } from './attendance.service.ts'
import { attendanceRecords } from './attendance.table.ts'

const A = '/api/zms/attendance'
const APPROVAL = '/api/zms/approval/approval'
const MIN = 60_000
const DAY = 86_400_000
const day = (offset: number) => new Date(Date.parse(`${beijingDate(new Date())}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10)

describe('课表与考勤: sessions, the rotating code, roll call, leave, warnings and 补卡 on the database', () => {
  let t: TestApp
  let office: Client
  let head: { client: Client; id: number }
  let teacher: { client: Client; id: number }
  let stranger: Client
  let classId: number
  let className: string

  before(async () => {
    t = await buildTestApp()
    office = (await adminClient(t.app, '管理员')).client
    const plain = await insertPosition(t.app, ['dashboard.view'])
    const h = await adminClient(t.app, '管理员', { positionId: plain.id })
    head = { client: h.client, id: h.admin.id }
    const tt = await adminClient(t.app, '管理员', { positionId: plain.id })
    teacher = { client: tt.client, id: tt.admin.id }
    stranger = (await adminClient(t.app, '管理员', { positionId: plain.id })).client
    className = `考勤测试班${process.pid}`
    classId = ok(
      await office.post('/api/zms/class', {
        name: className,
        school: '浙江工商大学',
        major: '工商管理',
        level: '本科',
        batchYear: 2026,
        batch: 1,
        headTeacherId: head.id,
      }),
    ).id
  })
  after(() => t.close())

  /** A student of the class since a month ago (the term began before the sessions). */
  async function student() {
    const s = await studentClient(t.app, { name: `学员${Math.random().toString(36).slice(2, 6)}` })
    ok(await office.post('/api/zms/class/assign', { classId, studentIds: s.student.id }))
    await t.app.db
      .update(classMembers)
      .set({ joinedAt: new Date(Date.now() - 30 * DAY) })
      .where(eq(classMembers.studentId, s.student.id))
    return s
  }

  /** A session of the class at exact instants (the clock-critical cases; the plan call is tested on its own). */
  async function session(startsAt: Date, endsAt: Date, course = '管理学原理') {
    const [row] = await createAttendanceRepository({ db: t.app.db }).insertSessions([
      {
        classId,
        course,
        teacherId: teacher.id,
        teacherName: '任课老师',
        startsAt,
        endsAt,
        ...slotsOf(startsAt, endsAt),
        place: '教学楼A201',
        checkInSecret: `s${Math.random()}`,
      },
    ])
    return row!
  }
  const screen = async (id: number) => ok(await teacher.client.get(`${A}/attendance/open`, { id }))
  const roster = async (id: number, by: Client = teacher.client) => ok(await by.get(`${A}/attendanceRecord/list`, { sessionId: id }))
  const statusOf = async (id: number, studentId: number) =>
    (await roster(id)).rows.find((r: { studentId: number }) => r.studentId === studentId)?.status

  test('排课: weekly over a range skips the holidays set; a one-off; bad input gets a message a person reads', async () => {
    ok(await office.put('/api/bms/develop/config/settings', { 'attendance.holidays': `${day(14)}, ${day(21)}` }))
    const weekday = ((new Date(`${day(7)}T00:00:00Z`).getUTCDay() + 6) % 7) + 1
    const plan = ok(
      await office.post(`${A}/attendanceCourse/save`, {
        classId,
        course: '排课课程',
        teacherId: teacher.id,
        startTime: '19:00',
        endTime: '21:00',
        firstDate: day(7),
        lastDate: day(35),
        weekdays: String(weekday),
        place: '教学楼A201',
      }),
    )
    assert.deepEqual(plan.skipped, [day(14), day(21)])
    assert.equal(plan.created, 3)
    const list = ok(await office.get(`${A}/attendanceCourse/list`, { classId, course: '排课课程' }))
    assert.equal(list.total, 3)
    assert.deepEqual(list.list.map((s: { date: string }) => s.date).sort(), [day(7), day(28), day(35)])
    assert.equal(list.list[0].startTime, '19:00')
    assert.equal(list.list[0].phase, '未开始')
    const one = ok(
      await office.post(`${A}/attendanceCourse/save`, {
        classId,
        course: '单次课',
        teacherId: teacher.id,
        startTime: '09:00',
        endTime: '11:30',
        firstDate: day(3),
        onlineUrl: 'https://meeting.example.com/123',
      }),
    )
    assert.equal(one.created, 1)
    assert.equal(one.planKey, null)
    const base = { classId, course: 'x', teacherId: teacher.id, firstDate: day(3), place: 'A' }
    refused(
      await office.post(`${A}/attendanceCourse/save`, { ...base, startTime: '10:00', endTime: '09:00' }),
      400,
      '下课时间须晚于上课时间',
    )
    refused(
      await office.post(`${A}/attendanceCourse/save`, { ...base, startTime: '09:00', endTime: '10:00', place: '' }),
      400,
      '请填写上课地点或线上地址',
    )
    refused(
      await office.post(`${A}/attendanceCourse/save`, { ...base, startTime: '09:00', endTime: '10:00', lastDate: day(10) }),
      400,
      '请选择每周上课的星期',
    )
    refused(
      await office.post(`${A}/attendanceCourse/save`, { ...base, startTime: '25:00', endTime: '26:00' }),
      400,
      '上课时间格式应为HH:MM',
    )
    // Only 排课与点名 plans.
    refused(await teacher.client.post(`${A}/attendanceCourse/save`, { ...base, startTime: '09:00', endTime: '10:00' }), 403)
    ok(await office.put('/api/bms/develop/config/settings', { 'attendance.holidays': '' }))
  })

  test('扫码: the screen code checks in 出勤 before the late mark and 迟到 after; a second scan answers the first; codes, classes and windows are checked', async () => {
    const now = Date.now()
    const open = await session(new Date(now - 2 * MIN), new Date(now + 60 * MIN))
    const lateOne = await session(new Date(now - 15 * MIN), new Date(now + 60 * MIN))
    const a = await student()
    const b = await student()
    const outsider = await studentClient(t.app)
    const s = await screen(open.id)
    assert.match(s.code, /^\d{6}$/)
    assert.equal(s.checkInUrl, `${t.app.config.publicOrigin}/pages/student/attend?s=${open.id}&t=${s.code}`)
    assert.equal(s.checkInOpen, true)
    assert.equal(s.periodSeconds, 30)
    const first = ok(
      await a.client.post(`${A}/attendanceRecord/punchCourse`, { sessionId: open.id, code: s.code, latitude: 30.27, longitude: 120.15 }),
    )
    assert.equal(first.status, '出勤')
    assert.equal(first.again, false)
    const again = ok(await a.client.post(`${A}/attendanceRecord/punchCourse`, { sessionId: open.id, code: s.code }))
    assert.equal(again.again, true)
    assert.equal(again.checkedInAt, first.checkedInAt)
    // The same student scanning five times at once: one record.
    const late = await screen(lateOne.id)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => b.client.post(`${A}/attendanceRecord/punchCourse`, { sessionId: lateOne.id, code: late.code })),
    )
    const bodies = answers.map((r) => ok(r))
    assert.ok(bodies.every((x) => x.status === '迟到'))
    assert.equal(bodies.filter((x) => !x.again).length, 1)
    const rows = await t.app.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.sessionId, lateOne.id), eq(attendanceRecords.studentId, b.student.id)))
    assert.equal(rows.length, 1)
    // Wrong code, another class's student, a code of another session.
    refused(
      await b.client.post(`${A}/attendanceRecord/punchCourse`, { sessionId: open.id, code: '000000' === s.code ? '111111' : '000000' }),
      400,
      '签到码无效或已过期，请扫描屏幕上最新的签到码',
    )
    refused(
      await outsider.client.post(`${A}/attendanceRecord/punchCourse`, { sessionId: open.id, code: s.code }),
      403,
      '你不在这节课的班级中',
    )
    refused(await b.client.post(`${A}/attendanceRecord/punchCourse`, { sessionId: lateOne.id + 100000, code: s.code }), 400)
    // Not open yet; ended.
    const soon = await session(new Date(now + 60 * MIN), new Date(now + 120 * MIN))
    refused(
      await a.client.post(`${A}/attendanceRecord/punchCourse`, { sessionId: soon.id, code: (await screen(soon.id)).code }),
      409,
      /签到尚未开始/,
    )
    const over = await session(new Date(now - 120 * MIN), new Date(now - 60 * MIN))
    refused(
      await a.client.post(`${A}/attendanceRecord/punchCourse`, { sessionId: over.id, code: (await screen(over.id)).code }),
      409,
      /签到已关闭/,
    )
    // The location was kept as a signal.
    const sheet = await roster(open.id)
    assert.equal(sheet.rows.find((r: { studentId: number }) => r.studentId === a.student.id).located, true)
    assert.equal(sheet.counts.present, 1)
    // Another operator (neither its teacher nor its head teacher, no 查看全部) sees nothing of it.
    refused(await stranger.get(`${A}/attendance/open`, { id: open.id }), 403)
  })

  test('点名: the teacher marks one student and then everyone, audited; the head teacher may too; others may not; not before check-in opens', async () => {
    const now = Date.now()
    const s = await session(new Date(now - 5 * MIN), new Date(now + 60 * MIN))
    const a = await student()
    const b = await student()
    let sheet = ok(
      await teacher.client.put(`${A}/attendanceRecord/changeStatus`, { sessionId: s.id, studentIds: String(a.student.id), status: '请假' }),
    )
    assert.equal(sheet.rows.find((r: { studentId: number }) => r.studentId === a.student.id).status, '请假')
    assert.equal(sheet.rows.find((r: { studentId: number }) => r.studentId === b.student.id).status, null)
    sheet = ok(await head.client.put(`${A}/attendanceRecord/changeStatus`, { sessionId: s.id, all: true, status: '出勤' }))
    assert.ok(sheet.rows.every((r: { status: string; markedByName: string }) => r.status === '出勤' && r.markedByName))
    const audits = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'attendance.rollCall'), eq(auditLogs.entityId, String(s.id))))
      .orderBy(auditLogs.id)
    assert.equal(audits.length, 2)
    const audit = audits[1]!
    assert.equal((audit.before as Record<string, string | null>)[String(a.student.id)], '请假')
    refused(await stranger.put(`${A}/attendanceRecord/changeStatus`, { sessionId: s.id, all: true, status: '缺勤' }), 403)
    const outsider = await studentClient(t.app)
    refused(
      await teacher.client.put(`${A}/attendanceRecord/changeStatus`, {
        sessionId: s.id,
        studentIds: String(outsider.student.id),
        status: '出勤',
      }),
      400,
      '点名的学员不在本课次中',
    )
    const later = await session(new Date(now + 3 * 60 * MIN), new Date(now + 4 * 60 * MIN))
    refused(
      await teacher.client.put(`${A}/attendanceRecord/changeStatus`, { sessionId: later.id, all: true, status: '出勤' }),
      409,
      '签到开始后才能点名',
    )
    refused(
      await teacher.client.put(`${A}/attendanceRecord/changeStatus`, { sessionId: s.id, all: true, status: '早退' }),
      400,
      '请选择考勤状态',
    )
  })

  test('请假 and 缺勤: an approved leave makes the session 请假 and revoking it reverts; the end makes the rest 缺勤; statistics state their denominator', async () => {
    const a = await student()
    const b = await student()
    const when = new Date(`${day(-1)}T19:00:00+08:00`)
    const s = await session(when, new Date(when.getTime() + 120 * MIN), '统计课程')
    const leave = ok(
      await a.client.post('/api/zms/approval/leave/apply', {
        type: '事假',
        startDate: day(-1),
        startHalf: '下午',
        endDate: day(-1),
        endHalf: '下午',
        reason: '家中有事',
      }),
    )
    assert.equal(await statusOf(s.id, a.student.id), '缺勤')
    ok(await head.client.put(`${APPROVAL}/audit`, { id: leave.approval.id, decision: 'approve' }))
    assert.equal(await statusOf(s.id, a.student.id), '请假')
    assert.equal(await statusOf(s.id, b.student.id), '缺勤')
    const stats = ok(await office.get(`${A}/attendanceRecord/statistics`, { by: 'course', classId }))
    const row = stats.rows.find((r: { label: string }) => r.label === '统计课程')
    // Every student of the class at that session (the earlier tests' too) is a cell: one on leave, the rest absent.
    assert.equal(row.leave, 1)
    assert.equal(row.absent, row.held - 1)
    assert.equal(row.denominator, row.held - 1)
    assert.equal(row.absenceRate, 100)
    assert.match(stats.rule.text, /应出勤 = 已结束的课次 − 请假/)
    ok(await office.put('/api/bms/develop/config/settings', { 'attendance.leaveCounted': true }))
    const counted = ok(await office.get(`${A}/attendanceRecord/statistics`, { by: 'course', classId })).rows.find(
      (r: { label: string }) => r.label === '统计课程',
    )
    assert.equal(counted.denominator, counted.held)
    assert.equal(counted.absenceRate, Math.round(((counted.held - 1) * 1000) / counted.held) / 10)
    ok(await office.put('/api/bms/develop/config/settings', { 'attendance.leaveCounted': false }))
    // The office revokes the leave: the session is 缺勤 again.
    ok(await office.put(`${APPROVAL}/revoke`, { id: leave.approval.id, reason: '实际未请假' }))
    assert.equal(await statusOf(s.id, a.student.id), '缺勤')
    // The grid of the class shows the same cells.
    const grid = ok(await office.get(`${A}/attendanceRecord/board`, { classId, course: '统计课程' }))
    assert.equal(grid.sessions.length, 1)
    assert.deepEqual(grid.rows.find((r: { studentId: number }) => r.studentId === a.student.id).cells, ['缺勤'])
    // A head teacher sees their class's figures; another operator sees none.
    assert.ok(ok(await head.client.get(`${A}/attendanceRecord/statistics`, { by: 'student' })).rows.length >= 2)
    assert.equal(ok(await stranger.get(`${A}/attendanceRecord/statistics`, { by: 'student' })).rows.length, 0)
  })

  test('预警: three absences warn a student once (a message), list them at risk for their head teacher; a second sweep warns no one again', async () => {
    const a = await student()
    for (const d of [-9, -8, -7]) {
      const when = new Date(`${day(d)}T19:00:00+08:00`)
      await session(when, new Date(when.getTime() + 120 * MIN), '预警课程')
    }
    await sweepEndedSessions({ db: t.app.db, limit: 1000 })
    const warned = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, a.student.accountId), eq(messages.kind, '考勤预警')))
    assert.equal(warned.length, 1)
    assert.match(warned[0]!.body, /缺勤率已达100%/)
    const risk = ok(await head.client.get(`${A}/attendanceRecord/atRisk`))
    const mine = risk.rows.find((r: { studentId: number }) => r.studentId === a.student.id)
    assert.ok(mine.warnedAt)
    assert.equal(mine.className, className)
    assert.equal(risk.thresholdPercent, 30)
    // Marking another absence after the end warns no one twice.
    const when = new Date(`${day(-6)}T19:00:00+08:00`)
    const s = await session(when, new Date(when.getTime() + 120 * MIN), '预警课程')
    ok(
      await teacher.client.put(`${A}/attendanceRecord/changeStatus`, { sessionId: s.id, studentIds: String(a.student.id), status: '缺勤' }),
    )
    await sweepEndedSessions({ db: t.app.db, limit: 1000 })
    const again = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, a.student.accountId), eq(messages.kind, '考勤预警')))
    assert.equal(again.length, 1)
    assert.equal(ok(await stranger.get(`${A}/attendanceRecord/atRisk`)).rows.length, 0)
  })

  test('课表变更: changing a session’s time tells its students; cancelling one not started tells them why; started ones stay', async () => {
    const a = await student()
    const when = new Date(`${day(2)}T19:00:00+08:00`)
    const s = await session(when, new Date(when.getTime() + 120 * MIN), '变更课程')
    const changed = ok(
      await office.put(`${A}/attendanceCourse/update`, {
        id: s.id,
        course: '变更课程',
        teacherId: teacher.id,
        date: day(3),
        startTime: '18:30',
        endTime: '20:30',
        place: '教学楼B101',
      }),
    )
    assert.equal(changed.date, day(3))
    assert.equal(changed.startTime, '18:30')
    const told = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, a.student.accountId), eq(messages.kind, '课表变更')))
    assert.equal(told.length, 1)
    assert.match(told[0]!.body, new RegExp(`调整为${day(3)} 18:30-20:30，地点：教学楼B101`))
    const cancelled = ok(await office.put(`${A}/attendanceCourse/cancel`, { id: s.id, reason: '老师出差' }))
    assert.equal(cancelled.phase, '已取消')
    const all = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, a.student.accountId), eq(messages.kind, '课表变更')))
    assert.equal(all.length, 2)
    assert.ok(all.some((m) => m.title === '课次取消' && m.body.includes('老师出差')))
    const started = await session(new Date(Date.now() - 10 * MIN), new Date(Date.now() + 60 * MIN))
    refused(await office.put(`${A}/attendanceCourse/cancel`, { id: started.id, reason: '下雨' }), 409, '已开始的课次不能取消')
    refused(await office.put(`${A}/attendanceCourse/cancel`, { id: s.id, reason: '再取消' }), 409, '该课次已取消')
  })

  test('补卡: a missed session is asked for with a reason; the head teacher approves and it is 出勤 (补卡); the month allows the set number', async () => {
    ok(await office.put('/api/bms/develop/config/settings', { 'attendance.makeUpPerMonth': 1 }))
    const a = await student()
    const first = new Date(Date.now() - 3 * 60 * MIN)
    const missed = await session(first, new Date(first.getTime() + 60 * MIN), '补卡课程')
    const other = await session(new Date(first.getTime() - 30 * MIN), new Date(first.getTime() - 10 * MIN), '补卡课程')
    const week = ok(await a.client.get(`${A}/attendanceCourse/listForClient`, { date: beijingDate(first) }))
    const mine = week.sessions.find((x: { id: number }) => x.id === missed.id)
    assert.equal(mine.status, '缺勤')
    assert.equal(mine.canMakeUp, true)
    refused(await a.client.post(`${A}/abnormalPunching`, { sessionId: missed.id, reason: '' }), 400, '请填写补卡原因')
    const asked = ok(await a.client.post(`${A}/abnormalPunching`, { sessionId: missed.id, reason: '手机没电，忘记扫码' }))
    assert.equal(asked.status, '审批中')
    refused(await a.client.post(`${A}/abnormalPunching`, { sessionId: other.id, reason: '又忘了' }), 409, '本月补卡次数已用完（每月1次）')
    ok(await head.client.put(`${APPROVAL}/audit`, { id: asked.approvalId, decision: 'approve' }))
    const after = ok(await a.client.get(`${A}/attendanceCourse/listForClient`, { date: beijingDate(first) })).sessions.find(
      (x: { id: number }) => x.id === missed.id,
    )
    assert.equal(after.status, '出勤')
    assert.equal(after.way, '补卡')
    assert.equal(after.makeUp.status, '已通过')
    assert.equal(after.canMakeUp, false)
    // A session still running is scanned, not made up.
    const running = await session(new Date(Date.now() - 5 * MIN), new Date(Date.now() + 30 * MIN))
    ok(await office.put('/api/bms/develop/config/settings', { 'attendance.makeUpPerMonth': 3 }))
    refused(await a.client.post(`${A}/abnormalPunching`, { sessionId: running.id, reason: '忘了' }), 409, /课程结束后才能申请补卡/)
  })

  test('导入课表: all or nothing with every refused row listed; then every row becomes a session', async () => {
    const header = ['班级', '课程', '任课老师', '日期', '上课时间', '下课时间', '地点', '线上地址']
    const teacherName = ok(await office.get(`${A}/attendanceCourse/options`)).teachers.find((x: { id: number }) => x.id === teacher.id).name
    const bad = ok(
      await office.inject({
        method: 'POST',
        url: `${A}/attendanceCourse/import`,
        ...multipart(
          await xlsx([
            header,
            [className, '导入课程', teacherName, day(40), '19:00', '21:00', 'A101', ''],
            ['没有这个班', '导入课程', teacherName, day(41), '19:00', '21:00', 'A101', ''],
            [className, '导入课程', teacherName, day(42), '21:00', '19:00', 'A101', ''],
          ]),
        ),
      }),
    )
    assert.equal(bad.imported, 0)
    assert.deepEqual(
      bad.errors.map((e: { row: number; reason: string }) => [e.row, e.reason]),
      [
        [3, '找不到班级「没有这个班」'],
        [4, '下课时间须晚于上课时间'],
      ],
    )
    const good = ok(
      await office.inject({
        method: 'POST',
        url: `${A}/attendanceCourse/import`,
        ...multipart(
          await xlsx([
            header,
            [className, '导入课程', teacherName, day(40), '19:00', '21:00', 'A101', ''],
            [className, '导入课程', teacherName, day(47), '19:00', '21:00', '', 'https://meeting.example.com/1'],
          ]),
        ),
      }),
    )
    assert.equal(good.imported, 2)
    assert.equal(ok(await office.get(`${A}/attendanceCourse/list`, { classId, course: '导入课程' })).total, 2)
  })
})
