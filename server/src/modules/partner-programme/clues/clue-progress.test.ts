import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ActivityStatus, ActivityType, ClueSource, ClueStatus, ClueStep, Code } from '../../../wire.ts'
import { adminAndTeacher, insertLevels, partnerClient, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, type TestApp } from '../../../../test/helper.ts'
import { activities } from '../activities/activities.table.ts'
import { clues } from './clues.table.ts'

describe("a clue's progress as its partner sees it (线索详情)", () => {
  let t: TestApp
  let admin: Client
  let teacher: { client: Client; id: number }
  before(async () => {
    t = await buildTestApp()
    await insertLevels(t.app, [
      { name: '青铜', minDeals: 0, commissionPerDeal: 10000 },
      { name: '白银', minDeals: 2, commissionPerDeal: 20000 },
    ])
    ;({ admin, teacher } = await adminAndTeacher(t.app))
  })
  after(async () => t.close())

  const progressOf = (client: Client, id: number | string) => client.get('/api/ems/partner/clue/progress', { id: String(id) })

  test('a partner follows their clue from recorded through taken and follow-ups to the deal, with the commission and its tier, the phone masked and no note', async () => {
    const { client } = await partnerClient(t.app)
    const phone = uniquePhone()
    const clue = (await client.post('/api/ems/partner/clue', { name: '赵六', phone })).json().data
    const fresh = (await progressOf(client, clue.id)).json().data
    assert.deepEqual(
      fresh.steps.map((s: { type: string }) => s.type),
      [ClueStep.recorded],
    )
    assert.equal(fresh.steps[0].source, ClueSource.partner)

    assert.equal((await admin.put('/api/ems/partner/clue/assign', { id: clue.id, assigneeId: teacher.id })).statusCode, 200)
    const note = '家长担心学费，私下说想再比较两家'
    for (const method of ['电话', '微信']) {
      const res = await teacher.client.post('/api/ems/partner/clue/followUp', { id: clue.id, method, note })
      assert.equal(res.statusCode, 200, res.body)
    }
    // Two deals this cycle for this partner: the second is priced at 白银.
    const first = (await client.post('/api/ems/partner/clue', { name: '先成交', phone: uniquePhone() })).json().data
    assert.equal(
      (await admin.put('/api/ems/partner/clue/deal', { id: first.id, programme: '会计学(本科)', amount: 500000 })).statusCode,
      200,
    )
    const deal = await teacher.client.put('/api/ems/partner/clue/deal', { id: clue.id, programme: '会计学(本科)', amount: 680000 })
    assert.equal(deal.statusCode, 200, deal.body)

    const res = await progressOf(client, clue.id)
    assert.equal(res.statusCode, 200, res.body)
    assert.ok(!res.body.includes(note), 'the teacher’s note never reaches the partner')
    assert.ok(!res.body.includes(phone), 'the full phone never reaches the partner')
    const { clue: shown, steps } = res.json().data
    assert.equal(shown.phone, `${phone.slice(0, 3)}****${phone.slice(-4)}`)
    assert.equal(shown.status, ClueStatus.deal)
    assert.deepEqual(
      steps.map((s: { type: string }) => s.type),
      [ClueStep.recorded, ClueStep.taken, ClueStep.followUp, ClueStep.followUp, ClueStep.deal],
    )
    assert.deepEqual(
      steps.filter((s: { type: string }) => s.type === ClueStep.followUp).map((s: { method: string }) => s.method),
      ['电话', '微信'],
    )
    const last = steps.at(-1)
    assert.equal(last.programme, '会计学(本科)')
    assert.equal(last.commission, 20000)
    assert.equal(last.levelName, '白银')
    assert.ok(last.frozenUntil && new Date(last.frozenUntil) > new Date(last.at), 'the commission is frozen for a while after the deal')
    const times = steps.map((s: { at: string }) => Date.parse(s.at))
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
      'oldest first',
    )
  })

  test('a refunded deal stays in the story and ends with 已退费: the reason and the commission clawed back', async () => {
    const { client } = await partnerClient(t.app)
    const clue = (await client.post('/api/ems/partner/clue', { name: '退费生', phone: uniquePhone() })).json().data
    assert.equal(
      (await admin.put('/api/ems/partner/clue/deal', { id: clue.id, programme: '会计学(本科)', amount: 500000 })).statusCode,
      200,
    )
    const cancel = await admin.put('/api/ems/partner/clue/cancelDeal', { id: clue.id, reason: '学员退学，学费已退' })
    assert.equal(cancel.statusCode, 200, cancel.body)

    const { clue: shown, steps } = (await progressOf(client, clue.id)).json().data
    assert.equal(shown.status, ClueStatus.cancelled)
    assert.deepEqual(
      steps.map((s: { type: string }) => s.type),
      [ClueStep.recorded, ClueStep.taken, ClueStep.deal, ClueStep.cancelled],
    )
    const [deal, refund] = steps.slice(-2)
    assert.equal(refund.reason, '学员退学，学费已退')
    assert.equal(refund.commission, deal.commission)
    assert.ok(Date.parse(refund.at) >= Date.parse(deal.at))
  })

  test('an invalid clue ends with the reason; a clue left on an activity names the activity', async () => {
    const { client, partner } = await partnerClient(t.app)
    const [activity] = await t.app.db
      .insert(activities)
      .values({
        title: '秋季学历提升说明会',
        body: '<p>说明会</p>',
        type: ActivityType.campaign,
        status: ActivityStatus.published,
        startAt: new Date(Date.now() - 86400_000),
        endAt: new Date(Date.now() + 86400_000),
      })
      .returning()
    const viaForm = await createClient(t.app).post('/api/ems/partner/clue/saveForActivity', {
      name: '钱七',
      phone: uniquePhone(),
      ref: partner.code,
      activityId: String(activity!.id),
    })
    assert.equal(viaForm.statusCode, 200, viaForm.body)
    const id = viaForm.json().data.id
    // A teacher takes it from the pool, then marks it invalid.
    assert.equal((await teacher.client.put('/api/ems/partner/clue/take', { id })).statusCode, 200)
    assert.equal((await teacher.client.put('/api/ems/partner/clue/invalid', { id, reason: '空号' })).statusCode, 200)
    const { steps } = (await progressOf(client, id)).json().data
    assert.deepEqual(
      steps.map((s: { type: string }) => s.type),
      [ClueStep.recorded, ClueStep.taken, ClueStep.invalid],
    )
    assert.equal(steps[0].source, ClueSource.activity)
    assert.equal(steps[0].activityTitle, '秋季学历提升说明会')
    assert.equal(steps[2].reason, '空号')
  })

  test('a deal recorded straight from the pool shows the office taking it at that moment', async () => {
    const { client } = await partnerClient(t.app)
    const clue = (await client.post('/api/ems/partner/clue', { name: '直接成交', phone: uniquePhone() })).json().data
    assert.equal(
      (await teacher.client.put('/api/ems/partner/clue/deal', { id: clue.id, programme: '会计学(本科)', amount: 100 })).statusCode,
      200,
    )
    const { steps } = (await progressOf(client, clue.id)).json().data
    assert.deepEqual(
      steps.map((s: { type: string }) => s.type),
      [ClueStep.recorded, ClueStep.taken, ClueStep.deal],
    )
    assert.equal(steps[1].at, steps[2].at)
  })

  test("another partner's clue is not found, exactly like a missing one", async () => {
    const owner = await partnerClient(t.app)
    const other = await partnerClient(t.app)
    const [clue] = await t.app.db
      .insert(clues)
      .values({ partnerId: owner.partner.id, name: '孙八', phone: uniquePhone(), source: ClueSource.partner, status: ClueStatus.new })
      .returning()
    const theirs = await progressOf(other.client, clue!.id)
    const missing = await progressOf(other.client, 2_000_000_000)
    assert.equal(theirs.statusCode, 404)
    assert.deepEqual(theirs.json(), missing.json())
    assert.equal(theirs.json().code, Code.notFound)
    assert.equal(theirs.json().message, '线索不存在')
    assert.equal((await progressOf(owner.client, clue!.id)).statusCode, 200)
  })

  test('a bad clue id is a 400 with a message, and signed-out callers are refused', async () => {
    const { client } = await partnerClient(t.app)
    const bad = await progressOf(client, 'abc')
    assert.equal(bad.statusCode, 400)
    assert.match(bad.json().message, /[\u4e00-\u9fa5]/)
    assert.equal((await progressOf(createClient(t.app), 1)).statusCode, 401)
  })
})
