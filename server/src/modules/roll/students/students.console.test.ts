import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, count, eq } from 'drizzle-orm'
import { adminAndTeacher, adminClient, insertPartner, insertStudent, uniqueIdCard, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, type TestApp } from '../../../../test/helper.ts'
import { multipart, readXlsx, xlsx } from '../../../../test/xlsx.ts'
import { ClueSource, ClueStatus } from '../../../wire.ts'
import { accounts } from '../../platform/accounts/accounts.table.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { clues } from '../../partner-programme/clues/clues.table.ts'
import { partners } from '../../partner-programme/partners/partners.table.ts'
import { rollModifyRequests, studentStatusHistory, students } from './students.table.ts'

const ROLL = '/api/ems/education/schoolRoll'
const MODIFY = '/api/ems/education/schoolRollInfoModify'

/** The register's fields, as the console's form sends them. */
const form = (overrides: Record<string, unknown> = {}) => ({
  name: '王同学',
  phone: uniquePhone(),
  idCard: uniqueIdCard('1236'),
  gender: '男',
  educationType: '自学考试',
  school: '浙江大学',
  major: '会计学',
  level: '本科',
  programme: '专升本',
  discipline: '管理学-会计学',
  batchYear: 2025,
  batch: 3,
  studentNo: `N${uniquePhone()}`,
  remark: '首批',
  ...overrides,
})

