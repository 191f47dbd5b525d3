import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { buildTestApp, createClient, type TestApp } from '../../test/helper.ts'
import { createLedgerRepository } from '../modules/ledger/ledger.repository.ts'
import { DEMO, seedDemo } from './demo.ts'

describe('demo data', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('a fresh database gets demo data once; the demo partner signs in and sees every kind of record', async () => {
    assert.equal(await seedDemo({ db: t.app.db, freezeDays: 7 }), true)
    assert.equal(await seedDemo({ db: t.app.db, freezeDays: 7 }), false)
    const client = createClient(t.app)
    const signIn = await client.post('/api/ems/partner/client/signIn', DEMO.partner)
    assert.equal(signIn.statusCode, 200, signIn.body)
    const clues = (await client.get('/api/ems/partner/clue/list', { size: 100 })).json().data.list
    assert.deepEqual(new Set(clues.map((c: { status: string }) => c.status)), new Set(['待跟进', '跟进中', '已成交', '无效']))
    const home = (await client.get('/api/ems/partner/partner/home')).json().data
    assert.equal(home.dealsThisCycle, 4)
    assert.equal(home.tier.name, '白银')
    const withdrawals = (await client.get('/api/ems/partner/withdrawalRecord/list')).json().data.list
    assert.deepEqual(withdrawals.map((w: { status: string }) => w.status).sort(), ['审核中', '已打款'])
    const repo = createLedgerRepository({ db: t.app.db })
    const id = signIn.json().data.id
    assert.equal(await repo.balance({ partnerId: id }), await repo.sumEntries({ partnerId: id }))
    assert.equal((await client.get('/api/ems/partner/partner/sharePoster')).json().data.backgrounds.length, 2)
  })
})
