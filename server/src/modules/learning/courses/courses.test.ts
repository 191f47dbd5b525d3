import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { adminClient, studentClient } from '../../../../test/fixtures.ts'
import { makeCategories, makeCourse } from '../../../../test/course-fixtures.ts'
import { buildTestApp, type Client, createClient, type TestApp } from '../../../../test/helper.ts'
import { sandboxNotificationHeaders } from '../../../gateways/pay/sandbox.ts'
import { fileUrl } from '../../../gateways/storage/index.ts'
import { EnrolmentSource, OrderPayStatus, PayChannel, ProductStatus, ProductType } from '../../../wire.ts'
import { orders } from '../../money/orders/orders.table.ts'
import { sectionAccess } from './courses.service.ts'
import { courseClicks, courseEnrolments } from './courses.table.ts'

describe('courses for students: the catalogue, a course, joining and buying', () => {
  let t: TestApp
  let admin: Client
  let cat: Awaited<ReturnType<typeof makeCategories>>
  before(async () => {
    t = await buildTestApp()
    admin = (await adminClient(t.app)).client
    cat = await makeCategories(admin, '学历提升')
  })
  after(async () => t.close())

  const notify = (body: Record<string, unknown>) => {
    const text = JSON.stringify(body)
    return t.app.inject({
      method: 'POST',
      url: '/api/fms/finance/payment/notify/sandbox',
      // The sandbox's notification key, as gateways/pay/index.ts derives it.
      headers: sandboxNotificationHeaders(
        crypto.createHmac('sha256', t.app.config.secret).update('sandbox-pay-notifications').digest('hex'),
        text,
      ),
      payload: text,
    })
  }
  const enrolments = (studentId: number, courseId: number) =>
    t.app.db
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.studentId, studentId), eq(courseEnrolments.courseId, courseId)))

  test('the catalogue shows listed courses by category, type and title; a course opens its trial sections and hides 下架 ones', async () => {
    const paid = await makeCourse(admin, { categoryId: cat.a, title: '大学英语精讲', price: 19900 })
    const free = await makeCourse(admin, { categoryId: cat.b, title: '学习方法导论', price: 0, type: ProductType.offlineCourse })
    const hidden = await makeCourse(admin, { categoryId: cat.a, title: '未上架的课', price: 100, list: false })
    const { client } = await studentClient(t.app)
    const titles = async (query: Record<string, unknown>) =>
      (await client.get('/api/bms/cont/continueCourse/listForClient', query)).json().data.list.map((c: { title: string }) => c.title)
    assert.deepEqual(await titles({ parentId: cat.parentId }), ['学习方法导论', '大学英语精讲'])
    assert.deepEqual(await titles({ categoryId: cat.a }), ['大学英语精讲'])
    assert.deepEqual(await titles({ parentId: cat.parentId, type: ProductType.offlineCourse }), ['学习方法导论'])
    assert.deepEqual(await titles({ keyword: '英语' }), ['大学英语精讲'])
    assert.deepEqual(await titles({ keyword: '%' }), [])
    const [card] = (await client.get('/api/bms/cont/continueCourse/listForClient', { categoryId: cat.a })).json().data.list
    assert.deepEqual(
      { ...card, id: 0 },
      {
        id: 0,
        title: '大学英语精讲',
        cover: null,
        type: ProductType.textbook,
        categoryId: cat.a,
        categoryName: '学历提升-甲',
        parentCategoryName: '学历提升',
        price: 19900,
        sectionCount: 2,
        trialCount: 1,
        studentCount: 0,
        joined: false,
        collected: false,
      },
    )

    const detail = (await client.get('/api/bms/cont/continueCourse/detailsForClient', { id: paid.id })).json().data
    assert.equal(detail.teacher, '王老师')
    assert.equal(detail.status, ProductStatus.listed)
    assert.deepEqual(detail.progress, { finished: 0, total: 2, percent: 0 })
    assert.deepEqual(
      detail.chapters[0].sections.map((s: { title: string; trial: boolean; locked: boolean; duration: number; position: number }) => [
        s.title,
        s.trial,
        s.locked,
        s.duration,
        s.position,
      ]),
      [
        ['第一节', true, false, 12, 0],
        ['第二节', false, true, 12, 0],
      ],
    )
    const missing = await client.get('/api/bms/cont/continueCourse/detailsForClient', { id: hidden.id })
    assert.deepEqual([missing.statusCode, missing.json().message], [404, '课程不存在或已下架'])
    assert.equal((await client.post('/api/sms/study/join/join', { courseId: hidden.id })).statusCode, 404)

    // The trial section opens for anyone; the other needs the course.
    const { student } = await studentClient(t.app)
    assert.equal((await sectionAccess({ db: t.app.db, studentId: student.id, sectionId: paid.sectionIds[0]! }))?.allowed, true)
    assert.equal((await sectionAccess({ db: t.app.db, studentId: student.id, sectionId: paid.sectionIds[1]! }))?.allowed, false)
    assert.equal(await sectionAccess({ db: t.app.db, studentId: student.id, sectionId: 999_999 }), undefined)

    // A free course: joined at once (免费加入), everything open; joining again changes nothing.
    assert.deepEqual((await client.post('/api/sms/study/join/join', { courseId: free.id })).json().data, { joined: true, orderId: null })
    assert.deepEqual((await client.post('/api/sms/study/join/join', { courseId: free.id })).json().data, { joined: true, orderId: null })
    const joined = (await client.get('/api/bms/cont/continueCourse/detailsForClient', { id: free.id })).json().data
    assert.equal(joined.joined, true)
    assert.equal(joined.studentCount, 1)
    assert.ok(joined.chapters[0].sections.every((s: { locked: boolean }) => !s.locked))

    // 下架 later: its student still opens it; the catalogue no longer shows it.
    await admin.put('/api/bms/cont/continueCourse/changeStatus', { id: free.id, status: ProductStatus.unlisted })
    assert.equal((await client.get('/api/bms/cont/continueCourse/detailsForClient', { id: free.id })).statusCode, 200)
    assert.deepEqual(await titles({ parentId: cat.parentId }), ['大学英语精讲'])
    const { client: other } = await studentClient(t.app)
    assert.equal((await other.get('/api/bms/cont/continueCourse/detailsForClient', { id: free.id })).statusCode, 404)

    // Categories for the catalogue: enabled ones only.
    await admin.put('/api/bms/cont/continueConfig/courseCategory', { id: cat.b, name: '学历提升-乙', enabled: '否' })
    const tree = (await client.get('/api/bms/cont/continueConfig/courseCategoryForClient')).json().data
    assert.deepEqual(
      tree.find((p: { id: number }) => p.id === cat.parentId),
      { id: cat.parentId, name: '学历提升', children: [{ id: cat.a, name: '学历提升-甲' }] },
    )
  })

  test('a paid course is the student’s only after the verified payment: forged, failed and repeated notifications give nothing more', async () => {
    const course = await makeCourse(admin, { categoryId: cat.a, title: '高等数学', price: 16800 })
    const { client, student } = await studentClient(t.app)
    const first = (await client.post('/api/sms/study/join/join', { courseId: course.id })).json().data
    assert.equal(first.joined, false)
    assert.ok(first.orderId)
    // Joining again (or from another device) reuses the order still waiting to be paid.
    const again = await Promise.all([1, 2].map(() => client.post('/api/sms/study/join/join', { courseId: course.id })))
    assert.deepEqual(
      again.map((r) => r.json().data.orderId),
      [first.orderId, first.orderId],
    )
    assert.equal(
      (await client.get('/api/bms/cont/continueCourse/detailsForClient', { id: course.id })).json().data.pendingOrderId,
      first.orderId,
    )
    const order = (await client.get('/api/fms/finance/order/detailsForClient', { id: first.orderId })).json().data
    assert.deepEqual([order.amount, order.courseId, order.title, order.payStatus], [16800, course.id, '高等数学', OrderPayStatus.unpaid])
    assert.equal((await client.get('/api/fms/finance/order/listForClient')).json().data.total, 1)

    // Another student neither sees nor pays it.
    const { client: other } = await studentClient(t.app)
    assert.equal((await other.get('/api/fms/finance/order/detailsForClient', { id: first.orderId })).statusCode, 404)
    assert.equal((await other.post('/api/fms/finance/order/payFee', { id: first.orderId, channel: PayChannel.wechatMini })).statusCode, 404)
    assert.equal((await other.get('/api/fms/finance/order/payStatus', { id: first.orderId })).statusCode, 404)

    const paying = await client.post('/api/fms/finance/order/payFee', { id: first.orderId, channel: PayChannel.wechatMini })
    assert.equal(paying.json().data.payStatus, OrderPayStatus.paying, paying.body)
    const body = { orderNo: order.orderNo, amount: 16800 }
    // Unsigned and forged notifications: 401, nothing.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/fms/finance/payment/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'SBX-u', ...body, result: 'success', transactionId: 'T' }),
    })
    assert.equal(unsigned.statusCode, 401)
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/fms/finance/payment/notify/sandbox',
      headers: { ...sandboxNotificationHeaders('another-secret-entirely', '{}'), 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'SBX-f', ...body, result: 'success', transactionId: 'T' }),
    })
    assert.equal(forged.statusCode, 401)
    // A wrong amount is refused; a failure marks the order failed; neither enrols.
    assert.equal((await notify({ id: 'SBX-amount', ...body, amount: 1, result: 'success', transactionId: 'T' })).statusCode >= 400, true)
    const failed = await notify({ id: 'SBX-fail', ...body, result: 'fail', reason: '余额不足' })
    assert.equal(failed.statusCode, 200, failed.body)
    assert.equal((await client.get('/api/fms/finance/order/payStatus', { id: first.orderId })).json().data.payStatus, OrderPayStatus.failed)
    assert.equal((await enrolments(student.id, course.id)).length, 0)
    assert.equal((await client.get('/api/bms/cont/continueCourse/detailsForClient', { id: course.id })).json().data.joined, false)

    // Paid again: the verified notification enrols once (购买, with the order), however often it comes.
    await client.post('/api/fms/finance/order/payFee', { id: first.orderId, channel: PayChannel.wechatMini })
    const success = { id: 'SBX-ok', ...body, result: 'success', transactionId: 'T-1', paidAt: new Date().toISOString() }
    const results = await Promise.all([notify(success), notify(success), notify({ ...success, id: 'SBX-ok-2', transactionId: 'T-2' })])
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 200, 200])
    assert.deepEqual(results.map((r) => r.json().data.outcome).sort(), ['duplicate', 'paid', 'unchanged'])
    const rows = await enrolments(student.id, course.id)
    assert.deepEqual(
      rows.map((r) => [r.source, r.orderId]),
      [[EnrolmentSource.paid, first.orderId]],
    )
    const detail = (await client.get('/api/bms/cont/continueCourse/detailsForClient', { id: course.id })).json().data
    assert.deepEqual([detail.joined, detail.pendingOrderId], [true, null])
    assert.ok(detail.chapters[0].sections.every((s: { locked: boolean }) => !s.locked))
    assert.deepEqual((await client.post('/api/sms/study/join/join', { courseId: course.id })).json().data, { joined: true, orderId: null })

    // The console's order list names the student as the payer.
    const { client: finance } = await adminClient(t.app, '财务')
    const listed = (await finance.get('/api/fms/finance/order/listTuitionOrder', { orderNo: order.orderNo })).json().data.list[0]
    assert.deepEqual(
      [listed.partnerId, listed.studentId, listed.partnerName, listed.partnerPhone],
      [null, student.id, student.name, student.phone],
    )
  })

  test('a student granted the course meanwhile keeps that grant; the paid order simply stays paid', async () => {
    const course = await makeCourse(admin, { categoryId: cat.a, title: '会计基础', price: 9900 })
    const { client, student } = await studentClient(t.app)
    const { orderId } = (await client.post('/api/sms/study/join/join', { courseId: course.id })).json().data
    await admin.post('/api/sms/study/join/batchJoinOnlineCourse', { courseId: course.id, studentIds: String(student.id) })
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId))
    await client.post('/api/fms/finance/order/payFee', { id: orderId, channel: PayChannel.alipayMini })
    const done = await createClient(t.app).post(`/api/dev/payments/complete?orderNo=${order!.orderNo}&result=success`)
    assert.equal(done.json().data.payStatus, OrderPayStatus.paid)
    assert.deepEqual(
      (await enrolments(student.id, course.id)).map((r) => [r.source, r.orderId]),
      [[EnrolmentSource.granted, null]],
    )
  })

  test('favourites and views: a course collected once, listed newest first; views counted once a day; an unseen course is 404', async () => {
    const a = await makeCourse(admin, { categoryId: cat.a, title: '收藏甲', price: 0 })
    const b = await makeCourse(admin, { categoryId: cat.a, title: '收藏乙', price: 0 })
    const hidden = await makeCourse(admin, { categoryId: cat.a, title: '收藏丙', price: 0, list: false })
    const { client, student } = await studentClient(t.app)
    for (const id of [a.id, b.id, a.id])
      assert.deepEqual((await client.post('/api/sms/study/collect', { courseId: id })).json().data, { collected: true })
    assert.equal((await client.post('/api/sms/study/collect', { courseId: hidden.id })).statusCode, 404)
    const list = (await client.get('/api/sms/study/collect/listForClient')).json().data
    assert.equal(list.total, 2)
    assert.deepEqual(list.list.map((c: { title: string; collected: boolean }) => [c.title, c.collected]).sort(), [
      ['收藏乙', true],
      ['收藏甲', true],
    ])
    assert.deepEqual((await client.del('/api/sms/study/collect', { courseId: a.id })).json().data, { collected: false })
    assert.deepEqual(
      (await client.get('/api/sms/study/collect/listForClient')).json().data.list.map((c: { title: string }) => c.title),
      ['收藏乙'],
    )
    for (let i = 0; i < 3; i++) assert.equal((await client.post('/api/sms/study/courseClick', { courseId: b.id })).statusCode, 200)
    assert.equal((await client.post('/api/sms/study/courseClick', { courseId: hidden.id })).statusCode, 404)
    const clicks = await t.app.db.select().from(courseClicks).where(eq(courseClicks.studentId, student.id))
    assert.equal(clicks.length, 1)
    assert.equal((await client.post('/api/sms/study/courseClick', { courseId: 'x' })).json().message, '编号格式不正确')
  })

  test("a section's file is served to whoever holds the signed address the server made", async () => {
    const course = await makeCourse(admin, { categoryId: cat.a, title: '文件课', price: 0 })
    const url = fileUrl({ secret: t.app.config.secret, key: course.mediaKey })
    const part = await createClient(t.app).inject({ method: 'GET', url, headers: { range: 'bytes=4-11' } })
    assert.equal(part.statusCode, 206)
    assert.equal(part.body, 'ftypisom')
  })
})