describe("the office's student register", () => {
  let t: TestApp
  let admin: Client
  let teacher: { client: Client; id: number }
  let finance: Client
  const audits = async (action: string, entityId?: number) => {
    const [row] = await t.app.db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), entityId === undefined ? undefined : eq(auditLogs.entityId, String(entityId))))
    return row!.n
  }
  before(async () => {
    t = await buildTestApp()
    ;({ admin, teacher } = await adminAndTeacher(t.app))
    finance = (await adminClient(t.app, '财务')).client
  })
  after(async () => t.close())

  test('registering a student: 在读 with a 登记 history row, audited; a phone or student number taken is 409', async () => {
    const body = form()
    const res = await teacher.client.post(`${ROLL}/save`, body)
    assert.equal(res.statusCode, 200, res.body)
    const roll = res.json().data
    assert.equal(roll.status, '在读')
    assert.equal(roll.phone, body.phone, 'the console sees the phone whole')
    assert.equal(roll.idCard, '3301**********1236')
    assert.equal(roll.hasPartner, false)
    assert.equal(roll.remark, '首批')
    assert.equal(await audits('student.create', roll.id), 1)

    const details = (await finance.get(`${ROLL}/details`, { id: roll.id })).json().data
    assert.equal(details.history.length, 1)
    assert.equal(details.history[0].reason, '登记')
    assert.equal(details.history[0].fromStatus, null)
    assert.ok(details.history[0].adminName)
    assert.deepEqual(details.requests, [])

    const samePhone = await admin.post(`${ROLL}/save`, form({ phone: body.phone }))
    assert.equal(samePhone.statusCode, 409)
    assert.equal(samePhone.json().message, '该手机号已登记为学员')
    const sameNo = await admin.post(`${ROLL}/save`, form({ studentNo: body.studentNo }))
    assert.equal(sameNo.statusCode, 409)
    assert.equal(sameNo.json().message, '学号已存在')
    for (const [bad, message] of [
      [{ idCard: '330106199003071234' }, '身份证号不正确'],
      [{ batchYear: 2014 }, '年份不能小于2015'],
      [{ batch: 21 }, '批次不能大于20'],
      [{ level: '硕士' }, '请选择层次'],
      [{ educationType: '' }, '请选择教育类型'],
      [{ school: '' }, '请填写学校'],
    ] as const) {
      const r = await admin.post(`${ROLL}/save`, form(bad))
      assert.equal(r.statusCode, 400, `${JSON.stringify(bad)} ${r.body}`)
      assert.equal(r.json().message, message)
    }
  })

  test("a partner registered as a student joins the partner's account (hasPartner)", async () => {
    const partner = await insertPartner(t.app)
    const res = await admin.post(`${ROLL}/save`, form({ phone: partner.phone }))
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data.hasPartner, true)
    const [s] = await t.app.db.select().from(students).where(eq(students.id, res.json().data.id))
    assert.equal(s!.accountId, partner.accountId)
    // With partners in the database, a student who is not one is not shown as one.
    const alone = await admin.post(`${ROLL}/save`, form({ phone: uniquePhone() }))
    assert.equal(alone.json().data.hasPartner, false)
    const listed = (await admin.get(`${ROLL}/list`, { keyword: partner.phone })).json().data.list
    assert.deepEqual(
      listed.map((r: { hasPartner: boolean }) => r.hasPartner),
      [true],
    )
  })

  test("editing the roll; a phone change moves the partner profile too, another account's phone is 409", async () => {
    const partner = await insertPartner(t.app)
    const student = await insertStudent(t.app, { phone: partner.phone })
    const newPhone = uniquePhone()
    const res = await admin.put(`${ROLL}/update`, form({ id: student.id, phone: newPhone, name: '改名了', studentNo: '', idCard: '' }))
    assert.equal(res.statusCode, 200, res.body)
    const roll = res.json().data
    assert.equal(roll.name, '改名了')
    assert.equal(roll.phone, newPhone)
    assert.equal(roll.studentNo, null)
    assert.equal(roll.idCard, '3301**********1235', 'a blank ID number keeps the one on file (the console only sees it masked)')
    const [p] = await t.app.db.select().from(partners).where(eq(partners.id, partner.id))
    const [a] = await t.app.db.select().from(accounts).where(eq(accounts.id, partner.accountId))
    assert.equal(p!.phone, newPhone)
    assert.equal(a!.phone, newPhone)
    assert.equal(await audits('student.update', student.id), 1)

    const other = await insertPartner(t.app)
    const taken = await admin.put(`${ROLL}/update`, form({ id: student.id, phone: other.phone }))
    assert.equal(taken.statusCode, 409)
    assert.equal(taken.json().message, '该手机号已被其他账号使用')
    const otherStudent = await insertStudent(t.app)
    const asStudent = await admin.put(`${ROLL}/update`, form({ id: student.id, phone: otherStudent.phone }))
    assert.equal(asStudent.statusCode, 409)
    const missing = await admin.put(`${ROLL}/update`, form({ id: 999999 }))
    assert.equal(missing.statusCode, 404)
    assert.equal(missing.json().message, '学员不存在')
  })

  test('a status change needs a reason, refuses the same status and writes a history row', async () => {
    const student = await insertStudent(t.app)
    const noReason = await teacher.client.put(`${ROLL}/changeStatus`, { id: student.id, status: '休学' })
    assert.equal(noReason.statusCode, 400)
    assert.equal(noReason.json().message, '请填写原因')
    const same = await teacher.client.put(`${ROLL}/changeStatus`, { id: student.id, status: '在读', reason: '无' })
    assert.equal(same.statusCode, 422)
    assert.equal(same.json().message, '学籍状态未变化')
    const res = await teacher.client.put(`${ROLL}/changeStatus`, { id: student.id, status: '休学', reason: '工作调动' })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data.status, '休学')
    const history = (await admin.get(`${ROLL}/details`, { id: student.id })).json().data.history
    assert.deepEqual(
      history.map((h: { fromStatus: string | null; toStatus: string; reason: string }) => [h.fromStatus, h.toStatus, h.reason]),
      [
        ['在读', '休学', '工作调动'],
        [null, '在读', '登记'],
      ],
    )
    assert.equal(await audits('student.status', student.id), 1)
  })

  test('the list filters and pages; 财务 reads but may not write', async () => {
    const school = `筛选大学${uniquePhone()}`
    const a = await insertStudent(t.app, { school, major: '法学', level: '专科', batchYear: 2024, batch: 2, name: '筛选甲' })
    const b = await insertStudent(t.app, { school, major: '法学', level: '本科', batchYear: 2024, batch: 2, status: '毕业' })
    await insertStudent(t.app, { school, major: '历史', level: '本科', batchYear: 2023, batch: 1 })
    const ids = async (q: Record<string, unknown>) =>
      (await finance.get(`${ROLL}/list`, { school, ...q })).json().data.list.map((s: { id: number }) => s.id)
    assert.equal((await ids({})).length, 3)
    assert.deepEqual(await ids({ major: '法学', batchYear: 2024, batch: 2, level: '专科' }), [a.id])
    assert.deepEqual(await ids({ status: '毕业' }), [b.id])
    assert.deepEqual(await ids({ keyword: '筛选甲' }), [a.id])
    assert.deepEqual(await ids({ keyword: a.phone }), [a.id])
    const page = (await finance.get(`${ROLL}/list`, { school, page: 2, size: 2 })).json().data
    assert.equal(page.total, 3)
    assert.equal(page.list.length, 1)
    assert.equal((await finance.get(`${ROLL}/list`, { status: '失踪' })).statusCode, 400)

    for (const res of [
      await finance.post(`${ROLL}/save`, form()),
      await finance.put(`${ROLL}/update`, form({ id: a.id })),
      await finance.put(`${ROLL}/changeStatus`, { id: a.id, status: '休学', reason: 'x' }),
      await finance.get(`${ROLL}/importTemplate`),
      await finance.post(`${ROLL}/fromClue`, { clueId: 1 }),
      await finance.put(`${MODIFY}/approve`, { id: 1 }),
      await finance.put(`${MODIFY}/refuse`, { id: 1, reason: 'x' }),
    ])
      assert.equal(res.statusCode, 403, res.body)
    assert.equal((await finance.get(`${MODIFY}/list`)).statusCode, 200)
    assert.equal((await finance.get(`${ROLL}/export`, { school })).statusCode, 200)
  })

  test('the export follows the filters, phones and ID numbers masked unless asked for in full', async () => {
    const school = `导出大学${uniquePhone()}`
    const a = await insertStudent(t.app, { school, idCard: '110101198501010017', studentNo: `E${uniquePhone()}`, gender: '女' })
    await insertStudent(t.app, { school: `${school}其他` })
    const res = await admin.get(`${ROLL}/export`, { school, status: '在读' })
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-disposition']), /%E5%AD%A6%E5%91%98\.xlsx/)
    const rows = await readXlsx(res.rawPayload)
    assert.equal(rows.length, 3, 'the header and two rows (the school filter matches by part)')
    const header = rows[0]!
    const row = rows.find((r) => r[header.indexOf('手机号')] === `${a.phone.slice(0, 3)}****${a.phone.slice(-4)}`)!
    assert.ok(row)
    assert.equal(row[header.indexOf('身份证号')], '1101**********0017')
    assert.equal(row[header.indexOf('学号')], a.studentNo)
    assert.equal(row[header.indexOf('批次')], '1期')
    assert.ok(!res.rawPayload.toString('latin1').includes('110101198501010017'))
    // 明文导出 (the 管理员 holds the right; the fixture's session has stepped up).
    const whole = await readXlsx((await admin.get(`${ROLL}/export`, { school, status: '在读', unmasked: '是' })).rawPayload)
    const wholeRow = whole.find((r) => r[header.indexOf('手机号')] === a.phone)!
    assert.equal(wholeRow[header.indexOf('身份证号')], '110101198501010017')
    const none = await readXlsx((await admin.get(`${ROLL}/export`, { school, status: '退学' })).rawPayload)
    assert.equal(none.length, 1)
  })

  test('the import takes a good file whole, and nothing of a file with a bad row', async () => {
    const template = await teacher.client.get(`${ROLL}/importTemplate`)
    assert.equal(template.statusCode, 200)
    const header = (await readXlsx(template.rawPayload))[0]!
    assert.deepEqual(header.slice(0, 3), ['姓名', '手机号', '身份证号'])
    const row = (o: Record<string, unknown> = {}) => {
      const v: Record<string, unknown> = {
        姓名: '导入同学',
        手机号: uniquePhone(),
        身份证号: '',
        性别: '女',
        教育类型: '开放教育',
        学校: '导入大学',
        专业: '护理学',
        层次: '专科',
        报读项目: '高起专',
        学科: '',
        年份: '2026',
        批次: '2期',
        学号: '',
        备注: '',
        ...o,
      }
      return header.map((h) => v[h] ?? '')
    }
    const existing = await insertStudent(t.app, { studentNo: `X${uniquePhone()}` })
    const dupPhone = uniquePhone()
    const bad = await xlsx([
      header,
      row(),
      row({ 姓名: '' }),
      row({ 手机号: existing.phone }),
      row({ 学号: existing.studentNo }),
      row({ 身份证号: '330106199003071234' }),
      row({ 年份: '2040' }),
      row({ 批次: '21' }),
      row({ 教育类型: '函授' }),
      row({ 手机号: dupPhone }),
      row({ 手机号: dupPhone }),
    ])
    const before = (await t.app.db.select({ n: count() }).from(students))[0]!.n
    const refused = await teacher.client.inject({ method: 'POST', url: `${ROLL}/import`, ...multipart(bad) })
    assert.equal(refused.statusCode, 200, refused.body)
    const report = refused.json().data
    assert.equal(report.total, 10)
    assert.equal(report.imported, 0)
    assert.deepEqual(
      report.errors.map((e: { row: number; reason: string }) => [e.row, e.reason]),
      [
        [3, '请填写姓名'],
        [4, '该手机号已登记为学员'],
        [5, '学号已存在'],
        [6, '身份证号不正确'],
        [7, '年份应为2015-2030'],
        [8, '批次应为1-20'],
        [9, '教育类型不在可选范围内'],
        [11, '与第10行手机号重复'],
      ],
    )
    assert.equal((await t.app.db.select({ n: count() }).from(students))[0]!.n, before, 'nothing imported')

    const good = await xlsx([header, row(), row({ 身份证号: uniqueIdCard(), 学号: `I${uniquePhone()}` })])
    const res = await teacher.client.inject({ method: 'POST', url: `${ROLL}/import`, ...multipart(good) })
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(res.json().data, { total: 2, imported: 2, failed: 0, errors: [] })
    assert.equal((await t.app.db.select({ n: count() }).from(students))[0]!.n, before + 2)
    const rows = await t.app.db.select().from(students).where(eq(students.school, '导入大学'))
    assert.equal(rows[0]!.batch, 2)
    assert.equal(rows[0]!.status, '在读')
    const [h] = await t.app.db.select({ n: count() }).from(studentStatusHistory).where(eq(studentStatusHistory.studentId, rows[0]!.id))
    assert.equal(h!.n, 1)
    assert.equal(await audits('student.import'), 1)

    const notXlsx = await teacher.client.inject({ method: 'POST', url: `${ROLL}/import`, ...multipart(Buffer.from('a,b'), 'a.csv') })
    assert.equal(notXlsx.statusCode, 400)
  })

  test('转为学员: only a deal; name, phone and programme from the clue; an existing student of that phone is linked', async () => {
    const partner = await insertPartner(t.app)
    const clue = async (o: Partial<typeof clues.$inferInsert> = {}) =>
      (
        await t.app.db
          .insert(clues)
          .values({
            partnerId: partner.id,
            name: '成交同学',
            phone: uniquePhone(),
            source: ClueSource.partner,
            status: ClueStatus.deal,
            programme: '会计学(本科)',
            amount: 100,
            dealAt: new Date(),
            ...o,
          })
          .returning()
      )[0]!
    const body = (clueId: number) => ({
      clueId,
      educationType: '成人高考',
      school: '浙江工商大学',
      major: '会计学',
      level: '本科',
      batchYear: 2026,
      batch: 1,
    })
    const open = await clue({ status: ClueStatus.following, programme: null, dealAt: null })
    const notDeal = await teacher.client.post(`${ROLL}/fromClue`, body(open.id))
    assert.equal(notDeal.statusCode, 422)
    assert.equal(notDeal.json().message, '只有已成交的线索可以转为学员')
    const missing = await teacher.client.post(`${ROLL}/fromClue`, body(999999))
    assert.equal(missing.statusCode, 404)

    const deal = await clue()
    const res = await teacher.client.post(`${ROLL}/fromClue`, body(deal.id))
    assert.equal(res.statusCode, 200, res.body)
    const made = res.json().data
    assert.equal(made.linked, false)
    assert.equal(made.name, '成交同学')
    assert.equal(made.phone, deal.phone)
    assert.equal(made.programme, '会计学(本科)')
    assert.equal(made.clueId, deal.id)
    assert.equal(made.status, '在读')
    assert.equal(await audits('student.fromClue', made.id), 1)
    const again = await teacher.client.post(`${ROLL}/fromClue`, body(deal.id))
    assert.equal(again.statusCode, 409)
    assert.equal(again.json().message, '该线索已转为学员')
    assert.equal((await finance.get(`${ROLL}/byClue`, { clueId: deal.id })).json().data.id, made.id)
    assert.equal((await finance.get(`${ROLL}/byClue`, { clueId: open.id })).json().data, null)

    const student = await insertStudent(t.app, { name: '老学员' })
    const sameAsStudent = await clue({ phone: student.phone })
    const linked = await admin.post(`${ROLL}/fromClue`, body(sameAsStudent.id))
    assert.equal(linked.statusCode, 200, linked.body)
    assert.equal(linked.json().data.linked, true)
    assert.equal(linked.json().data.id, student.id)
    assert.equal(linked.json().data.name, '老学员', 'the roll itself is kept')
    assert.equal(linked.json().data.clueId, sameAsStudent.id)

    // A teacher converts only the clues they may see (their own and the pool's).
    const othersClue = await clue({ assigneeId: teacher.id + 1000 })
    assert.equal((await teacher.client.post(`${ROLL}/fromClue`, body(othersClue.id))).statusCode, 404)
  })

  test('the request queue filters by status and keyword; details list every request of the student', async () => {
    const student = await insertStudent(t.app, { name: `队列${uniquePhone().slice(-4)}` })
    const [request] = await t.app.db
      .insert(rollModifyRequests)
      .values({ studentId: student.id, field: 'idCard', oldValue: null, newValue: '110101198501010017', status: '待审核' })
      .returning()
    const queue = (await finance.get(`${MODIFY}/list`, { status: '待审核', keyword: student.name })).json().data
    assert.equal(queue.total, 1)
    assert.equal(queue.list[0].id, request!.id)
    assert.equal(queue.list[0].newValue, '1101**********0017', 'ID numbers masked in the console too')
    assert.equal(queue.list[0].studentId, student.id)
    assert.equal((await finance.get(`${MODIFY}/list`, { status: '已通过', keyword: student.name })).json().data.total, 0)
    const details = (await admin.get(`${ROLL}/details`, { id: student.id })).json().data
    assert.deepEqual(
      details.requests.map((r: { id: number }) => r.id),
      [request!.id],
    )
    assert.equal((await admin.get(`${ROLL}/details`, { id: 999999 })).statusCode, 404)
  })
})
