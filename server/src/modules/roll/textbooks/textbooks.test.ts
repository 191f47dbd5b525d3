import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, count, desc, eq } from 'drizzle-orm'
import { adminClient, insertPosition, insertStudent, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, ok, openRaceApp, refused, type TestApp } from '../../../../test/helper.ts'
import { multipart, readXlsx, xlsx } from '../../../../test/xlsx.ts'
import { kuaidi100PushForm, sandboxTrackingSalt, type PushedTrack } from '../../../gateways/tracking/index.ts'
import { GoodKind, GoodOrderStatus, MailRecordState, MessageKind, ParcelException, ParcelState, StudentStatus } from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { messages } from '../../platform/messages/messages.table.ts'
import { goodOrders, shopGoods } from '../../points/points/points.table.ts'
import { parcels, trackingPushes } from '../parcels/parcels.table.ts'
import { textbookRecords } from './textbooks.table.ts'

const T = '/api/ems/textbook'
const E = '/api/ems/express'
const NOTIFY = `${E}/notify/kuaidi100`
const SCHOOL = '教材邮寄测试大学'
const ADDRESS = {
  receiver: '林小雨',
  phone: '13912345678',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  street: '文三路100号3幢',
}
const BOOKS = JSON.stringify([
  { title: '大学英语（二）', isbn: '9787040396638', quantity: 1 },
  { title: '管理学原理', quantity: 2 },
])

/** A Beijing date `days` from today. */
const day = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000)

/**
 * Textbooks by mail (issue 44): a mailing published to its students, the address each confirms
 * until the deadline, waybills by hand and by spreadsheet, and the carrier's signed pushes that
 * move each parcel forward only, once per push; the exceptions queue; the student's timeline and
 * receipt; a points-shop exchange tracked the same way.
 */
