import { PRODUCT_NAME } from '@activity/domain'
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { Code, WithdrawalStatus } from '../../../wire.ts'
import { adminClient, credit, latestCode, partnerClient, PASSWORD, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'
import { auditLogs } from '../audit/audit.table.ts'
import { positions } from '../admins/admins.table.ts'
import { COOKIE_NAMES } from '../sessions/sessions.service.ts'
import { confirmByPassword, STEP_UP_TTL_MS } from './step-up.service.ts'
import { stepUps } from './step-up.table.ts'

const base = '/api/bms/system/stepUp'
const pay = '/api/ems/partner/withdrawalRecord/finishPay'

/** A code of the authenticator holding `secret`, as the phone app would show it (at `at`). */
const totpCode = (secret: string, at = Date.now()) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at })

describe('step-up (二次验证) for high-risk actions', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  async function pendingWithdrawal(amount = 20000) {
    const { client, partner } = await partnerClient(t.app)
    await credit(t.app, partner.id, 50000)
    const res = await client.post('/api/ems/partner/withdrawalRecord/apply', { amount })
    assert.equal(res.statusCode, 200, res.body)
    return res.json().data.id as number
  }

  test('paying a withdrawal without a step-up is refused with stepUpRequired; after the password it pays, and its audit entry names the step-up', async () => {
    const id = await pendingWithdrawal()
    const { client, admin } = await adminClient(t.app, '财务', { stepUp: false })
    const refused = await client.put(pay, { id, transactionNo: 'TX-STEP-1' })
    assert.equal(refused.statusCode, 403)
    assert.deepEqual([refused.json().code, refused.json().message], [Code.stepUpRequired, '请先完成身份验证'])

    const state = (await client.get(`${base}/methods`)).json().data
    assert.deepEqual(state, { methods: ['password'], phone: null, totpEnabled: false, validUntil: null, minutes: 5 })

    const wrong = await client.post(`${base}/password`, { password: 'nope12345' })
    assert.equal(wrong.statusCode, 422)
    assert.equal(wrong.json().message, '密码错误')
    const ok = await client.post(`${base}/password`, { password: PASSWORD })
    assert.equal(ok.statusCode, 200, ok.body)
    const stepUp = ok.json().data
    assert.equal(stepUp.method, 'password')
    assert.equal((await client.get(`${base}/methods`)).json().data.validUntil, stepUp.expiresAt)

    const paid = await client.put(pay, { id, transactionNo: 'TX-STEP-1' })
    assert.equal(paid.statusCode, 200, paid.body)
    assert.equal(paid.json().data.status, WithdrawalStatus.paid)

    const entries = await t.app.db.select().from(auditLogs).where(eq(auditLogs.adminId, admin.id))
    const confirmEntry = entries.find((e) => e.action === 'stepUp.confirm')
    const payEntry = entries.find((e) => e.action === 'withdrawal.pay')
    assert.equal(confirmEntry?.entityId, String(stepUp.id))
    assert.equal(confirmEntry?.stepUpId, stepUp.id)
    assert.equal(payEntry?.stepUpId, stepUp.id)
    // The audit log's list shows the link.
    const { client: administrator } = await adminClient(t.app)
    const log = (await administrator.get('/api/bms/system/auditLog/list', { action: 'withdrawal.pay', adminId: admin.id })).json()
    assert.equal(log.data.list[0].stepUpId, stepUp.id)
  })

  test('every paying call, ledger adjustments and refunds ask for it before reading the body', async () => {
    const { client } = await adminClient(t.app, '财务', { stepUp: false })
    for (const [method, url] of [
      ['PUT', pay],
      ['PUT', '/api/ems/partner/withdrawalRecord/wechatTransfer'],
      ['POST', '/api/ems/partner/withdrawalRecord/batchPay'],
      ['POST', '/api/ems/partner/withdrawalRecord/adjust'],
      ['POST', '/api/fms/finance/feeOrder/refund'],
    ] as const) {
      const res = await client.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: '{}' })
      assert.equal(res.json().code, Code.stepUpRequired, `${method} ${url}: ${res.body}`)
      assert.equal(res.statusCode, 403)
    }
    const table = t.app.routeTable.filter((r) => r.stepUp).map((r) => `${r.method} ${r.url}`)
    for (const url of [pay, '/api/ems/partner/withdrawalRecord/adjust', '/api/fms/finance/feeOrder/refund'])
      assert.ok(
        table.some((r) => r.endsWith(` ${url}`)),
        `${url} in ${table.join(', ')}`,
      )
  })

  test('a step-up lasts 5 minutes', async () => {
    const id = await pendingWithdrawal()
    const { client, sessionId } = await adminClient(t.app, '财务', { stepUp: false })
    const { data } = (await client.post(`${base}/password`, { password: PASSWORD })).json()
    const [row] = await t.app.db.select().from(stepUps).where(eq(stepUps.id, data.id))
    assert.equal(row!.sessionId, sessionId)
    assert.equal(row!.expiresAt.getTime() - row!.createdAt.getTime(), STEP_UP_TTL_MS)
    // Five minutes later (the clock moved by moving the step-up back).
    await t.app.db
      .update(stepUps)
      .set({ createdAt: new Date(Date.now() - STEP_UP_TTL_MS - 1000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stepUps.id, data.id))
    assert.equal((await client.put(pay, { id, transactionNo: 'TX-LATE' })).json().code, Code.stepUpRequired)
    assert.equal((await client.get(`${base}/methods`)).json().data.validUntil, null)
  })

  test("a step-up holds for the session it was confirmed in only, not the operator's other sessions", async () => {
    const id = await pendingWithdrawal()
    const { client, admin } = await adminClient(t.app, '财务', { stepUp: false })
    assert.equal((await client.post(`${base}/password`, { password: PASSWORD })).statusCode, 200)
    // The same operator signed in elsewhere.
    const other = createClient(t.app)
    assert.equal((await other.post('/api/bms/system/admin/signIn', { account: admin.account, password: PASSWORD })).statusCode, 200)
    assert.notEqual(other.jar.get(COOKIE_NAMES.admin), client.jar.get(COOKIE_NAMES.admin))
    assert.equal((await other.put(pay, { id, transactionNo: 'TX-OTHER' })).json().code, Code.stepUpRequired)
    assert.equal((await client.put(pay, { id, transactionNo: 'TX-MINE' })).json().code, Code.ok)
    // Signed out and in again: a new session, no step-up.
    await client.del('/api/bms/system/admin/signOut')
    await client.post('/api/bms/system/admin/signIn', { account: admin.account, password: PASSWORD })
    assert.equal((await client.get(`${base}/methods`)).json().data.validUntil, null)
  })

  test('an operator with a phone steps up with an SMS code (the app sign-in codes and their limits)', async () => {
    const phone = uniquePhone()
    const { client, admin } = await adminClient(t.app, '财务', { stepUp: false, phone })
    const state = (await client.get(`${base}/methods`)).json().data
    assert.deepEqual(state.methods, ['password', 'sms'])
    assert.equal(state.phone, `${phone.slice(0, 3)}****${phone.slice(-4)}`)
    const sent = await client.post(`${base}/sendSms`)
    assert.equal(sent.statusCode, 200, sent.body)
    assert.equal((await client.post(`${base}/sendSms`)).statusCode, 429)
    const code = await latestCode(t.app, phone)
    // A code for the app's sign-in is not a step-up code, nor the reverse.
    const signIn = await createClient(t.app).post('/api/ums/user/user/sendVerify', { phone, type: '身份验证' })
    assert.equal(signIn.statusCode, 400)
    const wrong = await client.post(`${base}/sms`, { code: code === '000000' ? '111111' : '000000' })
    assert.equal(wrong.statusCode, 422)
    const ok = await client.post(`${base}/sms`, { code })
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal(ok.json().data.method, 'sms')
    // Used once.
    assert.equal((await client.post(`${base}/sms`, { code })).statusCode, 422)
    const [entry] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.adminId, admin.id), eq(auditLogs.action, 'stepUp.confirm')))
    assert.match(entry!.summary, /短信验证码/)
    // Without a phone there is no SMS step-up.
    const { client: noPhone } = await adminClient(t.app, '财务', { stepUp: false })
    assert.equal((await noPhone.post(`${base}/sendSms`)).json().message, '未设置手机号，不能用短信验证码验证')
  })

  test('an authenticator: set up after a step-up, bound by a code, then it replaces the SMS code; unbinding needs a fresh step-up', async () => {
    const phone = uniquePhone()
    const { client, admin } = await adminClient(t.app, '财务', { stepUp: false, phone })
    assert.equal((await client.post(`${base}/totp/setup`)).json().code, Code.stepUpRequired)
    await client.post(`${base}/password`, { password: PASSWORD })
    const setup = (await client.post(`${base}/totp/setup`)).json().data
    assert.match(setup.secret, /^[A-Z2-7]{32}$/)
    assert.ok(setup.uri.startsWith('otpauth://totp/'), setup.uri)
    assert.ok(setup.uri.includes(`secret=${setup.secret}`))
    // The authenticator app shows the school's name (设置; the product's until set).
    assert.ok(setup.uri.includes(`issuer=${encodeURIComponent(PRODUCT_NAME)}`), setup.uri)
    assert.equal(
      (await client.post(`${base}/totp/enable`, { code: '000000' === totpCode(setup.secret) ? '111111' : '000000' })).statusCode,
      422,
    )
    const boundAt = Date.now()
    const enabled = await client.post(`${base}/totp/enable`, { code: totpCode(setup.secret, boundAt) })
    assert.equal(enabled.statusCode, 200, enabled.body)
    assert.equal((await client.get('/api/bms/system/admin/signInfo')).json().data.totpEnabled, true)
    assert.deepEqual((await client.get(`${base}/methods`)).json().data.methods, ['password', 'totp'])

    // Another session of the operator steps up with the authenticator; SMS is no longer offered.
    const other = createClient(t.app)
    await other.post('/api/bms/system/admin/signIn', { account: admin.account, password: PASSWORD })
    assert.equal((await other.post(`${base}/sendSms`)).json().message, '已绑定身份验证器，请用身份验证器的验证码验证')
    // A code is good once: the binding code cannot step up again, nor can an older one.
    const replayed = await other.post(`${base}/totp`, { code: totpCode(setup.secret, boundAt) })
    assert.equal(replayed.json().message, '该验证码已使用，请等待身份验证器显示下一个验证码')
    const stale = totpCode(setup.secret, Date.now() - 5 * 60_000)
    const refused = await other.post(`${base}/totp`, { code: stale })
    assert.equal(refused.json().message, '验证码错误')
    // The next code (one step of drift is accepted) steps up, once.
    const next = totpCode(setup.secret, boundAt + 30_000)
    const ok = await other.post(`${base}/totp`, { code: next })
    assert.equal(ok.json().data?.method, 'totp', ok.body)
    assert.equal((await other.post(`${base}/totp`, { code: next })).statusCode, 422)

    // Unbinding: only under a valid step-up.
    await t.app.db
      .update(stepUps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stepUps.adminId, admin.id))
    assert.equal((await client.post(`${base}/totp/disable`)).json().code, Code.stepUpRequired)
    await client.post(`${base}/password`, { password: PASSWORD })
    assert.equal((await client.post(`${base}/totp/disable`)).json().code, Code.ok)
    assert.deepEqual((await client.get(`${base}/methods`)).json().data.methods, ['password', 'sms'])
    const actions = (await t.app.db.select().from(auditLogs).where(eq(auditLogs.adminId, admin.id))).map((e) => e.action)
    assert.ok(actions.includes('stepUp.totpEnable') && actions.includes('stepUp.totpDisable'), actions.join())
  })

  test('5 wrong tries lock step-up for 15 minutes, even for the right password', async () => {
    const { client, admin, sessionId } = await adminClient(t.app, '财务', { stepUp: false })
    for (let i = 0; i < 5; i++) assert.equal((await client.post(`${base}/password`, { password: `wrong${i}abc` })).statusCode, 422)
    const locked = await client.post(`${base}/password`, { password: PASSWORD })
    assert.equal(locked.statusCode, 429)
    assert.equal(locked.json().message, '验证失败次数过多，请15分钟后再试')
    assert.equal((await client.post(`${base}/totp`, { code: '123456' })).statusCode, 429)
    // Other operators are not locked by it; and the operator's sign-in is a separate count.
    const { client: colleague } = await adminClient(t.app, '财务', { stepUp: false })
    assert.equal((await colleague.post(`${base}/password`, { password: PASSWORD })).statusCode, 200)
    // 15 minutes later.
    const actor = { id: admin.id, name: admin.name, role: admin.role, rights: new Set(admin.rights) }
    const later = new Date(Date.now() + 15 * 60_000 + 1000)
    const row = await confirmByPassword({ db: t.app.db, actor, sessionId, password: PASSWORD, now: later })
    assert.equal(row.method, 'password')
  })

  test('the operators form keeps a phone, validated like every phone', async () => {
    const { client } = await adminClient(t.app)
    const phone = uniquePhone()
    const created = await client.post('/api/bms/system/admin', {
      account: `ph${Date.now() % 100000}`,
      name: '有手机',
      password: 'abc12345',
      positionId: (await t.app.db.select().from(positions).where(eq(positions.name, '财务')))[0]!.id,
      phone,
    })
    assert.equal(created.json().data.phone, phone)
    const id = created.json().data.id
    assert.equal((await client.put('/api/bms/system/admin', { id, phone: '12345' })).json().message, '手机号格式不正确')
    assert.equal((await client.put('/api/bms/system/admin', { id, name: '改名' })).json().data.phone, phone)
    assert.equal((await client.put('/api/bms/system/admin', { id, phone: '' })).json().data.phone, null)
  })
})
