import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, sql } from 'drizzle-orm'
import { ALL_RIGHTS } from '@activity/domain'
import { maskIdCard4 } from '../../src/lib/mask.ts'
import { auditLogs } from '../../src/modules/platform/audit/audit.table.ts'
import { partners } from '../../src/modules/partner-programme/partners/partners.table.ts'
import { LOOKUP_LIMIT } from '../../src/modules/office/sensitive-data/sensitive-data.service.ts'
import { rollModifyRequests, students } from '../../src/modules/roll/students/students.table.ts'
import { withdrawals } from '../../src/modules/partner-programme/withdrawals/withdrawals.table.ts'
import { DEMO } from '../../src/seed/demo.ts'
import { adminClient, insertPosition, uniqueIdCard } from '../fixtures.ts'
import { buildTestApp, createClient, type TestApp } from '../helper.ts'
import { appRoutes, concreteUrl, fieldsOf, seedHardeningData } from './support.ts'

/**
 * Issue 37 §2: a position holding every right but 查看完整手机号 (data.reveal) gets no whole phone,
 * ID number or payout account from any operator GET route (enumerated from the app, so a new route is
 * covered), lists and details alike, audit summaries and sign-in records included.
 */

/** A whole mainland mobile number standing alone. */
const WHOLE_PHONE = /(?<![\dA-Za-z])1[3-9]\d{9}(?!\d)/

/** The ID numbers of the test's own records: a refused correction's new one, and the student it registers. */
const REFUSED_ID = uniqueIdCard('0888')
const REGISTERED_ID = uniqueIdCard('0777')