describe('教材邮寄: mailings, addresses, waybills, tracking pushes, exceptions, receipt', () => {
  let t: TestApp
  let office: Client
  /** 教材 rights without 查看完整手机号. */
  let clerk: Client
  let salt: string
  let mailingId: number
  const pupils: Array<{ client: Client; id: number; studentNo: string; name: string }> = []

  /** The provider's push of `tracks` (signed with the sandbox's salt unless `sign` says otherwise). */
  const push = (
    waybill: { carrier: string; number: string },
    state: string,
    tracks: PushedTrack[],
    options: { sign?: string; status?: string } = {},
  ) => {
    const form = kuaidi100PushForm({ ...waybill, state, tracks, status: options.status }, salt)
    return createClient(t.app).post(NOTIFY, { param: form.param, sign: options.sign ?? form.sign })
  }
  const track = (minutes: number, context: string, status: string): PushedTrack => ({
    time: minutesAgo(minutes),
    context,
    status,
    areaName: '杭州市',
  })
  const recordOf = async (client: Client, id: number) =>
    ok(await client.get(`${T}/record/listForClient`)).list.find((r: { id: number }) => r.id === id)
  const pushCount = async () => (await t.app.db.select({ n: count() }).from(trackingPushes))[0]!.n

  before(async () => {
    t = await buildTestApp()
    salt = sandboxTrackingSalt(t.app.config.secret)
    office = (await adminClient(t.app, '管理员')).client
    const position = await insertPosition(t.app, ['textbooks.view', 'textbooks.edit', 'textbooks.export'])
    clerk = (await adminClient(t.app, '管理员', { positionId: position.id })).client
    for (const [i, name] of ['甲同学', '乙同学', '丙同学'].entries()) {
      const { client, student } = await studentClient(t.app, { school: SCHOOL, name, studentNo: `T44${process.pid}${i}` })
      pupils.push({ client, id: student.id, studentNo: student.studentNo!, name })
    }
    // 休学 and another school's students are not mailed.
    await insertStudent(t.app, { school: SCHOOL, status: StudentStatus.suspended })
    await insertStudent(t.app, { school: '别的大学' })
  })
  after(async () => t?.close())

  test('a draft is checked, counted and published once: one record per student (在读) and their message', async () => {
    refused(
      await office.post(`${T}/mail/save`, { title: '春季教材', term: '2026春', books: '[]', addressDeadline: day(7) }),
      400,
      '请添加教材',
    )
    refused(
      await office.post(`${T}/mail/save`, { title: '春季教材', term: '2026春', books: BOOKS, addressDeadline: day(-1) }),
      400,
      '地址确认截止日期不能早于今天',
    )
    refused(
      await office.post(`${T}/mail/save`, {
        title: '春季教材',
        term: '2026春',
        books: JSON.stringify([{ title: '英语', isbn: '123', quantity: 1 }]),
        addressDeadline: day(7),
      }),
      400,
      /ISBN/,
    )
    assert.equal(ok(await office.get(`${T}/mail/audience`, { targetSchool: SCHOOL })).count, 3)
    const empty = ok(
      await office.post(`${T}/mail/save`, {
        title: '无人教材',
        term: '2026春',
        targetSchool: '没有这所学校',
        books: BOOKS,
        addressDeadline: day(7),
      }),
    )
    refused(await office.put(`${T}/mail/publish`, { id: empty.id }), 422, '没有符合条件的在读学员，请调整邮寄对象')
    ok(await office.del(`${T}/mail/delete`, { id: empty.id }))

    const draft = ok(
      await office.post(`${T}/mail/save`, {
        title: '2026年春季教材',
        term: '2026春',
        targetSchool: SCHOOL,
        books: BOOKS,
        addressDeadline: day(7),
      }),
    )
    assert.equal(draft.status, '草稿')
    assert.equal(draft.targetLabel, SCHOOL)
    mailingId = draft.id
    const published = ok(await office.put(`${T}/mail/publish`, { id: mailingId }))
    assert.equal(published.status, '已发布')
    assert.equal(published.counts.students, 3)
    refused(await office.put(`${T}/mail/publish`, { id: mailingId }), 409, '已发布的教材邮寄不能再修改或删除')
    refused(
      await office.put(`${T}/mail/save`, { id: mailingId, title: '改名', term: '2026春', books: BOOKS, addressDeadline: day(7) }),
      409,
    )
    const told = await t.app.db.select().from(messages).where(eq(messages.kind, MessageKind.textbookMailing))
    assert.equal(told.length, 3)
    assert.match(told[0]!.body, /^「2026年春季教材」将邮寄给您，请在\d+月\d+日前确认收货地址$/)
    const mine = ok(await pupils[0]!.client.get(`${T}/record/listForClient`)).list
    assert.equal(mine.length, 1)
    assert.deepEqual(
      { state: mine[0].state, editable: mine[0].editable, suggested: mine[0].suggested.receiver, books: mine[0].mailing.books.length },
      { state: MailRecordState.toConfirm, editable: true, suggested: '甲同学', books: 2 },
    )
  })

  test('the student confirms her address until the deadline; the office corrects one after, audited', async () => {
    const [a, b] = pupils
    const recordA = ok(await a!.client.get(`${T}/record/listForClient`)).list[0].id
    const recordB = ok(await b!.client.get(`${T}/record/listForClient`)).list[0].id
    refused(await a!.client.put(`${T}/record/commitForClient`, { id: recordA, ...ADDRESS, phone: '123' }), 400, '手机号格式不正确')
    refused(await a!.client.put(`${T}/record/commitForClient`, { id: recordA, ...ADDRESS, street: '' }), 400, '请填写详细地址')
    refused(await b!.client.put(`${T}/record/commitForClient`, { id: recordA, ...ADDRESS }), 404)
    const confirmed = ok(await a!.client.put(`${T}/record/commitForClient`, { id: recordA, ...ADDRESS }))
    assert.deepEqual({ state: confirmed.state, address: confirmed.address }, { state: MailRecordState.confirmed, address: ADDRESS })
    ok(await b!.client.put(`${T}/record/commitForClient`, { id: recordB, ...ADDRESS, receiver: '乙同学', phone: '13912345679' }))

    // After the deadline's day the address is frozen for the student.
    await t.app.db.execute(`update textbook_mailings set address_deadline = current_date - 1 where id = ${mailingId}`)
    refused(
      await a!.client.put(`${T}/record/commitForClient`, { id: recordA, ...ADDRESS, street: '改了' }),
      422,
      '地址确认已截止，如需修改请联系教务处',
    )
    assert.equal((await recordOf(a!.client, recordA)).editable, false)

    // The office may still correct it, with a reason, audited; the phone sent back masked keeps the stored one.
    const corrected = ok(
      await clerk.put(`${T}/record/correct`, {
        id: recordA,
        ...ADDRESS,
        phone: '139****5678',
        street: '文三路100号4幢',
        reason: '学员来电更正门牌',
      }),
    )
    assert.equal(corrected.address.street, '文三路100号4幢')
    assert.equal(corrected.address.phone, '139****5678', 'the answer masks the phone for a position without 查看完整手机号')
    const [row] = await t.app.db.select().from(textbookRecords).where(eq(textbookRecords.id, recordA))
    assert.equal(row!.phone, ADDRESS.phone)
    // The whole phone is one audited reveal away for whoever sees the records.
    assert.equal(ok(await clerk.post('/api/bms/system/data/reveal', { kind: 'textbookRecord', id: recordA })).phone, ADDRESS.phone)
    const [revealed] = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'data.reveal'))
      .orderBy(desc(auditLogs.id))
      .limit(1)
    assert.equal(revealed!.summary, '查看教材收件人「林小雨」的手机号')
    const [log] = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'textbook.address.correct'))
      .orderBy(desc(auditLogs.id))
      .limit(1)
    assert.match(log!.summary, /学员来电更正门牌/)
    assert.match(String((log!.before as { address: string }).address), /文三路100号3幢/)

    // The export for the warehouse: masked phones by default.
    const file = await clerk.get(`${T}/record/export`, { mailingId })
    assert.equal(file.statusCode, 200)
    const rows = await readXlsx(file.rawPayload)
    assert.deepEqual(rows[0]!.slice(0, 4), ['学号', '姓名', '收件人', '收件电话'])
    const lineA = rows.find((r) => r[1] === '甲同学')!
    assert.equal(lineA[3], '139****5678')
    assert.equal(lineA[7], '文三路100号4幢')
  })

  test('waybills: by hand (message once, a change audited), by spreadsheet all or nothing', async () => {
    const [a, b, c] = pupils
    const recordA = (await recordOf(a!.client, ok(await a!.client.get(`${T}/record/listForClient`)).list[0].id)).id
    const recordC = ok(await c!.client.get(`${T}/record/listForClient`)).list[0].id
    refused(
      await office.put(`${T}/record/uploadMailNo`, { id: recordC, carrier: '顺丰速运', waybillNo: 'SF1000000001' }),
      422,
      '学员还没有确认收货地址，不能发货',
    )
    refused(
      await office.put(`${T}/record/uploadMailNo`, { id: recordA, carrier: '飞鸽快递', waybillNo: 'SF1000000001' }),
      400,
      /快递公司只能是/,
    )
    refused(
      await office.put(`${T}/record/uploadMailNo`, { id: recordA, carrier: '顺丰', waybillNo: 'SF-1' }),
      400,
      '运单号应为6到30位字母或数字',
    )

    const first = ok(await office.put(`${T}/record/uploadMailNo`, { id: recordA, carrier: '顺丰', waybillNo: 'sf1000000001' }))
    assert.deepEqual(
      { state: first.state, carrier: first.parcel.carrier, waybillNo: first.parcel.waybillNo, parcel: first.parcel.state },
      { state: MailRecordState.shipped, carrier: 'shunfeng', waybillNo: 'SF1000000001', parcel: ParcelState.waiting },
    )
    const [p] = await t.app.db.select().from(parcels).where(eq(parcels.waybillNo, 'SF1000000001'))
    assert.ok(p!.subscribedAt, 'subscribed with the (sandbox) provider after the commit')
    // Shipped: the student can no longer change the address, nor the office.
    refused(await office.put(`${T}/record/correct`, { id: recordA, ...ADDRESS, reason: '再改' }), 409, '教材已发货，收货地址不能再修改')
    // The same waybill again changes nothing; a new one replaces it, audited; one shipping message in all.
    ok(await office.put(`${T}/record/uploadMailNo`, { id: recordA, carrier: 'shunfeng', waybillNo: 'SF1000000001' }))
    const changed = ok(await office.put(`${T}/record/uploadMailNo`, { id: recordA, carrier: '中通快递', waybillNo: '7800000000001' }))
    assert.equal(changed.parcel.carrierName, '中通快递')
    const [log] = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'textbook.waybill.change'))
      .orderBy(desc(auditLogs.id))
      .limit(1)
    assert.match(log!.summary, /由 顺丰速运 SF1000000001 改为 中通快递 7800000000001/)
    const shippedMessages = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.kind, MessageKind.textbookShipped), eq(messages.targetId, recordA)))
    assert.equal(shippedMessages.length, 1)
    assert.equal(shippedMessages[0]!.body, '您的「2026年春季教材」已发货：顺丰速运 SF1000000001')

    // The spreadsheet: every row checked first; one refused row and nothing is written.
    const header = ['学号', '姓名', '快递公司', '运单号']
    const bad = ok(
      await office.inject({
        method: 'POST',
        url: `${T}/record/import?mailingId=${mailingId}`,
        ...multipart(
          await xlsx([
            header,
            [b!.studentNo, b!.name, '圆通速递', 'YT2000000002'],
            [c!.studentNo, c!.name, '圆通速递', 'YT2000000003'],
            ['NOSUCH', '', '圆通速递', 'YT2000000004'],
            [a!.studentNo, '错名字', '圆通速递', 'YT2000000005'],
            [a!.studentNo, a!.name, '圆通速递', '7800000000001'],
          ]),
        ),
      }),
    )
    assert.deepEqual(
      bad.refused.map((r: { row: number; reason: string }) => [r.row, r.reason]),
      [
        [3, '丙同学还没有确认收货地址'],
        [4, '学号 NOSUCH 不在本次邮寄名单中'],
        [5, `姓名与学号不符（学号 ${a!.studentNo} 是甲同学）`],
      ],
    )
    assert.equal((await t.app.db.select().from(parcels).where(eq(parcels.waybillNo, 'YT2000000002'))).length, 0)
    // A waybill another parcel holds is refused too.
    const taken = ok(
      await office.inject({
        method: 'POST',
        url: `${T}/record/import?mailingId=${mailingId}`,
        ...multipart(await xlsx([header, [b!.studentNo, b!.name, '中通', '7800000000001']])),
      }),
    )
    assert.deepEqual(taken.refused, [{ row: 2, reason: '运单号 7800000000001 已用于其他包裹' }])

    const good = ok(
      await office.inject({
        method: 'POST',
        url: `${T}/record/import?mailingId=${mailingId}`,
        ...multipart(
          await xlsx([header, [b!.studentNo, b!.name, '圆通速递', 'YT2000000002'], [a!.studentNo, a!.name, '中通快递', '7800000000001']]),
        ),
      }),
    )
    assert.deepEqual({ ...good, refused: good.refused.length }, { total: 2, shipped: 1, changed: 0, unchanged: 1, refused: 0 })
    assert.equal(
      (await recordOf(b!.client, ok(await b!.client.get(`${T}/record/listForClient`)).list[0].id)).parcel.waybillNo,
      'YT2000000002',
    )
  })

  test('pushes: a bad signature is stored nowhere; each push applied once; the state only moves forward; 签收 tells the student', async () => {
    const [a] = pupils
    const waybill = { carrier: 'zhongtong', number: '7800000000001' }
    const before = await pushCount()
    const collected = [track(60, '【杭州市】快件已揽收', '揽收')]

    const forged = await push(waybill, '1', collected, { sign: 'A'.repeat(32) })
    refused(forged, 400, '物流推送校验失败')
    assert.equal(await pushCount(), before, 'a badly signed push is stored nowhere')
    assert.equal((await createClient(t.app).post(NOTIFY, { param: '{}' })).statusCode, 400)

    const answered = await push(waybill, '1', collected)
    assert.equal(answered.statusCode, 200)
    assert.deepEqual(answered.json(), { result: true, returnCode: '200', message: '成功' })
    // The same push again: answered the same, stored and applied once.
    assert.deepEqual((await push(waybill, '1', collected)).json(), { result: true, returnCode: '200', message: '成功' })
    assert.equal(await pushCount(), before + 1)

    const delivering = [...collected, track(30, '【杭州市】快件已发往西湖区', '在途'), track(10, '【西湖区】快递员正在派件', '派件')]
    ok2(await push(waybill, '5', delivering))
    // A late push of an older state (在途) adds nothing new and does not move the parcel back.
    ok2(await push(waybill, '0', delivering.slice(0, 2)))
    const recordA = ok(await a!.client.get(`${T}/record/listForClient`)).list[0]
    assert.deepEqual(
      { state: recordA.parcel.state, last: recordA.parcel.lastContext },
      { state: ParcelState.delivering, last: '【西湖区】快递员正在派件' },
    )
    const timeline = ok(await a!.client.get(`${T}/record/getExpressInfoForClient`, { id: recordA.id }))
    assert.deepEqual(
      timeline.tracks.map((x: { context: string }) => x.context),
      ['【西湖区】快递员正在派件', '【杭州市】快件已发往西湖区', '【杭州市】快件已揽收'],
    )
    refused(await pupils[1]!.client.get(`${T}/record/getExpressInfoForClient`, { id: recordA.id }), 404)

    ok2(await push(waybill, '3', [...delivering, track(1, '【西湖区】已签收，签收人：本人', '签收')]))
    const signed = await t.app.db.select().from(messages).where(eq(messages.kind, MessageKind.parcelSigned))
    assert.equal(signed.length, 1)
    assert.match(signed[0]!.body, /^您的「2026年春季教材」已签收（中通快递 7800000000001），收到后请确认收货$/)
    // 确认收货, once: a second call answers the first.
    const received = ok(await a!.client.put(`${T}/record/confirmForClient`, { id: recordA.id }))
    assert.ok(received.receivedAt)
    assert.equal(ok(await a!.client.put(`${T}/record/confirmForClient`, { id: recordA.id })).receivedAt, received.receivedAt)
    assert.equal((await recordOf(a!.client, recordA.id)).state, MailRecordState.received)
    // Signed for: its waybill can no longer change.
    refused(
      await office.put(`${T}/record/uploadMailNo`, { id: recordA.id, carrier: '顺丰', waybillNo: 'SF9999999999' }),
      409,
      '包裹已签收，不能再更换运单号',
    )
    // A waybill that is not ours is stored and answered all the same.
    ok2(await push({ carrier: 'yunda', number: 'NOTOURS0001' }, '0', [track(5, '在途', '在途')]))
  })

  test('the exceptions queue: 疑难 until the parcel moves on or is handled, 退签 until handled, 停滞 after days without a track', async () => {
    const [, b] = pupils
    const waybill = { carrier: 'yuantong', number: 'YT2000000002' }
    ok2(await push(waybill, '2', [track(20, '【收件地】地址不详，快件暂存网点', '疑难')]))
    let queue = ok(await office.get(`${E}/list`, { queue: true }))
    const inQueue = queue.list.find((p: { waybillNo: string }) => p.waybillNo === 'YT2000000002')
    assert.equal(inQueue.problem, ParcelException.trouble)
    const recordB = ok(await b!.client.get(`${T}/record/listForClient`)).list[0]
    assert.equal(recordB.parcel.exception, ParcelException.trouble)
    assert.equal(ok(await office.get(`${T}/mail/detail`, { id: mailingId })).counts.problems, 1)
    // It moves on (派件): the 疑难 clears by itself.
    ok2(await push(waybill, '5', [track(20, '【收件地】地址不详，快件暂存网点', '疑难'), track(5, '【收件地】快递员正在派件', '派件')]))
    queue = ok(await office.get(`${E}/list`, { queue: true }))
    assert.ok(!queue.list.some((p: { waybillNo: string }) => p.waybillNo === 'YT2000000002'))
    // Refused by the receiver (退签): in the queue until the office handles it, audited.
    ok2(await push(waybill, '4', [track(5, '【收件地】快递员正在派件', '派件'), track(1, '【收件地】收件人拒收，快件退回', '退签')]))
    queue = ok(await office.get(`${E}/list`, { queue: true }))
    const returned = queue.list.find((p: { waybillNo: string }) => p.waybillNo === 'YT2000000002')
    assert.equal(returned.problem, ParcelException.returned)
    const handled = ok(await office.put(`${E}/handle`, { id: returned.id, note: '已联系学员，改日重寄' }))
    assert.deepEqual({ problem: handled.problem, note: handled.handledNote }, { problem: null, note: '已联系学员，改日重寄' })
    refused(await office.put(`${E}/handle`, { id: returned.id, note: '再处理' }), 409, '该包裹没有待处理的异常')
    const [log] = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'parcel.exception.handle'))
      .orderBy(desc(auditLogs.id))
      .limit(1)
    assert.match(log!.summary, /圆通速递 YT2000000002（退签）：已联系学员，改日重寄/)

    // Sent again under a new number (the returned parcel's tracks go), which the provider has no record of (abort, no tracks): 无记录.
    const again = ok(await office.put(`${T}/record/uploadMailNo`, { id: recordB.id, carrier: '圆通', waybillNo: 'YT2000000099' }))
    assert.deepEqual({ state: again.parcel.state, exception: again.parcel.exception }, { state: ParcelState.waiting, exception: null })
    ok2(await push({ carrier: 'yuantong', number: 'YT2000000099' }, '', [], { status: 'abort' }))
    queue = ok(await office.get(`${E}/list`, { queue: true }))
    assert.equal(queue.list.find((p: { waybillNo: string }) => p.waybillNo === 'YT2000000099').problem, ParcelException.noRecord)

    // 停滞: shipped four days ago with no track since.
    const [c] = [pupils[2]!]
    const recordC = ok(await c.client.get(`${T}/record/listForClient`)).list[0].id
    ok(await office.put(`${T}/record/correct`, { id: recordC, ...ADDRESS, receiver: '丙同学', reason: '电话确认' }))
    const shipped = ok(await office.put(`${T}/record/uploadMailNo`, { id: recordC, carrier: '韵达', waybillNo: 'YD3000000003' }))
    await t.app.db
      .update(parcels)
      .set({ shippedAt: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(parcels.id, shipped.parcel.id))
    queue = ok(await office.get(`${E}/list`, { queue: true }))
    assert.equal(queue.list.find((p: { id: number }) => p.id === shipped.parcel.id).problem, ParcelException.stuck)
    // The sandbox carrier pushes 揽收 through the same signed callback: it moves again and leaves the queue.
    const moved = ok(await office.post(`${E}/sandbox/push`, { id: shipped.parcel.id, step: '揽收' }))
    assert.deepEqual(
      { state: moved.state, tracks: moved.tracks.length, problem: moved.problem },
      { state: ParcelState.collected, tracks: 1, problem: null },
    )
  })

  test('racing pushes: the same push at once is stored once; 签收 and a late 在途 at once leave it 签收, told once', async () => {
    const [, , c] = pupils
    const recordC = ok(await c!.client.get(`${T}/record/listForClient`)).list[0]
    const waybill = { carrier: 'yunda', number: 'YD3000000003' }
    const history = [track(50, '【杭州市】快件已揽收', '揽收'), track(40, '【杭州市】快件已发往收件地', '在途')]
    const signedForm = kuaidi100PushForm({ ...waybill, state: '3', tracks: [...history, track(2, '【收件地】已签收', '签收')] }, salt)
    const lateForm = kuaidi100PushForm({ ...waybill, state: '0', tracks: history }, salt)
    const race = await openRaceApp(t)
    try {
      const send = (form: { param: string; sign: string }) =>
        race.app.inject({
          method: 'POST',
          url: NOTIFY,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(form).toString(),
        })
      const before = await pushCount()
      const answers = await Promise.all([send(signedForm), send(signedForm), send(lateForm), send(signedForm)])
      for (const a of answers) ok2(a)
      assert.equal(await pushCount(), before + 2, 'the signed push once, the late one once')
    } finally {
      await race.close()
    }
    const after = (await recordOf(c!.client, recordC.id)).parcel
    assert.equal(after.state, ParcelState.signed)
    const told = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.kind, MessageKind.parcelSigned), eq(messages.targetId, recordC.id)))
    assert.equal(told.length, 1)
  })

  test('a points-shop exchange ships as a tracked parcel: the same timeline and 确认收货, then 已完成', async () => {
    const [a] = pupils
    const [good] = await t.app.db
      .insert(shopGoods)
      .values({ kind: GoodKind.physical, name: '帆布书包', points: 100, stock: 5, status: '上架' })
      .returning()
    const [order] = await t.app.db
      .insert(goodOrders)
      .values({
        studentId: a!.id,
        goodId: good!.id,
        goodName: '帆布书包',
        goodKind: GoodKind.physical,
        quantity: 1,
        unitPoints: 100,
        totalPoints: 100,
        status: GoodOrderStatus.toShip,
        addressName: '甲同学',
        addressPhone: '13912345678',
        address: '浙江省杭州市西湖区文三路100号',
      })
      .returning()
    const cyber = '/api/fms/cybermoney'
    refused(await a!.client.get(`${cyber}/goodOrder/expressForClient`, { id: order!.id }), 404, '还没有发货，暂无物流信息')
    const shipped = ok(
      await office.put(`${cyber}/goodOrder/setExpressNumber`, { id: order!.id, expressCompany: '京东物流', expressNo: 'JD0001234567' }),
    )
    assert.deepEqual(
      { status: shipped.status, company: shipped.expressCompany, parcel: shipped.parcel.state },
      { status: GoodOrderStatus.shipped, company: '京东物流', parcel: ParcelState.waiting },
    )
    ok(await office.post(`${E}/sandbox/push`, { id: shipped.parcel.id, step: '揽收' }))
    ok(await office.post(`${E}/sandbox/push`, { id: shipped.parcel.id, step: '签收' }))
    const listed = ok(await a!.client.get(`${cyber}/goodOrder/listForClient`)).list.find((o: { id: number }) => o.id === order!.id)
    assert.equal(listed.parcel.state, ParcelState.signed)
    const timeline = ok(await a!.client.get(`${cyber}/goodOrder/expressForClient`, { id: order!.id }))
    assert.equal(timeline.tracks.length, 2)
    const [told] = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.kind, MessageKind.parcelSigned), eq(messages.targetType, 'goodOrder')))
    assert.match(told!.body, /「帆布书包×1」已签收（京东物流 JD0001234567）/)
    refused(await pupils[1]!.client.put(`${cyber}/goodOrder/confirmForClient`, { id: order!.id }), 404)
    const done = ok(await a!.client.put(`${cyber}/goodOrder/confirmForClient`, { id: order!.id }))
    assert.deepEqual({ status: done.status, received: Boolean(done.parcel.receivedAt) }, { status: GoodOrderStatus.done, received: true })
    // The console's waybills list both sources.
    const all = ok(await office.get(`${E}/list`, { source: '积分商城' }))
    assert.deepEqual(
      all.list.map((p: { waybillNo: string }) => p.waybillNo),
      ['JD0001234567'],
    )
  })
})

/** The provider's success answer. */
function ok2(res: { statusCode: number; body: string }) {
  assert.equal(res.statusCode, 200, res.body)
  assert.equal(JSON.parse(res.body).result, true)
}
