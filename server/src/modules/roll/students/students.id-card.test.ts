import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { MIGRATIONS_DIR } from '../../../db/client.ts'
import { adminClient, insertPartner, insertStudent, studentClient, uniqueIdCard, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, openRaceApp, type TestApp } from '../../../../test/helper.ts'
import { multipart, xlsx } from '../../../../test/xlsx.ts'
import { ClueSource, ClueStatus } from '../../../wire.ts'
import { clues } from '../../partner-programme/clues/clues.table.ts'
import { COOKIE_NAMES } from '../../platform/index.ts'
import { STUDENT_IMPORT_COLUMNS } from './students.import.ts'
import { ensureUniqueIdCards } from './students.integrity.ts'
import { createStudentsRepository } from './students.repository.ts'
import { students } from './students.table.ts'

const ROLL = '/api/ems/education/schoolRoll'
const MODIFY = '/api/ems/education/schoolRollInfoModify'
const TAKEN = '该身份证号已被其他学员使用'

/** The register's fields, as the console's form sends them. */
const form = (overrides: Record<string, unknown> = {}) => ({
  name: '赵同学',
  phone: uniquePhone(),
  idCard: uniqueIdCard(),
  educationType: '自学考试',
  school: '浙江大学',
  major: '会计学',
  level: '本科',
  batchYear: 2025,
  batch: 3,
  ...overrides,
})

/** An import row of the template's columns. */
const importRow = (cells: Record<string, string>) =>
  STUDENT_IMPORT_COLUMNS.map(
    (c) =>
      ({
        姓名: '导入同学',
        手机号: uniquePhone(),
        教育类型: '开放教育',
        学校: '导入大学',
        专业: '护理学',
        层次: '专科',
        年份: '2026',
        批次: '2',
        ...cells,
      })[c.header] ?? '',
  )

