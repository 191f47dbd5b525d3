import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { screenCode } from '../../src/modules/roll/night/night.check-in-code.ts'
import { createClass } from '../../src/modules/roll/night/night.service.ts'
import { COOKIE_NAMES } from '../../src/modules/platform/sessions/sessions.service.ts'
import { createAttendanceRepository } from '../../src/modules/roll/attendance/attendance.repository.ts'
import { slotsOf } from '../../src/modules/roll/attendance/attendance.service.ts'
import { classMembers } from '../../src/db/schema.ts'
import type { RouteEntry } from '../../src/plugins/route-table.ts'
import { GoodKind, GoodStatus, PayChannel, PointsWayKind, QuestionType } from '../../src/wire.ts'
import { addLiveSection, enrol, insertCourse, insertLive } from '../study-fixtures.ts'
import { insertFixedPaper, insertQuestion } from '../exam-fixtures.ts'
import { adminClient, insertStudent } from '../fixtures.ts'
import { buildTestApp, type Client, createClient, POSTGRES_RUN_ONLY, type TestApp } from '../helper.ts'
import { appRoutes, concreteUrl, envelopeProblems, fieldsOf } from './support.ts'

/**
 * Student A cannot read or change student B's data through any student route (the student's and
 * the person's calls, enumerated from the app, so a new route is covered): every id-like field
 * carries each of B's ids (and B's coupon codes), and `studentId`-like fields are forged on every
 * call. B's ids live in ranges of their own, so an id of B's is never also a course's, a paper's or
 * one of A's. A's answers never contain B's data (names, phone, ID number, answers, questions,
 * addresses, orders, codes), an id of B's is refused (400/403/404/409/422), and B's rows, in every
 * table that holds a student's data, are byte-for-byte unchanged after every call.
 */

type Tag = '甲' | '乙'

interface Catalogue {
  courseId: number
  chapterId: number
  sectionId: number
  liveId: number
  choiceId: number
  shortId: number
  paperId: number
  /** In its check-in window (starts in 10 minutes). */
  nowClass: { id: number; checkInSecret: string }
  laterClassId: number
  offlineWayId: number
  goodId: number
  /** 课表: a class with a face-to-face session open now and one that ended an hour ago. */
  attendance: { classId: number; nowSessionId: number; pastSessionId: number }
}

interface Owned {
  studentId: number
  accountId: number
  phone: string
  client: Client
  /** An id of a row of theirs in each table that holds one (student_id or account_id, and those rows' children). */
  ids: number[]
  couponCodes: string[]
  unpaidOrderId: number
  openAttemptId: number
  questionId: number
  markers: string[]
}

const ok = (res: LightMyRequestResponse, what: string) => {
  assert.equal(res.statusCode, 200, `${what}: ${res.body.slice(0, 300)}`)
  return res.json().data
}

/** A valid ID number (GB 11643 check digit) from 17 digits, so the roll takes it and a marker is unique. */
function idCard(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0)
  return first17 + '10X98765432'[sum % 11]!
}

async function makeCatalogue(app: FastifyInstance, admin: Client): Promise<Catalogue> {
  const { course, chapter, sections } = await insertCourse(app, { title: '公共课程' })
  const live = await insertLive(app, course.id, { startsAt: new Date(Date.now() - 600_000), endsAt: new Date(Date.now() + 3_000_000) })
  await addLiveSection(app, course.id, chapter.id, live.id)
  const choice = await insertQuestion(app, course.id, { chapterId: chapter.id, type: QuestionType.single })
  const short = await insertQuestion(app, course.id, { chapterId: chapter.id, type: QuestionType.short })
  const paper = await insertFixedPaper(
    app,
    course.id,
    [
      { question: choice, score: 10 },
      { question: short, score: 10 },
    ],
    { maxAttempts: 0 },
  )
  const classAt = (minutes: number) => ({
    title: `公共夜校${minutes}`,
    subject: '会计学',
    teacher: '王老师',
    startsAt: new Date(Date.now() + minutes * 60_000),
    endsAt: new Date(Date.now() + (minutes + 120) * 60_000),
    place: '301',
    capacity: 10,
    description: '',
    published: true,
  })
  const nowClass = await createClass({ db: app.db, input: classAt(10) })
  const laterClass = await createClass({ db: app.db, input: classAt(3 * 24 * 60) })
  const cyber = '/api/fms/cybermoney'
  ok(await admin.post(`${cyber}/pointsWay/save`, { kind: PointsWayKind.checkIn, name: '每日签到', points: 5, dailyCap: 1 }), 'way')
  const offline = ok(
    await admin.post(`${cyber}/pointsWay/save`, { kind: PointsWayKind.offline, name: '线下活动', points: 30, dailyCap: 5 }),
    'way',
  )
  const good = ok(
    await admin.post(`${cyber}/shopGood/save`, {
      kind: GoodKind.physical,
      name: '公共笔记本',
      points: 10,
      stock: 50,
      status: GoodStatus.listed,
    }),
    'good',
  )
  return {
    courseId: course.id,
    chapterId: chapter.id,
    sectionId: sections[0]!.id,
    liveId: live.id,
    choiceId: choice.id,
    shortId: short.id,
    paperId: paper.id,
    nowClass: { id: nowClass.id, checkInSecret: nowClass.checkInSecret },
    laterClassId: laterClass.id,
    offlineWayId: offline.id,
    goodId: good.id,
    attendance: await attendanceCatalogue(app, admin),
  }
}

