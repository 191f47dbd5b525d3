import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { ClueStatus, MessageKind, PartnerStatus } from '../../../wire.ts'
import {
  adminClient,
  credit,
  insertLevels,
  insertPartner,
  partnerClient,
  subscribeMessageRecorder,
  uniquePhone,
} from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'
import { addFollowUp, followClue, invalidateClue } from '../../partner-programme/clues/clues.service.ts'
import { cancelDeal, recordDeal } from '../../partner-programme/clues/deals.service.ts'
import { clues } from '../../partner-programme/clues/clues.table.ts'
import { createLedgerRepository } from '../../partner-programme/ledger/ledger.repository.ts'
import { ledgerEntries } from '../../partner-programme/ledger/ledger.table.ts'
import { openIdBindings } from '../accounts/open-id-bindings.table.ts'
import { applyWithdrawal, finishPay, refuseWithdrawal } from '../../partner-programme/withdrawals/withdrawals.service.ts'
import { subscribeOutbox } from '../../../gateways/subscribe-message.table.ts'
import { messages, PushState } from './messages.table.ts'
import { sweepWithdrawable } from '../../partner-programme/ledger/ledger.withdrawable.ts'
import { recordMessage } from './messages.service.ts'

async function insertClue(t: TestApp, partnerId: number, name = '张三') {
  const [row] = await t.app.db
    .insert(clues)
    .values({ partnerId, name, phone: uniquePhone(), source: '合伙人录入', status: ClueStatus.new })
    .returning()
  return row!
}

const kindsOf = async (t: TestApp, partnerId: number) =>
  (await t.app.db.select().from(messages).where(eq(messages.partnerId, partnerId)).orderBy(messages.id)).map((m) => m.kind)