describe('an ID number belongs to one student', () => {
  let t: TestApp
  let admin: Client
  let adminCookie: string
  before(async () => {
    t = await buildTestApp()
    admin = (await adminClient(t.app, '管理员')).client
    adminCookie = `${COOKIE_NAMES.admin}=${admin.jar.get(COOKIE_NAMES.admin)}`
  })
  after(async () => t.close())

  const refusedAsTaken = (
    res: { statusCode: number; body: string; json: () => { message: string } },
    who: { name: string; phone: string },
  ) => {
    assert.equal(res.statusCode, 409, res.body)
    assert.equal(res.json().message, TAKEN)
    assert.ok(!res.body.includes(who.name) && !res.body.includes(who.phone), 'names no one')
  }

  test('a save, an edit, an import and 转为学员 with a number another student holds are refused (its case aside)', async () => {
    const number = uniqueIdCard('002X')
    // Stored before numbers were upper-cased: compared as the unique index does.
    const holder = await insertStudent(t.app, { idCard: number.toLowerCase(), name: '钱持有' })
    refusedAsTaken(await admin.post(`${ROLL}/save`, form({ idCard: number })), holder)

    const other = await insertStudent(t.app)
    refusedAsTaken(await admin.put(`${ROLL}/update`, form({ id: other.id, phone: other.phone, idCard: number })), holder)
    const same = await admin.put(`${ROLL}/update`, form({ id: other.id, phone: other.phone, idCard: other.idCard, remark: '未改号' }))
    assert.equal(same.statusCode, 200, 'its own number is no conflict')

    const fresh = uniqueIdCard()
    const file = await xlsx([
      STUDENT_IMPORT_COLUMNS.map((c) => c.header),
      importRow({ 身份证号: number }),
      importRow({ 身份证号: fresh }),
      importRow({ 身份证号: fresh.toLowerCase() }),
    ])
    const report = (await admin.inject({ method: 'POST', url: `${ROLL}/import`, ...multipart(file) })).json().data
    assert.deepEqual(
      report.errors.map((e: { row: number; reason: string }) => [e.row, e.reason]),
      [
        [2, TAKEN],
        [4, '与第3行身份证号重复'],
      ],
    )
    assert.equal(report.imported, 0)

    const partner = await insertPartner(t.app)
    const [clue] = await t.app.db
      .insert(clues)
      .values({
        partnerId: partner.id,
        name: '成交同学',
        phone: uniquePhone(),
        source: ClueSource.partner,
        status: ClueStatus.deal,
        dealAt: new Date(),
      })
      .returning()
    const converted = await admin.post(`${ROLL}/fromClue`, {
      clueId: clue!.id,
      idCard: number,
      educationType: '成人高考',
      school: '浙江工商大学',
      major: '会计学',
      level: '本科',
      batchYear: 2026,
      batch: 1,
    })
    refusedAsTaken(converted, holder)
    assert.equal((await t.app.db.select().from(students).where(eq(students.clueId, clue!.id))).length, 0)
  })

  test("a correction to another student's number is refused when submitted and, taken meanwhile, when approved", async () => {
    const holder = await insertStudent(t.app, { name: '孙持有' })
    const { student, client } = await studentClient(t.app)
    refusedAsTaken(await client.post(`${MODIFY}/applyForClient`, { field: 'idCard', value: holder.idCard }), holder)

    const wanted = uniqueIdCard()
    const applied = await client.post(`${MODIFY}/applyForClient`, { field: 'idCard', value: wanted, reason: '录错了' })
    assert.equal(applied.statusCode, 200, applied.body)
    // A pending request holds no number: the office registers someone with it meanwhile.
    const meanwhile = form({ idCard: wanted, name: '李后来' })
    assert.equal((await admin.post(`${ROLL}/save`, meanwhile)).statusCode, 200)
    refusedAsTaken(await admin.put(`${MODIFY}/approve`, { id: applied.json().data.id }), { name: '李后来', phone: meanwhile.phone })
    const [after] = await t.app.db.select().from(students).where(eq(students.id, student.id))
    assert.equal(after!.idCard, student.idCard, 'unchanged')
  })

  test('students sharing a number already: the migration leaves the index out rather than fail, the start reports them, and builds it once corrected', async () => {
    const repo = createStudentsRepository({ db: t.app.db })
    await t.app.db.execute(sql`drop index students_id_card_uq`)
    const shared = uniqueIdCard()
    const a = await insertStudent(t.app, { idCard: shared })
    const b = await insertStudent(t.app, { idCard: ` ${shared.toLowerCase()} ` })
    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0022_students_id_card_unique.sql'), 'utf8')
    await t.app.db.execute(sql.raw(migration))
    assert.equal(await repo.idCardIndexExists(), false)

    const logged: Array<{ level: string; text: string }> = []
    const log = {
      info: (...args: unknown[]) => void logged.push({ level: 'info', text: JSON.stringify(args) }),
      warn: (...args: unknown[]) => void logged.push({ level: 'warn', text: JSON.stringify(args) }),
    }
    const report = await ensureUniqueIdCards({ db: t.app.db, log })
    assert.deepEqual(report, { indexed: false, shared: [[a.id, b.id]] })
    assert.equal(logged[0]!.level, 'warn')
    assert.ok(logged[0]!.text.includes(`[${a.id},${b.id}]`) && !logged[0]!.text.includes(shared), logged[0]!.text)

    // Until corrected, the rolls stay editable; then the number is given a student's own.
    assert.equal((await admin.put(`${ROLL}/update`, form({ id: b.id, phone: b.phone, idCard: '', remark: '待核对' }))).statusCode, 200)
    assert.equal((await admin.put(`${ROLL}/update`, form({ id: b.id, phone: b.phone, idCard: uniqueIdCard() }))).statusCode, 200)
    assert.deepEqual(await ensureUniqueIdCards({ db: t.app.db, log }), { indexed: true, shared: [] })
    assert.equal(await repo.idCardIndexExists(), true)
    await assert.rejects(insertStudent(t.app, { idCard: shared }), (error: Error) => /students_id_card_uq/.test(`${error} ${error.cause}`))
  })

  test('two saves of one new number at once: one registers it, the other is refused, with the index and without it', async () => {
    // On PostgreSQL a second app over a pool of 10 makes the race real; PGlite runs one transaction at a time.
    const { app: raceApp, close } = await openRaceApp(t)
    const save = (body: Record<string, unknown>) =>
      raceApp.inject({
        method: 'POST',
        url: `${ROLL}/save`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: adminCookie },
        payload: new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString(),
      })
    const race = async () => {
      const idCard = uniqueIdCard()
      const answers = await Promise.all(Array.from({ length: 6 }, () => save(form({ idCard }))))
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 409, 409, 409, 409, 409], answers.map((r) => r.body).join('\n'))
      assert.ok(answers.every((r) => r.statusCode === 200 || r.json().message === TAKEN))
      const holders = await t.app.db.select().from(students).where(eq(students.idCard, idCard))
      assert.equal(holders.length, 1)
    }
    try {
      await race()
      // Without the index (a database whose students shared numbers before): the lock alone holds.
      await t.app.db.execute(sql`drop index students_id_card_uq`)
      await race()
    } finally {
      await createStudentsRepository({ db: t.app.db }).createIdCardIndex()
      await close()
    }
  })
})