/** A class whose face-to-face sessions every student of the walk attends: one open now, one ended an hour ago. */
async function attendanceCatalogue(app: FastifyInstance, admin: Client) {
  const klass = ok(
    await admin.post('/api/zms/class', {
      name: '公共面授班',
      school: '公共大学',
      major: '工商管理',
      level: '本科',
      batchYear: 2026,
      batch: 1,
    }),
    'class',
  )
  const at = (from: number, to: number) => {
    const startsAt = new Date(Date.now() + from * 60_000)
    const endsAt = new Date(Date.now() + to * 60_000)
    return {
      classId: klass.id,
      course: '公共面授',
      teacherName: '王老师',
      startsAt,
      endsAt,
      ...slotsOf(startsAt, endsAt),
      place: '301',
      checkInSecret: `s${from}`,
    }
  }
  const [now, past] = await createAttendanceRepository({ db: app.db }).insertSessions([at(-2, 120), at(-120, -60)])
  return { classId: klass.id as number, nowSessionId: now!.id, pastSessionId: past!.id }
}

/** The tables that hold a student's rows (by student_id or account_id) and the tables whose rows hang off those. */
async function studentTables(app: FastifyInstance) {
  const rows = (
    (await app.db.execute(sql`
      select c.table_name, c.column_name,
        exists (select 1 from information_schema.columns i where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id') as has_id
      from information_schema.columns c join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.column_name in ('student_id', 'account_id')
      order by 1, 2`)) as unknown as { rows: Array<{ table_name: string; column_name: string; has_id: boolean }> }
  ).rows
  const owners = new Map<string, { column: string; hasId: boolean }>()
  // A table with both (orders, messages) is the student's by either: student_id is the stricter.
  for (const r of rows)
    if (!owners.has(r.table_name) || r.column_name === 'student_id') owners.set(r.table_name, { column: r.column_name, hasId: r.has_id })
  const fks = (
    (await app.db.execute(sql`
      select kcu.table_name as child, kcu.column_name as column, ccu.table_name as parent,
        exists (select 1 from information_schema.columns i where i.table_schema = 'public' and i.table_name = kcu.table_name and i.column_name = 'id') as has_id
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and ccu.column_name = 'id'
      order by 1, 2`)) as unknown as { rows: Array<{ child: string; column: string; parent: string; has_id: boolean }> }
  ).rows
  const children = fks.filter((f) => owners.has(f.parent) && !owners.has(f.child) && f.parent !== 'students' && f.parent !== 'accounts')
  return { owners, children }
}

