import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { desc, eq } from 'drizzle-orm'
import { ALL_RIGHTS } from '@activity/domain'
import { auditLogs } from '../../src/modules/platform/audit/audit.table.ts'
import { partners } from '../../src/modules/partner-programme/partners/partners.table.ts'
import { COOKIE_NAMES } from '../../src/modules/platform/sessions/sessions.service.ts'
import { signInRecords } from '../../src/modules/platform/sign-in-records/sign-in-records.table.ts'
import { students } from '../../src/modules/roll/students/students.table.ts'
import { DEMO } from '../../src/seed/demo.ts'
import { examLeakScene, leaksIn, replayExamLeak } from '../exam-fixtures.ts'
import {
  adminClient,
  insertPosition,
  insertStudent,
  PASSWORD,
  partnerClient,
  studentClient,
  uniqueIdCard,
  uniquePhone,
} from '../fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../helper.ts'
import { seedHardeningData } from './support.ts'

/**
 * Issue 37: the six holes an attacker's probe found, each replayed once as it was tried, against
 * the demo data, on both databases (npm test runs this file on PostgreSQL and on PGlite). The
 * walks that prove each rule over every route live beside it (exams.withheld, operator-privacy,
 * fuzz-uploads, sign-in-guard, students.id-card, cross-student).
 */

const WHOLE_PHONE = /(?<![\dA-Za-z])1[3-9]\d{9}(?!\d)/

