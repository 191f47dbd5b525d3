import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { adminClient, insertPosition, insertStudent } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, ok, refused, type TestApp } from '../../../../test/helper.ts'
import { multipart, xlsx } from '../../../../test/xlsx.ts'

const BASE = '/api/zms/class'
const ROLL = '/api/ems/education/schoolRoll'

describe('班级: classes, head teachers and who sees which students', () => {
  let t: TestApp
  let office: Client
  let head: { client: Client; id: number }
  before(async () => {
    t = await buildTestApp()
    office = (await adminClient(t.app, '管理员')).client
    // A 班主任 position: the students it sees, not all of them.
    const position = await insertPosition(t.app, ['students.view', 'classes.view'])
    const h = await adminClient(t.app, '管理员', { positionId: position.id })
    head = { client: h.client, id: h.admin.id }
  })
  after(() => t.close())

  const newClass = async (name: string) =>
    ok(await office.post(BASE, { name, school: '浙江工商大学', major: '工商管理', level: '本科', batchYear: 2026, batch: 1 }))

  test('a class is created, students are placed by pick and by roll filter, a move keeps the history, the head teacher change is audited', async () => {
    const a = ok(
      await office.post(BASE, {
        name: '2026年1期 工商管理（本科）1班',
        school: '浙江工商大学',
        major: '工商管理',
        level: '本科',
        batchYear: 2026,
        batch: 1,
        headTeacherId: head.id,
      }),
    )
    assert.equal(a.headTeacherId, head.id)
    const b = ok(
      await office.post(BASE, {
        name: '2026年1期 工商管理（本科）2班',
        school: '浙江工商大学',
        major: '工商管理',
        level: '本科',
        batchYear: 2026,
        batch: 1,
      }),
    )
    const s1 = await insertStudent(t.app, { name: '甲', school: '分班大学' })
    await insertStudent(t.app, { name: '乙', school: '分班大学' })
    const s3 = await insertStudent(t.app, { name: '丙', school: '别的大学' })
    assert.deepEqual(ok(await office.post(`${BASE}/assign`, { classId: a.id, studentIds: `${s1.id},${s3.id}` })), {
      joined: 2,
      moved: 0,
      already: 0,
    })
    // By roll filter: 分班大学 matches s1 (already there) and s2.
    const byFilter = ok(
      await office.inject({ method: 'POST', url: `${BASE}/assign`, payload: { classId: a.id, filter: { school: '分班大学' } } }),
    )
    assert.deepEqual(byFilter, { joined: 1, moved: 0, already: 1 })
    assert.equal(ok(await office.get(`${BASE}/details`, { id: a.id })).studentCount, 3)
    // s3 moves to class b: one class at a time, with history.
    assert.deepEqual(ok(await office.post(`${BASE}/assign`, { classId: b.id, studentIds: s3.id })), { joined: 1, moved: 1, already: 0 })
    const history = ok(await office.get(`${BASE}/history`, { studentId: s3.id })).list
    assert.deepEqual(
      history.map((h: { className: string; leftAt: string | null }) => [h.className, h.leftAt === null]),
      [
        [b.name, true],
        [a.name, false],
      ],
    )
    const roster = ok(await office.get(`${ROLL}/list`, { classId: a.id, page: 1, size: 20 }))
    assert.deepEqual(roster.list.map((s: { name: string }) => s.name).sort(), ['乙', '甲'])
    assert.equal(roster.list[0].className, a.name)

    // The head teacher's position lacks 查看全部学员: their classes' students only.
    const seen = ok(await head.client.get(`${ROLL}/list`, { page: 1, size: 50 }))
    assert.deepEqual(seen.list.map((s: { name: string }) => s.name).sort(), ['乙', '甲'])
    refused(await head.client.get(`${ROLL}/details`, { id: s3.id }), 404)
    assert.equal(ok(await head.client.get(`${ROLL}/details`, { id: s1.id })).roll.name, '甲')
    // 管理员 sees everyone.
    assert.ok(ok(await office.get(`${ROLL}/list`, { page: 1, size: 50 })).total >= 3)

    // 更换班主任: audited from whom to whom; the old head teacher now sees nobody.
    ok(await office.put(BASE, { id: a.id, headTeacherId: '' }))
    assert.equal(ok(await head.client.get(`${ROLL}/list`, { page: 1, size: 50 })).total, 0)
    const audit = ok(await office.get('/api/bms/system/auditLog/list', { page: 1, size: 50 })).list as Array<{
      action: string
      summary: string
    }>
    assert.ok(
      audit.some((e) => e.action === 'class.headTeacher' && e.summary.includes('→ 无')),
      JSON.stringify(audit.slice(0, 3)),
    )
    assert.ok(audit.some((e) => e.action === 'class.assign'))

    // A class with students stays; emptied, it goes.
    refused(await office.del(BASE, { id: b.id }), 422)
    assert.deepEqual(ok(await office.post(`${BASE}/remove`, { classId: b.id, studentIds: s3.id })), { removed: 1 })
    ok(await office.del(BASE, { id: b.id }))
  })

  test('分班 by spreadsheet: all or nothing, every refused row listed', async () => {
    const klass = await newClass('导入班')
    const s1 = await insertStudent(t.app, { name: '导一', studentNo: `XH${Date.now()}` })
    const s2 = await insertStudent(t.app, { name: '导二' })
    const importFile = async (rows: unknown[][]) =>
      office.inject({
        method: 'POST',
        url: `${BASE}/import?classId=${klass.id}`,
        ...multipart(await xlsx([['手机号', '学号', '姓名'], ...rows])),
      })
    const bad = ok(
      await importFile([
        [s2.phone, '', '导二'],
        ['13999999999', '', '谁'],
        ['', s1.studentNo, '导一'],
        [s2.phone, '', '导二'],
      ]),
    )
    assert.deepEqual([bad.joined, bad.failed], [0, 2])
    assert.deepEqual(
      bad.errors.map((e: { row: number; reason: string }) => [e.row, e.reason]),
      [
        [3, '找不到学员（13999999999）'],
        [5, '与第2行是同一名学员'],
      ],
    )
    assert.equal(ok(await office.get(`${BASE}/details`, { id: klass.id })).studentCount, 0)
    const good = ok(
      await importFile([
        [s2.phone, '', '导二'],
        ['', s1.studentNo, '导一'],
      ]),
    )
    assert.deepEqual([good.joined, good.failed], [2, 0])
    const template = await office.get(`${BASE}/importTemplate`)
    assert.equal(template.statusCode, 200)
    refused(
      await office.inject({ method: 'POST', url: `${BASE}/import?classId=${klass.id}`, ...multipart(Buffer.from('no'), 'a.csv') }),
      400,
    )
  })

  test('bad input is refused with a message, names are unique, only 班级 · 编辑 writes', async () => {
    await newClass('唯一班')
    refused(
      await office.post(BASE, { name: '唯一班', school: 'x', major: 'y', level: '本科', batchYear: 2026, batch: 1 }),
      409,
      '已有同名班级',
    )
    refused(await office.post(BASE, { name: '', school: 'x', major: 'y', level: '本科', batchYear: 2026, batch: 1 }), 400)
    refused(await office.post(BASE, { name: '坏班', school: 'x', major: 'y', level: '硕士', batchYear: 2026, batch: 1 }), 400)
    refused(
      await office.post(BASE, { name: '坏班', school: 'x', major: 'y', level: '本科', batchYear: 2026, batch: 1, headTeacherId: 999999 }),
      404,
    )
    refused(await office.post(`${BASE}/assign`, { classId: 999999, studentIds: '1' }), 404)
    refused(await office.post(`${BASE}/assign`, { classId: 1 }), 400, '请选择学员或填写筛选条件')
    const list = ok(await office.get(`${BASE}/list`, { page: 1, size: 20 }))
    refused(await office.post(`${BASE}/assign`, { classId: list.list[0].id, studentIds: '999999' }), 404)
    // Who may head a class: the operators, with their positions.
    assert.ok(ok(await head.client.get(`${BASE}/headTeachers`)).list.some((o: { id: number }) => o.id === head.id))
    // An editor without 查看全部学员 places only the students they see (their classes').
    const editorPosition = await insertPosition(t.app, ['students.view', 'classes.view', 'classes.edit'])
    const editor = await adminClient(t.app, '管理员', { positionId: editorPosition.id })
    const stranger = await insertStudent(t.app, { name: '外班', school: '他校' })
    refused(
      await editor.client.post(`${BASE}/assign`, { classId: list.list[0].id, studentIds: stranger.id }),
      404,
      '有学员不存在，请刷新后重试',
    )
    const none = ok(
      await editor.client.inject({
        method: 'POST',
        url: `${BASE}/assign`,
        payload: { classId: list.list[0].id, filter: { school: '他校' } },
      }),
    )
    assert.deepEqual(none, { joined: 0, moved: 0, already: 0 })
    refused(
      await office.inject({ method: 'POST', url: `${BASE}/assign`, payload: { classId: list.list[0].id, filter: { unplaced: true } } }),
      400,
      '请选择学员或填写筛选条件',
    )
    refused(await head.client.post(BASE, { name: '越权班', school: 'x', major: 'y', level: '本科', batchYear: 2026, batch: 1 }), 403)
  })
})