describe('student A against student B, on every student route', { skip: POSTGRES_RUN_ONLY }, () => {
  let t: TestApp
  let admin: Client
  let cat: Catalogue
  let a: Owned
  let b: Owned
  let routes: RouteEntry[]
  let tables: Awaited<ReturnType<typeof studentTables>>
  /** B's rows, in one statement: the owners' by student or account, their children, B's student and account rows, B's notice. */
  let rowsOfB: () => Promise<string>
  let bNoticeId: number

  const where = (column: string, o: Pick<Owned, 'studentId' | 'accountId'>) =>
    column === 'student_id' ? `student_id = ${o.studentId}` : `account_id = ${o.accountId}`
  /** A row as text; a message's push state is the outbox sender's background work, not a request's write. */
  const rowText = (table: string) => (table === 'messages' ? `(to_jsonb(x) - 'push_state')::text` : 'x::text')

  /** The first id of theirs in each table (another id of one table takes the same path), their student and account ids. */
  async function idsOf(o: Pick<Owned, 'studentId' | 'accountId'>): Promise<number[]> {
    const parts = [`select ${o.studentId} as id`, `select ${o.accountId}`]
    for (const [table, { column, hasId }] of tables.owners)
      if (hasId) parts.push(`select min(id) from "${table}" where ${where(column, o)}`)
    for (const c of tables.children) {
      const owner = tables.owners.get(c.parent)!
      if (c.has_id)
        parts.push(`select min(id) from "${c.child}" where "${c.column}" in (select id from "${c.parent}" where ${where(owner.column, o)})`)
    }
    const res = (await t.app.db.execute(
      sql.raw(`select distinct id from (${parts.join(' union all ')}) x where id is not null order by id`),
    )) as unknown as { rows: Array<{ id: number }> }
    return res.rows.map((r) => Number(r.id))
  }

  async function makeStudent(tag: Tag): Promise<Owned> {
    const n = tag === '甲' ? 1 : 2
    const student = await insertStudent(t.app, {
      name: `${tag}学员`,
      idCard: idCard(`33010619900${n}0${n}123`),
      school: `${tag}大学`,
      studentNo: `XH${n}0${n}0${n}0${n}`,
      remark: `${tag}学籍备注`,
    })
    const client = createClient(t.app)
    const { token } = await t.app.sessions.create({ db: t.app.db, kind: 'user', accountId: student.accountId })
    client.jar.set(COOKIE_NAMES.user, token)
    const me = { studentId: student.id, accountId: student.accountId }
    const cyber = '/api/fms/cybermoney'

    // Study: granted the course, a favourite, a click, progress, the live class watched.
    await enrol(t.app, student.id, cat.courseId)
    ok(await client.post('/api/sms/study/collect', { courseId: cat.courseId }), 'collect')
    ok(await client.post('/api/sms/study/courseClick', { courseId: cat.courseId }), 'click')
    ok(await client.put('/api/sms/study/studentKnowledge/progress', { sectionId: cat.sectionId, position: 30 }), 'progress')
    ok(await client.put('/api/sms/study/studentLiveCourseSchedule/watchLive', { id: cat.liveId }), 'watch')
    // Practice and the wrong-answer book.
    ok(await client.post('/api/sms/study/studentSubject/handSubject', { questionId: cat.choiceId, answer: '["D"]' }), 'hand')
    ok(await client.post('/api/sms/study/studentSubject/handSubject', { questionId: cat.shortId, answer: `${tag}练习作答` }), 'hand')
    ok(await client.post('/api/sms/study/studentWrongSubject/addForSelf', { questionId: cat.shortId }), 'wrong book')
    // Exams: one handed in, one open with an answer saved.
    const done = ok(await client.post('/api/sms/study/studentExam/start', { paperId: cat.paperId }), 'start')
    ok(await client.put('/api/sms/study/studentExam/saveAnswer', { attemptId: done.id, position: 2, answer: `${tag}简答作答` }), 'save')
    ok(await client.put('/api/sms/study/studentExam/overPaper', { attemptId: done.id }), 'hand in')
    const open = ok(await client.post('/api/sms/study/studentExam/start', { paperId: cat.paperId }), 'start')
    ok(await client.put('/api/sms/study/studentExam/saveAnswer', { attemptId: open.id, position: 2, answer: `${tag}未交作答` }), 'save')
    // 学员提问, the teacher's reply (a message), a follow-up.
    const question = ok(
      await client.post('/api/sms/study/studentQuestion/saveForClient', {
        courseId: cat.courseId,
        title: `${tag}提问标题`,
        content: `${tag}提问内容`,
      }),
      'ask',
    )
    ok(await admin.post('/api/sms/study/studentQuestion/answerForTeacher', { id: question.id, content: `${tag}老师回复` }), 'reply')
    ok(await client.post('/api/sms/study/studentQuestion/answerForClient', { id: question.id, content: `${tag}追问内容` }), 'follow up')
    // 夜校: checked in to the class of now (the screen's code), signed up for a later one.
    ok(await client.post('/api/cms/night/nightStudent/saveForClient', { classId: cat.nowClass.id }), 'night sign-up')
    const code = screenCode({
      secret: t.app.config.secret,
      classId: cat.nowClass.id,
      checkInSecret: cat.nowClass.checkInSecret,
      now: new Date(),
    }).code
    ok(await client.post('/api/cms/night/nightAttendance/checkInForClient', { classId: cat.nowClass.id, token: code }), 'check in')
    ok(await client.post('/api/cms/night/nightStudent/saveForClient', { classId: cat.laterClassId }), 'night sign-up')
    // 课表: in the class since before its sessions, scanned the session of now, asked for 补卡 of the past one.
    ok(await admin.post('/api/zms/class/assign', { classId: cat.attendance.classId, studentIds: student.id }), 'assign')
    await t.app.db
      .update(classMembers)
      .set({ joinedAt: new Date(Date.now() - 86_400_000) })
      .where(sql`${classMembers.studentId} = ${student.id}`)
    const screen = ok(await admin.get('/api/zms/attendance/attendance/open', { id: cat.attendance.nowSessionId }), 'screen')
    ok(
      await client.post('/api/zms/attendance/attendanceRecord/punchCourse', { sessionId: cat.attendance.nowSessionId, code: screen.code }),
      'punch',
    )
    ok(
      await client.post('/api/zms/attendance/abnormalPunching', { sessionId: cat.attendance.pastSessionId, reason: `${tag}补卡原因` }),
      'make-up',
    )
    // Points: checked in, adjusted, an exchange shipped to an address, an application.
    ok(await client.post('/api/zms/point/studentPoint/checkIn'), 'points check-in')
    ok(await admin.post(`${cyber}/pointsRecord/adjust`, { studentId: student.id, change: 500, note: `${tag}积分调整备注` }), 'adjust')
    const address = JSON.stringify({ name: `${tag}收件人`, phone: student.phone, address: `${tag}收货地址` })
    ok(await client.post(`${cyber}/goodOrder/order`, { goodId: cat.goodId, quantity: 1, address }), 'exchange')
    ok(await client.post(`${cyber}/goodOrder/order`, { goodId: cat.goodId, quantity: 2, address }), 'exchange')
    // The first exchange shipped, tracked as a parcel (the sandbox carrier's 揽收).
    const [firstOrder] = (
      (await t.app.db.execute(sql`select min(id) as id from good_orders where student_id = ${student.id}`)) as unknown as {
        rows: Array<{ id: number }>
      }
    ).rows
    const shipped = ok(
      await admin.put(`${cyber}/goodOrder/setExpressNumber`, {
        id: firstOrder!.id,
        expressCompany: '顺丰',
        expressNo: `SF${n}00000000${n}`,
      }),
      'ship',
    )
    ok(await admin.post('/api/ems/express/sandbox/push', { id: shipped.parcel.id, step: '揽收' }), 'parcel pushed')
    // 教材邮寄: a mailing to their school, their address confirmed, the textbooks shipped and tracked.
    const mailing = ok(
      await admin.post('/api/ems/textbook/mail/save', {
        title: `${tag}教材邮寄`,
        term: '2030春',
        targetSchool: `${tag}大学`,
        books: JSON.stringify([{ title: `${tag}教材`, quantity: 1 }]),
        addressDeadline: '2099-12-31',
      }),
      'mailing',
    )
    ok(await admin.put('/api/ems/textbook/mail/publish', { id: mailing.id }), 'publish mailing')
    const record = ok(await client.get('/api/ems/textbook/record/listForClient'), 'my textbooks').list[0]
    ok(
      await client.put('/api/ems/textbook/record/commitForClient', {
        id: record.id,
        receiver: `${tag}收件人`,
        phone: student.phone,
        province: '浙江省',
        city: '杭州市',
        street: `${tag}收货地址`,
      }),
      'address',
    )
    const textbooks = ok(
      await admin.put('/api/ems/textbook/record/uploadMailNo', { id: record.id, carrier: '中通快递', waybillNo: `ZT${n}00000000${n}` }),
      'waybill',
    )
    ok(await admin.post('/api/ems/express/sandbox/push', { id: textbooks.parcel.id, step: '揽收' }), 'parcel pushed')
    ok(
      await client.post('/api/zms/point/studentPointRecord/applyPoint', { wayId: cat.offlineWayId, description: `${tag}活动说明` }),
      'apply',
    )
    // 学籍: a correction asked for.
    ok(
      await client.post('/api/ems/education/schoolRollInfoModify/applyForClient', {
        field: 'name',
        value: `${tag}新名字`,
        reason: `${tag}修改理由`,
      }),
      'roll request',
    )
    // 请假: one asked for (with its approval), in days of its own.
    ok(
      await client.post('/api/zms/approval/leave/apply', {
        type: '事假',
        startDate: `2030-0${n}-10`,
        startHalf: '上午',
        endDate: `2030-0${n}-11`,
        endHalf: '上午',
        reason: `${tag}请假事由`,
      }),
      'leave',
    )
    // A notice to B's school only, opened.
    const notice = ok(
      await admin.post('/api/ems/education/notices/save', {
        title: `${tag}专属通知`,
        content: `<p>${tag}通知内容</p>`,
        targetSchool: `${tag}大学`,
      }),
      'notice',
    )
    ok(await admin.put('/api/ems/education/notices/publish', { id: notice.id }), 'publish')
    ok(await client.get('/api/ems/education/notices/detailsForClient', { id: notice.id }), 'read notice')
    if (tag === '乙') bNoticeId = notice.id
    // Fees: two orders; a coupon of theirs used on the first, which is paid (a receipt); another coupon unused.
    const raise = async (i: number) =>
      ok(
        await admin.post('/api/fms/finance/feeOrder', {
          studentId: student.id,
          feeKind: '教材费',
          academicYear: '2026-2027',
          items: JSON.stringify([{ name: `${tag}教材费${i}`, quantity: 1, unitPrice: 18000 }]),
        }),
        'fee order',
      )
    const paid = await raise(1)
    const unpaid = await raise(2)
    const coupon = async (i: number) =>
      ok(
        await admin.post('/api/ems/basic/coupon', {
          code: `Q${n}CPN${i}`,
          kind: '金额券',
          value: 100,
          expiresAt: '2099-12-31 23:59:59',
          studentId: student.id,
          remark: `${tag}券备注`,
        }),
        'coupon',
      )[0].code as string
    const couponCodes = [await coupon(1), await coupon(2)]
    ok(await client.post('/api/ems/basic/coupon/activateForClient', { code: couponCodes[0], orderId: paid.id }), 'coupon used')
    const started = ok(await client.post('/api/fms/finance/order/payFee', { id: paid.id, channel: PayChannel.wechatMini }), 'pay')
    ok(await createClient(t.app).post(`/api/dev/payments/complete?orderNo=${started.orderNo}&result=success`), 'paid')

    const orderNos = (
      (await t.app.db.execute(sql`select order_no from orders where student_id = ${student.id}`)) as unknown as {
        rows: Array<{ order_no: string }>
      }
    ).rows.map((r) => r.order_no)
    const receiptNos = (
      (await t.app.db.execute(
        sql`select receipt_no from receipts r join orders o on o.id = r.order_id where o.student_id = ${student.id}`,
      )) as unknown as { rows: Array<{ receipt_no: string }> }
    ).rows.map((r) => r.receipt_no)
    assert.equal(receiptNos.length, 1)
    return {
      ...me,
      phone: student.phone,
      client,
      ids: await idsOf(me),
      couponCodes,
      unpaidOrderId: unpaid.id,
      openAttemptId: open.id,
      questionId: question.id,
      markers: [
        `${tag}学员`,
        student.phone,
        `${student.phone.slice(0, 3)}****${student.phone.slice(-4)}`,
        student.idCard!,
        student.studentNo!,
        `${tag}大学`,
        `${tag}学籍备注`,
        `${tag}请假事由`,
        `${tag}练习作答`,
        `${tag}简答作答`,
        `${tag}未交作答`,
        `${tag}提问`,
        `${tag}老师回复`,
        `${tag}追问内容`,
        `${tag}积分调整备注`,
        `${tag}收件人`,
        `${tag}收货地址`,
        `${tag}活动说明`,
        `${tag}新名字`,
        `${tag}修改理由`,
        `${tag}专属通知`,
        `${tag}通知内容`,
        `${tag}教材费`,
        `${tag}教材邮寄`,
        `${tag}券备注`,
        ...couponCodes,
        ...orderNos,
        ...receiptNos,
      ],
    }
  }

  before(async () => {
    t = await buildTestApp()
    admin = (await adminClient(t.app)).client
    tables = await studentTables(t.app)
    cat = await makeCatalogue(t.app, admin)
    a = await makeStudent('甲')
    // B's ids live in ranges of their own (every table's), so no id of B's is also a course's, a paper's or one of A's.
    const identities = (
      (await t.app.db.execute(
        sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id' and is_identity = 'YES' order by 1`,
      )) as unknown as { rows: Array<{ table_name: string }> }
    ).rows
    await t.app.db.execute(
      sql.raw(identities.map((r, i) => `ALTER TABLE "${r.table_name}" ALTER COLUMN id RESTART WITH ${(i + 1) * 100_000 + 1}`).join('; ')),
    )
    b = await makeStudent('乙')
    const parts = [
      `(select md5(x::text) from students x where id = ${b.studentId})`,
      `(select md5(x::text) from accounts x where id = ${b.accountId})`,
      `(select md5(x::text) from notices x where id = ${bNoticeId})`,
      ...[...tables.owners].map(
        ([table, { column }]) =>
          `(select count(*) || ':' || coalesce(string_agg(md5(${rowText(table)}), ',' order by md5(${rowText(table)})), '') from "${table}" x where ${where(column, b)})`,
      ),
      ...tables.children.map((c) => {
        const owner = tables.owners.get(c.parent)!
        return `(select count(*) || ':' || coalesce(string_agg(md5(x::text), ',' order by md5(x::text)), '') from "${c.child}" x where "${c.column}" in (select id from "${c.parent}" where ${where(owner.column, b)}))`
      }),
    ]
    const statement = `select concat_ws('|', ${parts.join(', ')}) as h`
    rowsOfB = async () => ((await t.app.db.execute(sql.raw(statement))) as unknown as { rows: Array<{ h: string }> }).rows[0]!.h
    routes = appRoutes(t.app).filter((r) => r.access?.kind === 'student' || r.access?.kind === 'person')
  })
  after(async () => t?.close())

  test("B's data spans the student modules, in tables found from the schema, with ids in ranges of their own", async () => {
    for (const table of [
      'students',
      'exam_attempts',
      'exercise_answers',
      'wrong_questions',
      'student_questions',
      'night_sign_ups',
      'attendance_records',
      'attendance_make_ups',
      'points_records',
      'points_applications',
      'good_orders',
      'parcels',
      'textbook_records',
      'roll_modify_requests',
      'orders',
      'coupons',
      'notice_reads',
      'course_favourites',
      'messages',
    ]) {
      const owner = tables.owners.get(table)
      assert.ok(owner, table)
      const res = (await t.app.db.execute(
        sql.raw(`select count(*)::int as n from "${table}" where ${where(owner.column, b)}`),
      )) as unknown as {
        rows: Array<{ n: number }>
      }
      assert.ok(res.rows[0]!.n > 0, `B has rows in ${table}`)
    }
    for (const child of ['attempt_questions', 'student_question_posts', 'order_items'])
      assert.ok(
        tables.children.some((c) => c.child === child),
        child,
      )
    assert.ok(b.ids.length >= 15, `${b.ids.length} ids of B's`)
    const aIds = new Set(a.ids)
    assert.deepEqual(
      b.ids.filter((id) => aIds.has(id)),
      [],
    )
    assert.ok(Math.min(...b.ids) > 100_000, 'every id of B’s, their student and account too, is in a range of its own')
  })

  test('the student routes are enumerated from the app', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`)
    for (const expected of [
      'GET /api/sms/study/studentExam/attemptForClient',
      'PUT /api/sms/study/studentExam/saveAnswer',
      'GET /api/sms/study/studentQuestion/detailsForClient',
      'PUT /api/fms/cybermoney/goodOrder/cancelForClient',
      'GET /api/fms/finance/receipt/detailsForClient',
      'POST /api/ems/basic/coupon/activateForClient',
      'POST /api/cms/night/nightAttendance/checkInForClient',
      'POST /api/fms/finance/order/payFee',
    ])
      assert.ok(urls.includes(expected), expected)
    assert.ok(routes.length >= 80, `${routes.length} student routes`)
  })

  /** Fields that name a record; `code` is a coupon's code (the roll's SMS code shares the name). */
  const ID_FIELD = /^(id|[a-z]+Id)$/
  const CODE_FIELD = /^code$/
  const FORGED_OWNER_FIELDS = ['studentId', 'accountId', 'partnerId', 'userId']

  /** Whether an answer names one of B's ids as a value (B's ids are 6-7 digits in ranges of their own). */
  const namesId = (body: string, id: string) => new RegExp(`[:\\[,]\\s*"?${id}"?\\s*[,}\\]]`).test(body)

  function fieldsOfRoute(route: RouteEntry) {
    const shape = (schema: unknown) => {
      const own = fieldsOf(schema)
      if (own.length) return own
      // A body that transforms (the roll's correction): its input object's fields.
      const def = (schema as { _zod?: { def?: { in?: unknown } } } | undefined)?._zod?.def
      return fieldsOf(def?.in)
    }
    return { params: fieldsOf(route.schema?.params), fields: [...shape(route.schema?.body), ...fieldsOf(route.schema?.querystring)] }
  }

  const TEXTBOOK_ADDRESS = { receiver: '甲收件人', phone: '', province: '浙江省', city: '杭州市', street: '甲收货地址' }

  function validFields(route: RouteEntry): Record<string, string> {
    const values: Record<string, string> = {
      courseId: String(cat.courseId),
      sectionId: String(cat.sectionId),
      chapterId: String(cat.chapterId),
      paperId: String(cat.paperId),
      questionId: String(cat.choiceId),
      classId: String(cat.nowClass.id),
      goodId: String(cat.goodId),
      wayId: String(cat.offlineWayId),
      attemptId: String(a.openAttemptId),
      orderId: String(a.unpaidOrderId),
      // No coupon: A's unpaid order stays without one, so B's codes reach the coupon's owner check.
      code: 'NOPE0000',
      position: '1',
      answer: '["A"]',
      selfCorrect: 'true',
      quantity: '1',
      address: JSON.stringify({ name: '甲收件人', phone: a.phone, address: '甲收货地址' }),
      description: '甲活动说明',
      title: '甲提问标题',
      content: '甲追问内容',
      channel: PayChannel.wechatMini,
      field: 'name',
      value: '甲新名字',
      reason: '甲修改理由',
      days: '7',
      scope: 'open',
      startDate: '2030-06-01',
      endDate: '2030-06-01',
      startHalf: '上午',
      endHalf: '下午',
      backDate: '2030-06-01',
      backHalf: '下午',
      size: '100',
    }
    const out: Record<string, string> = {}
    for (const f of fieldsOfRoute(route).fields) {
      if (f === 'token')
        out[f] = screenCode({
          secret: t.app.config.secret,
          classId: cat.nowClass.id,
          checkInSecret: cat.nowClass.checkInSecret,
          now: new Date(),
        }).code
      // `type` means a question's type elsewhere: a leave's only on the leave routes.
      else if (f === 'type' && route.url.startsWith('/api/zms/approval/leave/')) out[f] = '病假'
      // An address's fields only on the textbook routes (a phone means a sign-in elsewhere).
      else if (route.url.startsWith('/api/ems/textbook/') && f in TEXTBOOK_ADDRESS)
        out[f] = f === 'phone' ? a.phone : TEXTBOOK_ADDRESS[f as keyof typeof TEXTBOOK_ADDRESS]
      else if (values[f] !== undefined) out[f] = values[f]!
    }
    return out
  }

  function request(route: RouteEntry, fields: Record<string, string>, params: Record<string, string> = {}): InjectOptions {
    const url = concreteUrl(route.url, params)
    const query = new URLSearchParams(fields).toString()
    if (route.method === 'GET' || route.method === 'DELETE') return { method: route.method, url: `${url}?${query}` }
    return { method: route.method, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: query }
  }

  /** A's session, made again if a call ended it. */
  let cookie: string | undefined
  async function asA(options: InjectOptions) {
    cookie ??= `${COOKIE_NAMES.user}=${(await t.app.sessions.create({ db: t.app.db, kind: 'user', accountId: a.accountId })).token}`
    const res = await t.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie } })
    if (res.statusCode === 401) cookie = undefined
    return res
  }

  test("no student route shows B's data to A or changes B's rows, whatever ids A sends", async (ctx) => {
    const bNumeric = b.ids.map(String)
    const own = [
      cat.courseId,
      cat.sectionId,
      cat.chapterId,
      cat.liveId,
      cat.choiceId,
      cat.shortId,
      cat.paperId,
      cat.nowClass.id,
      cat.laterClassId,
      cat.attendance.nowSessionId,
      cat.attendance.pastSessionId,
      cat.goodId,
      cat.offlineWayId,
      ...a.ids,
    ].map(String)
    const problems: string[] = []
    let refused = 0
    let emptyAnswers = 0
    let calls = 0
    const bBefore = await rowsOfB()

    for (const route of routes) {
      const { params, fields } = fieldsOfRoute(route)
      const idFields = [...params, ...fields].filter((f) => ID_FIELD.test(f))
      const codeFields = fields.filter((f) => CODE_FIELD.test(f))
      const call = (values: Record<string, string>) => {
        const p = Object.fromEntries(params.map((f) => [f, values[f] ?? '1']))
        const body = Object.fromEntries(Object.entries(values).filter(([f]) => !params.includes(f)))
        return asA(request(route, body, p))
      }
      const attempts: Array<{ fields: Record<string, string>; field?: string; bValue?: string }> = [
        // Plausible values and a forged owner.
        { fields: { ...validFields(route), ...Object.fromEntries(FORGED_OWNER_FIELDS.map((f) => [f, String(b.studentId)])) } },
      ]
      for (const field of idFields)
        for (const id of bNumeric) attempts.push({ fields: { ...validFields(route), [field]: id }, field, bValue: id })
      for (const field of codeFields)
        for (const code of b.couponCodes) attempts.push({ fields: { ...validFields(route), [field]: code }, field, bValue: code })

      for (const attempt of attempts) {
        const res = await call(attempt.fields)
        calls++
        const at = `${route.method} ${route.url} ${JSON.stringify(attempt.fields).slice(0, 140)} -> ${res.statusCode}`
        problems.push(...envelopeProblems(res).map((p) => `${at}: ${p}`))
        for (const marker of b.markers) if (res.body.includes(marker)) problems.push(`${at}: shows B's "${marker}"`)
        if (res.statusCode < 300) for (const id of bNumeric) if (namesId(res.body, id)) problems.push(`${at}: names B's id ${id}`)
        // An id of B's is refused, or answered as nobody's (a filter that finds nothing, a removal of nothing).
        if (attempt.bValue && res.statusCode < 300) emptyAnswers++
        else if (attempt.bValue && [400, 403, 404, 409, 422].includes(res.statusCode)) refused++
        else if (attempt.bValue) problems.push(`${at}: unexpected status for B's ${attempt.bValue}`)
      }
      // Control: each id field is taken with one of A's or the catalogue's ids (200, or a rule's 409/422
      // past the owner check): the refusals above are ownership, not the shape of the call.
      for (const field of idFields) {
        let answered = false
        for (const id of own) {
          const res = await call({ ...validFields(route), [field]: id })
          calls++
          if ([200, 409, 422].includes(res.statusCode)) {
            answered = true
            break
          }
        }
        if (!answered) problems.push(`${route.method} ${route.url}: ${field} was never answered with A's own ids (control)`)
      }
      // Checked once a route's calls are done (the walk's time is in its calls): which route, then.
      if ((await rowsOfB()) !== bBefore) {
        problems.push(`${route.method} ${route.url}: changed B's rows`)
        break
      }
    }
    ctx.diagnostic(`${routes.length} routes, ${calls} calls, ${refused} refusals of B's ids, ${emptyAnswers} answers with nothing of B's`)
    assert.deepEqual(problems, [])
    assert.equal(await rowsOfB(), bBefore)
    assert.ok(calls > 500 && refused > 500, `${calls} calls, ${refused} refusals, ${emptyAnswers} answers with nothing of B's`)
  })

  test("A's lists show none of B's data, with or without forged owners, and do show A's own", async () => {
    const lists = routes.filter(
      (r) =>
        r.method === 'GET' && ![...fieldsOfRoute(r).fields, ...fieldsOfRoute(r).params].some((f) => ID_FIELD.test(f) && f !== 'courseId'),
    )
    let mine = 0
    for (const route of lists) {
      for (const forged of [{}, Object.fromEntries(FORGED_OWNER_FIELDS.map((f) => [f, String(b.studentId)]))]) {
        const res = await asA(request(route, { ...validFields(route), ...forged }))
        assert.equal(res.statusCode, 200, `${route.url}: ${res.body.slice(0, 200)}`)
        for (const marker of b.markers) assert.ok(!res.body.includes(marker), `${route.url} shows ${marker}`)
        if (/甲(学员|提问|收件人|活动说明|新名字|专属通知|教材费)/.test(res.body)) mine++
      }
    }
    assert.ok(mine >= 10, `${mine} lists showed A's own data`)
  })
})
