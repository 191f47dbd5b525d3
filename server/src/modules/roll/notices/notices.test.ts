import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { adminClient, insertPartner, insertPosition, partnerClient, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, type TestApp } from '../../../../test/helper.ts'
import { AdminRole, Code, MessageKind, MessageTarget, NoticeStatus, StudentLevel } from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { messages } from '../../platform/messages/messages.table.ts'
import { COOKIE_NAMES } from '../../platform/sessions/sessions.service.ts'
import { seedStudentsDemo, STUDENTS_DEMO } from '../students/index.ts'
import { students } from '../students/students.table.ts'
import { seedNoticesDemo } from './notices.seed.ts'

const base = '/api/ems/education/notices'
let schools = 0
/** A school no other test uses, so a notice targeted at it reaches only this test's students. */
const newSchool = () => `测试学院${process.pid}-${++schools}`

describe('notices', () => {
  let t: TestApp
  let admin: Client
  before(async () => {
    t = await buildTestApp()
    admin = (await adminClient(t.app, AdminRole.admin)).client
  })
  after(async () => t.close())

  async function draft(fields: Record<string, unknown> = {}): Promise<number> {
    const res = await admin.post(`${base}/save`, { title: '通知', content: '<p>请各位同学留意。</p>', ...fields })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data.status, NoticeStatus.draft)
    return res.json().data.id as number
  }
  async function publish(id: number) {
    const res = await admin.put(`${base}/publish`, { id })
    assert.equal(res.statusCode, 200, res.body)
    return res.json().data
  }
  async function published(fields: Record<string, unknown> = {}): Promise<number> {
    const id = await draft(fields)
    await publish(id)
    return id
  }
  /** The ids of `mine` a student's list shows, in its order. */
  async function seen(client: Client, mine: number[]): Promise<number[]> {
    const res = await client.get(`${base}/listForClient`, { size: 100 })
    assert.equal(res.statusCode, 200, res.body)
    return res
      .json()
      .data.list.map((n: { id: number }) => n.id)
      .filter((id: number) => mine.includes(id))
  }
  const noticeMessages = (noticeId: number) =>
    t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.targetType, MessageTarget.notice), eq(messages.targetId, noticeId)))

  test('a student sees exactly the published notices addressed to their roll: all, school, major, level, batch year and batch', async () => {
    const [a, b] = [newSchool(), newSchool()]
    const s1 = await studentClient(t.app, { school: a, major: '会计学', level: StudentLevel.bachelor, batchYear: 2026, batch: 1 })
    const s2 = await studentClient(t.app, { school: a, major: '工商管理', level: StudentLevel.junior, batchYear: 2026, batch: 2 })
    const s3 = await studentClient(t.app, { school: b, major: '会计学', level: StudentLevel.bachelor, batchYear: 2025, batch: 1 })

    const all = await published({ title: '全体' })
    const schoolA = await published({ title: '学校A', targetSchool: a })
    const major = await published({ title: '会计学', targetMajor: '会计学', targetSchool: '' })
    const junior = await published({ title: '专科', targetLevel: StudentLevel.junior, targetSchool: a })
    const year2026 = await published({ title: '2026年', targetBatchYear: 2026, targetSchool: a })
    const batch1 = await published({ title: '各年1期', targetBatch: 1, targetMajor: '会计学' })
    const exact = await published({
      title: '精确',
      targetSchool: a,
      targetMajor: '会计学',
      targetLevel: StudentLevel.bachelor,
      targetBatchYear: 2026,
      targetBatch: 1,
    })
    const nobody = await published({
      title: '无人',
      targetSchool: a,
      targetLevel: StudentLevel.bachelor,
      targetBatchYear: 2026,
      targetBatch: 2,
    })
    const unpublished = await draft({ title: '草稿', targetSchool: a })
    const mine = [all, schoolA, major, junior, year2026, batch1, exact, nobody, unpublished]
    const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y)

    assert.deepEqual(sorted(await seen(s1.client, mine)), [all, schoolA, major, year2026, batch1, exact])
    assert.deepEqual(sorted(await seen(s2.client, mine)), [all, schoolA, junior, year2026])
    assert.deepEqual(sorted(await seen(s3.client, mine)), [all, major, batch1])

    // The console shows who each reaches now and says so in words.
    const detail = (id: number) => admin.get(`${base}/details`, { id }).then((r) => r.json().data)
    const e = await detail(exact)
    assert.equal(e.audience, 1)
    assert.equal(e.targetLabel, `${a} · 会计学 · 本科 · 2026年1期`)
    assert.equal((await detail(schoolA)).audience, 2)
    assert.equal((await detail(nobody)).audience, 0)
    assert.equal((await detail(all)).targetLabel, '全部学员')
    assert.equal((await detail(year2026)).targetLabel, `${a} · 2026年`)
    assert.equal((await detail(batch1)).targetLabel, '会计学 · 1期')
    const everyone = (await t.app.db.select().from(students)).length
    assert.equal((await detail(all)).audience, everyone)
    const preview = await admin.get(`${base}/audience`, { targetSchool: a, targetBatchYear: 2026, targetBatch: '' })
    assert.deepEqual(preview.json().data, { count: 2 })
    assert.equal((await admin.get(`${base}/audience`)).json().data.count, everyone)

    // The roll as it is now decides: s3 moves to school a's 2026 batch 1.
    await t.app.db.update(students).set({ school: a, batchYear: 2026 }).where(eq(students.id, s3.student.id))
    assert.deepEqual(sorted(await seen(s3.client, mine)), [all, schoolA, major, year2026, batch1, exact])
  })

  test('unread notices come first, newest first; opening one marks it read and lowers the unread count', async () => {
    const school = newSchool()
    const { client } = await studentClient(t.app, { school })
    const ids: number[] = []
    for (const title of ['第一则', '第二则', '第三则']) ids.push(await published({ title, targetSchool: school }))
    const [n1, n2, n3] = ids as [number, number, number]
    assert.deepEqual(await seen(client, ids), [n3, n2, n1])
    const count = async () => (await client.get(`${base}/unreadCountForClient`)).json().data.count as number
    const before = await count()

    const opened = await client.get(`${base}/detailsForClient`, { id: n2 })
    assert.equal(opened.statusCode, 200, opened.body)
    assert.equal(opened.json().data.title, '第二则')
    assert.equal(opened.json().data.content, '<p>请各位同学留意。</p>')
    assert.equal(opened.json().data.read, true)
    assert.deepEqual(await seen(client, ids), [n3, n1, n2])
    assert.equal(await count(), before - 1)
    // A second opening changes nothing.
    assert.equal((await client.get(`${base}/detailsForClient`, { id: n2 })).statusCode, 200)
    assert.equal(await count(), before - 1)
    const person = (await client.get('/api/ums/user/user/person')).json().data
    assert.equal(person.student.unreadNotices, before - 1)

    const list = (await client.get(`${base}/listForClient`, { size: 100 })).json().data
    const item = list.list.find((n: { id: number }) => n.id === n2)
    assert.deepEqual(Object.keys(item).sort(), ['id', 'publishedAt', 'read', 'summary', 'title'])
    assert.equal(item.read, true)
    assert.equal(item.summary, '请各位同学留意。')
    assert.equal(list.list[0].read, false)
    // Paging as other lists: the read one is last.
    const pageSize = 1
    const last = (await client.get(`${base}/listForClient`, { page: list.total, size: pageSize })).json().data
    assert.equal(last.total, list.total)
    assert.deepEqual(
      last.list.map((n: { id: number }) => n.id),
      [n2],
    )
    assert.equal((await admin.get(`${base}/details`, { id: n2 })).json().data.readCount, 1)
    assert.equal((await admin.get(`${base}/details`, { id: n1 })).json().data.readCount, 0)
  })

  test('publishing records one message per addressed student, also in the 消息通知 of a student who is a partner; publishing again after 下架 repeats none', async () => {
    const school = newSchool()
    const only = await studentClient(t.app, { school })
    const partner = await insertPartner(t.app)
    const both = await studentClient(t.app, { school, phone: partner.phone })
    assert.equal(both.student.accountId, partner.accountId)
    const content = `<p>${'长'.repeat(70)}</p>`
    const id = await draft({ title: '缴费通知', content, targetSchool: school })
    assert.equal((await noticeMessages(id)).length, 0)
    const notice = await publish(id)
    assert.equal(notice.status, NoticeStatus.published)
    assert.ok(notice.publishedAt)

    const rows = await noticeMessages(id)
    assert.equal(rows.length, 2)
    const byAccount = new Map(rows.map((m) => [m.accountId, m]))
    const mOnly = byAccount.get(only.student.accountId)!
    const mBoth = byAccount.get(both.student.accountId)!
    assert.equal(mOnly.partnerId, null)
    assert.equal(mBoth.partnerId, partner.id)
    for (const m of [mOnly, mBoth]) {
      assert.equal(m.kind, MessageKind.notice)
      assert.equal(m.title, '缴费通知')
      assert.equal(m.body, `${'长'.repeat(60)}…`)
      assert.equal(m.dedupeKey, `notice:${id}:${m.accountId}`)
      assert.equal(m.readAt, null)
    }
    const listed = (await both.client.get('/api/ems/partner/message/list', { size: 100 })).json().data.list
    const shown = listed.find((m: { targetType: string; targetId: number }) => m.targetType === MessageTarget.notice && m.targetId === id)
    assert.equal(shown.kind, MessageKind.notice)
    assert.equal(shown.title, '缴费通知')
    assert.equal(shown.read, false)

    // 下架, then published again: nobody gets it twice; a student added since gets theirs.
    assert.equal((await admin.put(`${base}/withdraw`, { id })).json().data.status, NoticeStatus.withdrawn)
    const late = await studentClient(t.app, { school })
    const again = await publish(id)
    assert.equal(again.audience, 3)
    const after = await noticeMessages(id)
    assert.equal(after.length, 3)
    assert.ok(after.some((m) => m.accountId === late.student.accountId))
    assert.equal((await admin.put(`${base}/publish`, { id })).statusCode, 409)

    const log = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'notice'), eq(auditLogs.entityId, String(id))))
    assert.deepEqual(log.map((e) => e.action).sort(), ['notice.create', 'notice.publish', 'notice.publish', 'notice.withdraw'])
  })

  test('a withdrawn notice disappears for students, and a published one cannot be changed until taken down', async () => {
    const school = newSchool()
    const { client } = await studentClient(t.app, { school })
    const id = await published({ title: '考试安排', targetSchool: school })
    assert.deepEqual(await seen(client, [id]), [id])
    const unread = (await client.get(`${base}/unreadCountForClient`)).json().data.count as number

    const refused = await admin.put(`${base}/update`, { id, title: '改', content: '<p>新</p>' })
    assert.equal(refused.statusCode, 422)
    assert.equal(refused.json().message, '请先下架再修改')
    assert.equal(refused.json().code, Code.ruleRefused)

    await admin.put(`${base}/withdraw`, { id })
    assert.deepEqual(await seen(client, [id]), [])
    assert.equal((await client.get(`${base}/detailsForClient`, { id })).statusCode, 404)
    assert.equal((await client.get(`${base}/unreadCountForClient`)).json().data.count, unread - 1)
    assert.equal((await admin.put(`${base}/withdraw`, { id })).statusCode, 409)

    const changed = await admin.put(`${base}/update`, {
      id,
      title: '考试安排（更正）',
      content: '<p>新</p>',
      targetSchool: school,
      targetLevel: '专科',
    })
    assert.equal(changed.statusCode, 200, changed.body)
    assert.equal(changed.json().data.title, '考试安排（更正）')
    assert.equal(changed.json().data.targetLevel, StudentLevel.junior)
    assert.equal(changed.json().data.status, NoticeStatus.withdrawn)
    assert.equal((await admin.put(`${base}/update`, { id: 2147483647, title: '无', content: '<p>无</p>' })).statusCode, 404)
  })

  test('only drafts and withdrawn notices can be removed', async () => {
    const d = await draft({ title: '待删草稿' })
    assert.equal((await admin.del(`${base}/remove`, { id: d })).statusCode, 200)
    assert.equal((await admin.get(`${base}/details`, { id: d })).statusCode, 404)
    assert.equal((await admin.del(`${base}/remove`, { id: d })).statusCode, 404)

    const p = await published({ title: '在发布', targetSchool: newSchool() })
    const refused = await admin.del(`${base}/remove`, { id: p })
    assert.equal(refused.statusCode, 422)
    assert.equal(refused.json().message, '已发布的通知请先下架再删除')
    await admin.put(`${base}/withdraw`, { id: p })
    assert.equal((await admin.del(`${base}/remove`, { id: p })).statusCode, 200)
    const log = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, 'notice.delete'))
    assert.deepEqual(log.map((e) => e.entityId).sort(), [String(d), String(p)].sort())
  })

  test('the console lists notices newest first by status and title; 财务 and 招生老师 read but may not write', async () => {
    const tag = `筛选${process.pid}`
    const d = await draft({ title: `${tag}草稿` })
    const p = await published({ title: `${tag}已发布`, targetSchool: newSchool() })
    const list = (await admin.get(`${base}/list`, { keyword: tag })).json().data
    assert.equal(list.total, 2)
    assert.deepEqual(
      list.list.map((n: { id: number }) => n.id),
      [p, d],
    )
    const onlyPublished = (await admin.get(`${base}/list`, { keyword: tag, status: NoticeStatus.published })).json().data
    assert.deepEqual(
      onlyPublished.list.map((n: { id: number }) => n.id),
      [p],
    )
    assert.equal((await admin.get(`${base}/list`, { keyword: '%' })).json().data.total, 0)

    // A position with notices.view reads; the built-in 财务 and 招生老师 hold no right on 通知公告.
    const reader = (await adminClient(t.app, AdminRole.admin, { positionId: (await insertPosition(t.app, ['notices.view'])).id })).client
    assert.equal((await reader.get(`${base}/list`, { keyword: tag })).json().data.total, 2)
    assert.equal((await reader.get(`${base}/details`, { id: p })).statusCode, 200)
    assert.equal((await reader.get(`${base}/audience`)).statusCode, 200)
    for (const role of [AdminRole.finance, AdminRole.enrollTeacher]) {
      const { client } = await adminClient(t.app, role)
      assert.equal((await client.get(`${base}/list`)).statusCode, 403)
      const writes = [
        client.post(`${base}/save`, { title: '越权', content: '<p>x</p>' }),
        client.put(`${base}/update`, { id: d, title: '越权', content: '<p>x</p>' }),
        client.put(`${base}/publish`, { id: d }),
        client.put(`${base}/withdraw`, { id: p }),
        client.del(`${base}/remove`, { id: d }),
      ]
      for (const res of await Promise.all(writes)) {
        assert.equal(res.statusCode, 403, `${role}: ${res.body}`)
        assert.equal(res.json().code, Code.forbidden)
      }
    }
    assert.equal((await admin.get(`${base}/details`, { id: d })).json().data.status, NoticeStatus.draft)
  })

  test('a student cannot open a notice not addressed to them or not published; a partner who is not a student is refused', async () => {
    const mine = newSchool()
    const { client } = await studentClient(t.app, { school: mine })
    const other = await published({ title: '别校', targetSchool: newSchool() })
    const draftForMe = await draft({ title: '未发布', targetSchool: mine })
    for (const id of [other, draftForMe, 2147483647]) {
      const res = await client.get(`${base}/detailsForClient`, { id })
      assert.equal(res.statusCode, 404, res.body)
      assert.equal(res.json().message, '通知不存在或已下架')
    }

    const { client: partner } = await partnerClient(t.app)
    for (const url of ['listForClient', 'detailsForClient?id=1', 'unreadCountForClient']) {
      const res = await partner.get(`${base}/${url}`)
      assert.equal(res.statusCode, 403, res.body)
      assert.equal(res.json().message, '该账号没有学员身份')
    }
    assert.equal((await createClient(t.app).get(`${base}/listForClient`)).statusCode, 401)
    // An operator's session is not a student's.
    assert.equal((await admin.get(`${base}/unreadCountForClient`)).statusCode, 401)
  })

  test('the content is sanitised: a <script> never comes back, to the console, the student or the message', async () => {
    const school = newSchool()
    const { client } = await studentClient(t.app, { school })
    const id = await draft({
      title: '安全',
      content: '<p onclick="steal()">请查收<script>alert(1)</script><a href="javascript:alert(1)">附件</a></p>',
      targetSchool: school,
    })
    const detail = (await admin.get(`${base}/details`, { id })).json().data
    assert.equal(detail.content, '<p>请查收<a>附件</a></p>')
    await publish(id)
    const seenByStudent = (await client.get(`${base}/detailsForClient`, { id })).json().data.content as string
    assert.doesNotMatch(seenByStudent, /script|onclick|javascript/i)
    const [message] = await noticeMessages(id)
    assert.equal(message!.body, '请查收 附件')

    const empty = await admin.post(`${base}/save`, { title: '空', content: '<script>alert(1)</script>' })
    assert.equal(empty.statusCode, 400)
    assert.equal(empty.json().message, '通知内容不能为空')
  })

  test('the form is checked in Chinese: title, level, batch year and batch', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, '请填写通知标题'],
      [{ title: '长'.repeat(61) }, '通知标题不能超过60个字符'],
      [{ targetLevel: '硕士' }, '层次只能是专科或本科'],
      [{ targetBatchYear: 2014 }, '年级不能小于2015'],
      [{ targetBatchYear: 2031 }, '年级不能大于2030'],
      [{ targetBatch: 0 }, '批次不能小于1'],
      [{ targetBatch: 21 }, '批次不能大于20'],
      [{ targetBatch: 'abc' }, '批次格式不正确'],
    ]
    for (const [fields, message] of cases) {
      const res = await admin.post(`${base}/save`, { title: '标题', content: '<p>内容</p>', ...fields })
      assert.equal(res.statusCode, 400, `${JSON.stringify(fields)}: ${res.body}`)
      assert.match(res.json().message, new RegExp(message), JSON.stringify(fields))
    }
    const res = await admin.post(`${base}/save`, { title: ' 边界 ', content: '<p>内容</p>', targetBatchYear: 2030, targetBatch: 20 })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data.title, '边界')
    assert.equal(res.json().data.targetLabel, '2030年20期')
  })
})

