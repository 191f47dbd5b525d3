import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, sql } from 'drizzle-orm'
import { FAKE_PNG, multipart } from '../../../../test/course-fixtures.ts'
import { adminClient, insertPartner, insertStudent, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, ok, openRaceApp, refused, type TestApp } from '../../../../test/helper.ts'
import { insertCourse } from '../../../../test/study-fixtures.ts'
import { COOKIE_NAMES } from '../../platform/sessions/sessions.service.ts'
import {
  AdminRole,
  ClueSource,
  ClueStatus,
  EducationType,
  GoodKind,
  GoodOrderStatus,
  MessageKind,
  PointsRecordType,
  PointsWayKind,
  StudentLevel,
} from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { clues } from '../../partner-programme/clues/clues.table.ts'
import { courseEnrolments } from '../../learning/courses/courses.table.ts'
import { messages } from '../../platform/messages/messages.table.ts'
import { earnForExamPassed, earnForStudyTime } from './index.ts'
import { pointsAccounts, pointsRecords, pointsWays, shopGoods } from './points.table.ts'

const cyber = '/api/fms/cybermoney'
const zms = '/api/zms/point'

describe('points and the shop (积分, 积分商城)', () => {
  let t: TestApp
  let admin: Client
  let finance: Client
  const way: Record<string, number> = {}
  before(async () => {
    t = await buildTestApp()
    admin = (await adminClient(t.app)).client
    finance = (await adminClient(t.app, AdminRole.finance)).client
    for (const [kind, points, dailyCap] of [
      [PointsWayKind.checkIn, 5, 1],
      [PointsWayKind.studyTime, 10, 2],
      [PointsWayKind.examPassed, 50, 0],
      [PointsWayKind.referral, 200, 0],
      [PointsWayKind.offline, 30, 2],
    ] as const)
      way[kind] = ok(await admin.post(`${cyber}/pointsWay/save`, { kind, name: kind, points, dailyCap, description: `${kind}说明` })).id
    for (const [name, minPoints] of [
      ['青铜', 0],
      ['白银', 100],
      ['黄金', 1000],
    ] as const)
      ok(await admin.post(`${cyber}/pointsLevel/save`, { name, minPoints }))
  })
  after(async () => t.close())

  const balanceOf = async (studentId: number) => {
    const [a] = await t.app.db.select().from(pointsAccounts).where(eq(pointsAccounts.studentId, studentId))
    const [s] = await t.app.db
      .select({ sum: sql<number>`coalesce(sum(${pointsRecords.change}), 0)::int` })
      .from(pointsRecords)
      .where(eq(pointsRecords.studentId, studentId))
    assert.equal(a?.balance ?? 0, s!.sum, 'the balance is the sum of the records')
    return a?.balance ?? 0
  }
  const adjust = (studentId: number, change: number) => admin.post(`${cyber}/pointsRecord/adjust`, { studentId, change, note: '测试' })
  const good = async (values: Record<string, unknown>) =>
    ok(
      await admin.post(`${cyber}/shopGood/save`, {
        kind: GoodKind.physical,
        name: `商品${Math.random()}`,
        points: 10,
        stock: 5,
        ...values,
      }),
    )
  const ADDRESS = JSON.stringify({ name: '林小雨', phone: '13900000000', address: '杭州市西湖区文三路1号' })

  test('the office configures ways and levels; one way per kind; only 管理员 writes; audited', async () => {
    const ways = ok(await finance.get(`${cyber}/pointsWay/list`))
    assert.equal(ways.total, 5)
    refused(
      await admin.post(`${cyber}/pointsWay/save`, { kind: PointsWayKind.checkIn, name: '再来', points: 1 }),
      409,
      '该类型的积分途径已存在',
    )
    refused(await finance.post(`${cyber}/pointsLevel/save`, { name: '钻石', minPoints: 5000 }), 403)
    refused(await admin.post(`${cyber}/pointsWay/save`, { kind: '打卡', name: 'x', points: 1 }), 400, /途径类型只能是/)
    refused(await admin.post(`${cyber}/pointsWay/save`, { kind: PointsWayKind.checkIn, name: 'x', points: 0 }), 400, '积分不能小于1')
    refused(await admin.post(`${cyber}/pointsLevel/save`, { name: '重复', minPoints: 100 }), 409, '已有相同所需积分的等级')
    const levels = ok(await admin.get(`${cyber}/pointsLevel/list`))
    assert.deepEqual(
      levels.list.map((l: { name: string }) => l.name),
      ['青铜', '白银', '黄金'],
    )
    const changed = ok(
      await admin.put(`${cyber}/pointsWay/update`, {
        id: way[PointsWayKind.checkIn],
        kind: PointsWayKind.checkIn,
        name: '每日签到',
        points: 5,
        dailyCap: 1,
      }),
    )
    assert.equal(changed.name, '每日签到')
    const logged = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'pointsWay.update'))
    assert.equal(logged.length, 1)
  })

  test("check-in once a day: balance, level, today's ways; a second check-in is 409", async () => {
    const { client, student } = await studentClient(t.app)
    let me = ok(await client.get(`${zms}/studentPoint/listForClient`))
    assert.deepEqual(
      { balance: me.balance, lifetime: me.lifetime, checkedInToday: me.checkedInToday },
      { balance: 0, lifetime: 0, checkedInToday: false },
    )
    assert.equal(me.level.name, '青铜')
    assert.equal(me.nextLevel.name, '白银')
    assert.deepEqual(ok(await client.post(`${zms}/studentPoint/checkIn`)), { points: 5, balance: 5 })
    refused(await client.post(`${zms}/studentPoint/checkIn`), 409, '今天已经签到过了')
    me = ok(await client.get(`${zms}/studentPoint/listForClient`))
    assert.equal(me.checkedInToday, true)
    assert.equal(me.ways.find((w: { kind: string }) => w.kind === PointsWayKind.checkIn).doneToday, 1)
    const records = ok(await client.get(`${cyber}/pointsRecord/listForClient`))
    assert.equal(records.total, 1)
    assert.deepEqual(
      { change: records.list[0].change, balanceAfter: records.list[0].balanceAfter, type: records.list[0].type },
      { change: 5, balanceAfter: 5, type: PointsRecordType.earn },
    )
    assert.equal(await balanceOf(student.id), 5)
    refused(await createClient(t.app).get(`${zms}/studentPoint/listForClient`), 401)
  })

  test('a hook fired twice earns once; the daily cap holds; study time earns per full half hour', async () => {
    const student = await insertStudent(t.app)
    const fire = () =>
      t.app.db.transaction((tx) => earnForExamPassed({ db: tx, studentId: student.id, paperId: 4242, paperTitle: '期末模拟卷' }))
    assert.ok(await fire())
    assert.equal(await fire(), undefined)
    assert.equal(await balanceOf(student.id), 50)
    const day = '2026-11-26'
    const study = (dayMs: number, addedMs: number) =>
      t.app.db.transaction((tx) =>
        earnForStudyTime({ db: tx, studentId: student.id, day, dayMs, addedMs, now: new Date('2026-11-26T04:00:00Z') }),
      )
    await study(29 * 60_000, 60_000) // not yet half an hour
    await study(30 * 60_000 + 5000, 10_000) // the first half hour
    await study(30 * 60_000 + 5000, 10_000) // the same report again: nothing
    await study(95 * 60_000, 65 * 60_000) // two more half hours at once: the cap (2 a day) stops the third
    const earned = await t.app.db
      .select()
      .from(pointsRecords)
      .where(and(eq(pointsRecords.studentId, student.id), eq(pointsRecords.wayKind, PointsWayKind.studyTime)))
    assert.equal(earned.length, 2)
    assert.equal(await balanceOf(student.id), 70)
  })

  test("a converted referral earns the partner's own student profile once", async () => {
    const referrer = await insertStudent(t.app)
    const partner = await insertPartner(t.app, { phone: referrer.phone })
    const teacher = (await adminClient(t.app)).client
    const [clue] = await t.app.db
      .insert(clues)
      .values({
        partnerId: partner.id,
        name: '王朋友',
        phone: '13700001111',
        source: ClueSource.partner,
        status: ClueStatus.deal,
        programme: '专升本',
      })
      .returning()
    const body = {
      clueId: clue!.id,
      educationType: EducationType.adultExam,
      school: '浙江工商大学',
      major: '会计学',
      level: StudentLevel.bachelor,
      batchYear: 2026,
      batch: 1,
    }
    ok(await teacher.post('/api/ems/education/schoolRoll/fromClue', body))
    refused(await teacher.post('/api/ems/education/schoolRoll/fromClue', body), 409)
    const records = await t.app.db.select().from(pointsRecords).where(eq(pointsRecords.studentId, referrer.id))
    assert.equal(records.length, 1)
    assert.equal(records[0]!.wayKind, PointsWayKind.referral)
    assert.equal(await balanceOf(referrer.id), 200)
  })

  test('applications: upload, apply for an offline way, cap, approve earns with a message, refuse with a reason', async () => {
    const { client, student } = await studentClient(t.app)
    const picture = ok(
      await client.inject({
        method: 'POST',
        url: `${zms}/studentPointRecord/upload`,
        ...multipart({}, { name: 'a.png', type: 'image/png', data: FAKE_PNG }),
      }),
    )
    assert.match(picture.key, new RegExp(`^points/\\d{4}/\\d{2}/s${student.id}-[0-9a-f]{24}\\.png$`))
    refused(
      await client.inject({
        method: 'POST',
        url: `${zms}/studentPointRecord/upload`,
        ...multipart({}, { name: 'a.png', type: 'image/png', data: Buffer.from('not a picture') }),
      }),
      400,
      '只能上传 PNG、JPEG 或 WebP 图片',
    )
    refused(
      await client.post(`${zms}/studentPointRecord/applyPoint`, { wayId: way[PointsWayKind.checkIn], description: '签到' }),
      400,
      '只能申请线下活动的积分',
    )
    refused(
      await client.post(`${zms}/studentPointRecord/applyPoint`, { wayId: way[PointsWayKind.offline], description: '' }),
      400,
      '请填写申请说明',
    )
    const other = await studentClient(t.app)
    const theirs = ok(
      await other.client.inject({
        method: 'POST',
        url: `${zms}/studentPointRecord/upload`,
        ...multipart({}, { name: 'a.png', type: 'image/png', data: FAKE_PNG }),
      }),
    )
    refused(
      await client.post(`${zms}/studentPointRecord/applyPoint`, {
        wayId: way[PointsWayKind.offline],
        description: '志愿活动',
        images: theirs.key,
      }),
      400,
      '图片不存在或已失效，请重新上传',
    )
    const first = ok(
      await client.post(`${zms}/studentPointRecord/applyPoint`, {
        wayId: way[PointsWayKind.offline],
        description: '志愿活动',
        images: JSON.stringify([picture.key]),
      }),
    )
    assert.equal(first.status, '待审核')
    assert.equal(first.images.length, 1)
    const second = ok(
      await client.post(`${zms}/studentPointRecord/applyPoint`, { wayId: way[PointsWayKind.offline], description: '读书会' }),
    )
    refused(
      await client.post(`${zms}/studentPointRecord/applyPoint`, { wayId: way[PointsWayKind.offline], description: '第三次' }),
      422,
      '该途径今日次数已用完，请明天再来',
    )

    const queue = ok(await finance.get(`${zms}/studentPointRecord/list`, { status: '待审核', keyword: student.phone }))
    assert.equal(queue.total, 2)
    assert.match(queue.list[0].phone, /\*{4}/)
    refused(await finance.put(`${zms}/studentPointRecord/approve`, { id: first.id }), 403)
    const approved = ok(await admin.put(`${zms}/studentPointRecord/approve`, { id: first.id, note: '核实无误' }))
    assert.deepEqual({ status: approved.status, points: approved.points }, { status: '已通过', points: 30 })
    refused(await admin.put(`${zms}/studentPointRecord/approve`, { id: first.id }), 409, '该申请已审核')
    refused(await admin.put(`${zms}/studentPointRecord/refuse`, { id: second.id }), 400, '请填写驳回原因')
    ok(await admin.put(`${zms}/studentPointRecord/refuse`, { id: second.id, note: '照片不清晰' }))
    assert.equal(await balanceOf(student.id), 30)
    const mine = ok(await client.get(`${zms}/studentPointRecord/listForClient`))
    assert.deepEqual(
      mine.list.map((a: { status: string }) => a.status),
      ['已驳回', '已通过'],
    )
    const told = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, student.accountId), eq(messages.kind, MessageKind.pointsApplication)))
    assert.equal(told.length, 2)
    assert.ok(told.some((m) => m.body.includes('照片不清晰')))
  })

  test("学员积分: the office finds a student's balance, lifetime points and level; one never credited shows 0", async () => {
    const name = `积分查询${Math.floor(Math.random() * 1e6)}`
    const rich = await insertStudent(t.app, { name: `${name}甲` })
    const none = await insertStudent(t.app, { name: `${name}乙` })
    ok(await adjust(rich.id, 150))
    ok(await adjust(rich.id, -30))
    const found = ok(await finance.get('/api/zms/point/studentPoint/list', { keyword: name }))
    assert.equal(found.total, 2)
    assert.deepEqual(
      found.list.map((a: { name: string; balance: number; lifetime: number; level: string | null }) => [
        a.name,
        a.balance,
        a.lifetime,
        a.level,
      ]),
      [
        [`${name}甲`, 120, 150, '白银'],
        [`${name}乙`, 0, 0, '青铜'],
      ],
    )
    assert.match(found.list[0].phone, /^\d{3}\*{4}\d{4}$/)
    assert.ok(found.list[0].updatedAt)
    assert.equal(found.list[1].updatedAt, null)
    assert.equal(ok(await finance.get('/api/zms/point/studentPoint/list', { keyword: none.phone })).list[0].studentId, none.id)
    refused(await finance.get('/api/zms/point/studentPoint/list', { size: 1000 }), 400)
  })

  test('manual adjustments never take a balance below 0', async () => {
    const student = await insertStudent(t.app)
    ok(await adjust(student.id, 20))
    refused(await adjust(student.id, -21), 422, '扣减后积分不能小于0')
    refused(await adjust(student.id, 0), 400, '调整积分不能为0')
    refused(await finance.post(`${cyber}/pointsRecord/adjust`, { studentId: student.id, change: 5, note: 'x' }), 403)
    refused(await adjust(999999, 5), 404, '学员不存在')
    const r = ok(await adjust(student.id, -20))
    assert.equal(r.balance, 0)
    const list = ok(await finance.get(`${cyber}/pointsRecord/list`, { studentId: student.id }))
    assert.equal(list.total, 2)
    assert.equal(list.list[0].type, PointsRecordType.adjust)
    assert.ok(list.list[0].adminName)
    assert.equal(await balanceOf(student.id), 0)
  })

  test('goods are validated; a voucher needs its course; a good with exchanges cannot be deleted', async () => {
    refused(
      await admin.post(`${cyber}/shopGood/save`, { kind: GoodKind.courseVoucher, name: '课程券', points: 10, stock: 1 }),
      400,
      '课程券需选择课程，其他商品不能选择课程',
    )
    refused(
      await admin.post(`${cyber}/shopGood/save`, { kind: GoodKind.physical, name: '杯子', points: 10, stock: -1 }),
      400,
      '库存不能小于0',
    )
    refused(await admin.post(`${cyber}/shopGood/save`, { kind: '礼品', name: '杯子', points: 10, stock: 1 }), 400, /商品类型只能是/)
    refused(await finance.post(`${cyber}/shopGood/save`, { kind: GoodKind.physical, name: '杯子', points: 10, stock: 1 }), 403)
    const g = await good({ name: '删掉的杯子' })
    ok(await admin.del(`${cyber}/shopGood/delete`, { id: g.id }))
    refused(await admin.del(`${cyber}/shopGood/delete`, { id: g.id }), 404)
  })

  test('exchanges: address for shipped kinds, points, limit, unlisted, a voucher opens its course; cancel returns points and stock; ship tells the student', async () => {
    const { client, student } = await studentClient(t.app)
    ok(await adjust(student.id, 1000))
    const cup = await good({ name: '保温杯', points: 100, stock: 3, perPersonLimit: 2 })
    refused(await client.post(`${cyber}/goodOrder/order`, { goodId: cup.id, quantity: 1 }), 400, '请填写收货人、手机号和收货地址')
    refused(
      await client.post(`${cyber}/goodOrder/order`, {
        goodId: cup.id,
        quantity: 1,
        address: JSON.stringify({ name: 'a', phone: '123', address: 'x' }),
      }),
      400,
      '手机号格式不正确',
    )
    refused(await client.post(`${cyber}/goodOrder/order`, { goodId: cup.id, quantity: 0, address: ADDRESS }), 400, '兑换数量不能小于1')
    refused(await client.post(`${cyber}/goodOrder/order`, { goodId: cup.id, quantity: 3, address: ADDRESS }), 422, '超过每人限兑数量')
    const first = ok(await client.post(`${cyber}/goodOrder/order`, { goodId: cup.id, quantity: 2, address: ADDRESS }))
    assert.deepEqual(
      { status: first.order.status, total: first.order.totalPoints, balance: first.balance },
      { status: GoodOrderStatus.toShip, total: 200, balance: 800 },
    )
    refused(await client.post(`${cyber}/goodOrder/order`, { goodId: cup.id, quantity: 1, address: ADDRESS }), 422, '超过每人限兑数量')
    let detail = ok(await client.get(`${cyber}/shopGood/detailsForClient`, { id: cup.id }))
    assert.deepEqual(
      { stock: detail.stock, exchanged: detail.exchanged, needsAddress: detail.needsAddress },
      { stock: 1, exchanged: 2, needsAddress: true },
    )

    // Another student cannot cancel it; the student can, before shipping: points and stock back.
    const other = await studentClient(t.app)
    refused(await other.client.put(`${cyber}/goodOrder/cancelForClient`, { id: first.order.id }), 404)
    const cancelled = ok(await client.put(`${cyber}/goodOrder/cancelForClient`, { id: first.order.id }))
    assert.deepEqual({ status: cancelled.order.status, balance: cancelled.balance }, { status: GoodOrderStatus.cancelled, balance: 1000 })
    refused(await client.put(`${cyber}/goodOrder/cancelForClient`, { id: first.order.id }), 409, '只有待发货的订单可以取消')
    detail = ok(await client.get(`${cyber}/shopGood/detailsForClient`, { id: cup.id }))
    assert.deepEqual({ stock: detail.stock, exchanged: detail.exchanged }, { stock: 3, exchanged: 0 })

    // Shipping: express number, 已发货, the message; no cancel after that.
    const second = ok(await client.post(`${cyber}/goodOrder/order`, { goodId: cup.id, quantity: 1, address: ADDRESS }))
    refused(
      await admin.put(`${cyber}/goodOrder/setExpressNumber`, { id: second.order.id, expressCompany: '顺丰', expressNo: '#' }),
      400,
      '运单号应为6到30位字母或数字',
    )
    const shipped = ok(
      await admin.put(`${cyber}/goodOrder/setExpressNumber`, { id: second.order.id, expressCompany: '顺丰', expressNo: 'SF1234567890' }),
    )
    assert.equal(shipped.status, GoodOrderStatus.shipped)
    refused(await client.put(`${cyber}/goodOrder/cancelForClient`, { id: second.order.id }), 409)
    refused(await admin.put(`${cyber}/goodOrder/cancel`, { id: second.order.id, reason: '缺货' }), 409)
    const told = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, student.accountId), eq(messages.kind, MessageKind.goodShipped)))
    assert.equal(told.length, 1)
    assert.match(told[0]!.body, /SF1234567890/)
    const orders = ok(await client.get(`${cyber}/goodOrder/listForClient`))
    assert.equal(orders.total, 2)
    assert.equal(orders.list[0].expressNo, 'SF1234567890')
    refused(await admin.del(`${cyber}/shopGood/delete`, { id: cup.id }), 409, '该商品已有兑换订单，不能删除，请下架')

    // Points short; unlisted goods are gone for the student.
    const dear = await good({ name: '平板', points: 5000 })
    refused(await client.post(`${cyber}/goodOrder/order`, { goodId: dear.id, quantity: 1, address: ADDRESS }), 422, '积分不足')
    ok(await admin.put(`${cyber}/shopGood/updateStatus`, { id: dear.id, status: '下架' }))
    refused(await client.get(`${cyber}/shopGood/detailsForClient`, { id: dear.id }), 404, '商品不存在或已下架')
    refused(await client.post(`${cyber}/goodOrder/order`, { goodId: dear.id, quantity: 1, address: ADDRESS }), 404)

    // A course voucher opens its course at once (已完成), once.
    const { course } = await insertCourse(t.app, { title: `积分兑换课${Math.random()}` })
    const voucher = await good({ kind: GoodKind.courseVoucher, name: '课程券', points: 300, courseId: course.id })
    refused(await client.post(`${cyber}/goodOrder/order`, { goodId: voucher.id, quantity: 2 }), 400, '课程券每次只能兑换1张')
    const v = ok(await client.post(`${cyber}/goodOrder/order`, { goodId: voucher.id }))
    assert.equal(v.order.status, GoodOrderStatus.done)
    assert.equal(v.order.address, null)
    const enrolled = await t.app.db
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.studentId, student.id), eq(courseEnrolments.courseId, course.id)))
    assert.equal(enrolled.length, 1)
    refused(await client.post(`${cyber}/goodOrder/order`, { goodId: voucher.id }), 409, '您已拥有该课程，无需兑换')
    refused(await client.put(`${cyber}/goodOrder/cancelForClient`, { id: v.order.id }), 409)
    assert.equal(await balanceOf(student.id), 1000 - 100 - 300)

    // The office cancels a 待发货 one with a reason.
    const third = ok(await client.post(`${cyber}/goodOrder/order`, { goodId: cup.id, quantity: 1, address: ADDRESS }))
    ok(await admin.put(`${cyber}/goodOrder/cancel`, { id: third.order.id, reason: '地址无法配送' }))
    assert.equal(await balanceOf(student.id), 600)
    const list = ok(await finance.get(`${cyber}/goodOrder/list`, { keyword: student.phone }))
    assert.equal(list.total, 4)
  })

  test('the shop lists listed goods only, highest sort first', async () => {
    const { client } = await studentClient(t.app)
    const a = await good({ name: '排序靠前', sort: 999 })
    const b = await good({ name: '已下架的', sort: 1000, status: '下架' })
    const shop = ok(await client.get(`${cyber}/shopGood/listForClient`, { size: 100 }))
    assert.equal(shop.list[0].id, a.id)
    assert.ok(!shop.list.some((g: { id: number }) => g.id === b.id))
  })

  const cookieOf = async (accountId: number) => {
    const { token } = await t.app.sessions.create({ db: t.app.db, kind: 'user', accountId })
    return `${COOKIE_NAMES.user}=${token}`
  }

  test('concurrent exchanges of the last item sell it once', async () => {
    const last = await good({ name: '最后一个', points: 10, stock: 1 })
    const buyers = await Promise.all(Array.from({ length: 20 }, () => insertStudent(t.app)))
    for (const b of buyers) ok(await adjust(b.id, 100))
    const cookies = await Promise.all(buyers.map((b) => cookieOf(b.accountId)))
    const race = await openRaceApp(t)
    try {
      const results = await Promise.all(
        cookies.map((cookie) =>
          race.app.inject({
            method: 'POST',
            url: `${cyber}/goodOrder/order`,
            headers: { cookie, 'content-type': 'application/json' },
            payload: { goodId: last.id, quantity: 1, address: { name: '林小雨', phone: '13900000000', address: '杭州' } },
          }),
        ),
      )
      assert.equal(
        results.filter((r) => r.statusCode === 200).length,
        1,
        results
          .map((r) => r.body)
          .join('\n')
          .slice(0, 500),
      )
      assert.ok(results.every((r) => r.statusCode === 200 || (r.statusCode === 409 && r.json().message === '库存不足')))
      const [row] = await t.app.db.select().from(shopGoods).where(eq(shopGoods.id, last.id))
      assert.deepEqual({ stock: row!.stock, sold: row!.sold }, { stock: 0, sold: 1 })
      const spent = (await Promise.all(buyers.map((b) => balanceOf(b.id)))).filter((b) => b === 90)
      assert.equal(spent.length, 1)
    } finally {
      await race.close()
    }
  })

  test('1,000 concurrent earn/spend operations keep the balance equal to its records and never below 0', async () => {
    const { student } = await studentClient(t.app)
    const cookie = await cookieOf(student.accountId)
    const { client: op } = await adminClient(t.app)
    const opCookie = [...op.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const item = await good({ name: '小礼品', points: 7, stock: 1000, perPersonLimit: 0 })
    const race = await openRaceApp(t)
    try {
      const results = await Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          i % 2 === 0
            ? race.app.inject({
                method: 'POST',
                url: `${cyber}/pointsRecord/adjust`,
                headers: { cookie: opCookie, 'content-type': 'application/x-www-form-urlencoded' },
                payload: `studentId=${student.id}&change=${i % 4 === 0 ? 5 : -3}&note=race`,
              })
            : race.app.inject({
                method: 'POST',
                url: `${cyber}/goodOrder/order`,
                headers: { cookie, 'content-type': 'application/json' },
                payload: { goodId: item.id, quantity: 1, address: { name: '林小雨', phone: '13900000000', address: '杭州' } },
              }),
        ),
      )
      assert.ok(
        results.every((r) => r.statusCode === 200 || r.statusCode === 422),
        results.find((r) => r.statusCode !== 200 && r.statusCode !== 422)?.body,
      )
      const balance = await balanceOf(student.id)
      assert.ok(balance >= 0)
      const [rows] = await t.app.db
        .select({ n: sql<number>`count(*)::int`, min: sql<number>`min(${pointsRecords.balanceAfter})::int` })
        .from(pointsRecords)
        .where(eq(pointsRecords.studentId, student.id))
      assert.equal(rows!.n, results.filter((r) => r.statusCode === 200).length)
      assert.ok(rows!.min >= 0)
      const exchanged = results.filter((r, i) => i % 2 === 1 && r.statusCode === 200).length
      const [g] = await t.app.db.select().from(shopGoods).where(eq(shopGoods.id, item.id))
      assert.deepEqual({ stock: g!.stock, sold: g!.sold }, { stock: 1000 - exchanged, sold: exchanged })
      assert.ok(exchanged > 0)
    } finally {
      await race.close()
    }
  })

  test('races on one student: ten check-ins earn once; cancels and a shipping of one exchange, one wins and points return once', async () => {
    const { student } = await studentClient(t.app)
    const cookie = await cookieOf(student.accountId)
    const { client: op } = await adminClient(t.app)
    const opCookie = [...op.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const race = await openRaceApp(t)
    try {
      const checkIns = await Promise.all(
        Array.from({ length: 10 }, () =>
          race.app.inject({
            method: 'POST',
            url: `${zms}/studentPoint/checkIn`,
            headers: { cookie, 'content-type': 'application/json' },
            payload: {},
          }),
        ),
      )
      assert.equal(checkIns.filter((r) => r.statusCode === 200).length, 1)
      assert.ok(checkIns.every((r) => r.statusCode === 200 || r.statusCode === 409))
      ok(await adjust(student.id, 95))
      const item = await good({ name: '抢着取消', points: 100, stock: 1 })
      const { order } = ok(
        await race.app.inject({
          method: 'POST',
          url: `${cyber}/goodOrder/order`,
          headers: { cookie, 'content-type': 'application/json' },
          payload: { goodId: item.id, address: { name: '林小雨', phone: '13900000000', address: '杭州' } },
        }),
      )
      const form = 'application/x-www-form-urlencoded'
      const results = await Promise.all([
        ...Array.from({ length: 5 }, () =>
          race.app.inject({
            method: 'PUT',
            url: `${cyber}/goodOrder/cancelForClient`,
            headers: { cookie, 'content-type': form },
            payload: `id=${order.id}`,
          }),
        ),
        race.app.inject({
          method: 'PUT',
          url: `${cyber}/goodOrder/setExpressNumber`,
          headers: { cookie: opCookie, 'content-type': form },
          payload: `id=${order.id}&expressCompany=${encodeURIComponent('顺丰')}&expressNo=SF0000000001`,
        }),
      ])
      assert.equal(results.filter((r) => r.statusCode === 200).length, 1, results.map((r) => r.body).join('\n'))
      assert.ok(results.every((r) => r.statusCode === 200 || r.statusCode === 409))
      const returned = await t.app.db
        .select()
        .from(pointsRecords)
        .where(and(eq(pointsRecords.studentId, student.id), eq(pointsRecords.type, PointsRecordType.returned)))
      const [g] = await t.app.db.select().from(shopGoods).where(eq(shopGoods.id, item.id))
      if (results[5]!.statusCode === 200) {
        assert.equal(returned.length, 0)
        assert.equal(await balanceOf(student.id), 0)
        assert.deepEqual({ stock: g!.stock, sold: g!.sold }, { stock: 0, sold: 1 })
      } else {
        assert.equal(returned.length, 1)
        assert.equal(await balanceOf(student.id), 100)
        assert.deepEqual({ stock: g!.stock, sold: g!.sold }, { stock: 1, sold: 0 })
      }
    } finally {
      await race.close()
    }
  })

  test('deleting a way with applications is refused; without, allowed', async () => {
    refused(await admin.del(`${cyber}/pointsWay/delete`, { id: way[PointsWayKind.offline] }), 409, '该途径已有积分申请，不能删除，请停用')
    ok(await admin.del(`${cyber}/pointsWay/delete`, { id: way[PointsWayKind.referral] }))
    const [gone] = await t.app.db.select().from(pointsWays).where(eq(pointsWays.id, way[PointsWayKind.referral]!))
    assert.equal(gone, undefined)
  })
})

describe('points pictures for the office', () => {
  test("管理员 uploads a good's picture; it is its cover", async () => {
    const t = await buildTestApp()
    try {
      const { client } = await adminClient(t.app)
      const picture = ok(
        await client.inject({
          method: 'POST',
          url: `${cyber}/shopGood/upload`,
          ...multipart({}, { name: 'a.png', type: 'image/png', data: FAKE_PNG }),
        }),
      )
      assert.match(picture.key, /^points\/\d{4}\/\d{2}\/t\d+-[0-9a-f]{24}\.png$/)
      const g = ok(
        await client.post(`${cyber}/shopGood/save`, {
          kind: GoodKind.physical,
          name: '带图商品',
          points: 10,
          stock: 1,
          cover: picture.key,
        }),
      )
      assert.equal(g.cover, picture.key)
      assert.match(g.coverUrl, /^\/files\/points\//)
      refused(await client.post(`${cyber}/shopGood/upload`), 400, '请选择要上传的图片')
    } finally {
      await t.close()
    }
  })
})
