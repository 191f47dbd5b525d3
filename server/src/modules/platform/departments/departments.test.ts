import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { adminAndTeacher } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, type TestApp } from '../../../../test/helper.ts'

const BASE = '/api/bms/system/dept'

describe('部门: the office keeps departments and puts operators in them', () => {
  let t: TestApp
  let office: Client
  let teacher: { client: Client; id: number }
  before(async () => {
    t = await buildTestApp()
    ;({ admin: office, teacher } = await adminAndTeacher(t.app))
  })
  after(() => t.close())

  test('a department is added with a leader, renamed, listed with its members, and every operator reads the list', async () => {
    const created = await office.post(BASE, { name: ' 招生一部 ', leaderId: teacher.id })
    assert.equal(created.statusCode, 200, created.body)
    const d = created.json().data
    assert.equal(d.name, '招生一部')
    assert.equal(d.leaderId, teacher.id)
    assert.ok(d.leaderName)
    assert.equal((await office.put(`${BASE}/member`, { adminId: teacher.id, departmentId: d.id })).statusCode, 200)
    const renamed = await office.put(BASE, { id: d.id, name: '招生1部', leaderId: '' })
    assert.equal(renamed.statusCode, 200, renamed.body)
    assert.deepEqual([renamed.json().data.name, renamed.json().data.leaderId, renamed.json().data.memberCount], ['招生1部', null, 1])
    const list = await teacher.client.get(`${BASE}/list`)
    assert.equal(list.statusCode, 200, list.body)
    assert.deepEqual(
      list.json().data.list.map((r: { name: string; memberCount: number }) => [r.name, r.memberCount]),
      [['招生1部', 1]],
    )
    // The operators list carries the department.
    const ops = (await office.get('/api/bms/system/admin/list', { page: 1, size: 50 })).json().data.list as Array<{
      id: number
      departmentId: number | null
    }>
    assert.equal(ops.find((o) => o.id === teacher.id)?.departmentId, d.id)
    // With a member it stays; moved out, it goes.
    const refused = await office.del(BASE, { id: d.id })
    assert.equal(refused.statusCode, 422, refused.body)
    assert.equal((await office.put(`${BASE}/member`, { adminId: teacher.id, departmentId: '' })).statusCode, 200)
    assert.equal((await office.del(BASE, { id: d.id })).statusCode, 200)
    assert.equal((await office.get(`${BASE}/list`)).json().data.list.length, 0)
    const audit = (await office.get('/api/bms/system/auditLog/list', { page: 1, size: 50 })).json().data.list as Array<{ action: string }>
    for (const action of ['department.create', 'department.update', 'department.member', 'department.delete'])
      assert.ok(
        audit.some((e) => e.action === action),
        action,
      )
  })

  test('names are unique, inputs are checked, and only the office writes', async () => {
    assert.equal((await office.post(BASE, { name: '二部' })).statusCode, 200)
    const dup = await office.post(BASE, { name: '二部' })
    assert.equal(dup.statusCode, 409, dup.body)
    for (const body of [{ name: '' }, { name: 'x'.repeat(31) }, { name: '三部', leaderId: 'abc' }]) {
      const res = await office.post(BASE, body)
      assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`)
      assert.equal(res.json().code, 100000001)
    }
    assert.equal((await office.post(BASE, { name: '三部', leaderId: 999999 })).statusCode, 404)
    assert.equal((await office.put(`${BASE}/member`, { adminId: 999999, departmentId: '' })).statusCode, 404)
    assert.equal((await office.put(`${BASE}/member`, { adminId: teacher.id, departmentId: 999999 })).statusCode, 404)
    assert.equal((await office.put(BASE, { id: 999999, name: '四部' })).statusCode, 404)
    assert.equal((await teacher.client.post(BASE, { name: '五部' })).statusCode, 403)
    assert.equal((await teacher.client.put(`${BASE}/member`, { adminId: teacher.id, departmentId: '' })).statusCode, 403)
  })
})
