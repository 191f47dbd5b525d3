import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { partnerClient } from '../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../test/helper.ts'
import { ActivityState, OrderPayStatus, PayChannel } from '../wire.ts'
import { seedOtherScreensDemo, VOLUNTEER_DEMO } from './other-screens.ts'

describe('demo data of the other screens', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('a fresh database gets activities in every state, the agreement and privacy policy, an unpaid order, app versions and a volunteer example', async () => {
    const { partner, client } = await partnerClient(t.app)
    const { order } = await seedOtherScreensDemo({ db: t.app.db, partnerId: partner.id })
    const anyone = createClient(t.app)

    const activities = (await anyone.get('/api/cms/activity/activity/listForClient')).json().data.list
    assert.deepEqual(
      activities.map((a: { state: string }) => a.state).sort(),
      [ActivityState.ended, ActivityState.ongoing, ActivityState.notStarted].sort(),
    )
    const open = activities.find((a: { acceptsClues: boolean }) => a.acceptsClues)
    assert.ok(open)
    const clue = await anyone.post('/api/ems/partner/clue/saveForActivity', {
      name: '演示学员',
      phone: '13900001111',
      ref: partner.code,
      activityId: open.id,
    })
    assert.equal(clue.statusCode, 200, clue.body)

    for (const key of ['agreement', 'privacy'])
      assert.equal((await anyone.get('/api/cms/web/siteContent/detailsForClient', { key })).statusCode, 200)

    const mine = (await client.get('/api/fms/finance/order/detailsForClient', { id: order.id })).json().data
    assert.equal(mine.payStatus, OrderPayStatus.unpaid)
    assert.equal(mine.amount, 398000)
    assert.equal((await client.post('/api/fms/finance/order/payFee', { id: order.id, channel: PayChannel.wechatJsapi })).statusCode, 200)

    for (const platform of ['android', 'ios'])
      assert.equal((await anyone.get('/api/bms/develop/appVersion/latest', { platform })).json().data.version, '1.3.0')

    const result = (await anyone.get('/api/ems/adultexam/volunteer/query', VOLUNTEER_DEMO)).json().data
    assert.equal(result.school, '浙江开放大学')
    assert.equal(result.scoreLines.length, 1)
  })
})
