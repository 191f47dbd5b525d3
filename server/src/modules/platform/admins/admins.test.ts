import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Code } from '../../../wire.ts'
import { adminClient, PASSWORD } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'
import { runStartupTasks } from '../../../startup.ts'
import { ensureFirstAdmin } from './admins.service.ts'

describe('operators', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('the first administrator is generated once in development and can sign in', async () => {
    const first = await ensureFirstAdmin({
      db: t.app.db,
      config: { ...t.app.config, isProduction: false, admin: undefined },
      log: t.app.log,
    })
    assert.equal(first?.account, 'admin')
    assert.ok(first?.password && first.password.length >= 8)
    assert.equal(await ensureFirstAdmin({ db: t.app.db, config: t.app.config, log: t.app.log }), undefined)
    const client = createClient(t.app)
    const res = await client.post('/api/bms/system/admin/signIn', { account: 'admin', password: first!.password })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data.role, '管理员')
    assert.match(String(res.headers['set-cookie']), /asid=/)
    assert.equal((await client.get('/api/bms/system/admin/signInfo')).json().data.account, 'admin')
    // The operator cookie is not a partner session.
    assert.equal((await client.get('/api/ems/partner/client/signInfo')).json().code, Code.sessionInvalid)
    await client.del('/api/bms/system/admin/signOut')
    assert.equal((await client.get('/api/bms/system/admin/signInfo')).json().code, Code.sessionInvalid)
  })

  test('a first start prints the generated administrator once, on the console; the next start prints nothing', async () => {
    const fresh = await buildTestApp()
    try {
      const config = { ...fresh.app.config, isProduction: false, admin: undefined, seedDemo: false }
      const printed: string[] = []
      await runStartupTasks({ app: fresh.app, config, print: (text) => printed.push(text) })
      await runStartupTasks({ app: fresh.app, config, print: (text) => printed.push(text) })
      assert.equal(printed.length, 1)
      const [, account, password] = /First operator created: account "(\w+)", password "([^"]+)"/.exec(printed[0]!) ?? []
      assert.equal(account, 'admin')
      const res = await createClient(fresh.app).post('/api/bms/system/admin/signIn', { account, password })
      assert.equal(res.json().code, Code.ok, res.body)
    } finally {
      await fresh.close()
    }
  })

  test('an administrator creates, updates, lists and deletes operators; positions gate the calls', async () => {
    const { client: admin, admin: me } = await adminClient(t.app)
    const positions = (await admin.get('/api/bms/system/position/list')).json().data as Array<{ id: number; name: string }>
    const positionId = positions.find((p) => p.name === '财务')!.id
    const created = await admin.post('/api/bms/system/admin', { account: 'finance01', name: '财务一', password: 'fin12345', positionId })
    assert.equal(created.statusCode, 200, created.body)
    assert.equal(created.json().data.role, '财务')
    assert.ok(created.json().data.rights.includes('withdrawals.pay'))
    const dup = await admin.post('/api/bms/system/admin', { account: 'finance01', name: '财务一', password: 'fin12345', positionId })
    assert.equal(dup.statusCode, 409)
    const id = created.json().data.id
    assert.equal((await admin.put('/api/bms/system/admin', { id, name: '财务甲' })).json().data.name, '财务甲')
    assert.ok((await admin.get('/api/bms/system/admin/list', { keyword: 'finance' })).json().data.total >= 1)

    const finance = createClient(t.app)
    assert.equal((await finance.post('/api/bms/system/admin/signIn', { account: 'finance01', password: 'fin12345' })).statusCode, 200)
    assert.equal((await finance.get('/api/bms/system/admin/list')).statusCode, 403)
    assert.equal(
      (await finance.put('/api/bms/system/admin/updatePassword', { oldPassword: 'fin12345', password: 'fin54321' })).statusCode,
      200,
    )

    assert.equal((await admin.put('/api/bms/system/admin', { id, enabled: '否' })).json().data.enabled, false)
    assert.equal((await finance.get('/api/bms/system/admin/signInfo')).json().code, Code.sessionInvalid)
    assert.equal((await admin.del('/api/bms/system/admin', { id: me.id })).json().message, '不能删除或停用自己的账号')
    assert.equal((await admin.del('/api/bms/system/admin', { id })).statusCode, 200)
  })

  test('wrong operator passwords lock the account', async () => {
    const { admin } = await adminClient(t.app, '招生老师')
    const client = createClient(t.app)
    for (let i = 0; i < 5; i++)
      assert.equal(
        (await client.post('/api/bms/system/admin/signIn', { account: admin.account, password: 'bad' })).json().message,
        '账号或密码错误',
      )
    assert.equal((await client.post('/api/bms/system/admin/signIn', { account: admin.account, password: PASSWORD })).statusCode, 429)
  })

  test('levels are managed by an administrator; names and minimums are unique', async () => {
    const { client: admin } = await adminClient(t.app)
    const created = await admin.post('/api/ems/partner/config/level', { name: '钻石', minDeals: '20', commissionPerDeal: '50000' })
    assert.equal(created.statusCode, 200, created.body)
    assert.equal(created.json().data.minDeals, 20)
    assert.equal(
      (await admin.post('/api/ems/partner/config/level', { name: '钻石', minDeals: '21', commissionPerDeal: '1' })).statusCode,
      409,
    )
    assert.equal(
      (await admin.post('/api/ems/partner/config/level', { name: '星耀', minDeals: '-1', commissionPerDeal: '1' })).json().message,
      '最低成交单数不能小于0',
    )
    const id = created.json().data.id
    assert.equal(
      (await admin.put('/api/ems/partner/config/level', { id, name: '钻石', minDeals: 25, commissionPerDeal: 60000 })).json().data.minDeals,
      25,
    )
    assert.equal((await admin.del('/api/ems/partner/config/level', { id })).statusCode, 200)
    assert.equal((await admin.del('/api/ems/partner/config/level', { id })).statusCode, 404)
    const { client: finance } = await adminClient(t.app, '财务')
    assert.equal((await finance.post('/api/ems/partner/config/level', { name: 'x', minDeals: 1, commissionPerDeal: 1 })).statusCode, 403)
  })
})