describe('partner messages', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
    await insertLevels(t.app, [{ name: '青铜', minDeals: 0, commissionPerDeal: 10000 }])
  })
  after(async () => t.close())

  test('a review that passes, and one that is refused, each leave the partner one message saying so', async () => {
    const { client: admin } = await adminClient(t.app)
    const passed = await insertPartner(t.app, { status: PartnerStatus.pending, reviewedAt: null })
    const refused = await insertPartner(t.app, { status: PartnerStatus.pending, reviewedAt: null })
    assert.equal((await admin.put('/api/ems/partner/partner/audit', { id: passed.id, status: PartnerStatus.active })).statusCode, 200)
    const res = await admin.put('/api/ems/partner/partner/audit', {
      id: refused.id,
      status: PartnerStatus.rejected,
      reason: '身份证照片不清晰',
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(await kindsOf(t, passed.id), [MessageKind.reviewPassed])
    assert.deepEqual(await kindsOf(t, refused.id), [MessageKind.reviewRefused])
    const [m] = await t.app.db.select().from(messages).where(eq(messages.partnerId, refused.id))
    assert.equal(m!.body, '您的合伙人资料未通过审核：身份证照片不清晰。请修改后重新提交')
    assert.equal(m!.readAt, null)
  })

  test('a clue followed (once, however many follow-ups), dealt, or marked invalid leaves one message per event', async () => {
    const partner = await insertPartner(t.app)
    const { admin } = await adminClient(t.app)
    const actor = { id: admin.id, name: admin.name, role: admin.role, rights: new Set(admin.rights) } as Parameters<
      typeof followClue
    >[0]['actor']
    const a = await insertClue(t, partner.id, '张三')
    const b = await insertClue(t, partner.id, '李四')
    await followClue({ db: t.app.db, id: a.id, actor })
    await addFollowUp({ db: t.app.db, id: a.id, method: '电话', note: '已沟通', actor: actor! })
    await recordDeal({ db: t.app.db, id: a.id, programme: '会计学(本科)', amount: 880000, freezeDays: 7, actor })
    await addFollowUp({ db: t.app.db, id: b.id, method: '微信', note: '加了微信', actor: actor! })
    await invalidateClue({ db: t.app.db, id: b.id, reason: '电话空号', actor })
    assert.deepEqual(await kindsOf(t, partner.id), [
      MessageKind.clueFollowed,
      MessageKind.clueDeal,
      MessageKind.commissionCredited,
      MessageKind.clueFollowed,
      MessageKind.clueInvalid,
    ])
    const rows = await t.app.db.select().from(messages).where(eq(messages.partnerId, partner.id)).orderBy(messages.id)
    assert.equal(rows[1]!.body, '您推荐的「张三」已成交：会计学(本科)')
    assert.match(rows[2]!.body, /^线索「张三」成交，青铜档位佣金¥100\.00已入账，\d{4}-\d{2}-\d{2}起可提现$/)
    assert.deepEqual([rows[2]!.targetType, rows[2]!.targetId], ['clue', a.id])
    assert.equal(rows[4]!.body, '您推荐的「李四」被标记为无效：电话空号')
  })

  test('a withdrawal paid and one refused each leave one message; applying leaves none', async () => {
    const { admin } = await adminClient(t.app, '财务')
    const partner = await insertPartner(t.app, { payoutType: '支付宝', payoutAccount: 'a@b.cn', payoutName: '王五' })
    await credit(t.app, partner.id, 50000)
    const first = await applyWithdrawal({ db: t.app.db, partnerId: partner.id, amount: 10000, idempotencyKey: 'msg-w-1' })
    await finishPay({ db: t.app.db, id: first.withdrawal.id, transactionNo: 'T-1', adminId: admin.id })
    const second = await applyWithdrawal({ db: t.app.db, partnerId: partner.id, amount: 20000, idempotencyKey: 'msg-w-2' })
    await refuseWithdrawal({ db: t.app.db, id: second.withdrawal.id, reason: '账户信息有误', adminId: admin.id })
    const rows = await t.app.db.select().from(messages).where(eq(messages.partnerId, partner.id)).orderBy(messages.id)
    assert.deepEqual(
      rows.map((m) => [m.kind, m.targetType, m.targetId, m.body]),
      [
        [MessageKind.withdrawalPaid, 'withdrawal', first.withdrawal.id, '您申请的提现¥100.00已打款至支付宝账户，请注意查收'],
        [MessageKind.withdrawalRefused, 'withdrawal', second.withdrawal.id, '您申请的提现¥200.00被拒绝：账户信息有误。金额已退回余额'],
      ],
    )
  })

  test('a change that fails leaves no message: the message is written in its transaction', async () => {
    const partner = await insertPartner(t.app)
    const clue = await insertClue(t, partner.id)
    await assert.rejects(
      t.app.db.transaction(async (tx) => {
        await recordMessage(tx, partner.id, { kind: MessageKind.clueFollowed, clueId: clue.id, clueName: clue.name })
        throw new Error('the change fails after the message')
      }),
      /the change fails/,
    )
    // A refused transition (a dealt clue cannot be marked invalid) records nothing either.
    await recordDeal({ db: t.app.db, id: clue.id, programme: '会计学(本科)', amount: 100000, freezeDays: 0 })
    const before = await kindsOf(t, partner.id)
    await assert.rejects(invalidateClue({ db: t.app.db, id: clue.id, reason: '重复' }), { message: '该线索已成交' })
    assert.deepEqual(await kindsOf(t, partner.id), before)
    assert.deepEqual(before, [MessageKind.clueDeal, MessageKind.commissionCredited])
  })

  test('the commission claw-back message says the reason, the amount and what is now owed', async () => {
    const partner = await insertPartner(t.app)
    const clue = await insertClue(t, partner.id, '赵六')
    const row = await t.app.db.transaction((tx) =>
      recordMessage(tx, partner.id, {
        kind: MessageKind.commissionClawedBack,
        clueId: clue.id,
        clueName: clue.name,
        amount: 20000,
        reason: '学员退费',
        debt: 5000,
        bonus: false,
      }),
    )
    assert.equal(row!.title, '佣金撤回')
    assert.equal(row!.body, '线索「赵六」的成交已退费（学员退费），佣金¥200.00已撤回，余额不足的¥50.00记为欠款，将从之后的佣金中抵扣')
    assert.equal(row!.pushState, PushState.pending)
  })

  test('the list shows unread first then newest first, pages, counts unread, and marks one or all read', async () => {
    const { client, partner } = await partnerClient(t.app)
    const clue = await insertClue(t, partner.id)
    const base = Date.now() - 3600_000
    const ids: number[] = []
    for (let i = 0; i < 5; i++) {
      const row = await t.app.db.transaction((tx) =>
        recordMessage(
          tx,
          partner.id,
          { kind: MessageKind.clueFollowed, clueId: clue.id, clueName: `第${i}条` },
          new Date(base + i * 60_000),
        ),
      )
      ids.push(row!.id)
    }
    assert.deepEqual((await client.get('/api/ems/partner/message/unreadCount')).json().data, { count: 5 })
    const read = await client.post('/api/ems/partner/message/read', { id: ids[4] })
    assert.equal(read.statusCode, 200, read.body)
    assert.equal(read.json().data.read, true)
    const again = await client.post('/api/ems/partner/message/read', { id: ids[4] })
    assert.equal(again.json().data.readAt, read.json().data.readAt, 'reading twice keeps the first time')
    const page1 = (await client.get('/api/ems/partner/message/list', { page: 1, size: 3 })).json().data
    assert.equal(page1.total, 5)
    assert.deepEqual(
      page1.list.map((m: { id: number }) => m.id),
      [ids[3], ids[2], ids[1]],
    )
    const page2 = (await client.get('/api/ems/partner/message/list', { page: 2, size: 3 })).json().data
    assert.deepEqual(
      page2.list.map((m: { id: number; read: boolean }) => [m.id, m.read]),
      [
        [ids[0], false],
        [ids[4], true],
      ],
    )
    assert.deepEqual((await client.get('/api/ems/partner/message/unreadCount')).json().data, { count: 4 })
    // Page 1 shown (ids 3, 2, 1), then ids[2] opened: it moved below the unread ones (3, 1, 0 | 4, 2).
    // Asking from 3 - 1 = 2 skips none of the rest (ids[2] comes again; the client shows it once).
    await client.post('/api/ems/partner/message/read', { id: ids[2] })
    const shifted = (await client.get('/api/ems/partner/message/list', { page: 2, size: 3, offset: 2 })).json().data
    assert.deepEqual(
      shifted.list.map((m: { id: number }) => m.id),
      [ids[0], ids[4], ids[2]],
    )
    assert.equal(shifted.total, 5)
    assert.deepEqual((await client.post('/api/ems/partner/message/readAll')).json().data, { count: 3 })
    assert.deepEqual((await client.get('/api/ems/partner/message/unreadCount')).json().data, { count: 0 })
  })

  test("someone else's message is neither listed, counted nor readable", async () => {
    const a = await partnerClient(t.app)
    const b = await partnerClient(t.app)
    const clue = await insertClue(t, b.partner.id)
    const row = await t.app.db.transaction((tx) =>
      recordMessage(tx, b.partner.id, { kind: MessageKind.clueFollowed, clueId: clue.id, clueName: clue.name }),
    )
    assert.equal((await a.client.get('/api/ems/partner/message/list')).json().data.total, 0)
    assert.equal((await a.client.get('/api/ems/partner/message/unreadCount')).json().data.count, 0)
    const res = await a.client.post('/api/ems/partner/message/read', { id: row!.id })
    assert.equal(res.statusCode, 404)
    assert.equal(res.json().message, '消息不存在')
    await a.client.post('/api/ems/partner/message/readAll')
    assert.equal((await b.client.get('/api/ems/partner/message/unreadCount')).json().data.count, 1)
  })

  test('bad input is refused with a message a person understands; no session is 401', async () => {
    const { client } = await partnerClient(t.app)
    for (const id of ['', 'abc', '0', '-1', '1.5', '99999999999']) {
      const res = await client.post('/api/ems/partner/message/read', { id })
      assert.equal(res.statusCode, 400, `id=${id}`)
      assert.match(res.json().message, /[\u4e00-\u9fa5]/)
    }
    const tooMany = await client.post('/api/ems/partner/message/subscribe', { templateIds: 'a,b,c,d' })
    assert.equal(tooMany.statusCode, 400)
    assert.equal(tooMany.json().message, '一次最多订阅3种消息')
    const bad = await client.post('/api/ems/partner/message/subscribe', { templateIds: '<script>' })
    assert.equal(bad.json().message, '模板编号格式不正确')
    const size = await client.get('/api/ems/partner/message/list', { size: 1000 })
    assert.equal(size.statusCode, 400)
    assert.equal((await createClient(t.app).get('/api/ems/partner/message/unreadCount')).statusCode, 401)
  })

  test('a commission whose freeze ended gets one 佣金可提现 message, however often the sweep runs', async () => {
    const partner = await insertPartner(t.app)
    const now = new Date()
    const post = (amount: number, frozenUntil: Date, createdAt = new Date(now.getTime() - 10 * 86400_000)) =>
      t.app.db.transaction(async (tx) => {
        const ledger = createLedgerRepository({ db: tx })
        await ledger.lockWallet({ partnerId: partner.id })
        const entry = await ledger.post({ partnerId: partner.id, type: '佣金', amount, frozenUntil })
        await tx.update(ledgerEntries).set({ createdAt }).where(eq(ledgerEntries.id, entry.id))
        return entry
      })
    const due = await post(30000, new Date(now.getTime() - 3600_000))
    await post(20000, new Date(now.getTime() + 86400_000)) // still frozen
    await post(10000, new Date(now.getTime() - 30 * 86400_000), new Date(now.getTime() - 40 * 86400_000)) // long ago: not announced now
    await Promise.all([sweepWithdrawable({ db: t.app.db, now }), sweepWithdrawable({ db: t.app.db, now })])
    await sweepWithdrawable({ db: t.app.db, now })
    const rows = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.partnerId, partner.id), eq(messages.kind, MessageKind.commissionWithdrawable)))
    assert.deepEqual(
      rows.map((m) => [m.targetType, m.targetId, m.body]),
      [['ledger', due.id, '佣金¥300.00冻结期已满，现在可以提现了']],
    )
  })
})

