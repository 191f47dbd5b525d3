import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import {
  adminClient,
  insertPartner,
  insertStudent,
  latestCode,
  PASSWORD,
  studentClient,
  uniqueIdCard,
  uniquePhone,
} from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, type TestApp } from '../../../../test/helper.ts'
import { accounts } from '../../platform/accounts/accounts.table.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { partners } from '../../partner-programme/partners/partners.table.ts'
import { COOKIE_NAMES } from '../../platform/index.ts'
import { rollModifyRequests, students } from './students.table.ts'

const ROLL = '/api/ems/education/schoolRoll'
const MODIFY = '/api/ems/education/schoolRollInfoModify'

describe("the student's roll and correction requests", () => {
  let t: TestApp
  let admin: Client
  before(async () => {
    t = await buildTestApp()
    admin = (await adminClient(t.app, '管理员')).client
  })
  after(async () => t.close())

  /** A client signed in as the person of `accountId` (whatever profiles they hold). */
  async function personClient(accountId: number) {
    const client = createClient(t.app)
    const { token } = await t.app.sessions.create({ db: t.app.db, kind: 'user', accountId })
    client.jar.set(COOKIE_NAMES.user, token)
    return client
  }

  async function codeFor(client: Client, phone: string) {
    const sent = await client.post('/api/ums/user/user/sendVerify', { phone, type: '绑定手机' })
    assert.equal(sent.statusCode, 200, sent.body)
    return latestCode(t.app, phone)
  }

  test('a student sees their own roll with the phone and the ID number masked, its history and pending requests', async () => {
    const idCard = uniqueIdCard('1236')
    const { student, client } = await studentClient(t.app, { idCard, studentNo: `S${uniquePhone()}`, gender: '女' })
    const res = await client.get(`${ROLL}/detailsForClient`)
    assert.equal(res.statusCode, 200, res.body)
    const { roll, history, pending } = res.json().data
    assert.equal(roll.id, student.id)
    assert.equal(roll.phone, `${student.phone.slice(0, 3)}****${student.phone.slice(-4)}`)
    assert.equal(roll.idCard, '3301**********1236')
    assert.equal(roll.gender, '女')
    assert.equal(roll.status, '在读')
    assert.equal(roll.batchYear, 2026)
    assert.deepEqual(
      history.map((h: { fromStatus: string | null; toStatus: string; reason: string; adminName: string | null }) => [
        h.fromStatus,
        h.toStatus,
        h.reason,
        h.adminName,
      ]),
      [[null, '在读', '登记', null]],
    )
    assert.deepEqual(pending, [])
    assert.ok(!res.body.includes(idCard), 'the whole ID number never leaves the server')
    assert.ok(!res.body.includes(student.phone), 'the whole phone is not sent to the client')
  })

  test('a partner who is not a student gets 403; nobody signed in gets 401', async () => {
    const partner = await insertPartner(t.app)
    const client = await personClient(partner.accountId)
    const res = await client.get(`${ROLL}/detailsForClient`)
    assert.equal(res.statusCode, 403)
    assert.equal(res.json().message, '该账号没有学员身份')
    assert.equal((await createClient(t.app).get(`${MODIFY}/listForClient`)).statusCode, 401)
  })

  test('a correction is checked by field: name length, ID checksum, phone format and code, same value, one pending per field', async () => {
    const idCard = uniqueIdCard('1236')
    const { student, client } = await studentClient(t.app, { name: '林同学', idCard })
    const refused = async (body: Record<string, unknown>, status: number, message: string) => {
      const res = await client.post(`${MODIFY}/applyForClient`, body)
      assert.equal(res.statusCode, status, res.body)
      assert.equal(res.json().message, message)
    }
    await refused({ field: 'name', value: '林' }, 400, '姓名为2-20个字符')
    await refused({ field: 'name', value: '林'.repeat(21) }, 400, '姓名为2-20个字符')
    await refused({ field: 'idCard', value: '330106199003071234' }, 400, '身份证号不正确')
    await refused({ field: 'phone', value: '12345' }, 400, '手机号格式不正确')
    await refused({ field: 'phone', value: uniquePhone() }, 400, '请填写验证码')
    await refused({ field: 'age', value: '30' }, 400, '请选择要修改的项目')
    await refused({ field: 'name', value: '林同学' }, 422, '与当前信息相同')
    await refused({ field: 'idCard', value: idCard }, 422, '与当前信息相同')

    const ok = await client.post(`${MODIFY}/applyForClient`, { field: 'idCard', value: '11010519491231002x', reason: '登记错了' })
    assert.equal(ok.statusCode, 200, ok.body)
    const request = ok.json().data
    assert.equal(request.fieldLabel, '身份证号')
    assert.equal(request.oldValue, '3301**********1236')
    assert.equal(request.newValue, '1101**********002X')
    assert.equal(request.status, '待审核')
    await refused({ field: 'idCard', value: '110101198501010017' }, 409, '该项已有待审核的申请')

    const [stored] = await t.app.db.select().from(rollModifyRequests).where(eq(rollModifyRequests.id, request.id))
    assert.equal(stored!.newValue, '11010519491231002X', 'kept whole (upper case) for the office to apply')
    assert.equal(stored!.studentId, student.id)

    const mine = (await client.get(`${MODIFY}/listForClient`)).json().data.list
    assert.deepEqual(
      mine.map((r: { id: number }) => r.id),
      [request.id],
    )
    const details = (await client.get(`${ROLL}/detailsForClient`)).json().data
    assert.deepEqual(
      details.pending.map((r: { id: number }) => r.id),
      [request.id],
    )
  })

  test("a new phone needs the 绑定手机 code sent to it, and must not be any account's", async () => {
    const { client } = await studentClient(t.app)
    const partner = await insertPartner(t.app)
    const taken = await client.post(`${MODIFY}/applyForClient`, { field: 'phone', value: partner.phone, code: '123456' })
    assert.equal(taken.statusCode, 409)
    assert.equal(taken.json().message, '该手机号已被其他账号使用')

    const phone = uniquePhone()
    const wrong = await client.post(`${MODIFY}/applyForClient`, { field: 'phone', value: phone, code: '000000' })
    assert.ok(wrong.statusCode >= 400 && wrong.statusCode < 500, wrong.body)
    // A 登录 code is not a 绑定手机 code.
    await client.post('/api/ums/user/user/sendVerify', { phone, type: '登录' })
    const loginCode = await latestCode(t.app, phone)
    const wrongType = await client.post(`${MODIFY}/applyForClient`, { field: 'phone', value: phone, code: loginCode })
    assert.ok(wrongType.statusCode >= 400 && wrongType.statusCode < 500, wrongType.body)

    const other = uniquePhone()
    const good = await client.post(`${MODIFY}/applyForClient`, { field: 'phone', value: other, code: await codeFor(client, other) })
    assert.equal(good.statusCode, 200, good.body)
    assert.equal(good.json().data.newValue, `${other.slice(0, 3)}****${other.slice(-4)}`)
  })

  test("approving a phone change moves the person's account, partner profile and student profile together", async () => {
    const partner = await insertPartner(t.app)
    const student = await insertStudent(t.app, { phone: partner.phone })
    assert.equal(student.accountId, partner.accountId, 'one person, one account')
    const client = await personClient(partner.accountId)
    const phone = uniquePhone()
    const applied = await client.post(`${MODIFY}/applyForClient`, { field: 'phone', value: phone, code: await codeFor(client, phone) })
    assert.equal(applied.statusCode, 200, applied.body)

    const queue = (await admin.get(`${MODIFY}/list`, { status: '待审核', keyword: partner.phone })).json().data
    assert.equal(queue.total, 1)
    assert.equal(queue.list[0].newValue, phone, 'the console sees phones whole')
    assert.equal(queue.list[0].studentPhone, partner.phone)

    const approved = await admin.put(`${MODIFY}/approve`, { id: applied.json().data.id })
    assert.equal(approved.statusCode, 200, approved.body)
    assert.equal(approved.json().data.status, '已通过')
    assert.ok(approved.json().data.reviewedAt)

    const [account] = await t.app.db.select().from(accounts).where(eq(accounts.id, partner.accountId))
    const [p] = await t.app.db.select().from(partners).where(eq(partners.id, partner.id))
    const [s] = await t.app.db.select().from(students).where(eq(students.id, student.id))
    assert.equal(account!.phone, phone)
    assert.equal(p!.phone, phone)
    assert.equal(p!.accountId, partner.accountId)
    assert.equal(s!.phone, phone)
    assert.equal(s!.accountId, partner.accountId)

    // The partner signs in with the new phone; the session still holds both profiles.
    const signIn = await createClient(t.app).post('/api/ems/partner/client/signIn', { phone, password: PASSWORD })
    assert.equal(signIn.statusCode, 200, signIn.body)
    assert.equal((await client.get(`${ROLL}/detailsForClient`)).statusCode, 200)
    const [audit] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'rollRequest.approve'), eq(auditLogs.entityId, String(student.id))))
    assert.ok(audit, 'audited')
  })

  test('an approval that cannot apply (the phone was taken meanwhile) changes nothing', async () => {
    const { student, client } = await studentClient(t.app)
    const phone = uniquePhone()
    const applied = await client.post(`${MODIFY}/applyForClient`, { field: 'phone', value: phone, code: await codeFor(client, phone) })
    assert.equal(applied.statusCode, 200, applied.body)
    await insertPartner(t.app, { phone })
    const res = await admin.put(`${MODIFY}/approve`, { id: applied.json().data.id })
    assert.equal(res.statusCode, 409)
    assert.equal(res.json().message, '该手机号已被其他账号使用')
    const [s] = await t.app.db.select().from(students).where(eq(students.id, student.id))
    assert.equal(s!.phone, student.phone)
    const [r] = await t.app.db.select().from(rollModifyRequests).where(eq(rollModifyRequests.id, applied.json().data.id))
    assert.equal(r!.status, '待审核')
  })

  test('approving a name or ID number applies it; a decided request cannot be decided again', async () => {
    const { student, client } = await studentClient(t.app, { name: '林同学' })
    const name = (await client.post(`${MODIFY}/applyForClient`, { field: 'name', value: '林晓雨' })).json().data
    const id = (await client.post(`${MODIFY}/applyForClient`, { field: 'idCard', value: '110101198501010017' })).json().data
    assert.equal((await admin.put(`${MODIFY}/approve`, { id: name.id })).statusCode, 200)
    assert.equal((await admin.put(`${MODIFY}/approve`, { id: id.id })).statusCode, 200)
    const [s] = await t.app.db.select().from(students).where(eq(students.id, student.id))
    assert.equal(s!.name, '林晓雨')
    assert.equal(s!.idCard, '110101198501010017')
    const again = await admin.put(`${MODIFY}/approve`, { id: name.id })
    assert.equal(again.statusCode, 409)
    assert.equal(again.json().message, '该申请已处理')
    assert.equal((await admin.put(`${MODIFY}/refuse`, { id: name.id, reason: '晚了' })).statusCode, 409)
    // A new request for the field is possible once the first is decided.
    assert.equal((await client.post(`${MODIFY}/applyForClient`, { field: 'name', value: '林小雨' })).statusCode, 200)
  })

  test('refusing keeps the roll and tells the student why', async () => {
    const { student, client } = await studentClient(t.app, { name: '林同学' })
    const request = (await client.post(`${MODIFY}/applyForClient`, { field: 'name', value: '林大雨', reason: '改名' })).json().data
    const noReason = await admin.put(`${MODIFY}/refuse`, { id: request.id })
    assert.equal(noReason.statusCode, 400)
    assert.equal(noReason.json().message, '请填写驳回原因')
    const refused = await admin.put(`${MODIFY}/refuse`, { id: request.id, reason: '请提供户口本证明' })
    assert.equal(refused.statusCode, 200, refused.body)
    const [s] = await t.app.db.select().from(students).where(eq(students.id, student.id))
    assert.equal(s!.name, '林同学')
    const mine = (await client.get(`${MODIFY}/listForClient`)).json().data.list
    assert.equal(mine[0].status, '已驳回')
    assert.equal(mine[0].refuseReason, '请提供户口本证明')
    assert.deepEqual((await client.get(`${ROLL}/detailsForClient`)).json().data.pending, [])
  })

  test("a student never sees another's roll or requests; deciding a missing request is 404", async () => {
    const a = await studentClient(t.app, { name: '甲同学' })
    const b = await studentClient(t.app, { name: '乙同学' })
    const request = (await b.client.post(`${MODIFY}/applyForClient`, { field: 'name', value: '乙二同学' })).json().data
    // Ids from the client are ignored: the student's calls read the session's student only.
    const roll = (await a.client.get(`${ROLL}/detailsForClient`, { id: b.student.id })).json().data
    assert.equal(roll.roll.id, a.student.id)
    const list = (await a.client.get(`${MODIFY}/listForClient`, { studentId: b.student.id })).json().data.list
    assert.ok(!list.some((r: { id: number }) => r.id === request.id))
    // The student cannot reach the console's calls.
    assert.equal((await a.client.get(`${ROLL}/details`, { id: b.student.id })).statusCode, 401)
    assert.equal((await a.client.put(`${MODIFY}/approve`, { id: request.id })).statusCode, 401)
    const missing = await admin.put(`${MODIFY}/approve`, { id: 999999 })
    assert.equal(missing.statusCode, 404)
    assert.equal(missing.json().message, '申请不存在')
  })
})
