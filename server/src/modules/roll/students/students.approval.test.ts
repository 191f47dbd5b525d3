import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { adminClient, insertPosition, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, ok, refused, type TestApp } from '../../../../test/helper.ts'
import { rollModifyRequests, students } from './students.table.ts'

const MODIFY = '/api/ems/education/schoolRollInfoModify'
const APPROVAL = '/api/zms/approval/approval'

describe('学籍变更申请 on the approval engine: the same screens, one engine', () => {
  let t: TestApp
  let admin: Client
  before(async () => {
    t = await buildTestApp()
    admin = (await adminClient(t.app, '管理员')).client
  })
  after(async () => t.close())

  const nameOf = async (id: number) => (await t.app.db.select().from(students).where(eq(students.id, id)))[0]!.name

  test('a correction waits in 审批 for those holding 学籍变更申请 · 审批; decided there, the roll changes; never returned; revoked, the old name is back', async () => {
    const { student, client } = await studentClient(t.app, { name: '林同学' })
    const applied = ok(await client.post(`${MODIFY}/applyForClient`, { field: 'name', value: '林新名', reason: '改名' }))
    const waiting = ok(await admin.get(`${APPROVAL}/list`, { box: 'waiting', kind: 'rollCorrection' }))
    const item = waiting.list.find((r: { subjectId: number }) => r.subjectId === applied.id)
    assert.equal(item.title, '林同学的学籍变更（姓名）')
    assert.deepEqual(item.fields.slice(0, 3), [
      { label: '修改项目', value: '姓名' },
      { label: '原内容', value: '林同学' },
      { label: '新内容', value: '林新名' },
    ])
    refused(
      await admin.put(`${APPROVAL}/audit`, { id: item.id, decision: 'return', comment: '补材料' }),
      422,
      '该类审批不能退回，请驳回并说明原因',
    )
    ok(await admin.put(`${APPROVAL}/audit`, { id: item.id, decision: 'approve' }))
    assert.equal(await nameOf(student.id), '林新名')
    // The 学籍变更申请 screen shows it as before.
    const listed = ok(await admin.get(`${MODIFY}/list`, { keyword: student.phone }))
    assert.equal(listed.list[0].status, '已通过')
    assert.ok(listed.list[0].reviewedAt)
    // Revoked (审批 · 撤销): the old name is back and the request says so.
    ok(await admin.put(`${APPROVAL}/revoke`, { id: item.id, reason: '登记有误' }))
    assert.equal(await nameOf(student.id), '林同学')
    assert.equal(ok(await admin.get(`${MODIFY}/list`, { keyword: student.phone })).list[0].status, '已撤销')
  })

  test('the flow set to the head teacher: the console refuses who is not the step’s approver; a withdrawn request frees the field; one from before the engine is decided too', async () => {
    const headPosition = await insertPosition(t.app, ['students.view', 'students.edit', 'rollRequests.view', 'rollRequests.approve'])
    const head = await adminClient(t.app, '管理员', { positionId: headPosition.id })
    const klass = ok(
      await admin.post('/api/zms/class', {
        name: '学籍审批班',
        school: '浙江工商大学',
        major: '工商管理',
        level: '本科',
        batchYear: 2026,
        batch: 1,
        headTeacherId: head.admin.id,
      }),
    )
    ok(
      await admin.inject({
        method: 'PUT',
        url: '/api/zms/approval/flow',
        payload: { kind: 'rollCorrection', steps: [{ name: '班主任审批', approver: { type: 'headTeacher' }, mode: 'any' }] },
      }),
    )
    try {
      const { student, client } = await studentClient(t.app, { name: '王同学' })
      ok(await admin.post('/api/zms/class/assign', { classId: klass.id, studentIds: student.id }))
      const applied = ok(await client.post(`${MODIFY}/applyForClient`, { field: 'name', value: '王新名' }))
      refused(await admin.put(`${MODIFY}/approve`, { id: applied.id }), 403, '你不是当前步骤的审批人')
      const approval = ok(await head.client.get(`${APPROVAL}/list`, { box: 'waiting' })).list[0]
      // The student takes it back before anyone acted: 已撤回, and the field is free for a new request.
      ok(await client.put(`${APPROVAL}/withdrawForClient`, { id: approval.id }))
      assert.equal(ok(await client.get(`${MODIFY}/listForClient`)).list[0].status, '已撤回')
      const again = ok(await client.post(`${MODIFY}/applyForClient`, { field: 'name', value: '王新名' }))
      ok(await head.client.put(`${MODIFY}/refuse`, { id: again.id, reason: '请上传证明' }))
      assert.equal(ok(await client.get(`${MODIFY}/listForClient`)).list[0].refuseReason, '请上传证明')

      // A request from before the engine (no approval yet) gets one when the office decides it.
      const [legacy] = await t.app.db
        .insert(rollModifyRequests)
        .values({ studentId: student.id, field: 'name', oldValue: '王同学', newValue: '王旧单', status: '待审核' })
        .returning()
      ok(await head.client.put(`${MODIFY}/approve`, { id: legacy!.id }))
      assert.equal(await nameOf(student.id), '王旧单')
    } finally {
      // Back to the default flow for the other tests.
      await t.app.db.execute(sql`delete from approval_flows where kind = 'rollCorrection'`)
    }
  })
})
