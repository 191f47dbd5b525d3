import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { beijingDate } from '@activity/domain'
import { eq } from 'drizzle-orm'
import { adminClient, insertPosition, PASSWORD, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, ok, refused, type TestApp } from '../../../../test/helper.ts'
import { adminOpenIds } from '../../platform/admins/admin-open-ids.table.ts'

const ADMIN = '/api/bms/system/admin'
const HOME = '/api/zms/zhijiaotong/page/homePageForHeaderTeacher'
const day = (offset: number) => new Date(Date.parse(`${beijingDate(new Date())}T00:00:00Z`) + offset * 86400000).toISOString().slice(0, 10)

describe('教职工 in the app: silent sign-in by open id, and the head teacher’s workbench', () => {
  let t: TestApp
  let office: Client
  before(async () => {
    t = await buildTestApp()
    office = (await adminClient(t.app, '管理员')).client
  })
  after(() => t.close())

  const bindingsOf = (adminId: number) =>
    t.app.db
      .select({ platform: adminOpenIds.platform, type: adminOpenIds.type })
      .from(adminOpenIds)
      .where(eq(adminOpenIds.adminId, adminId))

  test('an unbound code answers 否; bound after a password sign-in, the next launch signs the operator in; unbound again, it does not', async () => {
    const { admin } = await adminClient(t.app, '招生老师')
    const code = { platform: 'weixin', type: '小程序', signCode: 'fake:staff-open-id-1' }
    const launch = createClient(t.app)
    assert.equal(ok(await launch.post(`${ADMIN}/signInByOpenId`, code)).bound, '否')
    refused(await launch.get(`${ADMIN}/signInfo`), 401)
    // Signed in with account and password (here: a session), the client binds its open id.
    const signedIn = (await adminClient(t.app, '管理员', { positionId: admin.positionId })).client
    const me = ok(await signedIn.get(`${ADMIN}/signInfo`))
    ok(await signedIn.post(`${ADMIN}/bindOpenId`, code))
    const next = createClient(t.app)
    const answer = ok(await next.post(`${ADMIN}/signInByOpenId`, code))
    assert.deepEqual([answer.bound, answer.id], ['是', me.id])
    assert.equal(ok(await next.get(`${ADMIN}/signInfo`)).id, me.id)
    // 退出登录 on a shared phone: unbound, the next launch is asked to sign in.
    ok(await next.post(`${ADMIN}/unbindOpenId`, { platform: 'weixin', type: '小程序' }))
    assert.equal(ok(await createClient(t.app).post(`${ADMIN}/signInByOpenId`, code)).bound, '否')
    // Bad input: a message, never a 500; binding needs a staff session.
    refused(await createClient(t.app).post(`${ADMIN}/signInByOpenId`, { platform: 'qq', type: '小程序', signCode: 'x' }), 400)
    refused(await createClient(t.app).post(`${ADMIN}/bindOpenId`, code), 401)
    // The sign-in records name the method.
    const records = ok(await office.get('/api/ums/user/loginRecord/list', { page: 1, size: 50 })).list as Array<{ method: string }>
    assert.ok(records.some((r) => r.method === 'wechat'))
  })

  test('WeChat H5: an unbound 公众号 code is remembered, the password sign-in in the same client binds it, and a console sign-in binds nothing', async () => {
    const { admin } = await adminClient(t.app, '招生老师', { stepUp: false })
    const code = { platform: 'weixin', type: '公众号', signCode: 'h5-staff-oauth-code' }
    const phone = createClient(t.app)
    assert.equal(ok(await phone.post(`${ADMIN}/signInByOpenId`, code)).bound, '否')
    refused(await phone.get(`${ADMIN}/signInfo`), 401)
    assert.equal(ok(await phone.post(`${ADMIN}/signIn`, { account: admin.account, password: PASSWORD })).id, admin.id)
    assert.deepEqual(await bindingsOf(admin.id), [{ platform: 'weixin', type: '公众号' }])
    // Next time, in another client: signed in silently.
    const next = createClient(t.app)
    const answer = ok(await next.post(`${ADMIN}/signInByOpenId`, code))
    assert.deepEqual([answer.bound, answer.id], ['是', admin.id])
    assert.equal(ok(await next.get(`${ADMIN}/signInfo`)).id, admin.id)
    // A console sign-in (no open id pending) binds nothing, and moves no one's open id.
    const { admin: other } = await adminClient(t.app, '招生老师', { stepUp: false })
    ok(await createClient(t.app).post(`${ADMIN}/signIn`, { account: other.account, password: PASSWORD }))
    assert.deepEqual(await bindingsOf(other.id), [])
    assert.equal(ok(await createClient(t.app).post(`${ADMIN}/signInByOpenId`, code)).id, admin.id)
    // An unbound code leaves an operator signed in here signed in.
    assert.equal(ok(await next.post(`${ADMIN}/signInByOpenId`, { ...code, signCode: 'another-code' })).bound, '否')
    assert.equal(ok(await next.get(`${ADMIN}/signInfo`)).id, admin.id)
    // 退出登录 in WeChat H5: the 公众号 open id unbound, then the session ended.
    ok(await next.post(`${ADMIN}/unbindOpenId`, { platform: 'weixin', type: '公众号' }))
    ok(await next.del(`${ADMIN}/signOut`))
    refused(await next.get(`${ADMIN}/signInfo`), 401)
    assert.deepEqual(await bindingsOf(admin.id), [])
    assert.equal(ok(await createClient(t.app).post(`${ADMIN}/signInByOpenId`, code)).bound, '否')
  })

  test('the workbench: my classes, approvals waiting for me, my students on leave today, notices with how many of mine read them', async () => {
    const position = await insertPosition(t.app, ['students.view', 'classes.view'])
    const head = await adminClient(t.app, '管理员', { positionId: position.id })
    const klass = ok(
      await office.post('/api/zms/class', {
        name: '工作台班',
        school: '浙江工商大学',
        major: '工商管理',
        level: '本科',
        batchYear: 2026,
        batch: 1,
        headTeacherId: head.admin.id,
      }),
    )
    const a = await studentClient(t.app, { name: '今日请假' })
    const b = await studentClient(t.app, { name: '未请假' })
    ok(await office.post('/api/zms/class/assign', { classId: klass.id, studentIds: `${a.student.id},${b.student.id}` }))
    const today = ok(
      await a.client.post('/api/zms/approval/leave/apply', {
        type: '病假',
        startDate: day(0),
        startHalf: '上午',
        endDate: day(1),
        endHalf: '上午',
        reason: '发烧',
      }),
    )
    ok(
      await b.client.post('/api/zms/approval/leave/apply', {
        type: '事假',
        startDate: day(3),
        startHalf: '上午',
        endDate: day(3),
        endHalf: '下午',
        reason: '有事',
      }),
    )
    let home = ok(await head.client.get(HOME))
    assert.deepEqual(home.classes, [{ id: klass.id, name: '工作台班', studentCount: 2 }])
    assert.equal(home.waitingApprovals, 2)
    assert.deepEqual(home.onLeaveToday, [])
    ok(await head.client.put('/api/zms/approval/approval/audit', { id: today.approval.id, decision: 'approve' }))
    home = ok(await head.client.get(HOME))
    assert.equal(home.waitingApprovals, 1)
    assert.deepEqual(
      home.onLeaveToday.map((l: { name: string; className: string; daysText: string }) => [l.name, l.className, l.daysText]),
      [['今日请假', '工作台班', '1.5天']],
    )
    // A notice to the school: both addressed, one read.
    const notice = ok(
      await office.post('/api/ems/education/notices/save', { title: '工作台通知', content: '<p>请查收</p>', targetSchool: '浙江工商大学' }),
    )
    ok(await office.put('/api/ems/education/notices/publish', { id: notice.id }))
    ok(await a.client.get('/api/ems/education/notices/detailsForClient', { id: notice.id }))
    home = ok(await head.client.get(HOME))
    const reach = home.notices.find((n: { id: number }) => n.id === notice.id)
    assert.deepEqual([reach.audience, reach.read], [2, 1])
    // Someone who heads nothing sees an empty workbench, not an error.
    const nobody = ok(await (await adminClient(t.app, '财务')).client.get(HOME))
    assert.deepEqual([nobody.classes, nobody.onLeaveToday, nobody.notices], [[], [], []])
  })
})