describe('issue 37: the probe, replayed', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
    await seedHardeningData(t.app)
  })
  after(async () => t?.close())

  test("1. an open exam's answers come back from no practice, wrong-answer book or other paper", async () => {
    const scene = await examLeakScene(t.app)
    const calls = await replayExamLeak(scene)
    assert.ok(calls.length >= 20)
    for (const c of calls) {
      assert.ok(c.status < 500, `${c.name}: ${c.status}`)
      assert.deepEqual(leaksIn(c.body, scene.secrets), [], c.name)
    }
  })

  test('2. a position without 查看完整手机号 gets no whole phone, ID number or payout account, and cannot rebuild one', async () => {
    const position = await insertPosition(
      t.app,
      ALL_RIGHTS.filter((r) => r !== 'data.reveal' && r !== 'data.unmaskedExport'),
    )
    const { client } = await adminClient(t.app, '管理员', { positionId: position.id })
    const { client: manager } = await adminClient(t.app, '管理员')
    const phone = uniquePhone()
    const idCard = uniqueIdCard('0017')
    const saved = await manager.post('/api/ems/education/schoolRoll/save', {
      ...{ name: '测试5号', phone, idCard, educationType: '自学考试', school: '浙江大学', major: '会计学' },
      ...{ level: '本科', batchYear: 2026, batch: 1 },
    })
    assert.equal(saved.statusCode, 200, saved.body)
    const id = saved.json().data.id as number
    // A partner signs in by phone: a sign-in record.
    assert.equal((await createClient(t.app).post('/api/ems/partner/client/signIn', DEMO.partner)).statusCode, 200)
    const [demo] = await t.app.db.select().from(partners).where(eq(partners.phone, DEMO.partner.phone))

    const answers = await Promise.all([
      client.get('/api/ems/education/schoolRoll/details', { id }),
      client.get('/api/ems/partner/partner/details', { id: demo!.id }),
      client.get('/api/ems/partner/withdrawalRecord/listForAdmin', { size: 100 }),
      client.get('/api/bms/system/auditLog/list', { size: 100 }),
      client.get('/api/ums/user/loginRecord/list', { size: 100 }),
    ])
    for (const res of answers) {
      assert.equal(res.statusCode, 200, res.body)
      assert.doesNotMatch(res.body, WHOLE_PHONE)
      for (const secret of [idCard, demo!.idCard!, demo!.payoutAccount!]) assert.ok(!res.body.includes(secret), secret)
    }
    assert.equal(answers[1]!.json().data.sensitiveVisible, false)
    assert.ok(answers[3]!.body.includes(`新增学员 测试5号（${phone.slice(0, 3)}****${phone.slice(-4)}）`))
    // The roll list's keyword matched a phone digit by digit; now only the whole number, as a recorded look-up.
    for (let n = 3; n < 11; n++)
      assert.equal((await client.get('/api/ems/education/schoolRoll/list', { keyword: phone.slice(0, n) })).json().data.total, 0)
    assert.equal((await client.get('/api/ems/education/schoolRoll/list', { keyword: phone })).json().data.total, 1)
    const [lookup] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'data.lookup')).orderBy(desc(auditLogs.id)).limit(1)
    assert.match(lookup!.summary, /^按手机号查找 \d{3}\*{4}\d{4}/)
    const [record] = await t.app.db.select().from(signInRecords).orderBy(desc(signInRecords.id)).limit(1)
    assert.equal(record!.identifier, '138****0000')
  })

  test('3. a truncated upload is a 400 with a message, over a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const { client } = await adminClient(t.app)
    const cookie = `${COOKIE_NAMES.admin}=${client.jar.get(COOKIE_NAMES.admin)}`
    const body = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\x03\x04abc'
    const res = await fetch(`http://127.0.0.1:${port}/api/ems/education/schoolRoll/import`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', cookie },
      body,
    })
    assert.equal(res.status, 400)
    assert.equal(((await res.json()) as { message: string }).message, '上传的文件不完整，请重新上传')
  })

  test("4. change-password's old password is guessed no more than a sign-in's", async () => {
    const { client } = await adminClient(t.app, '财务')
    for (let i = 0; i < 7; i++)
      await client.put('/api/bms/system/admin/updatePassword', { oldPassword: `wrong${i}abc`, password: 'newpass123' })
    const operator = await client.put('/api/bms/system/admin/updatePassword', { oldPassword: PASSWORD, password: 'newpass123' })
    assert.equal(operator.statusCode, 429)
    assert.equal(operator.json().message, '密码错误次数过多，请15分钟后再试')
    const { client: partner } = await partnerClient(t.app)
    for (let i = 0; i < 7; i++)
      await partner.put('/api/ems/partner/client/changePassword', { oldPassword: `wrong${i}abc`, password: 'newpass123' })
    const own = await partner.put('/api/ems/partner/client/changePassword', { oldPassword: PASSWORD, password: 'newpass123' })
    assert.equal(own.statusCode, 429)
  })

  test("5. a stranger's five wrong passwords lock the stranger out, not the operator", async () => {
    const { admin } = await adminClient(t.app, '招生老师')
    const signIn = (password: string, ip: string) =>
      createClient(t.app).inject({
        method: 'POST',
        url: '/api/bms/system/admin/signIn',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `account=${admin.account}&password=${password}`,
        remoteAddress: ip,
      })
    for (let i = 0; i < 5; i++) assert.equal((await signIn('bad12345', '203.0.113.7')).statusCode, 422)
    assert.equal((await signIn(PASSWORD, '203.0.113.7')).statusCode, 429)
    assert.equal((await signIn(PASSWORD, '198.51.100.20')).statusCode, 200)
  })

  test('6. an ID number another student holds is refused on save and on a correction, naming no one', async () => {
    const holder = await insertStudent(t.app)
    const { client: manager } = await adminClient(t.app, '管理员')
    const res = await manager.post('/api/ems/education/schoolRoll/save', {
      ...{ name: '赵同学', phone: uniquePhone(), idCard: holder.idCard, educationType: '自学考试', school: '浙江大学' },
      ...{ major: '会计学', level: '本科', batchYear: 2025, batch: 3 },
    })
    assert.equal(res.statusCode, 409)
    assert.equal(res.json().message, '该身份证号已被其他学员使用')
    // A correction request copying it.
    const { client: student } = await studentClient(t.app)
    const copied = await student.post('/api/ems/education/schoolRollInfoModify/applyForClient', { field: 'idCard', value: holder.idCard })
    assert.equal(copied.statusCode, 409)
    assert.equal(copied.json().message, '该身份证号已被其他学员使用')
    const [still] = await t.app.db.select().from(students).where(eq(students.id, holder.id))
    assert.equal(still!.idCard, holder.idCard)
  })
})
