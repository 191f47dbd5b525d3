import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { adminClient, insertPartner, partnerClient, PASSWORD } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'
import { signInRecords } from '../sign-in-records/sign-in-records.table.ts'
import { ACCOUNT_CEILING, createSignInGuard, MAX_FAILURES, slowDownMs, sourceOf, WINDOW_MS } from './sign-in-guard.service.ts'
import { signInFailures } from './sign-in-guard.table.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const OPERATOR_SIGN_IN = '/api/bms/system/admin/signIn'
const OPERATOR_PASSWORD = '/api/bms/system/admin/updatePassword'
const PARTNER_SIGN_IN = '/api/ems/partner/client/signIn'
const PARTNER_PASSWORD = '/api/ems/partner/client/changePassword'

let ipCounter = 0
/** An address no other test of the file uses. */
const freshIp = () => `10.37.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

describe('the sign-in guard: guessing is limited per source, and a stranger cannot lock the owner out', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  const call = (options: InjectOptions & { ip: string }, client = createClient(t.app)) => {
    const { ip, ...rest } = options
    return client.inject({ ...rest, headers: { ...FORM, ...rest.headers }, remoteAddress: ip })
  }
  const operatorSignIn = (account: string, password: string, ip: string) =>
    call({ method: 'POST', url: OPERATOR_SIGN_IN, payload: new URLSearchParams({ account, password }).toString(), ip })
  const partnerSignIn = (phone: string, password: string, ip: string) =>
    call({ method: 'POST', url: PARTNER_SIGN_IN, payload: new URLSearchParams({ phone, password }).toString(), ip })

  test("an operator's change of password counts a wrong old password as a failed sign-in: five lock it, sign-in too, and they are recorded", async () => {
    const { admin, client } = await adminClient(t.app, '财务')
    const ip = freshIp()
    const change = (oldPassword: string) =>
      call(
        { method: 'PUT', url: OPERATOR_PASSWORD, payload: new URLSearchParams({ oldPassword, password: 'newpass123' }).toString(), ip },
        client,
      )
    for (let i = 0; i < MAX_FAILURES; i++) assert.equal((await change(`wrong${i}abc`)).json().message, '原密码错误')
    const locked = await change(PASSWORD)
    assert.equal(locked.statusCode, 429)
    assert.match(locked.json().message, /密码错误次数过多，请1[45]分钟后再试/)
    assert.equal((await operatorSignIn(admin.account, PASSWORD, ip)).statusCode, 429, 'the same count as the sign-in')
    const rows = await t.app.db.select().from(signInRecords).where(eq(signInRecords.adminId, admin.id)).orderBy(signInRecords.id)
    assert.deepEqual(
      rows.map((r) => [r.method, r.success, r.reason, r.ip]),
      [
        ...Array.from({ length: MAX_FAILURES }, () => ['changePassword', false, 'wrongPassword', ip]),
        ['changePassword', false, 'locked', ip],
        ['password', false, 'locked', ip],
      ],
    )
    // From the operator's other place the right old password still works, and is no sign-in record.
    const elsewhere = await call(
      {
        method: 'PUT',
        url: OPERATOR_PASSWORD,
        payload: new URLSearchParams({ oldPassword: PASSWORD, password: 'newpass123' }).toString(),
        ip: freshIp(),
      },
      client,
    )
    assert.equal(elsewhere.statusCode, 200, elsewhere.body)
    assert.equal((await t.app.db.select().from(signInRecords).where(eq(signInRecords.adminId, admin.id))).length, rows.length)
  })

  test("a partner's change of password counts the same way", async () => {
    const { partner, client } = await partnerClient(t.app)
    const ip = freshIp()
    const change = (oldPassword: string) =>
      call(
        { method: 'PUT', url: PARTNER_PASSWORD, payload: new URLSearchParams({ oldPassword, password: 'newpass123' }).toString(), ip },
        client,
      )
    for (let i = 0; i < MAX_FAILURES; i++) assert.equal((await change(`wrong${i}abc`)).json().message, '原密码错误')
    assert.equal((await change(PASSWORD)).statusCode, 429)
    assert.equal((await partnerSignIn(partner.phone, PASSWORD, ip)).statusCode, 429)
    const rows = await t.app.db
      .select()
      .from(signInRecords)
      .where(and(eq(signInRecords.accountId, partner.accountId), eq(signInRecords.method, 'changePassword')))
    assert.deepEqual(
      rows.map((r) => r.reason),
      [...Array.from({ length: MAX_FAILURES }, () => 'wrongPassword'), 'locked'],
    )
  })

  test("a stranger's five wrong passwords lock the stranger's source only: the owner signs in from elsewhere", async () => {
    const { admin } = await adminClient(t.app, '招生老师')
    const partner = await insertPartner(t.app)
    const stranger = freshIp()
    for (let i = 0; i < MAX_FAILURES; i++) {
      assert.equal((await operatorSignIn(admin.account, 'bad12345', stranger)).statusCode, 422)
      assert.equal((await partnerSignIn(partner.phone, 'bad12345', stranger)).statusCode, 422)
    }
    assert.equal((await operatorSignIn(admin.account, PASSWORD, stranger)).statusCode, 429)
    assert.equal((await partnerSignIn(partner.phone, PASSWORD, stranger)).statusCode, 429)
    // The owner, from a place they never signed in from before.
    assert.equal((await operatorSignIn(admin.account, PASSWORD, freshIp())).statusCode, 200)
    assert.equal((await partnerSignIn(partner.phone, PASSWORD, freshIp())).statusCode, 200)
    // The owner's success lifts nothing of the stranger's.
    assert.equal((await operatorSignIn(admin.account, PASSWORD, stranger)).statusCode, 429)
  })

  test('many sources guessing one account slow down the unknown ones; the owner\u2019s usual source goes on', async () => {
    const { admin } = await adminClient(t.app, '招生老师')
    const office = freshIp()
    assert.equal((await operatorSignIn(admin.account, PASSWORD, office)).statusCode, 200)
    for (let i = 0; i < ACCOUNT_CEILING; i++) assert.equal((await operatorSignIn(admin.account, 'bad12345', freshIp())).statusCode, 422)
    const slowed = await operatorSignIn(admin.account, PASSWORD, freshIp())
    assert.equal(slowed.statusCode, 429)
    assert.match(slowed.json().message, /^登录尝试过于频繁，请\d+秒后再试$/)
    assert.equal((await operatorSignIn(admin.account, PASSWORD, office)).statusCode, 200, 'the office is known: not slowed down')
    const [record] = await t.app.db
      .select()
      .from(signInRecords)
      .where(and(eq(signInRecords.adminId, admin.id), eq(signInRecords.reason, 'slowedDown')))
    assert.ok(record, 'the slowed-down try is recorded')
  })

  test('tries sent at once see each other: no more than five wrong passwords are checked', async () => {
    const { admin } = await adminClient(t.app, '招生老师')
    const ip = freshIp()
    const answers = await Promise.all(Array.from({ length: 12 }, () => operatorSignIn(admin.account, 'bad12345', ip)))
    const checked = answers.filter((r) => r.statusCode === 422).length
    assert.ok(checked <= MAX_FAILURES, `${checked} wrong passwords checked`)
    assert.ok(answers.every((r) => r.statusCode === 422 || r.statusCode === 429))
    assert.equal((await operatorSignIn(admin.account, PASSWORD, ip)).statusCode, 429)
  })

  test('right passwords sent at once from one source all pass: a try under way is not a failure', async () => {
    const { admin } = await adminClient(t.app, '招生老师')
    const ip = freshIp()
    const answers = await Promise.all(Array.from({ length: 12 }, () => operatorSignIn(admin.account, PASSWORD, ip)))
    assert.deepEqual(
      answers.map((r) => r.statusCode),
      answers.map(() => 200),
    )
  })

  test('the slow-down waits grow from a second to a minute, and a window later the count is gone', async () => {
    const guard = createSignInGuard({ db: t.app.db })
    const key = `test:${freshIp()}`
    const start = new Date()
    const wrong = async () => {
      throw new Error('wrong')
    }
    const fail = (now: Date) => assert.rejects(guard.check({ key, ip: freshIp(), now }, wrong), { message: 'wrong' })
    for (let i = 0; i < ACCOUNT_CEILING; i++) await fail(start)
    const at = (ms: number) => new Date(start.getTime() + ms)
    await assert.rejects(guard.check({ key, ip: freshIp(), now: at(500) }, wrong), { key: 'signIn.slowedDown' })
    await fail(at(1100))
    await assert.rejects(guard.check({ key, ip: freshIp(), now: at(2000) }, wrong), { message: '登录尝试过于频繁，请2秒后再试' })
    assert.deepEqual([20, 21, 22, 25, 26, 40].map(slowDownMs), [1000, 2000, 4000, 32_000, 60_000, 60_000])
    await fail(at(WINDOW_MS + 2000))
    // The failed tries stay counted; the refused ones were never counted.
    assert.equal((await t.app.db.select().from(signInFailures).where(eq(signInFailures.key, key))).length, ACCOUNT_CEILING + 2)
  })

  test('a source is an IPv4 address or an IPv6 /64', () => {
    assert.equal(sourceOf('203.0.113.9'), '203.0.113.9')
    assert.equal(sourceOf('::ffff:203.0.113.9'), '203.0.113.9')
    assert.equal(sourceOf('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64')
    assert.equal(sourceOf('2001:0db8:0001:0002::9'), '2001:db8:1:2::/64')
    assert.equal(sourceOf('2001:db8::1'), '2001:db8:0:0::/64')
    assert.equal(sourceOf('::1'), '0:0:0:0::/64')
  })
})
