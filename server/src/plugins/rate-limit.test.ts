import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Code } from '../wire.ts'
import { uniquePhone } from '../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../test/helper.ts'

describe('rate limits', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT: 'on' } })
  })
  after(async () => t.close())

  test('one IP sending too many verification codes gets 429 with a readable message', async () => {
    const client = createClient(t.app)
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) statuses.push((await client.post('/api/ums/user/user/sendVerify', { phone: uniquePhone() })).statusCode)
    assert.deepEqual(statuses.slice(0, 20), Array(20).fill(200))
    const last = await client.post('/api/ums/user/user/sendVerify', { phone: uniquePhone() })
    assert.equal(last.statusCode, 429)
    assert.equal(last.json().code, Code.tooManyRequests)
    assert.match(last.json().message, /请求过于频繁，请\d+秒后再试/)
  })

  test('sign-in attempts from one IP are limited too', async () => {
    const client = createClient(t.app)
    let limited = false
    for (let i = 0; i < 31 && !limited; i++) {
      const res = await client.post('/api/bms/system/admin/signIn', { account: `nobody${i}`, password: 'x' })
      limited = res.statusCode === 429 && /请求过于频繁/.test(res.json().message)
    }
    assert.ok(limited)
  })
})
