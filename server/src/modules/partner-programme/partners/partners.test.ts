import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Code, PartnerStatus } from '../../../wire.ts'
import {
  adminClient,
  COMPLETE_PERSONAL,
  COMPLETE_SIGN_UP,
  insertPartner,
  latestCode,
  PASSWORD,
  partnerClient,
  uniquePhone,
} from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'

describe('partner accounts', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  async function register(phone = uniquePhone(), extra: Record<string, string> = {}) {
    const client = createClient(t.app)
    assert.equal((await client.post('/api/ums/user/user/sendVerify', { phone, type: '注册' })).statusCode, 200)
    const res = await client.post('/api/ems/partner/client/register', {
      phone,
      code: await latestCode(t.app, phone),
      password: 'abcd1234',
      ...extra,
    })
    return { client, res, phone }
  }

  test('a person registers with phone, SMS code and password and is signed in', async () => {
    const { client, res, phone } = await register()
    assert.equal(res.statusCode, 200, res.body)
    const user = res.json().data
    assert.ok(user.id)
    assert.equal(user.phone, `${phone.slice(0, 3)}****${phone.slice(-4)}`)
    assert.equal(user.status, PartnerStatus.incomplete)
    assert.match(user.code, /^[A-Z2-9]{6}$/)
    const info = await client.get('/api/ems/partner/client/signInfo')
    assert.equal(info.json().data.id, user.id)
    assert.deepEqual(info.json().data.missing, { personal: true, signUp: true, payoutAccount: true })
  })

  test('registration refuses a wrong code, a weak password, a taken phone and an unknown referrer', async () => {
    const phone = uniquePhone()
    const client = createClient(t.app)
    await client.post('/api/ums/user/user/sendVerify', { phone })
    const wrong = await client.post('/api/ems/partner/client/register', {
      phone,
      code: '000000' === (await latestCode(t.app, phone)) ? '111111' : '000000',
      password: 'abcd1234',
    })
    assert.equal(wrong.statusCode, 422)
    assert.match(wrong.json().message, /验证码错误/)
    const weak = await client.post('/api/ems/partner/client/register', { phone, code: '123456', password: 'abcdefgh' })
    assert.equal(weak.statusCode, 400)
    assert.equal(weak.json().message, '密码需同时包含字母和数字')
    const taken = await insertPartner(t.app)
    const dup = await client.post('/api/ems/partner/client/register', { phone: taken.phone, code: '123456', password: 'abcd1234' })
    assert.equal(dup.statusCode, 409)
    const { res } = await register(uniquePhone(), { referrerCode: 'NOPE99' })
    assert.equal(res.statusCode, 422)
    assert.equal(res.json().message, '推荐人编号不存在')
  })

  test('a referrer code that exists is remembered', async () => {
    const referrer = await insertPartner(t.app)
    const { res } = await register(uniquePhone(), { referrerCode: referrer.code })
    assert.equal(res.statusCode, 200, res.body)
  })

  test('a partner signs in with phone and password, or phone and code', async () => {
    const partner = await insertPartner(t.app)
    const client = createClient(t.app)
    const byPassword = await client.post('/api/ems/partner/client/signIn', { phone: partner.phone, password: PASSWORD })
    assert.equal(byPassword.statusCode, 200, byPassword.body)
    assert.equal(byPassword.json().data.id, partner.id)
    assert.match(String(byPassword.headers['set-cookie']), /sid=.*HttpOnly.*SameSite=Lax/i)
    const other = createClient(t.app)
    await other.post('/api/ums/user/user/sendVerify', { phone: partner.phone })
    const byCode = await other.post('/api/ems/partner/client/signIn', {
      phone: partner.phone,
      code: await latestCode(t.app, partner.phone),
    })
    assert.equal(byCode.json().data.id, partner.id)
  })

  test('five wrong passwords lock the phone for 15 minutes, even the right password', async () => {
    const partner = await insertPartner(t.app)
    const client = createClient(t.app)
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/api/ems/partner/client/signIn', { phone: partner.phone, password: 'wrong1234' })
      assert.equal(res.json().message, '手机号或密码错误')
    }
    const locked = await client.post('/api/ems/partner/client/signIn', { phone: partner.phone, password: PASSWORD })
    assert.equal(locked.statusCode, 429)
    assert.match(locked.json().message, /密码错误次数过多，请1[45]分钟后再试/)
  })

  test('a call that needs a session answers 100000004 without one, and after sign-out', async () => {
    const { client } = await partnerClient(t.app)
    assert.equal((await client.get('/api/ems/partner/client/signInfo')).statusCode, 200)
    await client.del('/api/ems/partner/client/signOut')
    const res = await client.get('/api/ems/partner/client/signInfo')
    assert.equal(res.statusCode, 401)
    assert.equal(res.json().code, Code.sessionInvalid)
    const anonymous = await createClient(t.app).get('/api/ems/partner/client/signInfo')
    assert.equal(anonymous.json().code, Code.sessionInvalid)
  })

  test('changing the password needs the old one', async () => {
    const { client, partner } = await partnerClient(t.app)
    const wrong = await client.put('/api/ems/partner/client/changePassword', { oldPassword: 'nope12345', password: 'newpass123' })
    assert.equal(wrong.json().message, '原密码错误')
    const ok = await client.put('/api/ems/partner/client/changePassword', { oldPassword: PASSWORD, password: 'newpass123' })
    assert.equal(ok.statusCode, 200)
    const signIn = await createClient(t.app).post('/api/ems/partner/client/signIn', { phone: partner.phone, password: 'newpass123' })
    assert.equal(signIn.statusCode, 200)
  })

  test('a forgotten password is reset with an SMS code, which ends old sessions', async () => {
    const { client, partner } = await partnerClient(t.app)
    const anon = createClient(t.app)
    await anon.post('/api/ums/user/user/sendVerify', { phone: partner.phone, type: '找回密码' })
    const res = await anon.put('/api/ems/partner/partner/resetPassword', {
      phone: partner.phone,
      code: await latestCode(t.app, partner.phone),
      password: 'reset1234',
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal((await client.get('/api/ems/partner/client/signInfo')).json().code, Code.sessionInvalid)
    assert.equal((await anon.post('/api/ems/partner/client/signIn', { phone: partner.phone, password: 'reset1234' })).statusCode, 200)
  })

  test('personal info is validated, stored, and shown back masked', async () => {
    const { client } = await partnerClient(t.app, { status: PartnerStatus.incomplete, idCard: null, realName: null })
    const badId = await client.put('/api/ems/partner/client/savePersonal', { ...COMPLETE_PERSONAL, idCard: '110105194912310021' })
    assert.equal(badId.statusCode, 400)
    assert.equal(badId.json().message, '身份证号不正确')
    const badAccount = await client.put('/api/ems/partner/client/savePersonal', {
      ...COMPLETE_PERSONAL,
      payoutType: '银行卡',
      payoutAccount: 'abc',
    })
    assert.equal(badAccount.json().message, '银行卡收款账号格式不正确')
    const res = await client.put('/api/ems/partner/client/savePersonal', {
      ...COMPLETE_PERSONAL,
      payoutType: '银行卡',
      payoutAccount: '6222020202020202020',
    })
    assert.equal(res.statusCode, 200, res.body)
    const personal = res.json().data.personal
    assert.equal(personal.idCard, '1101**********002X')
    assert.equal(personal.payoutAccount, '622****2020')
    // A masked field left empty keeps the value on file.
    const again = await client.put('/api/ems/partner/client/savePersonal', {
      ...COMPLETE_PERSONAL,
      idCard: '',
      payoutType: '银行卡',
      payoutAccount: '',
    })
    assert.equal(again.statusCode, 200, again.body)
    assert.equal(again.json().data.personal.idCard, '1101**********002X')
  })

  test('saving sign-up info with personal info complete sends the partner to review; rejection and reapply', async () => {
    const { client, partner } = await partnerClient(t.app, {
      status: PartnerStatus.incomplete,
      school: null,
      major: null,
      discipline: null,
      intakeYear: null,
      batch: null,
    })
    const badDiscipline = await client.put('/api/ems/partner/client/saveSignUp', { ...COMPLETE_SIGN_UP, discipline: '会计学' })
    assert.equal(badDiscipline.json().message, '请选择报考类别')
    const saved = await client.put('/api/ems/partner/client/saveSignUp', COMPLETE_SIGN_UP)
    assert.equal(saved.json().data.status, PartnerStatus.pending)

    const { client: admin } = await adminClient(t.app)
    const noReason = await admin.put('/api/ems/partner/partner/audit', { id: partner.id, status: PartnerStatus.rejected })
    assert.equal(noReason.json().message, '请填写拒绝原因')
    const rejected = await admin.put('/api/ems/partner/partner/audit', {
      id: partner.id,
      status: PartnerStatus.rejected,
      reason: '学校信息有误',
    })
    assert.equal(rejected.json().data.status, PartnerStatus.rejected)
    const info = (await client.get('/api/ems/partner/client/signInfo')).json().data
    assert.equal(info.rejectReason, '学校信息有误')

    const reapplied = await client.put('/api/ems/partner/client/saveSignUp', { ...COMPLETE_SIGN_UP, school: '浙江工业大学' })
    assert.equal(reapplied.json().data.status, PartnerStatus.pending)
    const approved = await admin.put('/api/ems/partner/partner/audit', { id: partner.id, status: PartnerStatus.active })
    assert.equal(approved.json().data.status, PartnerStatus.active)
    const twice = await admin.put('/api/ems/partner/partner/audit', { id: partner.id, status: PartnerStatus.active })
    assert.equal(twice.statusCode, 409)
  })

  test('a disabled partner is signed out and cannot sign in again', async () => {
    const { client, partner } = await partnerClient(t.app)
    const { client: admin } = await adminClient(t.app)
    assert.equal((await admin.put('/api/ems/partner/partner/audit', { id: partner.id, status: PartnerStatus.disabled })).statusCode, 200)
    assert.equal((await client.get('/api/ems/partner/client/signInfo')).json().code, Code.sessionInvalid)
    const signIn = await createClient(t.app).post('/api/ems/partner/client/signIn', { phone: partner.phone, password: PASSWORD })
    assert.equal(signIn.statusCode, 403)
    assert.equal(signIn.json().message, '账号已被禁用，请联系客服')
  })

  test('only an administrator reviews partners; a partner session is not an operator session', async () => {
    const { client: finance } = await adminClient(t.app, '财务')
    const { client: partnerSide, partner } = await partnerClient(t.app)
    assert.equal((await finance.put('/api/ems/partner/partner/audit', { id: partner.id, status: PartnerStatus.disabled })).statusCode, 403)
    assert.equal(
      (await partnerSide.put('/api/ems/partner/partner/audit', { id: partner.id, status: PartnerStatus.disabled })).statusCode,
      401,
    )
  })
})