describe('operator answers: no whole phone, ID number or payout account without 查看完整手机号', () => {
  let t: TestApp
  let secrets: string[]

  before(async () => {
    t = await buildTestApp()
    await seedHardeningData(t.app)
    const db = t.app.db
    // Every person gets an ID number of their own and every partner a payout account: the markers searched for.
    for (const s of await db.select({ id: students.id }).from(students))
      await db.update(students).set({ idCard: uniqueIdCard() }).where(eq(students.id, s.id))
    for (const p of await db.select({ id: partners.id }).from(partners))
      await db
        .update(partners)
        .set({ idCard: uniqueIdCard(), payoutAccount: `62220202${String(p.id).padStart(11, '0')}` })
        .where(eq(partners.id, p.id))
    await db.execute(sql`update ${withdrawals} w set payout_account = p.payout_account from ${partners} p where p.id = w.partner_id`)
    // Correction requests that carry a phone and an ID number (old and new).
    const [first] = await db.select().from(students).where(eq(students.id, 1))
    await db.insert(rollModifyRequests).values([
      { studentId: 1, field: 'phone', oldValue: first!.phone, newValue: '13900000888', status: '待审核' },
      { studentId: 1, field: 'idCard', oldValue: first!.idCard, newValue: REFUSED_ID, status: '已驳回', refuseReason: '不符' },
    ])
    // An audit entry and a sign-in record that quote a phone.
    const { client: manager } = await adminClient(t.app, '管理员')
    const created = await manager.post('/api/ems/education/schoolRoll/save', {
      name: '隐私测试',
      phone: '13900000777',
      idCard: REGISTERED_ID,
      educationType: '成人高考',
      school: '测试大学',
      major: '会计学',
      level: '本科',
      batchYear: 2026,
      batch: 1,
    })
    assert.equal(created.statusCode, 200, created.body)
    assert.equal((await createClient(t.app).post('/api/ems/partner/client/signIn', DEMO.partner)).statusCode, 200)
    secrets = [
      ...(await db.select({ v: students.idCard }).from(students)).map((r) => r.v!),
      REFUSED_ID,
      ...(await db.select({ v: partners.idCard }).from(partners)).map((r) => r.v!),
      ...(await db.select({ v: partners.payoutAccount }).from(partners)).map((r) => r.v!),
    ]
  })
  after(async () => t?.close())

  test('every operator GET route, with ids 1-3 in every id field', async () => {
    const rights = ALL_RIGHTS.filter((r) => r !== 'data.reveal' && r !== 'data.unmaskedExport')
    const position = await insertPosition(t.app, rights)
    const { client } = await adminClient(t.app, '管理员', { positionId: position.id })
    const routes = appRoutes(t.app).filter((r) => r.method === 'GET' && r.access?.kind === 'admin')
    assert.ok(routes.length > 80, `${routes.length} operator GET routes`)
    const leaks: string[] = []
    let answered = 0
    for (const route of routes) {
      const fields = fieldsOf(route.schema?.querystring)
      const idFields = fields.filter((f) => /(^id$|Id$)/.test(f))
      for (const n of [1, 2, 3]) {
        const query: Record<string, unknown> = { size: 100 }
        for (const f of idFields) query[f] = n
        const res = await client.get(concreteUrl(route.url, { id: String(n) }), query)
        if (res.statusCode !== 200) continue
        answered++
        const body = res.headers['content-type']?.toString().startsWith('application/json') ? res.body : ''
        const phone = WHOLE_PHONE.exec(body)
        if (phone) leaks.push(`${route.url}?${JSON.stringify(query)}: phone ${phone[0]}`)
        for (const s of secrets) if (body.includes(s)) leaks.push(`${route.url}?${JSON.stringify(query)}: ${s}`)
        if (idFields.length === 0) break
      }
    }
    assert.ok(answered > 100, `${answered} answers checked`)
    assert.deepEqual([...new Set(leaks)], [])
  })

  test('an edit form filled from a masked answer keeps the numbers on file; audit summaries keep them masked', async () => {
    const position = await insertPosition(t.app, ['students.view', 'students.viewAll', 'students.edit'])
    const { client } = await adminClient(t.app, '管理员', { positionId: position.id })
    const [stored] = await t.app.db.select().from(students).where(eq(students.phone, '13900000777'))
    const detail = (await client.get('/api/ems/education/schoolRoll/details', { id: stored!.id })).json().data.roll
    assert.equal(detail.phone, '139****0777')
    assert.equal(detail.idCard, maskIdCard4(stored!.idCard))
    const { id, name, phone, idCard, educationType, school, major, level, batchYear, batch } = detail
    const saved = await client.put('/api/ems/education/schoolRoll/update', {
      ...{ id, phone, idCard, educationType, school, level, batchYear, batch },
      name: `${name}改`,
      major: `${major}`,
    })
    assert.equal(saved.statusCode, 200, saved.body)
    const [after] = await t.app.db.select().from(students).where(eq(students.id, stored!.id))
    assert.equal(after!.phone, stored!.phone)
    assert.equal(after!.idCard, stored!.idCard)
    assert.equal(after!.name, `${name}改`)
    const summaries = (await t.app.db.select({ s: auditLogs.summary }).from(auditLogs)).map((r) => r.s).join('\n')
    assert.match(summaries, /139\*{4}0777/)
    assert.doesNotMatch(summaries, WHOLE_PHONE)
  })

  test('a list matches a phone only whole; a whole one is a look-up, recorded and limited', async () => {
    const position = await insertPosition(t.app, ['students.view', 'students.viewAll'])
    const { client, admin } = await adminClient(t.app, '管理员', { positionId: position.id })
    const LIST = '/api/ems/education/schoolRoll/list'
    // Digit by digit, a prefix or a middle part finds no one.
    for (const keyword of ['1390000077', '139000007', '0000777'])
      assert.equal((await client.get(LIST, { keyword })).json().data.total, 0, keyword)
    const found = await client.get(LIST, { keyword: '13900000777' })
    assert.equal(found.json().data.total, 1)
    const lookups = () =>
      t.app.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'data.lookup'), eq(auditLogs.adminId, admin.id)))
    const [entry] = await lookups()
    assert.equal(entry?.summary, `按手机号查找 139****0777（${LIST}）`)
    // An ID number is a look-up too; after LOOKUP_LIMIT.max in the window, 429.
    assert.equal((await client.get(LIST, { keyword: REGISTERED_ID })).statusCode, 200)
    for (let i = 2; i < LOOKUP_LIMIT.max; i++) assert.equal((await client.get(LIST, { keyword: '13900000777' })).statusCode, 200)
    const refused = await client.get(LIST, { keyword: '13900000777' })
    assert.equal(refused.statusCode, 429)
    assert.equal(refused.json().message, '按手机号或身份证号查找过于频繁，请稍后再试')
    assert.equal((await lookups()).length, LOOKUP_LIMIT.max)
    // Other searches go on.
    assert.equal((await client.get(LIST, { keyword: '隐私' })).statusCode, 200)
  })
})
