import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { Code } from '../../../wire.ts'
import { latestCode, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'
import { verificationCodes } from './verification.table.ts'

describe('verification codes', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('a code is 6 digits, sent to the outbox, and stored only as a hash', async () => {
    const phone = uniquePhone()
    const client = createClient(t.app)
    const res = await client.post('/api/ums/user/user/sendVerify', { phone })
    assert.deepEqual(res.json(), { code: 0, message: '成功', data: null })
    const code = await latestCode(t.app, phone)
    assert.match(code, /^\d{6}$/)
    const [row] = await t.app.db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone))
    assert.equal(row?.type, '登录')
    assert.notEqual(row?.codeHash, code)
    assert.doesNotMatch(row!.codeHash, new RegExp(code))
    const outbox = await client.get('/api/dev/smsOutbox', { phone })
    assert.equal(outbox.json().data[0].code, code)
  })

  test('an empty or malformed phone is refused with a readable message', async () => {
    const client = createClient(t.app)
    assert.equal((await client.post('/api/ums/user/user/sendVerify', { phone: '' })).json().message, '请填写手机号')
    assert.equal((await client.post('/api/ums/user/user/sendVerify', { phone: '12345' })).json().message, '手机号格式不正确')
    assert.equal(
      (await client.post('/api/ums/user/user/sendVerify', { phone: '13800000000', type: '其他' })).json().message,
      '验证码类型不正确',
    )
  })

  test('a second send to the same phone within 60 seconds is refused with 429', async () => {
    const phone = uniquePhone()
    const client = createClient(t.app)
    await client.post('/api/ums/user/user/sendVerify', { phone })
    const again = await client.post('/api/ums/user/user/sendVerify', { phone })
    assert.equal(again.statusCode, 429)
    assert.equal(again.json().code, Code.tooManyRequests)
    assert.match(again.json().message, /验证码发送过于频繁，请\d+秒后再试/)
  })

  test('at most 10 codes a day are sent to one phone; the day is Beijing time', async () => {
    // A fixed clock: the count starts at midnight in Asia/Shanghai, so a wall-clock test would fail in its first minutes.
    const noon = new Date('2026-03-10T04:00:00Z') // 12:00 in Beijing
    const phone = uniquePhone()
    const old = new Date(noon.getTime() - 2 * 60 * 1000)
    for (let i = 0; i < 10; i++)
      await t.app.db.insert(verificationCodes).values({ phone, type: '登录', codeHash: 'x', expiresAt: old, createdAt: old })
    await assert.rejects(
      t.app.verification.send({ db: t.app.db, phone, type: '登录', now: noon }),
      (error: Error & { statusCode?: number }) => {
        assert.equal(error.message, '今日验证码发送次数已达上限，请明天再试')
        assert.equal(error.statusCode, 429)
        return true
      },
    )

    // Ten sent at 23:58 the day before do not count half a minute after midnight.
    const other = uniquePhone()
    const justAfterMidnight = new Date('2026-03-10T16:00:30Z') // 00:00:30 on 11 March in Beijing
    const lateYesterday = new Date(justAfterMidnight.getTime() - 150 * 1000)
    for (let i = 0; i < 10; i++)
      await t.app.db
        .insert(verificationCodes)
        .values({ phone: other, type: '登录', codeHash: 'x', expiresAt: lateYesterday, createdAt: lateYesterday })
    await t.app.verification.send({ db: t.app.db, phone: other, type: '登录', now: justAfterMidnight })
    assert.match(await latestCode(t.app, other), /^\d{6}$/)
  })

  test('five wrong tries burn a code, and a used code cannot be used again', async () => {
    const phone = uniquePhone()
    await t.app.verification.send({ db: t.app.db, phone, type: '登录' })
    const code = await latestCode(t.app, phone)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++)
      await assert.rejects(t.app.verification.verify({ db: t.app.db, phone, code: wrong, types: ['登录'] }), /验证码错误，还可尝试/)
    await assert.rejects(t.app.verification.verify({ db: t.app.db, phone, code: wrong, types: ['登录'] }), /验证码错误次数过多/)
    await assert.rejects(t.app.verification.verify({ db: t.app.db, phone, code, types: ['登录'] }), /验证码错误或已过期/)

    const phone2 = uniquePhone()
    await t.app.verification.send({ db: t.app.db, phone: phone2, type: '登录' })
    const code2 = await latestCode(t.app, phone2)
    await t.app.verification.verify({ db: t.app.db, phone: phone2, code: code2, types: ['登录'] })
    await assert.rejects(t.app.verification.verify({ db: t.app.db, phone: phone2, code: code2, types: ['登录'] }), /验证码错误或已过期/)
  })

  test('a code expires after 5 minutes', async () => {
    const phone = uniquePhone()
    const sentAt = new Date(Date.now() - 6 * 60 * 1000)
    await t.app.verification.send({ db: t.app.db, phone, type: '登录', now: sentAt })
    const code = await latestCode(t.app, phone)
    await assert.rejects(t.app.verification.verify({ db: t.app.db, phone, code, types: ['登录'] }), /已过期/)
  })
})