describe('messages of a refunded deal', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
    await insertLevels(t.app, [{ name: '青铜', minDeals: 0, commissionPerDeal: 20000 }])
  })
  after(async () => t.close())

  test('a refunded deal tells the partner the commission was clawed back, and its freeze ending is never announced', async () => {
    const partner = await insertPartner(t.app)
    const clue = await insertClue(t, partner.id, '退费生')
    await recordDeal({ db: t.app.db, id: clue.id, programme: '会计学(本科)', amount: 100000, freezeDays: 7 })
    await cancelDeal({ db: t.app.db, id: clue.id, reason: '学员退学' })
    const rows = await t.app.db.select().from(messages).where(eq(messages.partnerId, partner.id)).orderBy(messages.id)
    assert.deepEqual(
      rows.map((m) => m.kind),
      [MessageKind.clueDeal, MessageKind.commissionCredited, MessageKind.commissionClawedBack],
    )
    assert.equal(rows[2]!.body, '线索「退费生」的成交已退费（学员退学），佣金¥200.00已撤回')
    assert.deepEqual([rows[2]!.targetType, rows[2]!.targetId], ['clue', clue.id])
    // Eight days on, the reversed commission's freeze has ended: nothing to withdraw, no message.
    await sweepWithdrawable({ db: t.app.db, now: new Date(Date.now() + 8 * 86400_000) })
    assert.equal((await kindsOf(t, partner.id)).filter((k) => k === MessageKind.commissionWithdrawable).length, 0)
  })
})

