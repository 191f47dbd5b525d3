import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { FAKE_MP4, FAKE_PNG, multipart } from '../../../../test/course-fixtures.ts'
import { adminClient, bindMiniProgramOpenId, studentClient, subscribeMessageRecorder } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, ok, refused, type TestApp } from '../../../../test/helper.ts'
import { enrol, insertCourse } from '../../../../test/study-fixtures.ts'
import { AdminRole, Code, MessageKind, MessageTarget, ReplyStatus } from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { messages } from '../../platform/messages/messages.table.ts'

const base = '/api/sms/study/studentQuestion'
const FAKE_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 2)])

describe('questions to teachers (答疑)', () => {
  let t: TestApp
  const { sent, gateway } = subscribeMessageRecorder()
  let teacher: Client
  let teacherName: string
  before(async () => {
    t = await buildTestApp({ services: { subscribeMessage: gateway } })
    const a = await adminClient(t.app, AdminRole.enrollTeacher)
    teacher = a.client
    teacherName = a.admin.name
  })
  after(async () => t.close())

  /** A student on a new course (two sections). */
  async function joined() {
    const { course, sections } = await insertCourse(t.app, { title: `高等数学（一）${process.pid}-${Math.random()}` })
    const s = await studentClient(t.app, { name: '林小雨' })
    await enrol(t.app, s.student.id, course.id)
    return { ...s, course, sections }
  }
  const upload = (client: Client, url: string, file = { name: '题目.png', type: 'image/png', data: FAKE_PNG }) =>
    client.inject({ method: 'POST', url, ...multipart({}, file) })

  test('the whole thread: ask with a picture, a teacher answers, unread, read, follow-up waits again, close, then 409', async () => {
    const { client, student, course, sections } = await joined()
    const picture = ok(await upload(client, `${base}/upload`))
    assert.match(picture.key, new RegExp(`^questions/\\d{4}/\\d{2}/s${student.id}-[0-9a-f]{24}\\.png$`))
    assert.match(picture.url, /^\/files\/questions\/.+\?e=\d+&s=/)
    const served = await createClient(t.app).get(picture.url)
    assert.equal(served.statusCode, 200)
    assert.equal(served.headers['content-type'], 'image/png')

    const { id } = ok(
      await client.post(`${base}/saveForClient`, {
        courseId: course.id,
        sectionId: sections[1]!.id,
        title: '第二节的极限怎么求',
        content: '例题2里 x 趋于 0 时为什么可以用等价无穷小？',
        images: JSON.stringify([picture.key]),
      }),
    )
    let detail = ok(await client.get(`${base}/detailsForClient`, { id }))
    assert.equal(detail.status, ReplyStatus.pending)
    assert.equal(detail.closed, false)
    assert.equal(detail.sectionTitle, '第2节')
    assert.equal(detail.courseTitle, course.title)
    assert.equal(detail.posts.length, 1)
    assert.equal(detail.posts[0].author, 'student')
    assert.equal(detail.posts[0].teacherName, null)
    assert.deepEqual(
      detail.posts[0].images.map((i: { key: string }) => i.key),
      [picture.key],
    )

    // The console: waiting, and it shows in the queue with its student.
    const queue = ok(await teacher.get(`${base}/list`, { keyword: '林小雨', size: 100 }))
    const row = queue.list.find((q: { id: number }) => q.id === id)
    assert.equal(row.status, ReplyStatus.pending)
    assert.equal(row.name, '林小雨')
    assert.equal(row.posts, 1)
    const seen = ok(await teacher.get(`${base}/detail`, { id }))
    assert.equal(seen.student.id, student.id)
    assert.match(seen.student.phone, /\*{4}/)
    assert.match(seen.posts[0].images[0].url, /\?e=\d+&s=/)

    // The teacher answers with a picture of their own.
    const teacherPicture = ok(await upload(teacher, `${base}/uploadForTeacher`, { name: 'a.jpg', type: 'image/jpeg', data: FAKE_JPEG }))
    assert.match(teacherPicture.key, /\/t\d+-[0-9a-f]{24}\.jpg$/)
    const answered = ok(
      await teacher.post(`${base}/answerForTeacher`, { id, content: '可以，因为 sin x ~ x。', images: teacherPicture.key }),
    )
    assert.equal(answered.status, ReplyStatus.replied)
    assert.equal(answered.posts[1].author, 'teacher')
    assert.equal(answered.posts[1].teacherName, teacherName)
    assert.equal(answered.posts[1].images.length, 1)

    // The student: one unread question, the list says so, reading clears it.
    assert.deepEqual(ok(await client.get(`${base}/unreadCountForClient`)), { count: 1 })
    const mine = ok(await client.get(`${base}/listForClient`))
    assert.equal(mine.total, 1)
    assert.deepEqual(
      { status: mine.list[0].status, unread: mine.list[0].unread, closed: mine.list[0].closed },
      { status: ReplyStatus.replied, unread: 1, closed: false },
    )
    assert.deepEqual(ok(await client.put(`${base}/readForClient`, { id })), { unread: 0 })
    assert.deepEqual(ok(await client.get(`${base}/unreadCountForClient`)), { count: 0 })

    // The message: one 答疑回复 opening the question, audited answer.
    const msgs = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.targetType, MessageTarget.question), eq(messages.targetId, id)))
    assert.equal(msgs.length, 1)
    assert.equal(msgs[0]!.kind, MessageKind.questionReplied)
    assert.equal(msgs[0]!.accountId, student.accountId)
    const audits = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(id)))
    assert.deepEqual(
      audits.map((a) => a.action),
      ['studentQuestion.answer'],
    )

    // A follow-up waits again and goes to the front of the queue.
    detail = ok(await client.post(`${base}/answerForClient`, { id, content: '那 tan x 呢？' }))
    assert.equal(detail.status, ReplyStatus.pending)
    assert.equal(detail.posts.length, 3)
    const waiting = ok(await teacher.get(`${base}/list`, { status: ReplyStatus.pending, closed: false, size: 100 }))
    assert.ok(waiting.list.some((q: { id: number; posts: number }) => q.id === id && q.posts === 3))

    detail = ok(await client.put(`${base}/closeForClient`, { id }))
    assert.equal(detail.closed, true)
    assert.equal(detail.closedBy, 'student')
    refused(await client.post(`${base}/answerForClient`, { id, content: '还有一个问题' }), 409, '该提问已关闭')
    refused(await teacher.post(`${base}/answerForTeacher`, { id, content: '补充一下' }), 409, '该提问已关闭')
    // Closing again changes nothing.
    assert.equal(ok(await client.put(`${base}/closeForClient`, { id })).closedBy, 'student')
  })

  test('the queue puts those waiting first, the longest waiting first, and filters by status, course, closed and keyword', async () => {
    const { client, course } = await joined()
    const ask = async (title: string) =>
      ok(await client.post(`${base}/saveForClient`, { courseId: course.id, title, content: '请老师解答' })).id as number
    const first = await ask('最早的问题')
    const second = await ask('第二个问题')
    const third = await ask('第三个问题')
    ok(await teacher.post(`${base}/answerForTeacher`, { id: first, content: '已答' }))
    ok(await teacher.put(`${base}/closeForTeacher`, { id: third }))
    const list = ok(await teacher.get(`${base}/list`, { courseId: course.id }))
    assert.deepEqual(
      list.list.map((q: { id: number }) => q.id),
      // Waiting: the second; then the latest post first (the first's answer came after the third was asked).
      [second, first, third],
    )
    assert.deepEqual(
      ok(await teacher.get(`${base}/list`, { courseId: course.id, status: ReplyStatus.replied })).list.map((q: { id: number }) => q.id),
      [first],
    )
    assert.deepEqual(
      ok(await teacher.get(`${base}/list`, { courseId: course.id, closed: 'true' })).list.map((q: { id: number }) => q.id),
      [third],
    )
    assert.deepEqual(
      ok(await teacher.get(`${base}/list`, { courseId: course.id, keyword: '第二' })).list.map((q: { id: number }) => q.id),
      [second],
    )
    // Batch close: the open ones only, audited.
    assert.deepEqual(ok(await teacher.put(`${base}/batchUpdateStatus`, { ids: `${first},${second},${third}`, closed: true })), {
      updated: 2,
    })
    assert.equal(ok(await teacher.get(`${base}/list`, { courseId: course.id, closed: 'false' })).total, 0)
    refused(await teacher.put(`${base}/batchUpdateStatus`, { ids: `${first}`, closed: false }), 400, '只能批量关闭')
    const mine = ok(await client.get(`${base}/listForClient`, { status: ReplyStatus.pending }))
    assert.deepEqual(
      mine.list.map((q: { id: number }) => q.id),
      [second, third].sort((a, b) => b - a),
    )
  })

  test('a reply reaches a student who accepted the reply template as a WeChat message opening the question', async () => {
    const { client, student, course } = await joined()
    await bindMiniProgramOpenId(t.app, { accountId: student.accountId }, `o-qa-${student.id}`)
    const accepted = await client.post('/api/ems/education/notices/subscribeForClient', { templateIds: 'local-reply-template' })
    assert.deepEqual(accepted.json().data.subscriptions, [{ template: 'reply', remaining: 1 }])
    const { id } = ok(
      await client.post(`${base}/saveForClient`, { courseId: course.id, title: '关于期末考试范围的一个很长很长的问题', content: '请问？' }),
    )
    ok(await teacher.post(`${base}/answerForTeacher`, { id, content: '第一到第五章' }))
    ok(await teacher.post(`${base}/answerForTeacher`, { id, content: '另外第六章也要看' }))
    await t.app.messagePusher.drain()
    const mine = sent.filter((m) => m.openId === `o-qa-${student.id}`)
    assert.equal(mine.length, 1, 'one acceptance, one message')
    assert.equal(mine[0]!.templateId, 'local-reply-template')
    assert.equal(mine[0]!.page, `pages/study/questionDetail?id=${id}`)
    assert.equal(mine[0]!.data.thing1!.value, '答疑回复')
    // Both replies are in-app messages and unread replies.
    assert.equal(ok(await client.get(`${base}/listForClient`)).list[0].unread, 2)
  })

  test('who may do what: signed out 401, not a student 403, another student 404, a course not joined 403, 财务 reads only', async () => {
    const { client, course } = await joined()
    const { id } = ok(await client.post(`${base}/saveForClient`, { courseId: course.id, title: '我的问题', content: '内容' }))
    const nobody = createClient(t.app)
    refused(await nobody.get(`${base}/listForClient`), 401)
    refused(await nobody.get(`${base}/list`), 401)
    const { client: other } = await studentClient(t.app)
    refused(await other.get(`${base}/detailsForClient`, { id }), 404, '提问不存在')
    refused(await other.post(`${base}/answerForClient`, { id, content: '插一句' }), 404)
    refused(await other.put(`${base}/closeForClient`, { id }), 404)
    refused(await other.put(`${base}/readForClient`, { id }), 404)
    refused(await other.post(`${base}/saveForClient`, { courseId: course.id, title: '蹭课', content: '内容' }), 403, '请先购买或加入课程')
    assert.equal(ok(await other.get(`${base}/listForClient`)).total, 0)

    const { client: finance } = await adminClient(t.app, AdminRole.finance)
    assert.equal(ok(await finance.get(`${base}/detail`, { id })).id, id)
    refused(await finance.post(`${base}/answerForTeacher`, { id, content: '财务来答' }), 403)
    refused(await finance.put(`${base}/closeForTeacher`, { id }), 403)
    refused(await finance.put(`${base}/batchUpdateStatus`, { ids: `${id}`, closed: true }), 403)
    refused(
      await finance.inject({
        method: 'POST',
        url: `${base}/uploadForTeacher`,
        ...multipart({}, { name: 'a.png', type: 'image/png', data: FAKE_PNG }),
      }),
      403,
    )
    const { client: admin } = await adminClient(t.app, AdminRole.admin)
    ok(await admin.post(`${base}/answerForTeacher`, { id, content: '管理员也能答' }))
    refused(await teacher.get(`${base}/detail`, { id: 2147483000 }), 404)
    refused(await teacher.post(`${base}/answerForTeacher`, { id: 2147483000, content: '答' }), 404)
  })

  test('bad input is refused in Chinese: lengths, sections of another course, too many or foreign pictures, files that are not pictures', async () => {
    const { client, course, sections } = await joined()
    const other = await joined()
    const ask = (fields: Record<string, unknown>) =>
      client.post(`${base}/saveForClient`, { courseId: course.id, title: '标题', content: '内容', ...fields })
    refused(await ask({ title: '' }), 400, '请填写标题')
    refused(await ask({ title: '题'.repeat(61) }), 400, '标题不能超过60个字')
    refused(await ask({ content: '  ' }), 400, '请填写问题描述')
    refused(await ask({ content: '字'.repeat(2001) }), 400, '问题描述不能超过2000个字')
    refused(await ask({ sectionId: other.sections[0]!.id }), 400, '所选课节不属于该课程')
    refused(await ask({ images: 'questions/../../etc/passwd' }), 400, '图片格式不正确，请重新上传')
    refused(await ask({ courseId: 'abc' }), 400)
    assert.equal(ok(await ask({ sectionId: sections[0]!.id, images: '' })).id > 0, true)

    // Pictures: another student's is not theirs to attach; at most 6; only existing ones.
    const theirs = ok(await upload(other.client, `${base}/upload`))
    refused(await ask({ images: theirs.key }), 400, '图片不存在或已失效，请重新上传')
    const mine = ok(await upload(client, `${base}/upload`))
    refused(await ask({ images: JSON.stringify(Array(7).fill(mine.key)) }), 400, '最多上传6张图片')
    const ghost = mine.key.replace(/-[0-9a-f]{24}\./, `-${'0'.repeat(24)}.`)
    refused(await ask({ images: ghost }), 400, '图片不存在或已失效，请重新上传')

    // Uploads: sniffed by bytes, not by name; at most 5 MB.
    refused(
      await upload(client, `${base}/upload`, { name: 'lesson.png', type: 'image/png', data: FAKE_MP4 }),
      400,
      '只能上传 PNG、JPEG 或 WebP 图片',
    )
    refused(await upload(client, `${base}/upload`, { name: 'x.txt', type: 'text/plain', data: Buffer.from('hello') }), 400)
    const big = Buffer.concat([FAKE_PNG, Buffer.alloc(5 * 1024 * 1024, 1)])
    refused(await upload(client, `${base}/upload`, { name: 'big.png', type: 'image/png', data: big }), 400, '图片不能超过5MB')
    refused(await client.post(`${base}/upload`, { file: 'x' }), 400, '请选择要上传的图片')
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(100, 3)])
    assert.match(ok(await upload(client, `${base}/upload`, { name: 'a.webp', type: 'image/webp', data: webp })).key, /\.webp$/)

    const { id } = ok(await ask({}))
    refused(await client.post(`${base}/answerForClient`, { id, content: '' }), 400, '请填写内容')
    refused(await client.get(`${base}/listForClient`, { status: '已关闭' }), 400, '状态只能是待回复或已回复')
    refused(await teacher.get(`${base}/list`, { closed: 'maybe' }), 400)
    refused(await teacher.put(`${base}/batchUpdateStatus`, { ids: '', closed: true }), 400, '请选择要关闭的提问')
    assert.equal((await client.get(`${base}/detailsForClient`, { id: 'x' })).json().code, Code.badRequest)
  })
})
