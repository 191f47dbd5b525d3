import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { adminClient, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, ok, openRaceApp, refused, type TestApp } from '../../../../test/helper.ts'
import { AdminRole, AttendanceWay, NightSignUpStatus } from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { COOKIE_NAMES } from '../../platform/sessions/sessions.service.ts'
import { checkIn, screenCodeForConsole } from './night.service.ts'
import { nightClasses, nightSignUps } from './night.table.ts'
import { attendanceRecords, attendanceSessions } from '../attendance/attendance.table.ts'

const base = '/api/cms/night'
const MINUTE = 60_000

describe('night classes (夜校)', () => {
  let t: TestApp
  let office: Client
  before(async () => {
    t = await buildTestApp()
    office = (await adminClient(t.app, AdminRole.enrollTeacher)).client
  })
  after(async () => t.close())

  /** A published class starting `inMinutes` from now, lasting two hours. */
  async function aClass({
    inMinutes = 120,
    capacity = 10,
    published = true,
    title = `会计基础${Math.random().toString(36).slice(2, 7)}`,
  } = {}) {
    const startsAt = new Date(Date.now() + inMinutes * MINUTE)
    return ok(
      await office.post(`${base}/nightClass`, {
        title,
        subject: '会计学',
        teacher: '王老师',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 120 * MINUTE).toISOString(),
        place: '301 教室',
        capacity,
        description: '带上计算器',
        published,
      }),
    )
  }
  /** Moves a class in time (as if the clock had moved), keeping its length. */
  async function shift(id: number, startsInMinutes: number, lengthMinutes = 120) {
    const startsAt = new Date(Date.now() + startsInMinutes * MINUTE)
    await t.app.db
      .update(nightClasses)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + lengthMinutes * MINUTE) })
      .where(eq(nightClasses.id, id))
  }
  const tokenOf = (checkInUrl: string) => {
    const u = new URL(checkInUrl)
    return { c: Number(u.searchParams.get('c')), t: u.searchParams.get('t')! }
  }

  test('a student signs up, sees it in mine with seats left, cancels before the start and may sign up again', async () => {
    const cls = await aClass({ capacity: 3 })
    const { client } = await studentClient(t.app)
    const open = ok(await client.get(`${base}/nightClass/listForClient`, { scope: 'open', size: 100 }))
    const row = open.list.find((c: { id: number }) => c.id === cls.id)
    assert.deepEqual(
      { seatsLeft: row.seatsLeft, signedUp: row.signedUp, phase: row.phase },
      { seatsLeft: 3, signedUp: false, phase: '未开始' },
    )

    const signed = ok(await client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id }))
    assert.equal(signed.signedUp, true)
    assert.equal(signed.seatsLeft, 2)
    assert.equal(signed.canCancel, true)
    assert.equal(signed.signUpOpen, false)
    assert.equal(signed.checkInOpen, false)
    refused(await client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id }), 409, '你已报名该课程')

    const mine = ok(await client.get(`${base}/nightClass/listForClient`, { scope: 'mine' }))
    assert.deepEqual(
      mine.list.map((c: { id: number }) => c.id),
      [cls.id],
    )

    const cancelled = ok(await client.put(`${base}/nightStudent/cancelForClient`, { classId: cls.id }))
    assert.equal(cancelled.signedUp, false)
    assert.equal(cancelled.seatsLeft, 3)
    assert.equal(ok(await client.get(`${base}/nightClass/listForClient`, { scope: 'mine' })).total, 0)
    refused(await client.put(`${base}/nightStudent/cancelForClient`, { classId: cls.id }), 404, '你未报名该课程')

    assert.equal(ok(await client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id })).seatsLeft, 2)
    const signUps = ok(await office.get(`${base}/nightStudent/list`, { classId: cls.id }))
    assert.deepEqual(
      signUps.list.map((s: { status: string }) => s.status),
      [NightSignUpStatus.signedUp, NightSignUpStatus.cancelled],
    )
  })

  test('a full class refuses, an unpublished one is 404, a started one closes sign-up', async () => {
    const full = await aClass({ capacity: 1 })
    const a = await studentClient(t.app)
    const b = await studentClient(t.app)
    ok(await a.client.post(`${base}/nightStudent/saveForClient`, { classId: full.id }))
    refused(await b.client.post(`${base}/nightStudent/saveForClient`, { classId: full.id }), 422, /名额已满/)

    const hidden = await aClass({ published: false })
    refused(await b.client.post(`${base}/nightStudent/saveForClient`, { classId: hidden.id }), 404, '夜校课程不存在')
    refused(await b.client.get(`${base}/nightClass/detailsForClient`, { id: hidden.id }), 404, '夜校课程不存在')

    const started = await aClass()
    await shift(started.id, -5)
    refused(await b.client.post(`${base}/nightStudent/saveForClient`, { classId: started.id }), 422, '课程已开始，报名已截止')
  })

  test('cancel after the start is refused', async () => {
    const cls = await aClass()
    const { client } = await studentClient(t.app)
    ok(await client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id }))
    await shift(cls.id, -1)
    refused(await client.put(`${base}/nightStudent/cancelForClient`, { classId: cls.id }), 422, '课程已开始，不能取消报名')
    const detail = ok(await client.get(`${base}/nightClass/detailsForClient`, { id: cls.id }))
    assert.equal(detail.signedUp, true)
    assert.equal(detail.canCancel, false)
    assert.equal(detail.phase, '进行中')
  })

  test('check-in: only within [start − 30 min, end], only with the current token, only signed up, twice answers the first', async () => {
    const cls = await aClass({ inMinutes: 60 })
    const { client } = await studentClient(t.app)
    ok(await client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id }))
    const { c, t: token } = tokenOf(cls.checkInUrl)
    assert.equal(c, cls.id)
    assert.match(cls.checkInUrl, new RegExp(`^https://partner\\.example\\.com/pages/night/checkIn\\?c=${cls.id}&t=[A-Za-z0-9_-]{24}$`))

    // Too early: 60 minutes before the start.
    refused(await client.post(`${base}/nightAttendance/checkInForClient`, { classId: c, token }), 422, '签到尚未开始，开课前30分钟开放')
    // A wrong token, another class's token, no token.
    refused(await client.post(`${base}/nightAttendance/checkInForClient`, { classId: c, token: 'x'.repeat(24) }), 400, /签到二维码无效/)
    const other = await aClass()
    refused(
      await client.post(`${base}/nightAttendance/checkInForClient`, { classId: c, token: tokenOf(other.checkInUrl).t }),
      400,
      /签到二维码无效/,
    )
    refused(await client.post(`${base}/nightAttendance/checkInForClient`, { classId: c }), 400, /签到二维码无效/)
    refused(await client.post(`${base}/nightAttendance/checkInForClient`, { classId: 'abc', token }), 400, '编号格式不正确')
    refused(await client.post(`${base}/nightAttendance/checkInForClient`, { classId: 999999, token }), 400, /签到二维码无效/)

    // 29 minutes before: open.
    await shift(cls.id, 29)
    const outsider = await studentClient(t.app)
    refused(await outsider.client.post(`${base}/nightAttendance/checkInForClient`, { classId: c, token }), 403, '你未报名该课程，不能签到')
    const first = ok(await client.post(`${base}/nightAttendance/checkInForClient`, { classId: c, token }))
    assert.deepEqual(
      { way: first.way, again: first.again, classId: first.classId },
      { way: AttendanceWay.scan, again: false, classId: cls.id },
    )
    const second = ok(await client.post(`${base}/nightAttendance/checkInForClient`, { classId: c, token }))
    assert.equal(second.again, true)
    assert.equal(second.checkedInAt, first.checkedInAt)
    // Kept as the records of the class's session in the attendance module.
    const rows = await t.app.db
      .select({ id: attendanceRecords.id, status: attendanceRecords.status })
      .from(attendanceRecords)
      .innerJoin(attendanceSessions, eq(attendanceSessions.id, attendanceRecords.sessionId))
      .where(eq(attendanceSessions.nightClassId, cls.id))
    assert.equal(rows.length, 1)
    assert.equal(rows[0]!.status, '出勤')

    // Ended: closed for a student who had not checked in.
    const late = await aClass()
    const lateComer = await studentClient(t.app)
    ok(await lateComer.client.post(`${base}/nightStudent/saveForClient`, { classId: late.id }))
    await shift(late.id, -121)
    const lateToken = tokenOf(late.checkInUrl)
    refused(
      await lateComer.client.post(`${base}/nightAttendance/checkInForClient`, { classId: late.id, token: lateToken.t }),
      422,
      '课程已结束，签到已关闭',
    )

    // A rotated secret voids the printed code.
    await shift(late.id, 10)
    const rotated = ok(await office.put(`${base}/nightClass/rotateSecret`, { id: late.id }))
    assert.notEqual(rotated.checkInUrl, late.checkInUrl)
    refused(
      await lateComer.client.post(`${base}/nightAttendance/checkInForClient`, { classId: late.id, token: lateToken.t }),
      400,
      /签到二维码无效/,
    )
    ok(await lateComer.client.post(`${base}/nightAttendance/checkInForClient`, { classId: late.id, token: tokenOf(rotated.checkInUrl).t }))

    const record = ok(await client.get(`${base}/nightAttendance/listForClient`))
    assert.equal(record.total, 1)
    assert.equal(record.list[0].attended, true)
    assert.equal(record.list[0].way, AttendanceWay.scan)
  })

  test("the room screen's code checks in during its 30 s window and the next, not after; another class's or an old secret's never", async () => {
    const cls = await aClass({ inMinutes: 10 })
    const secret = t.app.config.secret
    const signedUp = async () => {
      const s = await studentClient(t.app)
      ok(await s.client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id }))
      return s.student.id
    }
    const [s1, s2, s3] = [await signedUp(), await signedUp(), await signedUp()]
    // The clock is injected: t0 is the start of a window, inside the check-in window.
    const t0 = new Date(Math.floor((Date.now() - 60_000) / 30_000) * 30_000)
    const at = (ms: number) => new Date(t0.getTime() + ms)
    const screen = (now: Date, id = cls.id) =>
      screenCodeForConsole({ db: t.app.db, publicOrigin: 'https://h5.example.com', secret, id, now })
    const checkInAt = (studentId: number, token: string, now: Date) =>
      checkIn({ db: t.app.db, secret, studentId, classId: cls.id, token, now })
    const refusedWith = async (p: Promise<unknown>) =>
      assert.rejects(
        p,
        (e: Error & { statusCode?: number }) => e.message === '签到二维码无效，请扫描课堂上的最新二维码' && e.statusCode === 400,
      )

    const shown = await screen(at(0))
    assert.match(shown.code, /^\d{6}$/)
    assert.equal(shown.checkInUrl, `https://h5.example.com/pages/night/checkIn?c=${cls.id}&t=${shown.code}`)
    assert.deepEqual([shown.changesAt, shown.periodSeconds, shown.checkInOpen], [at(30_000).toISOString(), 30, true])
    assert.equal((await screen(at(29_999))).code, shown.code)
    const next = await screen(at(30_000))
    assert.notEqual(next.code, shown.code)
    assert.equal(next.changesAt, at(60_000).toISOString())

    // Two windows later the code is stale, whatever the rest.
    await refusedWith(checkInAt(s1, shown.code, at(60_000)))
    // In its window, and in the next one (a minute at most).
    assert.equal((await checkInAt(s1, shown.code, at(59_999))).again, false)
    assert.equal((await checkInAt(s2, shown.code, at(0))).again, false)
    // Another class's code, a code from before the class's secret was changed.
    const other = await aClass({ inMinutes: 10 })
    await refusedWith(checkInAt(s3, (await screen(at(0), other.id)).code, at(0)))
    await refusedWith(checkInAt(s3, 'abcdef', at(0)))
    ok(await office.put(`${base}/nightClass/rotateSecret`, { id: cls.id }))
    await refusedWith(checkInAt(s3, shown.code, at(0)))
    assert.notEqual((await screen(at(0))).code, shown.code)
    assert.equal((await checkInAt(s3, (await screen(at(0))).code, at(10_000))).again, false)
  })

  test('the printed code checks in only while the class allows it; the screen code always; the console shows and keeps the setting', async () => {
    const cls = await aClass({ inMinutes: 10 })
    assert.equal(cls.fixedCodeEnabled, true)
    const printed = tokenOf(cls.checkInUrl).t
    const student = async () => {
      const s = await studentClient(t.app)
      ok(await s.client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id }))
      return s.client
    }
    const checkInWith = (client: Client, token: string) =>
      client.post(`${base}/nightAttendance/checkInForClient`, { classId: cls.id, token })
    ok(await checkInWith(await student(), printed))

    const body = {
      id: cls.id,
      title: cls.title,
      subject: cls.subject,
      teacher: cls.teacher,
      startsAt: cls.startsAt,
      endsAt: cls.endsAt,
      place: cls.place,
      capacity: cls.capacity,
    }
    assert.equal(ok(await office.put(`${base}/nightClass`, { ...body, fixedCodeEnabled: false })).fixedCodeEnabled, false)
    // A change that does not name it keeps it.
    assert.equal(ok(await office.put(`${base}/nightClass`, { ...body, place: '302 教室' })).fixedCodeEnabled, false)
    const late = await student()
    refused(await checkInWith(late, printed), 400, '签到二维码无效，请扫描课堂上的最新二维码')
    const screen = ok(await office.get(`${base}/nightClass/screenCode`, { id: cls.id }))
    assert.match(screen.checkInUrl, new RegExp(`/pages/night/checkIn\\?c=${cls.id}&t=${screen.code}$`))
    assert.ok(Date.parse(screen.changesAt) - Date.parse(screen.serverTime) <= 30_000)
    assert.equal(screen.fixedCodeEnabled, false)
    assert.equal(ok(await checkInWith(late, screen.code)).again, false)

    // Every role that reads the classes may show the screen; a student may not.
    const { client: finance } = await adminClient(t.app, AdminRole.finance)
    assert.match(ok(await finance.get(`${base}/nightClass/screenCode`, { id: cls.id })).code, /^\d{6}$/)
    refused(await finance.put(`${base}/nightClass`, { ...body, fixedCodeEnabled: true }), 403)
    refused(await office.get(`${base}/nightClass/screenCode`, { id: 999999 }), 404, '夜校课程不存在')
    refused(await (await student()).get(`${base}/nightClass/screenCode`, { id: cls.id }), 401)

    const audit = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'nightClass'), eq(auditLogs.entityId, String(cls.id))))
    assert.ok(audit.some((a) => (a.after as { fixedCodeEnabled?: boolean } | null)?.fixedCodeEnabled === false))
  })

  test('five wrong codes within 15 minutes lock the student out of check-in for 15 minutes; others are not', async () => {
    const cls = await aClass({ inMinutes: 10 })
    const guessing = await studentClient(t.app)
    const honest = await studentClient(t.app)
    for (const s of [guessing, honest]) ok(await s.client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id }))
    const screen = async () => ok(await office.get(`${base}/nightClass/screenCode`, { id: cls.id })).code as string
    const wrong = async () => {
      const right = await screen()
      return right === '000000' ? '000001' : '000000'
    }
    for (let i = 0; i < 5; i++)
      refused(
        await guessing.client.post(`${base}/nightAttendance/checkInForClient`, { classId: cls.id, token: await wrong() }),
        400,
        '签到二维码无效，请扫描课堂上的最新二维码',
      )
    refused(
      await guessing.client.post(`${base}/nightAttendance/checkInForClient`, { classId: cls.id, token: await screen() }),
      429,
      '签到码错误次数过多，请15分钟后再试',
    )
    ok(await honest.client.post(`${base}/nightAttendance/checkInForClient`, { classId: cls.id, token: await screen() }))
  })

  test('the office marks attendance, cancels a sign-up with a reason (audited), and exports the list', async () => {
    const cls = await aClass({ capacity: 2 })
    const a = await studentClient(t.app, { name: '林小雨' })
    const b = await studentClient(t.app, { name: '陈晓明' })
    ok(await a.client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id }))
    ok(await b.client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id }))

    const marked = ok(await office.post(`${base}/nightAttendance/mark`, { classId: cls.id, studentId: a.student.id }))
    assert.deepEqual({ present: marked.present, way: marked.way }, { present: true, way: AttendanceWay.office })
    const outsider = await studentClient(t.app)
    refused(
      await office.post(`${base}/nightAttendance/mark`, { classId: cls.id, studentId: outsider.student.id }),
      422,
      '该学员未报名该课程',
    )

    const list = ok(await office.get(`${base}/nightStudent/list`, { classId: cls.id }))
    const rowA = list.list.find((s: { studentId: number }) => s.studentId === a.student.id)
    const rowB = list.list.find((s: { studentId: number }) => s.studentId === b.student.id)
    assert.equal(rowA.way, AttendanceWay.office)
    assert.match(rowA.phone, /\*{4}/)
    refused(await office.put(`${base}/nightStudent/cancel`, { id: rowA.id, reason: '重复报名' }), 409, '该学员已签到，不能取消报名')
    refused(await office.put(`${base}/nightStudent/cancel`, { id: rowB.id }), 400, '请填写取消原因')
    const cancelled = ok(await office.put(`${base}/nightStudent/cancel`, { id: rowB.id, reason: '学员电话告知不来' }))
    assert.deepEqual(
      { status: cancelled.status, by: cancelled.cancelledBy, reason: cancelled.cancelReason },
      { status: NightSignUpStatus.cancelled, by: 'office', reason: '学员电话告知不来' },
    )
    refused(await office.put(`${base}/nightStudent/cancel`, { id: rowB.id, reason: '再次' }), 409, '该报名已取消')
    const detail = ok(await office.get(`${base}/nightClass/detail`, { id: cls.id }))
    assert.deepEqual(
      { signedUp: detail.signedUpCount, attended: detail.attendedCount, left: detail.seatsLeft },
      { signedUp: 1, attended: 1, left: 1 },
    )

    const listed = ok(await office.get(`${base}/nightClass/list`, { keyword: cls.title }))
    assert.deepEqual(
      listed.list.map((c: { id: number; attendedCount: number; signedUpCount: number }) => [c.id, c.signedUpCount, c.attendedCount]),
      [[cls.id, 1, 1]],
    )

    const unmarked = ok(await office.post(`${base}/nightAttendance/mark`, { classId: cls.id, studentId: a.student.id, present: false }))
    assert.equal(unmarked.present, false)

    const audits = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'nightSignUp'), eq(auditLogs.entityId, String(rowB.id))))
    assert.equal(audits.length, 1)
    assert.equal(audits[0]!.action, 'nightSignUp.cancel')
    const marks = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'nightAttendance.mark'))
    assert.ok(marks.length >= 2)

    const xlsx = await office.get(`${base}/nightStudent/exports`, { classId: cls.id })
    assert.equal(xlsx.statusCode, 200)
    assert.match(String(xlsx.headers['content-type']), /spreadsheetml/)
    assert.equal(xlsx.rawPayload.subarray(0, 2).toString(), 'PK')
    refused(await office.get(`${base}/nightStudent/exports`, { classId: 999999 }), 404, '夜校课程不存在')
  })

  test('the office keeps classes: validation in Chinese, capacity never below sign-ups, delete only unused, rights', async () => {
    const now = Date.now()
    const good = {
      title: '口语角',
      subject: '英语',
      teacher: 'Lisa',
      startsAt: new Date(now + 3600_000).toISOString(),
      endsAt: new Date(now + 7200_000).toISOString(),
      place: '语音室',
      capacity: 5,
    }
    refused(await office.post(`${base}/nightClass`, { ...good, title: '' }), 400, '请填写课程名称')
    refused(await office.post(`${base}/nightClass`, { ...good, endsAt: good.startsAt }), 400, '结束时间必须晚于开始时间')
    refused(await office.post(`${base}/nightClass`, { ...good, capacity: 0 }), 400, '名额不能小于1人')
    refused(await office.post(`${base}/nightClass`, { ...good, capacity: 'x' }), 400, '名额格式不正确')
    refused(await office.post(`${base}/nightClass`, { ...good, startsAt: '2026-13-01' }), 400, /开始时间格式不正确/)
    refused(await office.post(`${base}/nightClass`, { ...good, published: 'maybe' }), 400, '是否上架只能是是或否')

    const cls = ok(await office.post(`${base}/nightClass`, { ...good, capacity: 2, published: true }))
    assert.equal(cls.published, true)
    const s = await studentClient(t.app)
    ok(await s.client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id }))
    const s2 = await studentClient(t.app)
    ok(await s2.client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id }))
    refused(await office.put(`${base}/nightClass`, { ...good, id: cls.id, capacity: 1 }), 422, '名额不能少于已报名人数')
    const changed = ok(await office.put(`${base}/nightClass`, { ...good, id: cls.id, capacity: 3, title: '口语角（加开）' }))
    assert.deepEqual(
      { capacity: changed.capacity, left: changed.seatsLeft, published: changed.published },
      { capacity: 3, left: 1, published: true },
    )
    refused(await office.del(`${base}/nightClass`, { id: cls.id }), 409, /已有学员报名/)

    const unused = ok(await office.post(`${base}/nightClass`, good))
    assert.equal(unused.published, false)
    ok(await office.del(`${base}/nightClass`, { id: unused.id }))
    refused(await office.get(`${base}/nightClass/detail`, { id: unused.id }), 404, '夜校课程不存在')

    const listed = ok(await office.get(`${base}/nightClass/list`, { keyword: '加开' }))
    assert.deepEqual(
      listed.list.map((c: { id: number }) => c.id),
      [cls.id],
    )

    const { client: finance } = await adminClient(t.app, AdminRole.finance)
    ok(await finance.get(`${base}/nightClass/list`))
    refused(await finance.post(`${base}/nightClass`, good), 403)
    refused(await finance.post(`${base}/nightAttendance/mark`, { classId: cls.id, studentId: s.student.id }), 403)
    refused(await s.client.get(`${base}/nightClass/list`), 401)
    const anonymous = createClient(t.app)
    refused(await anonymous.get(`${base}/nightClass/listForClient`), 401)
    refused(await s.client.get(`${base}/nightClass/listForClient`, { scope: 'all' }), 400, '范围只能是 open 或 mine')
  })

  test('concurrent sign-ups for the last seat take it once; one student racing with themself signs up once', async () => {
    const cls = await aClass({ capacity: 3 })
    const early = [await studentClient(t.app), await studentClient(t.app)]
    for (const s of early) ok(await s.client.post(`${base}/nightStudent/saveForClient`, { classId: cls.id }))
    const racers = await Promise.all(Array.from({ length: 20 }, () => studentClient(t.app)))
    // On PostgreSQL, a second app over a pool of 10 makes the race real; PGlite runs one transaction at a time.
    const { app: raceApp, close } = await openRaceApp(t)
    try {
      const cookieOf = async (accountId: number) => {
        const { token } = await t.app.sessions.create({ db: t.app.db, kind: 'user', accountId })
        return `${COOKIE_NAMES.user}=${token}`
      }
      const cookies = await Promise.all(racers.map((r) => cookieOf(r.student.accountId!)))
      const signUpAs = (cookie: string, classId: number) =>
        raceApp.inject({
          method: 'POST',
          url: `${base}/nightStudent/saveForClient`,
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `classId=${classId}`,
        })
      const results = await Promise.all(cookies.map((c) => signUpAs(c, cls.id)))
      const won = results.filter((r) => r.statusCode === 200)
      assert.equal(won.length, 1, 'exactly one takes the last seat')
      assert.ok(
        results.every((r) => r.statusCode === 200 || (r.statusCode === 422 && /名额已满/.test(r.json().message))),
        results.map((r) => r.body).find((b) => !/名额已满|成功/.test(b)),
      )
      const [row] = await t.app.db.select().from(nightClasses).where(eq(nightClasses.id, cls.id))
      assert.equal(row!.signedUp, 3)
      const active = await t.app.db
        .select()
        .from(nightSignUps)
        .where(and(eq(nightSignUps.classId, cls.id), eq(nightSignUps.status, NightSignUpStatus.signedUp)))
      assert.equal(active.length, 3)

      // The same student ten times at once, on a roomy class: one sign-up, the rest 409.
      const roomy = await aClass({ capacity: 50 })
      const same = cookies[0]!
      const twice = await Promise.all(Array.from({ length: 10 }, () => signUpAs(same, roomy.id)))
      assert.equal(twice.filter((r) => r.statusCode === 200).length, 1)
      assert.ok(twice.every((r) => r.statusCode === 200 || r.statusCode === 409))
      const [roomyRow] = await t.app.db.select().from(nightClasses).where(eq(nightClasses.id, roomy.id))
      assert.equal(roomyRow!.signedUp, 1)

      // Concurrent cancels and sign-ups keep the count equal to the 已报名 rows.
      const mixed = await Promise.all([
        ...cookies.slice(1, 11).map((c) => signUpAs(c, roomy.id)),
        raceApp.inject({
          method: 'PUT',
          url: `${base}/nightStudent/cancelForClient`,
          headers: { cookie: same, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `classId=${roomy.id}`,
        }),
      ])
      assert.ok(
        mixed.every((r) => r.statusCode === 200),
        mixed.map((r) => r.body).find((b) => !/成功/.test(b)),
      )
      const [after] = await t.app.db.select().from(nightClasses).where(eq(nightClasses.id, roomy.id))
      const rows = await t.app.db
        .select()
        .from(nightSignUps)
        .where(and(eq(nightSignUps.classId, roomy.id), eq(nightSignUps.status, NightSignUpStatus.signedUp)))
      assert.equal(after!.signedUp, rows.length)
      assert.equal(rows.length, 10)
    } finally {
      await close()
    }
  })
})
