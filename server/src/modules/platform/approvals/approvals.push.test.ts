import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { beijingDate, beijingMinute } from '@activity/domain'
import { adminClient, HEAD_TEACHER_STEP, insertPosition, setApprovalFlow, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, ok, refused, type TestApp } from '../../../../test/helper.ts'
import { createLocalSubscribeMessageGateway, type SubscribeMessageGateway } from '../../../gateways/subscribe-message.ts'
import { subscribeOutbox } from '../../../gateways/subscribe-message.table.ts'
import { PushState } from '../../../gateways/subscribe-outbox.ts'
import { remindOverdue } from './approvals.service.ts'
import { approvalMessages, approvalSubscriptions } from './approvals.table.ts'

const LEAVE = '/api/zms/approval/leave'
const APPROVAL = '/api/zms/approval/approval'
const SUBSCRIBE = '/api/zms/approval/subscribe'
const TEMPLATES = '/api/zms/approval/subscribeTemplates'
const TEMPLATE_ID = 'local-approval-template'

const day = (offset: number) => new Date(Date.parse(`${beijingDate(new Date())}T00:00:00Z`) + offset * 86400000).toISOString().slice(0, 10)
/** A whole day of sick leave, `offset` days from today. */
const leaveOn = (offset: number) => ({
  type: '病假',
  startDate: day(offset),
  startHalf: '上午',
  endDate: day(offset),
  endHalf: '下午',
  reason: '发烧，需要休息',
})