/** A client signed in as the person of `accountId` (a demo student). */
async function studentClientOf(t: TestApp, accountId: number) {
  const client = createClient(t.app)
  const { token } = await t.app.sessions.create({ db: t.app.db, kind: 'user', accountId })
  client.jar.set(COOKIE_NAMES.user, token)
  return { client }
}

describe('demo notices', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => t.close())

  test('the two demo notices are published to the demo students, who get their messages', async () => {
    await seedStudentsDemo({ db: t.app.db })
    await seedNoticesDemo({ db: t.app.db })
    const rows = await t.app.db.select().from(students)
    const student = rows.find((s) => s.phone === STUDENTS_DEMO.student.phone)!
    const partnerStudent = rows.find((s) => s.phone === STUDENTS_DEMO.partnerStudent.phone)!
    const titles = async (accountId: number) =>
      (await t.app.db.select().from(messages).where(eq(messages.accountId, accountId))).map((m) => m.title).sort()
    // 13900000000 is in 2026 batch 1: both; the demo partner (2025 batch 2): the one to everyone.
    assert.deepEqual(await titles(student.accountId), ['2026年春季学期开学通知', '2026级1期新生入学资料提交提醒'].sort())
    assert.deepEqual(await titles(partnerStudent.accountId), ['2026年春季学期开学通知'])
    const { client } = await studentClientOf(t, student.accountId)
    assert.equal((await client.get(`${base}/unreadCountForClient`)).json().data.count, 2)
  })
})
