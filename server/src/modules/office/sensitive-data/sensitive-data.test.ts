import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { adminClient, insertPosition } from '../../../../test/fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../../../../test/helper.ts'
import { DEMO } from '../../../seed/demo.ts'
import { appRoutes, seedHardeningData } from '../../../../test/hardening/support.ts'
import { readXlsx } from '../../../../test/xlsx.ts'
import { maskSensitive } from '../../../lib/mask.ts'
import { Code } from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { clues } from '../../partner-programme/clues/clues.table.ts'
import { examAttempts, papers } from '../../learning/exams/exams.table.ts'
import { courseEnrolments } from '../../learning/courses/courses.table.ts'
import { nightSignUps } from '../../roll/night/night.table.ts'
import { students } from '../../roll/students/students.table.ts'
import { graduationAudits } from '../graduation-audit/graduation-audit.table.ts'
import { textbookMailings, textbookRecords } from '../../roll/textbooks/textbooks.table.ts'

/** A whole mainland mobile number standing alone in a cell. */
const FULL_PHONE = /(?<!\d)1[3-9]\d{9}(?!\d)/

describe('sensitive data: masked exports and lists, the audited reveal', () => {
  let t: TestApp
  /** Every operator export, with the ids the parameterised ones need. */
  let exports: { url: string; query: Record<string, unknown> }[]
  let idCards: string[]

  before(async () => {
    t = await buildTestApp()
    await seedHardeningData(t.app)
    const db = t.app.db
    const [signUp] = await db.select({ classId: nightSignUps.classId }).from(nightSignUps).limit(1)
    const [enrolment] = await db.select({ courseId: courseEnrolments.courseId }).from(courseEnrolments).limit(1)
    // The demo has no finished exam: one student's finished attempt at the first paper.
    const [paper] = await db.select({ id: papers.id }).from(papers).limit(1)
    const [student] = await db.select({ id: students.id }).from(students).limit(1)
    const now = new Date()
    await db.insert(examAttempts).values({
      paperId: paper!.id,
      studentId: student!.id,
      number: 1,
      status: '已完成',
      endsAt: now,
      closedAt: now,
      closeReason: '交卷',
      totalScore: 100,
      objectiveScore: 80,
      score: 80,
    })
    const [audit] = await db.select({ id: graduationAudits.id }).from(graduationAudits).limit(1)
    // The demo's draft mailing of textbooks, published, one student's address confirmed (邮寄名单's export).
    const [mailing] = await db.select({ id: textbookMailings.id }).from(textbookMailings).limit(1)
    const { client: office } = await adminClient(t.app, '管理员')
    assert.equal((await office.put('/api/ems/textbook/mail/publish', { id: mailing!.id })).statusCode, 200)
    await db
      .update(textbookRecords)
      .set({ receiver: '林小雨', phone: '13900000000', province: '浙江省', city: '杭州市', street: '文三路1号', confirmedAt: now })
      .where(eq(textbookRecords.mailingId, mailing!.id))
    const query = {
      classId: signUp?.classId,
      courseId: enrolment?.courseId,
      paperId: paper!.id,
      auditId: audit?.id,
      mailingId: mailing!.id,
    }
    exports = appRoutes(t.app)
      .filter((r) => r.method === 'GET' && r.access?.kind === 'admin' && /export/i.test(r.url))
      .map((r) => ({ url: r.url, query }))
    // A sign-in (by phone) for 登录记录's export.
    assert.equal((await createClient(t.app).post('/api/ems/partner/client/signIn', DEMO.partner)).statusCode, 200)
    idCards = (await db.select({ idCard: students.idCard }).from(students).where(isNotNull(students.idCard))).map((s) => s.idCard!)
  })
  after(async () => t?.close())

  const lastAudit = async (action: string) =>
    (await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.id)).limit(1))[0]

  test('masking keeps numbers that are not phones or ID numbers', () => {
    assert.equal(maskSensitive('13800001234'), '138****1234')
    assert.equal(maskSensitive('请回电 13800001234 或 13900005678'), '请回电 138****1234 或 139****5678')
    // An order number, an amount, a landline: not phones.
    assert.equal(maskSensitive('F202611271380000123456'), 'F202611271380000123456')
    assert.equal(maskSensitive('20261127138000012345'), '20261127138000012345')
    assert.equal(maskSensitive('010-88886666'), '010-88886666')
    // An ID number with a valid birth date and check digit; 18 digits that are not one stay.
    assert.equal(maskSensitive('身份证 11010519491231002X'), '身份证 1101**********002X')
    assert.equal(maskSensitive('110105194912310021'), '110105194912310021')
  })

  test('every export masks every phone and ID number, and each export is audited as 脱敏', async () => {
    const { client, admin } = await adminClient(t.app, '管理员')
    assert.ok(exports.length >= 10, `${exports.length} exports: ${exports.map((e) => e.url).join(' ')}`)
    assert.ok(idCards.length > 0)
    const masked = /\d{3}\*{4}\d{4}/
    let maskedSeen = 0
    for (const { url, query } of exports) {
      const res = await client.get(url, query)
      assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`)
      const rows = await readXlsx(res.rawPayload)
      assert.ok(rows.length >= 2, `${url} has rows to check`)
      for (const cell of rows.flat()) {
        assert.doesNotMatch(cell, FULL_PHONE, `${url}: ${cell}`)
        for (const id of idCards) assert.ok(!cell.includes(id), `${url}: ${cell}`)
        if (masked.test(cell)) maskedSeen++
      }
      const audit = await lastAudit('export.run')
      assert.equal(audit?.adminId, admin.id)
      assert.equal(audit?.entityId, url)
      assert.deepEqual((audit?.after as { unmasked: boolean }).unmasked, false)
      assert.match(audit!.summary, /^脱敏导出/)
    }
    assert.ok(maskedSeen > 20, `${maskedSeen} masked phones seen`)
  })

  test('an unmasked export needs the right and a step-up, and says so in the audit log', async () => {
    const url = '/api/ems/education/schoolRoll/export'
    assert.ok(exports.some((e) => e.url === url))
    const lacking = await insertPosition(t.app, ['students.view', 'students.viewAll', 'students.export'])
    const { client: noRight } = await adminClient(t.app, '管理员', { positionId: lacking.id })
    const refused = await noRight.get(url, { unmasked: '是' })
    assert.equal(refused.statusCode, 403)
    assert.equal(refused.json().code, Code.forbidden)
    assert.equal(refused.json().message, '没有明文导出的权限')
    // Without it the same operator still gets the masked file.
    assert.equal((await noRight.get(url)).statusCode, 200)

    const { client: notStepped } = await adminClient(t.app, '财务', { stepUp: false })
    const asked = await notStepped.get(url, { unmasked: '是' })
    assert.equal(asked.statusCode, 403)
    assert.equal(asked.json().code, Code.stepUpRequired)

    const { client, admin, stepUpId } = await adminClient(t.app, '财务')
    const res = await client.get(url, { unmasked: '是' })
    assert.equal(res.statusCode, 200)
    const cells = (await readXlsx(res.rawPayload)).flat()
    assert.ok(cells.some((c) => FULL_PHONE.test(c)))
    assert.ok(idCards.every((id) => cells.includes(id)))
    const audit = await lastAudit('export.run')
    assert.equal(audit?.adminId, admin.id)
    assert.equal(audit?.stepUpId, stepUpId)
    assert.match(audit!.summary, /^明文导出/)
  })

  test('lists mask phones for a position without 查看完整手机号; a reveal shows one and is audited', async () => {
    const position = await insertPosition(t.app, ['clues.view', 'clues.work', 'students.view', 'students.viewAll', 'partners.view'])
    const { client, admin } = await adminClient(t.app, '管理员', { positionId: position.id })
    const clueRes = await client.get('/api/ems/partner/clue/listForAdmin', { size: 50 })
    assert.equal(clueRes.statusCode, 200, clueRes.body)
    const list = clueRes.json().data.list as {
      id: number
      phone: string
      partnerPhone: string
      assigneeId: number | null
    }[]
    const mine = list.find((c) => c.assigneeId === null)!
    assert.ok(mine, 'an unassigned clue is visible')
    for (const c of list) {
      assert.match(c.phone, /^\d{3}\*{4}\d{4}$/)
      assert.doesNotMatch(c.partnerPhone, FULL_PHONE)
    }
    const studentRes = await client.get('/api/ems/education/schoolRoll/list')
    assert.equal(studentRes.statusCode, 200, studentRes.body)
    const studentList = studentRes.json().data.list as { phone: string }[]
    assert.ok(studentList.length > 0 && studentList.every((s) => !FULL_PHONE.test(s.phone)))
    // The 管理员 (data.reveal) sees them whole.
    const { client: manager } = await adminClient(t.app, '管理员')
    const whole = (await manager.get('/api/ems/partner/clue/listForAdmin', { size: 50 })).json().data.list as { phone: string }[]
    assert.ok(whole.every((c) => FULL_PHONE.test(c.phone)))

    const [row] = await t.app.db.select().from(clues).where(eq(clues.id, mine.id))
    const revealed = await client.post('/api/bms/system/data/reveal', { kind: 'clue', id: mine.id })
    assert.equal(revealed.statusCode, 200, revealed.body)
    assert.equal(revealed.json().data.phone, row!.phone)
    const audit = await lastAudit('data.reveal')
    assert.equal(audit?.adminId, admin.id)
    assert.equal(audit?.entityType, 'clue')
    assert.equal(audit?.entityId, String(mine.id))
    assert.equal(audit?.summary, `查看线索「${row!.name}」的手机号`)

    // Kinds outside the position's screens, unknown ids and bad input are refused without an entry.
    const before = (await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'data.reveal'))).length
    const order = await client.post('/api/bms/system/data/reveal', { kind: 'pointsOrder', id: 1 })
    assert.equal(order.statusCode, 403)
    assert.equal(order.json().message, '没有查看该手机号的权限')
    assert.equal((await client.post('/api/bms/system/data/reveal', { kind: 'student', id: 999999 })).statusCode, 404)
    const bad = await client.post('/api/bms/system/data/reveal', { kind: 'bank', id: 1 })
    assert.equal(bad.statusCode, 400)
    assert.equal((await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'data.reveal'))).length, before)
  })

  test("a teacher without 查看全部线索 cannot reveal another teacher's clue", async () => {
    const [other] = await t.app.db.select().from(clues).where(isNotNull(clues.assigneeId)).limit(1)
    assert.ok(other)
    const position = await insertPosition(t.app, ['clues.view', 'clues.work'])
    const { client } = await adminClient(t.app, '管理员', { positionId: position.id })
    const res = await client.post('/api/bms/system/data/reveal', { kind: 'clue', id: other.id })
    assert.equal(res.statusCode, 403)
    const [still] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'data.reveal'), eq(auditLogs.entityId, String(other.id))))
    assert.equal(still, undefined)
  })
})