describe('WeChat subscribe messages of partner messages', () => {
  let t: TestApp
  const pushes = subscribeMessageRecorder()
  const { sent, gateway } = pushes
  before(async () => {
    t = await buildTestApp({ services: { subscribeMessage: gateway } })
  })
  after(async () => t.close())

  test('the mini-program is told the configured template ids; accepted ones are counted, unknown ones ignored', async () => {
    const { client } = await partnerClient(t.app)
    const templates = (await client.get('/api/ems/partner/message/subscribeTemplates')).json().data.templates
    assert.deepEqual(templates, [
      { template: 'clue', templateId: 'local-clue-template' },
      { template: 'commission', templateId: 'local-commission-template' },
      { template: 'withdrawal', templateId: 'local-withdrawal-template' },
    ])
    await client.post('/api/ems/partner/message/subscribe', { templateIds: 'local-clue-template,someone-elses' })
    const res = await client.post('/api/ems/partner/message/subscribe', { templateIds: 'local-clue-template,local-commission-template' })
    assert.deepEqual(
      res.json().data.subscriptions.sort((x: { template: string }, y: { template: string }) => x.template.localeCompare(y.template)),
      [
        { template: 'clue', remaining: 2 },
        { template: 'commission', remaining: 1 },
      ],
    )
  })

  test('after the change commits, one subscribe message per accepted template goes out; without an acceptance none', async () => {
    const { client, partner } = await partnerClient(t.app)
    await t.app.db.insert(openIdBindings).values({ partnerId: partner.id, platform: 'weixin', type: '小程序', openId: `o-${partner.id}` })
    await client.post('/api/ems/partner/message/subscribe', { templateIds: 'local-clue-template' })
    const clue = await insertClue(t, partner.id, '孙七')
    const { client: admin } = await adminClient(t.app)
    const res = await admin.put('/api/ems/partner/clue/follow', { id: clue.id })
    assert.equal(res.statusCode, 200, res.body)
    await admin.put('/api/ems/partner/clue/invalid', { id: clue.id, reason: '无意向' })
    await t.app.messagePusher.drain()
    const mine = sent.filter((m) => m.openId === `o-${partner.id}`)
    assert.equal(mine.length, 1, 'one acceptance, one message')
    assert.equal(mine[0]!.templateId, 'local-clue-template')
    assert.equal(mine[0]!.page, 'pages/partner/message')
    assert.deepEqual(Object.keys(mine[0]!.data), ['thing1', 'thing2', 'time3'])
    assert.equal(mine[0]!.data.thing1!.value, '线索跟进')
    assert.ok(Array.from(mine[0]!.data.thing2!.value).length <= 20)
    const states = (await t.app.db.select().from(messages).where(eq(messages.partnerId, partner.id)).orderBy(messages.id)).map(
      (m) => m.pushState,
    )
    assert.deepEqual(states, [PushState.sent, PushState.skipped])
  })

  test('a failed send never fails the change: the change and its message stand, the acceptance is kept', async () => {
    const { client, partner } = await partnerClient(t.app)
    await t.app.db.insert(openIdBindings).values({ partnerId: partner.id, platform: 'weixin', type: '小程序', openId: `o-${partner.id}` })
    await client.post('/api/ems/partner/message/subscribe', { templateIds: 'local-clue-template' })
    const clue = await insertClue(t, partner.id)
    const { client: admin } = await adminClient(t.app)
    pushes.failing = true
    try {
      const res = await admin.put('/api/ems/partner/clue/follow', { id: clue.id })
      assert.equal(res.statusCode, 200, res.body)
      await t.app.messagePusher.drain()
    } finally {
      pushes.failing = false
    }
    const [row] = await t.app.db.select().from(messages).where(eq(messages.partnerId, partner.id))
    assert.equal(row!.pushState, PushState.failed)
    const [c] = await t.app.db.select().from(clues).where(eq(clues.id, clue.id))
    assert.equal(c!.status, ClueStatus.following)
    const subs = (await client.post('/api/ems/partner/message/subscribe', { templateIds: 'local-withdrawal-template' })).json().data
      .subscriptions
    assert.deepEqual(
      subs.find((s: { template: string }) => s.template === 'clue'),
      { template: 'clue', remaining: 1 },
    )
  })

  test('the local gateway writes the outbox, readable at /api/dev/subscribeOutbox', async () => {
    const local = await buildTestApp()
    try {
      const { client, partner } = await partnerClient(local.app)
      await local.app.db.insert(openIdBindings).values({ partnerId: partner.id, platform: 'weixin', type: '小程序', openId: 'o-outbox' })
      await client.post('/api/ems/partner/message/subscribe', { templateIds: 'local-withdrawal-template' })
      await local.app.db.transaction((tx) =>
        recordMessage(tx, partner.id, { kind: MessageKind.withdrawalPaid, withdrawalId: 1, amount: 12300, payoutType: '微信' }),
      )
      await local.app.messagePusher.drain()
      const rows = await local.app.db.select().from(subscribeOutbox)
      assert.equal(rows.length, 1)
      const listed = (await client.get('/api/dev/subscribeOutbox')).json().data
      assert.equal(listed[0].openId, 'o-outbox')
      assert.equal(listed[0].templateId, 'local-withdrawal-template')
      assert.equal(listed[0].data.thing1.value, '提现已打款')
    } finally {
      await local.close()
    }
  })
})
