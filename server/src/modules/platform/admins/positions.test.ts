import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ALL_RIGHTS, BUILTIN_RIGHTS } from '@activity/domain'
import { eq } from 'drizzle-orm'
import { adminClient, insertPartner, uniquePhone } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, type TestApp } from '../../../../test/helper.ts'
import { ClueSource, ClueStatus, Code } from '../../../wire.ts'
import { auditLogs } from '../audit/audit.table.ts'
import { clues } from '../../partner-programme/clues/clues.table.ts'

interface Position {
  id: number
  name: string
  rights: string[]
  builtin: boolean
  allRights: boolean
  members: number
}

/**
 * 岗位: the administrator defines positions and the rights they grant; the server enforces them on
 * the next call of every operator holding one (the session cache forgets them on both databases).
 */
describe('positions (岗位) and their rights', () => {
  let t: TestApp
  let admin: Client
  const positions = async () => (await admin.get('/api/bms/system/position/list')).json().data as Position[]
  const byName = async (name: string) => (await positions()).find((p) => p.name === name)!

  before(async () => {
    t = await buildTestApp()
    admin = (await adminClient(t.app)).client
  })
  after(async () => t.close())

  test("the built-in positions are today's three roles with the rights of packages/domain", async () => {
    const list = await positions()
    assert.deepEqual(
      list.filter((p) => p.builtin).map((p) => p.name),
      ['管理员', '财务', '招生老师'],
    )
    assert.equal((await byName('管理员')).allRights, true)
    assert.deepEqual((await byName('财务')).rights, [...BUILTIN_RIGHTS.finance], 'migration 0015 and BUILTIN_RIGHTS agree')
    assert.deepEqual((await byName('招生老师')).rights, [...BUILTIN_RIGHTS.enrollTeacher])
    const catalogue = (await admin.get('/api/bms/system/position/rights')).json().data as Array<{ actions: Array<{ right: string }> }>
    assert.deepEqual(
      catalogue.flatMap((s) => s.actions.map((a) => a.right)),
      [...ALL_RIGHTS],
    )
  })

  test('招生主管: sees every clue and exports, cannot pay; changes hold from the next call', async () => {
    const created = await admin.post('/api/bms/system/position', {
      name: '招生主管',
      description: '看全部线索，可导出',
      rights: 'dashboard.view,clues.view,clues.viewAll,clues.work,clues.export',
    })
    assert.equal(created.statusCode, 200, created.body)
    const position = created.json().data as Position
    assert.deepEqual(position.rights, ['dashboard.view', 'clues.view', 'clues.viewAll', 'clues.work', 'clues.export'])

    const { admin: teacher } = await adminClient(t.app, '招生老师')
    const partner = await insertPartner(t.app)
    const [clue] = await t.app.db
      .insert(clues)
      .values({
        partnerId: partner.id,
        name: '别人的学员',
        phone: uniquePhone(),
        source: ClueSource.partner,
        status: ClueStatus.new,
        assigneeId: teacher.id,
      })
      .returning()
    const { admin: lead, client: leadClient } = await adminClient(t.app, '招生老师')
    const seen = async () =>
      ((await leadClient.get('/api/ems/partner/clue/listForAdmin', { partnerId: partner.id })).json().data?.list ?? []) as Array<{
        id: number
      }>
    assert.deepEqual(await seen(), [], "a 招生老师 does not see another teacher's clue")

    // Assigned the position: the very next call follows it.
    assert.equal((await admin.put('/api/bms/system/admin', { id: lead.id, positionId: position.id })).statusCode, 200)
    assert.deepEqual(
      (await seen()).map((c) => c.id),
      [clue!.id],
    )
    const info = (await leadClient.get('/api/bms/system/admin/signInfo')).json().data
    assert.equal(info.role, '招生主管')
    assert.ok(info.rights.includes('clues.viewAll'))
    assert.equal((await leadClient.get('/api/ems/partner/clue/export', {})).statusCode, 200)
    const pay = await leadClient.put('/api/ems/partner/withdrawalRecord/finishPay', { id: 1, transactionNo: 'X' })
    assert.equal(pay.statusCode, 403)
    assert.equal(pay.json().code, Code.forbidden)
    assert.equal((await leadClient.get('/api/ems/partner/withdrawalRecord/listForAdmin')).statusCode, 403)

    // The position loses export: refused from the next call on.
    const changed = await admin.put('/api/bms/system/position', {
      id: position.id,
      rights: 'dashboard.view,clues.view,clues.viewAll,clues.work',
    })
    assert.equal(changed.statusCode, 200, changed.body)
    assert.equal(changed.json().data.members, 1)
    assert.equal((await leadClient.get('/api/ems/partner/clue/export', {})).statusCode, 403)

    const [entry] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'position.update'))
    assert.match(entry!.summary, /修改岗位招生主管，权限5项改为4项/)
    assert.deepEqual((entry!.after as { rights: string[] }).rights, ['dashboard.view', 'clues.view', 'clues.viewAll', 'clues.work'])
  })

  test('built-in positions keep their names, 管理员 its rights; a position in use or one’s own is protected', async () => {
    const finance = await byName('财务')
    const adminPosition = await byName('管理员')
    assert.equal(
      (await admin.put('/api/bms/system/position', { id: finance.id, name: '会计' })).json().message,
      '内置岗位不能删除或改名，管理员岗位的权限不能修改',
    )
    assert.equal((await admin.put('/api/bms/system/position', { id: adminPosition.id, rights: 'dashboard.view' })).statusCode, 422)
    assert.equal(
      (await admin.del('/api/bms/system/position', { id: finance.id })).json().message,
      '内置岗位不能删除或改名，管理员岗位的权限不能修改',
    )
    const unknown = await admin.post('/api/bms/system/position', { name: '坏岗位', rights: 'clues.view,everything.do' })
    assert.equal(unknown.statusCode, 400)
    assert.equal(unknown.json().message, '包含未知的权限')
    assert.equal((await admin.post('/api/bms/system/position', { name: '', rights: '' })).json().message, '请填写岗位名称')
    const dup = await admin.post('/api/bms/system/position', { name: '财务', rights: '' })
    assert.equal(dup.json().message, '岗位名称已存在')

    // 财务 may be narrowed: its operators lose the right at once.
    const { client: cashier } = await adminClient(t.app, '财务')
    assert.equal((await cashier.get('/api/ems/partner/withdrawalRecord/listForAdmin')).statusCode, 200)
    const narrowed = finance.rights.filter((r) => r !== 'withdrawals.view')
    assert.equal((await admin.put('/api/bms/system/position', { id: finance.id, rights: narrowed.join(',') })).statusCode, 200)
    assert.equal((await cashier.get('/api/ems/partner/withdrawalRecord/listForAdmin')).statusCode, 403)
    assert.equal((await admin.put('/api/bms/system/position', { id: finance.id, rights: finance.rights.join(',') })).statusCode, 200)
    assert.equal((await cashier.get('/api/ems/partner/withdrawalRecord/listForAdmin')).statusCode, 200)

    // A position with members cannot go; an empty one can.
    const inUse = (await admin.post('/api/bms/system/position', { name: '临时岗', rights: 'positions.view,positions.edit' })).json()
      .data as Position
    const { admin: temp, client: tempClient } = await adminClient(t.app, '管理员', { positionId: inUse.id })
    assert.equal((await admin.del('/api/bms/system/position', { id: inUse.id })).json().message, '岗位下还有操作员，请先为他们更换岗位')
    // Nobody changes the rights of the position they hold.
    assert.equal(
      (await tempClient.put('/api/bms/system/position', { id: inUse.id, rights: ALL_RIGHTS.join(',') })).json().message,
      '不能修改自己所在岗位的权限',
    )
    assert.equal((await admin.put('/api/bms/system/admin', { id: temp.id, positionId: finance.id })).statusCode, 200)
    assert.equal((await admin.del('/api/bms/system/position', { id: inUse.id })).statusCode, 200)
    assert.equal((await admin.del('/api/bms/system/position', { id: inUse.id })).statusCode, 404)
    // An operator cannot be put in a position that does not exist.
    assert.equal((await admin.put('/api/bms/system/admin', { id: temp.id, positionId: inUse.id })).json().message, '岗位不存在')
  })

  test('the last enabled 管理员 cannot leave the position', async () => {
    const fresh = await buildTestApp()
    try {
      const { admin: only, client } = await adminClient(fresh.app)
      const list = (await client.get('/api/bms/system/position/list')).json().data as Position[]
      const finance = list.find((p) => p.name === '财务')!
      assert.equal(
        (await client.put('/api/bms/system/admin', { id: only.id, positionId: finance.id })).json().message,
        '不能停用自己或修改自己的岗位',
      )
      const hr = (await client.post('/api/bms/system/position', { name: '人事', rights: 'operators.view,operators.edit' })).json()
        .data as Position
      const { client: hrClient } = await adminClient(fresh.app, '管理员', { positionId: hr.id })
      assert.equal(
        (await hrClient.put('/api/bms/system/admin', { id: only.id, positionId: finance.id })).json().message,
        '至少保留一个启用的管理员',
      )
      assert.equal((await hrClient.put('/api/bms/system/admin', { id: only.id, enabled: '否' })).json().message, '至少保留一个启用的管理员')
      assert.equal(
        (await hrClient.get('/api/bms/system/position/list')).statusCode,
        200,
        'operators.view reads the positions to choose from',
      )
      assert.equal((await hrClient.post('/api/bms/system/position', { name: '越权', rights: '' })).statusCode, 403)
    } finally {
      await fresh.close()
    }
  })
})
