import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { Code, PartnerStatus } from '../../../wire.ts'
import { insertPartner, insertStudent, latestCode, PASSWORD, partnerClient, studentClient, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type Client, type TestApp } from '../../../../test/helper.ts'
import { partners } from '../../partner-programme/partners/partners.table.ts'
import { students } from '../../roll/students/students.table.ts'
import { accounts } from './accounts.table.ts'

const USER = '/api/ums/user/user'

/** Signs a student in on `client` with a fresh SMS code, as the student login does. */
async function signInByCode(t: TestApp, client: Client, phone: string) {
  const sent = await client.post(`${USER}/sendVerify`, { phone, type: '登录' })
  assert.equal(sent.statusCode, 200, sent.body)
  return client.post(`${USER}/signInByCode`, { phone, code: await latestCode(t.app, phone) })
}

describe('one account per person, with a partner profile, a student profile or both', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('a partner and a student of the same phone are one account, whichever came first', async () => {
    const phone = uniquePhone()
    const student = await insertStudent(t.app, { phone })
    const partner = await insertPartner(t.app, { phone })
    assert.equal(partner.accountId, student.accountId)
    const [account] = await t.app.db.select().from(accounts).where(eq(accounts.id, partner.accountId))
    assert.equal(account?.phone, phone)

    const other = await insertPartner(t.app)
    const later = await insertStudent(t.app, { phone: other.phone })
    assert.equal(later.accountId, other.accountId)
    assert.notEqual(later.accountId, partner.accountId)
  })

  test('the student signs in with an SMS code and holds the student profile only', async () => {
    const student = await insertStudent(t.app, { name: '周同学' })
    const client = createClient(t.app)
    const res = await signInByCode(t, client, student.phone)
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(res.json().data, {
      id: student.accountId,
      phone: `${student.phone.slice(0, 3)}****${student.phone.slice(-4)}`,
      nickname: '周同学',
      avatar: null,
      school: student.school,
      major: student.major,
      discipline: null,
    })
    const person = (await client.get(`${USER}/person`)).json().data
    assert.deepEqual(person.profiles, ['student'])
    assert.equal(person.partner, null)
    assert.equal(person.student.id, student.id)
    assert.equal(person.student.batchYear, 2026)
    assert.equal(person.student.unreadNotices, 0)
    assert.equal((await client.get(`${USER}/signInfo`)).json().data.id, student.accountId)
    // Signed in, just not as a partner: 403 (a 401 would sign the person out of the app).
    const partnerCall = await client.get('/api/ems/partner/partner/home')
    assert.equal(partnerCall.statusCode, 403)
    assert.equal(partnerCall.json().message, '该账号没有合伙人身份')
  })

  test('a phone the office has not registered is refused; a partner is shown the way to the partner login', async () => {
    const stranger = await createClient(t.app).post(`${USER}/signInByCode`, { phone: uniquePhone(), code: '123456' })
    assert.equal(stranger.statusCode, 422)
    assert.equal(stranger.json().message, '该手机号未登记为学员，请联系学校核实')
    assert.deepEqual(stranger.json().data, { partner: false })
    const partner = await insertPartner(t.app)
    const res = await createClient(t.app).post(`${USER}/signInByCode`, { phone: partner.phone, code: '123456' })
    assert.equal(res.statusCode, 422)
    assert.equal(res.json().message, '该手机号未登记为学员；您是合伙人，请使用合伙人登录')
    assert.deepEqual(res.json().data, { partner: true })
    const badCode = await createClient(t.app).post(`${USER}/signInByCode`, { phone: partner.phone, code: '12' })
    assert.equal(badCode.statusCode, 400)
  })

  test('a partner who is also a student: either sign-in gives both profiles; partner calls answer exactly as before', async () => {
    const partner = await insertPartner(t.app)
    const student = await insertStudent(t.app, { phone: partner.phone })

    const viaStudent = createClient(t.app)
    const res = await signInByCode(t, viaStudent, partner.phone)
    assert.equal(res.json().data.id, partner.id, 'the session user of a partner is the partner, as before')
    assert.equal(res.json().data.code, partner.code)
    const person = (await viaStudent.get(`${USER}/person`)).json().data
    assert.deepEqual(person.profiles, ['partner', 'student'])
    assert.equal(person.partner.id, partner.id)
    assert.equal(person.student.id, student.id)
    assert.equal((await viaStudent.get('/api/ems/partner/partner/home')).statusCode, 200)

    const viaPartner = createClient(t.app)
    assert.equal((await viaPartner.post('/api/ems/partner/client/signIn', { phone: partner.phone, password: PASSWORD })).statusCode, 200)
    const info = (await viaPartner.get(`${USER}/signInfo`)).json().data
    assert.deepEqual(Object.keys(info).sort(), ['avatar', 'code', 'discipline', 'id', 'major', 'nickname', 'phone', 'school', 'status'])
    assert.deepEqual((await viaPartner.get(`${USER}/person`)).json().data.profiles, ['partner', 'student'])
  })

  test('a student profile the office adds to a signed-in partner counts on their next call', async () => {
    const { client, partner } = await partnerClient(t.app)
    assert.deepEqual((await client.get(`${USER}/person`)).json().data.profiles, ['partner'])
    await insertStudent(t.app, { phone: partner.phone })
    assert.deepEqual((await client.get(`${USER}/person`)).json().data.profiles, ['partner', 'student'])
  })

  test('a disabled partner who is a student still signs in as the student, and only as the student', async () => {
    const partner = await insertPartner(t.app, { status: PartnerStatus.disabled })
    await insertStudent(t.app, { phone: partner.phone })
    const client = createClient(t.app)
    const res = await signInByCode(t, client, partner.phone)
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data.status, undefined)
    assert.deepEqual((await client.get(`${USER}/person`)).json().data.profiles, ['student'])
    assert.equal((await client.get('/api/ems/partner/partner/home')).statusCode, 403)
  })

  test("the open-id flow signs a student in: unbound first, bound at the student's code sign-in, then silent", async () => {
    const student = await insertStudent(t.app)
    const device = createClient(t.app)
    const first = await device.post(`${USER}/signIn`, { platform: 'weixin', signCode: 'fake:student-mini-1', type: '小程序' })
    assert.equal(first.json().data.bound, '否')
    assert.equal((await device.get(`${USER}/person`)).json().code, Code.sessionInvalid)
    assert.equal((await signInByCode(t, device, student.phone)).statusCode, 200)
    assert.equal((await device.get(`${USER}/checkOpenId`, { platform: 'weixin', type: '小程序' })).json().data, '是')

    const elsewhere = createClient(t.app)
    const again = await elsewhere.post(`${USER}/signIn`, { platform: 'weixin', signCode: 'fake:student-mini-1', type: '小程序' })
    assert.equal(again.json().data.bound, '是')
    assert.equal(again.json().data.id, student.accountId)
    assert.deepEqual((await elsewhere.get(`${USER}/person`)).json().data.profiles, ['student'])

    // Sign-out with unbind: the open id signs no one in any more.
    assert.equal((await elsewhere.inject({ method: 'DELETE', url: `${USER}/signOut?unbind=是` })).statusCode, 200)
    const after = await createClient(t.app).post(`${USER}/signIn`, { platform: 'weixin', signCode: 'fake:student-mini-1', type: '小程序' })
    assert.equal(after.json().data.bound, '否')
  })

  test('an open id bound to a partner who later became a student signs in both profiles', async () => {
    const { client, partner } = await partnerClient(t.app)
    await client.post(`${USER}/signIn`, { platform: 'alipay', signCode: 'fake:both-ali', type: '小程序' })
    await insertStudent(t.app, { phone: partner.phone })
    const device = createClient(t.app)
    const res = await device.post(`${USER}/signIn`, { platform: 'alipay', signCode: 'fake:both-ali', type: '小程序' })
    assert.equal(res.json().data.id, partner.id)
    assert.deepEqual((await device.get(`${USER}/person`)).json().data.profiles, ['partner', 'student'])
  })

  test("the student's calls refuse a partner who is not a student (403) and nobody (401)", async () => {
    const { client } = await partnerClient(t.app)
    const person = (await client.get(`${USER}/person`)).json().data
    assert.equal(person.student, null)
    const { client: student } = await studentClient(t.app)
    assert.equal((await student.get(`${USER}/person`)).statusCode, 200)
    assert.equal((await createClient(t.app).get(`${USER}/person`)).statusCode, 401)
  })

  test('profiles keep their account when a phone moves: the trigger follows the account, not the old phone', async () => {
    const partner = await insertPartner(t.app)
    const student = await insertStudent(t.app, { phone: partner.phone })
    const phone = uniquePhone()
    await t.app.db.transaction(async (tx) => {
      await tx.update(accounts).set({ phone }).where(eq(accounts.id, partner.accountId))
      await tx.update(partners).set({ phone }).where(eq(partners.id, partner.id))
      await tx.update(students).set({ phone }).where(eq(students.id, student.id))
    })
    const [p] = await t.app.db.select().from(partners).where(eq(partners.id, partner.id))
    const [s] = await t.app.db.select().from(students).where(eq(students.id, student.id))
    assert.equal(p?.accountId, partner.accountId)
    assert.equal(s?.accountId, partner.accountId)
  })
})