/** 审批提醒: an approver's messages (待审批, 催办, 抄送) go out as WeChat subscribe messages they accepted in the app. */
describe('WeChat subscribe messages to approvers', () => {
  let t: TestApp
  let office: Client
  let headPositionId: number
  let failing = false
  // The local outbox (subscribe_outbox), or WeChat being down.
  const gateway: SubscribeMessageGateway = {
    kind: 'local',
    async send(message) {
      if (failing) throw new Error('WeChat is down')
      await createLocalSubscribeMessageGateway({ db: t.app.db }).send(message)
    },
  }

  before(async () => {
    t = await buildTestApp({ services: { subscribeMessage: gateway } })
    office = (await adminClient(t.app, '管理员')).client
    headPositionId = (await insertPosition(t.app, ['students.view', 'classes.view'])).id
    await setApprovalFlow(office, { kind: 'leave', steps: [HEAD_TEACHER_STEP] })
  })
  after(() => t.close())

  /** A head teacher (signed in, with their weapp open id bound unless `bound` is false) and a student of their class. */
  async function headAndStudent({ bound = true }: { bound?: boolean } = {}) {
    const { client: head, admin } = await adminClient(t.app, '管理员', { positionId: headPositionId })
    const openId = `o-head-${admin.id}`
    if (bound) ok(await head.post('/api/bms/system/admin/bindOpenId', { platform: 'weixin', type: '小程序', signCode: `fake:${openId}` }))
    const classId = ok(
      await office.post('/api/zms/class', {
        name: `提醒测试班${admin.id}`,
        school: '浙江工商大学',
        major: '工商管理',
        level: '本科',
        batchYear: 2026,
        batch: 1,
        headTeacherId: admin.id,
      }),
    ).id
    const { client: student, student: s } = await studentClient(t.app, { name: '王五' })
    ok(await office.post('/api/zms/class/assign', { classId, studentIds: s.id }))
    return { head, adminId: admin.id, openId, student }
  }

  const outboxOf = (openId: string) => t.app.db.select().from(subscribeOutbox).where(eq(subscribeOutbox.openId, openId))
  const statesOf = async (adminId: number) =>
    (await t.app.db.select().from(approvalMessages).where(eq(approvalMessages.adminId, adminId)).orderBy(approvalMessages.id)).map(
      (m) => m.pushState,
    )
  const remaining = async (adminId: number) =>
    (
      await t.app.db
        .select()
        .from(approvalSubscriptions)
        .where(and(eq(approvalSubscriptions.adminId, adminId), eq(approvalSubscriptions.template, 'approval')))
    )[0]?.remaining

  test('the weapp is told the approval template; an accepted id is counted (up to the cap), an unknown one ignored', async () => {
    const { client } = await adminClient(t.app, '招生老师')
    assert.deepEqual(ok(await client.get(TEMPLATES)).templates, [{ template: 'approval', templateId: TEMPLATE_ID }])
    assert.deepEqual(ok(await client.post(SUBSCRIBE, { templateIds: `${TEMPLATE_ID},local-clue-template` })).subscriptions, [
      { template: 'approval', remaining: 1 },
    ])
    assert.deepEqual(ok(await client.post(SUBSCRIBE, { templateIds: 'someone-elses' })).subscriptions, [
      { template: 'approval', remaining: 1 },
    ])
    for (let i = 0; i < 20; i++) await client.post(SUBSCRIBE, { templateIds: TEMPLATE_ID })
    assert.deepEqual(ok(await client.post(SUBSCRIBE, { templateIds: TEMPLATE_ID })).subscriptions, [
      { template: 'approval', remaining: 20 },
    ])
  })

  test('bad template ids are refused with a message; the routes need an operator session', async () => {
    const { client } = await adminClient(t.app, '招生老师')
    refused(await client.post(SUBSCRIBE, { templateIds: 'not an id!' }), 400, '模板编号格式不正确')
    refused(await client.post(SUBSCRIBE, { templateIds: 'a,b,c,d' }), 400, '一次最多订阅3种消息')
    refused(await client.post(SUBSCRIBE, {}), 400)
    refused(await createClient(t.app).get(TEMPLATES), 401)
    refused(await createClient(t.app).post(SUBSCRIBE, { templateIds: TEMPLATE_ID }), 401)
    const { client: student } = await studentClient(t.app)
    refused(await student.post(SUBSCRIBE, { templateIds: TEMPLATE_ID }), 401)
  })

  test("the change's own answer sends it: a leave applied reaches the head teacher's WeChat without waiting for the sweep", async () => {
    const { head, openId, student } = await headAndStudent()
    ok(await head.post(SUBSCRIBE, { templateIds: TEMPLATE_ID }))
    ok(await student.post(`${LEAVE}/apply`, leaveOn(3)))
    // Sent in the background after the answer (the apply route's write kicked the sender): waited for, never timed.
    for (const deadline = Date.now() + 10_000; (await outboxOf(openId)).length === 0;) {
      assert.ok(Date.now() < deadline, "the apply kicked the approvers' sender")
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    assert.equal((await outboxOf(openId)).length, 1)
  })

  test('a head teacher who accepted once gets one message when a leave reaches their step, opening the request; the next leave none', async () => {
    const { head, adminId, openId, student } = await headAndStudent()
    ok(await head.post(SUBSCRIBE, { templateIds: TEMPLATE_ID }))
    const first = ok(await student.post(`${LEAVE}/apply`, leaveOn(1)))
    ok(await student.post(`${LEAVE}/apply`, leaveOn(2)))
    await t.app.approvalPusher.drain()

    const sent = await outboxOf(openId)
    assert.equal(sent.length, 1, 'one acceptance, one message')
    const [message] = await t.app.db
      .select()
      .from(approvalMessages)
      .where(eq(approvalMessages.adminId, adminId))
      .orderBy(approvalMessages.id)
    assert.equal(sent[0]!.templateId, TEMPLATE_ID)
    assert.equal(sent[0]!.page, `pages/staff/approvalDetail?id=${first.approval.id}`)
    assert.deepEqual(sent[0]!.data, {
      thing1: { value: '待审批' },
      thing2: { value: '请审批：王五的请假（病假 1天）' },
      time3: { value: beijingMinute(message!.createdAt) },
    })
    assert.deepEqual(await statesOf(adminId), [PushState.sent, PushState.skipped])
    assert.equal(await remaining(adminId), 0)
  })

  test("an overdue step's daily reminder (催办) goes out on the next acceptance, opening the same request", async () => {
    const { head, openId, student } = await headAndStudent()
    ok(await head.post(SUBSCRIBE, { templateIds: TEMPLATE_ID }))
    ok(await head.post(SUBSCRIBE, { templateIds: TEMPLATE_ID }))
    const applied = ok(await student.post(`${LEAVE}/apply`, leaveOn(1)))
    assert.ok((await remindOverdue({ db: t.app.db, now: new Date(Date.now() + 48 * 3600 * 1000) })) >= 1)
    await t.app.approvalPusher.drain()
    const sent = (await outboxOf(openId)).sort((a, b) => a.id - b.id)
    assert.deepEqual(
      sent.map((m) => [m.page, (m.data as Record<string, { value: string }>).thing1!.value]),
      [
        [`pages/staff/approvalDetail?id=${applied.approval.id}`, '待审批'],
        [`pages/staff/approvalDetail?id=${applied.approval.id}`, '催办'],
      ],
    )
  })

  test('without an acceptance, or without a bound open id, nothing is sent and an acceptance is kept', async () => {
    const silent = await headAndStudent()
    ok(await silent.student.post(`${LEAVE}/apply`, leaveOn(1)))
    const unbound = await headAndStudent({ bound: false })
    ok(await unbound.head.post(SUBSCRIBE, { templateIds: TEMPLATE_ID }))
    ok(await unbound.student.post(`${LEAVE}/apply`, leaveOn(1)))
    await t.app.approvalPusher.drain()

    assert.equal((await outboxOf(silent.openId)).length, 0)
    assert.deepEqual(await statesOf(silent.adminId), [PushState.skipped])
    assert.deepEqual(await statesOf(unbound.adminId), [PushState.skipped])
    assert.equal(await remaining(unbound.adminId), 1)
    // The in-app message is there all the same.
    assert.equal(ok(await silent.head.get(`${APPROVAL}/count`)).unreadMessages, 1)
  })

  test('a failed send never fails the leave: it waits for the head teacher, and the acceptance is given back', async () => {
    const { head, adminId, openId, student } = await headAndStudent()
    ok(await head.post(SUBSCRIBE, { templateIds: TEMPLATE_ID }))
    failing = true
    try {
      assert.equal(ok(await student.post(`${LEAVE}/apply`, leaveOn(1))).approval.status, '审批中')
      await t.app.approvalPusher.drain()
    } finally {
      failing = false
    }
    assert.equal((await outboxOf(openId)).length, 0)
    assert.deepEqual(await statesOf(adminId), [PushState.failed])
    assert.equal(await remaining(adminId), 1)
    assert.equal(ok(await head.get(`${APPROVAL}/count`)).waiting, 1)
  })
})
