import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, desc, eq } from 'drizzle-orm'
import { adminClient, insertPartner, insertPosition, insertStudent, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, ok, refused, type TestApp } from '../../../../test/helper.ts'
import { ClueSource, ClueStatus } from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { clues } from '../../partner-programme/clues/clues.table.ts'

const URL = '/api/bms/system/finder/search'
const MASKED = /^\d{3}\*{4}\d{4}$/

interface Found {
  id: number
  name: string
  phone: string
}
interface Findings {
  students: Found[] | null
  partners: Found[] | null
  clues: Found[] | null
}

describe('quick finder: students, partners and clues by name or whole phone', () => {
  let t: TestApp
  /** The 招生老师-like position (clues without 查看全部线索) and another teacher's id. */
  let teacher: Awaited<ReturnType<typeof adminClient>>
  let otherTeacherId: number
  let student: { id: number; phone: string }
  let partner: { id: number; phone: string }
  const clueIds: Record<'own' | 'pool' | 'other', number> = { own: 0, pool: 0, other: 0 }
  let cluePhone = ''

  before(async () => {
    t = await buildTestApp()
    student = await insertStudent(t.app, { name: '寻找林晓' })
    await insertStudent(t.app, { name: '百分%号同学' })
    await insertStudent(t.app, { name: '下划_线同学' })
    partner = await insertPartner(t.app, { realName: '寻找周合' })
    const teacherPosition = await insertPosition(t.app, ['clues.view', 'clues.work', 'students.view', 'students.viewAll'])
    teacher = await adminClient(t.app, '管理员', { positionId: teacherPosition.id })
    otherTeacherId = (await adminClient(t.app, '管理员', { positionId: teacherPosition.id })).admin.id
    cluePhone = uniquePhone()
    const base = { partnerId: partner.id, source: ClueSource.partner, status: ClueStatus.new }
    for (const [key, assigneeId] of [
      ['own', teacher.admin.id],
      ['pool', null],
      ['other', otherTeacherId],
    ] as const) {
      const [row] = await t.app.db
        .insert(clues)
        .values({ ...base, name: `寻找线索${key}`, phone: key === 'own' ? cluePhone : uniquePhone(), assigneeId })
        .returning()
      clueIds[key] = row!.id
    }
  })
  after(async () => t?.close())

  const finderAudits = async (adminId: number) =>
    t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.adminId, adminId), eq(auditLogs.entityType, 'finder')))
      .orderBy(desc(auditLogs.id))
  const lookups = async (adminId: number) =>
    t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.adminId, adminId), eq(auditLogs.action, 'data.lookup')))

  test("the position's rights decide which kinds are searched", async () => {
    const onlyStudents = await insertPosition(t.app, ['students.view', 'students.viewAll'])
    const { client } = await adminClient(t.app, '管理员', { positionId: onlyStudents.id })
    const found = ok<Findings>(await client.get(URL, { q: '寻找' }))
    assert.deepEqual(
      found.students!.map((s) => s.id),
      [student.id],
    )
    assert.equal(found.partners, null)
    assert.equal(found.clues, null)

    const { client: admin } = await adminClient(t.app, '管理员')
    const all = ok<Findings>(await admin.get(URL, { q: '寻找' }))
    assert.deepEqual(
      all.partners!.map((p) => [p.id, p.name]),
      [[partner.id, '寻找周合']],
    )
    assert.deepEqual(all.clues!.map((c) => c.id).sort(), Object.values(clueIds).sort())

    // A position opening none of the three lists is refused.
    const none = await insertPosition(t.app, ['courses.view'])
    const { client: other } = await adminClient(t.app, '管理员', { positionId: none.id })
    refused(await other.get(URL, { q: '寻找' }), 403)
  })

  test('a teacher without 查看全部线索 finds their own clues and the pool, not another teacher’s', async () => {
    const found = ok<Findings>(await teacher.client.get(URL, { q: '寻找线索' }))
    assert.deepEqual(found.clues!.map((c) => c.id).sort(), [clueIds.own, clueIds.pool].sort())
    assert.equal(found.partners, null)
    const byPhone = ok<Findings>(await teacher.client.get(URL, { q: cluePhone }))
    assert.deepEqual(
      byPhone.clues!.map((c) => c.id),
      [clueIds.own],
    )
  })

  test('a name matches by a part; a phone only whole', async () => {
    const { client } = await adminClient(t.app, '管理员')
    const part = ok<Findings>(await client.get(URL, { q: '林晓' }))
    assert.deepEqual(
      part.students!.map((s) => s.id),
      [student.id],
    )
    const whole = ok<Findings>(await client.get(URL, { q: student.phone }))
    assert.deepEqual(
      whole.students!.map((s) => [s.id, s.phone]),
      [[student.id, student.phone]],
    )
    const partnerWhole = ok<Findings>(await client.get(URL, { q: partner.phone }))
    assert.deepEqual(
      partnerWhole.partners!.map((p) => p.id),
      [partner.id],
    )
    // Ten of the eleven digits, or the last four: nothing by phone.
    for (const q of [student.phone.slice(0, 10), student.phone.slice(-4)]) {
      const found = ok<Findings>(await client.get(URL, { q }))
      assert.deepEqual(found, { students: [], partners: [], clues: [] }, q)
    }
  })

  test('LIKE wildcards in q are taken literally', async () => {
    const { client } = await adminClient(t.app, '管理员')
    assert.deepEqual(
      ok<Findings>(await client.get(URL, { q: '%' })).students!.map((s) => s.name),
      ['百分%号同学'],
    )
    assert.deepEqual(
      ok<Findings>(await client.get(URL, { q: '_' })).students!.map((s) => s.name),
      ['下划_线同学'],
    )
    assert.deepEqual(ok<Findings>(await client.get(URL, { q: '寻找%' })).students, [])
  })

  test('an empty, blank or too long q is refused in Chinese', async () => {
    const { client } = await adminClient(t.app, '管理员')
    refused(await client.get(URL), 400, '请输入要查找的姓名或手机号')
    refused(await client.get(URL, { q: '   ' }), 400, '请输入要查找的姓名或手机号')
    refused(await client.get(URL, { q: '长'.repeat(31) }), 400, '查找内容不能超过30个字')
    ok(await client.get(URL, { q: ` ${'长'.repeat(30)} ` }))
  })

  test('an answer showing or implying a whole phone is audited once; a masked one by name is not', async () => {
    const masking = await insertPosition(t.app, ['students.view', 'students.viewAll', 'partners.view'])
    const { client, admin } = await adminClient(t.app, '管理员', { positionId: masking.id })

    // By name, without 查看完整手机号: phones masked, nothing recorded.
    const byName = ok<Findings>(await client.get(URL, { q: '寻找' }))
    assert.match(byName.students![0]!.phone, MASKED)
    assert.match(byName.partners![0]!.phone, MASKED)
    assert.equal((await finderAudits(admin.id)).length, 0)

    // By a whole phone: still masked on screen, but the number is implied: one entry naming who was shown.
    const byPhone = ok<Findings>(await client.get(URL, { q: student.phone }))
    assert.match(byPhone.students![0]!.phone, MASKED)
    const [entry, ...more] = await finderAudits(admin.id)
    assert.equal(more.length, 0)
    assert.equal(entry!.action, 'data.reveal')
    assert.equal(entry!.entityId, `students:${student.id}`)
    assert.equal(
      entry!.summary,
      `快速查找「${student.phone.slice(0, 3)}****${student.phone.slice(-4)}」（按手机号），显示完整手机号：学员「寻找林晓」`,
    )
    assert.ok(!entry!.summary.includes(student.phone))
    // …and it is the search's one entry (the look-up is not recorded a second time).
    assert.equal((await lookups(admin.id)).length, 0)

    // A whole phone nobody has: no finder entry; the look-up itself is recorded as any list's.
    const nobody = uniquePhone()
    assert.deepEqual(ok<Findings>(await client.get(URL, { q: nobody })), { students: [], partners: [], clues: null })
    assert.equal((await finderAudits(admin.id)).length, 1)
    assert.equal((await lookups(admin.id)).length, 1)

    // A position with 查看完整手机号 sees phones whole: every answer with people is recorded, one entry per search.
    const { client: manager, admin: managerAdmin } = await adminClient(t.app, '管理员')
    const whole = ok<Findings>(await manager.get(URL, { q: '寻找' }))
    assert.equal(whole.students![0]!.phone, student.phone)
    const [managerEntry, ...others] = await finderAudits(managerAdmin.id)
    assert.equal(others.length, 0)
    assert.equal(
      managerEntry!.summary,
      `快速查找「寻找」，显示完整手机号：学员「寻找林晓」、合伙人「寻找周合」、${whole.clues!.map((c) => `线索「${c.name}」`).join('、')}`,
    )
    ok(await manager.get(URL, { q: '没有这个人' }))
    assert.equal((await finderAudits(managerAdmin.id)).length, 1)
  })
})
