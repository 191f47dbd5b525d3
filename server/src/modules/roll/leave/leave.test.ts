import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { beijingDate } from '@activity/domain'
import { FAKE_PNG, multipart } from '../../../../test/course-fixtures.ts'
import { adminClient, HEAD_TEACHER_STEP, insertPosition, setApprovalFlow, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, ok, openRaceApp, refused, type TestApp } from '../../../../test/helper.ts'
import { remindOverdue } from '../../platform/index.ts'

const LEAVE = '/api/zms/approval/leave'
const APPROVAL = '/api/zms/approval/approval'

const day = (offset: number) => new Date(Date.parse(`${beijingDate(new Date())}T00:00:00Z`) + offset * 86400000).toISOString().slice(0, 10)

/** A leave's form from day `from` (上午 unless said) to day `to`. */
const leave = (from: number, to: number, more: Record<string, unknown> = {}) => ({
  type: '病假',
  startDate: day(from),
  startHalf: '上午',
  endDate: day(to),
  endHalf: '下午',
  reason: '发烧，需要休息',
  ...more,
})

describe('请假 on the approval engine: half-days, no overlap, steps that act once', () => {
  let t: TestApp
  let office: Client
  let head: { client: Client; id: number }
  let officeStaff: { client: Client; id: number }
  let classId: number

  before(async () => {
    t = await buildTestApp()
    office = (await adminClient(t.app, '管理员')).client
    const headPosition = await insertPosition(t.app, ['students.view', 'classes.view'])
    const h = await adminClient(t.app, '管理员', { positionId: headPosition.id })
    head = { client: h.client, id: h.admin.id }
    const officePosition = await insertPosition(t.app, [
      'approvals.view',
      'approvals.revoke',
      'approvals.flows',
      'students.view',
      'students.viewAll',
    ])
    const o = await adminClient(t.app, '管理员', { positionId: officePosition.id })
    officeStaff = { client: o.client, id: o.admin.id }
    classId = ok(
      await office.post('/api/zms/class', {
        name: '请假测试班',
        school: '浙江工商大学',
        major: '工商管理',
        level: '本科',
        batchYear: 2026,
        batch: 1,
        headTeacherId: head.id,
      }),
    ).id
    // The leave flow: the head teacher; a leave over 3 days also 教务处.
    await setApprovalFlow(office, {
      kind: 'leave',
      steps: [
        HEAD_TEACHER_STEP,
        { name: '教务处审批', approver: { type: 'position', positionId: officePosition.id }, mode: 'any', minDays: 3 },
      ],
    })
  })
  after(() => t.close())

  /** A student in the test class, signed in. */
  async function student() {
    const s = await studentClient(t.app, { name: `学员${Math.random().toString(36).slice(2, 6)}` })
    ok(await office.post('/api/zms/class/assign', { classId, studentIds: s.student.id }))
    return s
  }

  test('1.5 days of sick leave with a picture: the head teacher sees it waiting with a badge and approves; the student sees 已通过 with the steps', async () => {
    const { client, student: s } = await student()
    const picture = ok(
      await client.inject({
        method: 'POST',
        url: `${LEAVE}/upload`,
        ...multipart({}, { name: '病历.png', type: 'image/png', data: FAKE_PNG }),
      }),
    )
    assert.match(picture.key, new RegExp(`^leave/\\d{4}/\\d{2}/s${s.id}-`))
    const applied = ok(await client.post(LEAVE + '/apply', { ...leave(1, 2, { endHalf: '上午' }), pictures: picture.key }))
    assert.equal(applied.leave.halfDays, 3)
    assert.equal(applied.leave.daysText, '1.5天')
    assert.equal(applied.leave.pictures.length, 1)
    assert.equal(applied.approval.status, '审批中')
    // 1.5 days: only the head teacher's step applies.
    assert.deepEqual(
      applied.approval.steps.map((x: { name: string; status: string }) => [x.name, x.status]),
      [['班主任审批', '审批中']],
    )
    assert.deepEqual(ok(await head.client.get(`${APPROVAL}/count`)), { waiting: 1, unreadMessages: 1 })
    const messages = ok(await head.client.get(`${APPROVAL}/messages`))
    assert.deepEqual([messages.list[0].kind, messages.list[0].title], ['待审批', `请审批：${s.name}的请假（病假 1.5天）`])
    assert.equal(ok(await head.client.put(`${APPROVAL}/messages/read`, {})).unreadMessages, 0)
    const waiting = ok(await head.client.get(`${APPROVAL}/list`, { box: 'waiting' }))
    assert.equal(waiting.list[0].title, `${s.name}的请假（病假 1.5天）`)
    assert.equal(waiting.list[0].currentStep, '班主任审批')
    // The picture reaches the approver, not another operator.
    assert.equal(ok(await head.client.get(`${LEAVE}/detailsForTeacher`, { id: applied.leave.id })).leave.pictures.length, 1)
    refused(await (await adminClient(t.app, '招生老师')).client.get(`${LEAVE}/detailsForTeacher`, { id: applied.leave.id }), 404)

    const approved = ok(await head.client.put(`${APPROVAL}/audit`, { id: applied.approval.id, decision: 'approve', comment: '好好休息' }))
    assert.equal(approved.status, '已通过')
    assert.equal(ok(await head.client.get(`${APPROVAL}/count`)).waiting, 0)
    const seen = ok(await client.get(`${LEAVE}/details`, { id: applied.leave.id }))
    assert.equal(seen.leave.status, '已通过')
    assert.deepEqual(
      seen.approval.steps[0].approvers.map((a: { decisionName: string; comment: string }) => [a.decisionName, a.comment]),
      [['同意', '好好休息']],
    )
    assert.deepEqual(
      seen.approval.timeline.map((x: { action: string }) => x.action),
      ['提交', '同意'],
    )
    // Somebody else's leave is nobody's business.
    const other = await student()
    refused(await other.client.get(`${LEAVE}/details`, { id: applied.leave.id }), 404)
    refused(await other.client.get(`${APPROVAL}/detailsForClient`, { id: applied.approval.id }), 404)
  })

  test('a 4-day leave also needs 教务处; a withdraw after the first step is refused; overlapping leave is refused by the database', async () => {
    const { client } = await student()
    const applied = ok(await client.post(`${LEAVE}/apply`, leave(3, 6)))
    assert.equal(applied.leave.halfDays, 8)
    assert.deepEqual(
      applied.approval.steps.map((x: { status: string }) => x.status),
      ['审批中', '未开始'],
    )
    // Overlapping (审批中 counts): refused with a message; the next free half-day is fine.
    refused(await client.post(`${LEAVE}/apply`, leave(6, 7)), 409, '这段时间已有请假（审批中或已通过），不能重复请假')
    refused(await client.post(`${LEAVE}/apply`, leave(5, 5, { startHalf: '下午', endHalf: '下午' })), 409)
    ok(await head.client.put(`${APPROVAL}/audit`, { id: applied.approval.id, decision: 'approve' }))
    refused(await client.put(`${APPROVAL}/withdrawForClient`, { id: applied.approval.id }), 422, '审批人已处理，不能撤回')
    // The head teacher is done; 教务处 decides (the head teacher is not its approver).
    refused(await head.client.put(`${APPROVAL}/audit`, { id: applied.approval.id, decision: 'approve' }), 403, '你不是当前步骤的审批人')
    assert.equal(ok(await officeStaff.client.get(`${APPROVAL}/count`)).waiting, 1)
    const done = ok(await officeStaff.client.put(`${APPROVAL}/audit`, { id: applied.approval.id, decision: 'approve' }))
    assert.equal(done.status, '已通过')
    assert.deepEqual(
      done.steps.map((x: { status: string }) => x.status),
      ['已通过', '已通过'],
    )
    assert.equal(ok(await client.get(`${LEAVE}/details`, { id: applied.leave.id })).leave.status, '已通过')

    // 销假 on day 5 上午: days 3-4 used, the rest released: a new leave may take day 5.
    refused(
      await client.put(`${LEAVE}/destroy`, { id: applied.leave.id, backDate: day(5), backHalf: '上午' }),
      422,
      '还没有返回，不能提前销假',
    )
  })

  test('销假 releases the unused rest; withdraw before anyone acted frees the dates; return, change and submit again', async () => {
    const { client } = await student()
    // Started two days ago (补请假), approved, back today at noon: 4 half-days used, 4 released.
    const applied = ok(await client.post(`${LEAVE}/apply`, leave(-2, 1, { type: '事假' })))
    ok(await head.client.put(`${APPROVAL}/audit`, { id: applied.approval.id, decision: 'approve' }))
    ok(await officeStaff.client.put(`${APPROVAL}/audit`, { id: applied.approval.id, decision: 'approve' }))
    refused(await client.post(`${LEAVE}/apply`, leave(1, 1)), 409)
    const back = ok(await client.put(`${LEAVE}/destroy`, { id: applied.leave.id, backDate: day(0), backHalf: '下午' }))
    assert.deepEqual([back.leave.backDate, back.leave.backHalf, back.leave.usedHalfDays], [day(0), '下午', 5])
    assert.equal(back.approval.timeline.at(-1).action, '销假')
    refused(await client.put(`${LEAVE}/destroy`, { id: applied.leave.id, backDate: day(0), backHalf: '下午' }), 422, '该请假已销假')
    const later = ok(await client.post(`${LEAVE}/apply`, leave(1, 1)))

    // Withdrawn before anyone acted: 已撤回, and its dates are free again.
    const gone = ok(await client.put(`${APPROVAL}/withdrawForClient`, { id: later.approval.id }))
    assert.equal(gone.status, '已撤回')
    assert.equal(ok(await client.get(`${LEAVE}/details`, { id: later.leave.id })).leave.status, '已撤回')
    assert.equal(ok(await head.client.get(`${APPROVAL}/count`)).waiting, 0)
    const again = ok(await client.post(`${LEAVE}/apply`, leave(1, 1)))

    // 退回 needs a reason; the student changes it and submits again: round 2 starts at the head teacher.
    refused(await head.client.put(`${APPROVAL}/audit`, { id: again.approval.id, decision: 'return' }), 400, '请填写退回理由')
    ok(await head.client.put(`${APPROVAL}/audit`, { id: again.approval.id, decision: 'return', comment: '请补充病历' }))
    const returned = ok(await client.get(`${LEAVE}/details`, { id: again.leave.id }))
    assert.equal(returned.leave.status, '已退回')
    assert.equal(returned.approval.can.resubmit, true)
    const resubmitted = ok(await client.put(`${LEAVE}/update`, { id: again.leave.id, ...leave(1, 1, { reason: '发烧，附病历' }) }))
    assert.equal(resubmitted.approval.status, '审批中')
    assert.equal(resubmitted.approval.steps[0].status, '审批中')
    assert.deepEqual(
      resubmitted.approval.timeline.map((x: { action: string }) => x.action),
      ['提交', '退回', '重新提交'],
    )
    // 驳回 ends it; the student revokes nothing that is not approved.
    ok(await head.client.put(`${APPROVAL}/audit`, { id: again.approval.id, decision: 'refuse', comment: '与考试冲突' }))
    refused(await client.put(`${APPROVAL}/revokeForClient`, { id: again.approval.id, reason: '不需要了' }), 422, '只有已通过的审批可以撤销')
    // A leave taken (销假 recorded) is never revoked; one begun is not revoked by its student.
    assert.equal(ok(await client.get(`${LEAVE}/details`, { id: applied.leave.id })).approval.can.revoke, false)
    refused(await client.put(`${APPROVAL}/revokeForClient`, { id: applied.approval.id, reason: '行程取消' }), 422, '已销假的请假不能撤销')
    const other = await student()
    const begun = ok(await other.client.post(`${LEAVE}/apply`, leave(-1, -1)))
    ok(await head.client.put(`${APPROVAL}/audit`, { id: begun.approval.id, decision: 'approve' }))
    refused(
      await other.client.put(`${APPROVAL}/revokeForClient`, { id: begun.approval.id, reason: '不需要' }),
      422,
      '请假已开始，不能撤销；返回后请销假',
    )
    // A future one, revoked by its student within 7 days: undone, its half-days free.
    const future = ok(await client.post(`${LEAVE}/apply`, leave(25, 25)))
    ok(await head.client.put(`${APPROVAL}/audit`, { id: future.approval.id, decision: 'approve' }))
    assert.equal(ok(await client.get(`${LEAVE}/details`, { id: future.leave.id })).approval.can.revoke, true)
    const revoked = ok(await client.put(`${APPROVAL}/revokeForClient`, { id: future.approval.id, reason: '行程取消' }))
    assert.equal(revoked.status, '已撤销')
    assert.equal(ok(await client.get(`${LEAVE}/details`, { id: future.leave.id })).leave.status, '已撤销')
    ok(await client.post(`${LEAVE}/apply`, leave(25, 25)))
    // The office (审批 · 撤销) may revoke the begun one: its mark is undone.
    ok(await officeStaff.client.put(`${APPROVAL}/revoke`, { id: begun.approval.id, reason: '病假条不实' }))
    assert.equal(ok(await other.client.get(`${LEAVE}/details`, { id: begun.leave.id })).leave.status, '已撤销')
  })

  test('two approvals at once act once; a batch gives a result per request; the head teacher applies for a student and their own step passes', async () => {
    // Two approvers of one 或签 step, at once: one decides, the other is told it is handled.
    const second = await adminClient(t.app, '管理员', { positionId: (await insertPosition(t.app, ['students.view'])).id })
    const position = await insertPosition(t.app, ['students.view'], `岗位会签${process.pid}`)
    const a1 = await adminClient(t.app, '管理员', { positionId: position.id })
    const a2 = await adminClient(t.app, '管理员', { positionId: position.id })
    await setApprovalFlow(office, {
      kind: 'leave',
      steps: [{ name: '岗位审批', approver: { type: 'position', positionId: position.id }, mode: 'any' }],
      cc: [{ type: 'headTeacher' }],
      overdueHours: 1,
    })
    const { client } = await student()
    const applied = ok(await client.post(`${LEAVE}/apply`, leave(10, 10)))
    const race = await openRaceApp(t)
    try {
      // On PostgreSQL the second approver comes through another app with its own pool: a true race.
      const other = createClient(race.app)
      for (const [k, v] of a2.client.jar) other.jar.set(k, v)
      const results = await Promise.all([
        a1.client.put(`${APPROVAL}/audit`, { id: applied.approval.id, decision: 'approve' }),
        other.put(`${APPROVAL}/audit`, { id: applied.approval.id, decision: 'approve' }),
      ])
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409])
    } finally {
      await race.close()
    }
    const details = ok(await client.get(`${LEAVE}/details`, { id: applied.leave.id }))
    assert.equal(details.approval.status, '已通过')
    assert.equal(details.approval.timeline.filter((x: { action: string }) => x.action === '同意').length, 1)
    // An approver copies it to an operator (抄送); bad picks are refused.
    ok(await a1.client.post(`${APPROVAL}/cc`, { id: applied.approval.id, adminIds: String(officeStaff.id) }))
    assert.ok(
      ok(await officeStaff.client.get(`${APPROVAL}/list`, { box: 'cc' })).list.some((r: { id: number }) => r.id === applied.approval.id),
    )
    refused(await a1.client.post(`${APPROVAL}/cc`, { id: applied.approval.id, adminIds: '999999' }), 400, '抄送的操作员不存在或已停用')
    refused(await second.client.post(`${APPROVAL}/cc`, { id: applied.approval.id, adminIds: String(officeStaff.id) }), 404)
    // The head teacher got a copy (抄送) once approved.
    assert.ok(ok(await head.client.get(`${APPROVAL}/list`, { box: 'cc' })).list.some((r: { id: number }) => r.id === applied.approval.id))

    // A batch: one decides, one is not theirs, one is done already: a result each.
    const b1 = ok(await client.post(`${LEAVE}/apply`, leave(12, 12)))
    const b2 = ok(await client.post(`${LEAVE}/apply`, leave(13, 13)))
    const batch = ok(
      await a1.client.put(`${APPROVAL}/batchAudit`, {
        ids: `${b1.approval.id},${b2.approval.id},${applied.approval.id}`,
        decision: 'approve',
      }),
    )
    assert.deepEqual(
      batch.results.map((r: { ok: boolean }) => r.ok),
      [true, true, false],
    )
    assert.equal(batch.results[2].message, '该审批已处理，请刷新后查看')
    refused(await second.client.put(`${APPROVAL}/batchAudit`, { ids: '', decision: 'approve' }), 400)

    // The head teacher applies for a student of their class (代请假): not for another's.
    await setApprovalFlow(office, { kind: 'leave', steps: [HEAD_TEACHER_STEP] })
    const s = await student()
    const forStudent = ok(await head.client.post(`${LEAVE}/applyForHeaderTeacher`, { studentId: s.student.id, ...leave(20, 20) }))
    assert.equal(forStudent.leave.appliedByName !== null, true)
    assert.equal(forStudent.approval.status, '已通过')
    assert.equal(ok(await s.client.get(`${LEAVE}/listByStudent`)).list[0].status, '已通过')
    const outsider = await studentClient(t.app)
    refused(
      await head.client.post(`${LEAVE}/applyForHeaderTeacher`, { studentId: outsider.student.id, ...leave(20, 20) }),
      403,
      '只能为自己班级的学员请假',
    )
  })

  test('overdue steps are reminded once a day; bad input gets a message; flows name what exists', async () => {
    const { client } = await student()
    const applied = ok(await client.post(`${LEAVE}/apply`, leave(30, 30)))
    const inTwoDays = new Date(Date.now() + 48 * 3600 * 1000)
    assert.ok((await remindOverdue({ db: t.app.db, now: inTwoDays })) >= 1)
    assert.equal(await remindOverdue({ db: t.app.db, now: new Date(inTwoDays.getTime() + 3600 * 1000) }), 0)
    const details = ok(await head.client.get(`${APPROVAL}/details`, { id: applied.approval.id }))
    assert.equal(details.timeline.filter((x: { action: string }) => x.action === '催办').length, 1)
    assert.ok(
      ok(await head.client.get(`${APPROVAL}/messages`)).list.some(
        (m: { kind: string; requestId: number }) => m.kind === '催办' && m.requestId === applied.approval.id,
      ),
    )
    assert.equal(
      ok(await head.client.get(`${APPROVAL}/list`, { box: 'waiting' })).list.find((r: { id: number }) => r.id === applied.approval.id)
        .overdue,
      false,
    )

    for (const [body, message] of [
      [leave(2, 1), '结束时间不能早于开始时间'],
      [leave(-30, -29), '只能补请7天内的假'],
      [leave(1, 100), '一次请假不能超过60天'],
      [{ ...leave(1, 1), type: '旅游' }, '请选择请假类型'],
      [{ ...leave(1, 1), reason: '' }, '请填写请假事由'],
      [{ ...leave(1, 1), startHalf: '中午' }, undefined],
      [{ ...leave(1, 1), pictures: 'questions/2026/01/s1-x.png' }, '图片不存在，请重新上传'],
    ] as const) {
      const res = await client.post(`${LEAVE}/apply`, body as Record<string, unknown>)
      assert.ok(res.statusCode === 400, `${JSON.stringify(body)}: ${res.body}`)
      if (message) assert.equal(res.json().message, message)
    }
    refused(await head.client.put(`${APPROVAL}/audit`, { id: 999999, decision: 'approve' }), 404)
    refused(await head.client.put(`${APPROVAL}/audit`, { id: applied.approval.id, decision: 'maybe' }), 400)
    refused(await head.client.get(`${APPROVAL}/list`, { box: 'all' }), 403)
    refused(
      await office.inject({
        method: 'PUT',
        url: '/api/zms/approval/flow',
        payload: { kind: 'leave', steps: [{ name: '岗位', approver: { type: 'position', positionId: 999999 }, mode: 'any' }] },
      }),
      400,
      '流程中的岗位不存在',
    )
    refused(
      await office.inject({ method: 'PUT', url: '/api/zms/approval/flow', payload: { kind: 'leave', steps: [] } }),
      400,
      '至少需要一个审批步骤',
    )
    refused(await head.client.inject({ method: 'PUT', url: '/api/zms/approval/flow', payload: { kind: 'leave', steps: [] } }), 403)
    const options = ok(await officeStaff.client.get('/api/zms/approval/flow/options'))
    assert.ok(options.positions.length >= 3 && Array.isArray(options.departments))
    refused(await head.client.get('/api/zms/approval/flow/options'), 403)
    const flows = ok(await office.get('/api/zms/approval/flow/list')).list
    assert.deepEqual(
      flows.map((f: { kind: string; steps: Array<{ approverName: string }> }) => [f.kind, f.steps[0]!.approverName]),
      [
        ['leave', '班主任'],
        ['rollCorrection', '有「学籍变更申请 · 审批」权限的操作员'],
        ['makeUpPunch', '班主任'],
        ['graduationPhoto', '班主任'],
        ['graduation', '班主任'],
      ],
    )
  })
})
