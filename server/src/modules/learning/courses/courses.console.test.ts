import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, inArray } from 'drizzle-orm'
import { adminClient, insertStudent, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, type TestApp } from '../../../../test/helper.ts'
import { AdminRole, EnrolmentSource, LiveStatus, ProductStatus, SectionKind, StudentLevel } from '../../../wire.ts'
import { auditLogs } from '../../platform/audit/audit.table.ts'
import { STUDENTS_DEMO, seedStudentsDemo } from '../../roll/index.ts'
import { students } from '../../roll/students/students.table.ts'
import { FAKE_MP4, FAKE_PNG, makeCategories, makeCourse, multipart } from '../../../../test/course-fixtures.ts'
import { COURSES_DEMO, seedCoursesDemo } from './courses.seed.ts'
import { courseEnrolments } from './courses.table.ts'

const CATEGORY = '/api/bms/cont/continueConfig/courseCategory'
const COURSE = '/api/bms/cont/continueCourse'
const CHAPTER = '/api/bms/cont/chapter'
const LIVE = '/api/bms/cont/liveCourseSchedule'

/** [status, message] of an answer. */
const said = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message]

describe('courses in the console', () => {
  let t: TestApp
  let admin: Client
  before(async () => {
    t = await buildTestApp({ env: { UPLOAD_VIDEO_LIMIT_BYTES: '20000' } })
    admin = (await adminClient(t.app)).client
  })
  after(async () => t.close())

  test('categories: two levels, unique names among siblings, sorted as given, removed only when empty; every write audited', async () => {
    const cat = await makeCategories(admin, '职业技能')
    assert.deepEqual(said(await admin.post(CATEGORY, { parentId: cat.a, name: '三级' })), [400, '上级分类只能是一级分类'])
    assert.deepEqual(said(await admin.post(CATEGORY, { parentId: cat.parentId, name: '职业技能-甲' })), [409, '同级下已有同名分类'])
    assert.deepEqual(said(await admin.post(CATEGORY, { name: '' })), [400, '请填写分类名称'])
    assert.deepEqual(said(await admin.post(CATEGORY, { parentId: 999999, name: 'x' })), [404, '课程分类不存在'])
    assert.deepEqual(said(await admin.put(`${CATEGORY}/sort`, { parentId: cat.parentId, ids: `${cat.b}` })), [
      400,
      '排序列表与现有内容不一致，请刷新后重试',
    ])
    assert.deepEqual(said(await admin.put(`${CATEGORY}/sort`, { parentId: cat.parentId, ids: 'a,b' })), [400, '编号格式不正确'])
    assert.equal((await admin.put(`${CATEGORY}/sort`, { parentId: cat.parentId, ids: `${cat.b},${cat.a}` })).statusCode, 200)
    await makeCourse(admin, { categoryId: cat.a, title: '计算机应用基础', price: 0 })
    const tree = (await admin.get(CATEGORY)).json().data.find((p: { id: number }) => p.id === cat.parentId)
    assert.deepEqual(
      tree.children.map((c: { name: string; courseCount: number }) => [c.name, c.courseCount]),
      [
        ['职业技能-乙', 0],
        ['职业技能-甲', 1],
      ],
    )
    assert.equal(tree.courseCount, 1)
    assert.deepEqual(said(await admin.del(CATEGORY, { id: cat.parentId })), [422, '该分类下还有子分类或课程，不能删除'])
    assert.deepEqual(said(await admin.del(CATEGORY, { id: cat.a })), [422, '该分类下还有子分类或课程，不能删除'])
    assert.equal((await admin.del(CATEGORY, { id: cat.b })).statusCode, 200)
    const { client: finance } = await adminClient(t.app, AdminRole.finance)
    assert.equal((await finance.get(CATEGORY)).statusCode, 200, 'every role reads')
    assert.equal((await finance.post(CATEGORY, { name: '财务加的' })).statusCode, 403, '管理员 writes')
    const actions = (await t.app.db.select({ action: auditLogs.action }).from(auditLogs)).map((r) => r.action)
    for (const action of [
      'category.create',
      'category.sort',
      'category.delete',
      'course.create',
      'course.upload',
      'section.create',
      'course.status',
    ])
      assert.ok(actions.includes(action), action)
  })

  test('courses: a leaf category, a price in fen, listed only with a section, removed only without students; clear refusals', async () => {
    const cat = await makeCategories(admin, '学历教育')
    const base = { title: '管理学原理', categoryId: cat.a, type: '教材', price: 12000 }
    assert.deepEqual(said(await admin.post(COURSE, { ...base, categoryId: cat.parentId })), [400, '请选择二级分类'])
    assert.deepEqual(said(await admin.post(COURSE, { ...base, price: -1 })), [400, '价格不能小于0分'])
    assert.deepEqual(said(await admin.post(COURSE, { ...base, price: '12.5' })), [400, '价格必须为整数（分）'])
    assert.deepEqual(said(await admin.post(COURSE, { ...base, type: '网课' })), [400, '课程类型只能是教材、直播课或线下课'])
    assert.deepEqual(said(await admin.post(COURSE, { ...base, title: '' })), [400, '请填写课程名称'])
    assert.deepEqual(said(await admin.post(COURSE, { ...base, cover: '/etc/passwd' })), [400, '封面格式不正确，请重新上传'])
    const cover = (
      await admin.inject({
        method: 'POST',
        url: '/api/bms/cont/resource/upload',
        ...multipart({ kind: 'image' }, { name: '封面.png', type: 'image/png', data: FAKE_PNG }),
      })
    ).json().data
    assert.match(cover.key, /^public\/covers\/\d{4}\/\d{2}\/[0-9a-f]+\.png$/)
    assert.equal(cover.url, `/files/${cover.key}`)
    const created = await admin.post(COURSE, { ...base, cover: cover.url, noSkip: '是' })
    assert.equal(created.statusCode, 200, created.body)
    const course = created.json().data
    assert.deepEqual([course.status, course.coverKey, course.noSkip, course.sectionCount], [ProductStatus.unlisted, cover.key, true, 0])
    assert.deepEqual(said(await admin.put(`${COURSE}/changeStatus`, { id: course.id, status: ProductStatus.listed })), [
      422,
      '请先为课程添加至少一节内容再上架',
    ])
    const updated = await admin.put(COURSE, { ...base, id: course.id, price: 15000, intro: '第一行\n第二行', cover: cover.key })
    assert.deepEqual([updated.json().data.price, updated.json().data.intro], [15000, '第一行\n第二行'])
    assert.deepEqual(said(await admin.put(COURSE, { ...base, id: 999999 })), [404, '课程不存在'])

    const listed = await makeCourse(admin, { categoryId: cat.a, title: '有学员的课', price: 0 })
    const { client } = await studentClient(t.app)
    await client.post('/api/sms/study/join/join', { courseId: listed.id })
    assert.deepEqual(said(await admin.del(COURSE, { id: listed.id })), [422, '已有学员学习，请改为下架'])
    assert.deepEqual(said(await admin.del(`${CHAPTER}/removeSection`, { id: listed.sectionIds[0] })), [200, '成功'])
    assert.deepEqual(said(await admin.del(`${CHAPTER}/removeSection`, { id: listed.sectionIds[1] })), [
      422,
      '上架中的课程至少保留一节，请先下架',
    ])
    const empty = await makeCourse(admin, { categoryId: cat.a, title: '可删的课', price: 0 })
    assert.equal((await admin.del(COURSE, { id: empty.id })).statusCode, 200)
    assert.equal((await admin.get(`${COURSE}/details`, { id: empty.id })).statusCode, 404)

    const page = (await admin.get(`${COURSE}/list`, { categoryId: cat.parentId, status: ProductStatus.listed })).json().data
    assert.deepEqual(
      page.list.map((c: { title: string; studentCount: number; sectionCount: number }) => [c.title, c.studentCount, c.sectionCount]),
      [['有学员的课', 1, 1]],
    )
    assert.equal((await admin.get(`${COURSE}/list`, { keyword: '管理学' })).json().data.total, 1)
  })

  test('chapters and sections: sorted in one go, moved between chapters of the course only; files and live sessions checked', async () => {
    const cat = await makeCategories(admin, '排序')
    const course = await makeCourse(admin, {
      categoryId: cat.a,
      title: '排序课',
      price: 0,
      sections: [{ title: 'A' }, { title: 'B' }, { title: 'C' }],
    })
    const ch2 = (await admin.post(CHAPTER, { courseId: course.id, title: '第二章' })).json().data
    const [a, b, c] = course.sectionIds as [number, number, number]
    assert.deepEqual(said(await admin.put(`${CHAPTER}/sort`, { courseId: course.id, ids: `${ch2.id}` })), [
      400,
      '排序列表与现有内容不一致，请刷新后重试',
    ])
    assert.equal(
      (await admin.put(`${CHAPTER}/sort`, { courseId: course.id, ids: JSON.stringify([ch2.id, course.chapterId]) })).statusCode,
      200,
    )
    // B moves to chapter 2; chapter 1 keeps C then A.
    assert.equal((await admin.put(`${CHAPTER}/sortSection`, { chapterId: ch2.id, ids: `${b}` })).statusCode, 200)
    assert.equal((await admin.put(`${CHAPTER}/sortSection`, { chapterId: course.chapterId, ids: `${c},${a}` })).statusCode, 200)
    const detail = (await admin.get(`${COURSE}/details`, { id: course.id })).json().data
    assert.deepEqual(
      detail.chapters.map((ch: { title: string; sections: Array<{ title: string }> }) => [ch.title, ch.sections.map((s) => s.title)]),
      [
        ['第二章', ['B']],
        ['第一章', ['C', 'A']],
      ],
    )
    assert.match(detail.chapters[0].sections[0].url, /^\/files\/media\/.+\?e=\d+&s=/)
    // Leaving a section out, or naming another course's, is refused and changes nothing.
    const other = await makeCourse(admin, { categoryId: cat.a, title: '别的课', price: 0 })
    for (const ids of [`${c}`, `${c},${a},${other.sectionIds[0]}`, `${c},${a},${a}`])
      assert.deepEqual(said(await admin.put(`${CHAPTER}/sortSection`, { chapterId: course.chapterId, ids })), [
        400,
        '排序列表与现有内容不一致，请刷新后重试',
      ])
    assert.deepEqual(said(await admin.del(CHAPTER, { id: ch2.id })), [422, '请先删除或移走本章的节'])

    const section = { chapterId: ch2.id, title: '新节', kind: SectionKind.video, duration: 60 }
    assert.deepEqual(said(await admin.post(`${CHAPTER}/saveSection`, section)), [400, '请先上传视频或文档'])
    assert.deepEqual(said(await admin.post(`${CHAPTER}/saveSection`, { ...section, mediaKey: 'media/2020/01/none.mp4' })), [
      400,
      '文件不存在，请重新上传',
    ])
    assert.deepEqual(said(await admin.post(`${CHAPTER}/saveSection`, { ...section, mediaKey: '../../etc/passwd' })), [
      400,
      '文件格式不正确，请重新上传',
    ])
    assert.deepEqual(said(await admin.post(`${CHAPTER}/saveSection`, { ...section, mediaKey: course.mediaKey, duration: '' })), [
      400,
      '请填写视频时长（秒）',
    ])
    assert.deepEqual(said(await admin.post(`${CHAPTER}/saveSection`, { ...section, kind: '音频' })), [
      400,
      '小节类型只能是视频、文档或直播',
    ])
    const otherLive = (
      await admin.post(LIVE, { courseId: other.id, title: '别的直播', startsAt: '2026-06-01 19:00', endsAt: '2026-06-01 20:00' })
    ).json().data
    assert.deepEqual(
      said(await admin.post(`${CHAPTER}/saveSection`, { ...section, kind: SectionKind.live, liveSessionId: otherLive.id })),
      [404, '请选择本课程的一场直播'],
    )
    const saved = await admin.post(`${CHAPTER}/saveSection`, { ...section, mediaKey: course.mediaKey, fileName: 'x.mp4', trial: 'true' })
    assert.deepEqual([saved.json().data.size, saved.json().data.trial, saved.json().data.sort], [FAKE_MP4.length, true, 2])
    const changed = await admin.put(`${CHAPTER}/updateSection`, {
      ...section,
      id: saved.json().data.id,
      mediaKey: course.mediaKey,
      title: '改名',
    })
    assert.deepEqual([changed.json().data.title, changed.json().data.trial], ['改名', false])
  })

  test('live sessions: times in order, a playback stored, listed by course and day, removed unless a section names it', async () => {
    const cat = await makeCategories(admin, '直播')
    const course = await makeCourse(admin, { categoryId: cat.a, title: '直播课', price: 0, type: '直播课' })
    const base = { courseId: course.id, title: '第1讲', teacher: '陈老师', startsAt: '2026-06-01 19:00:00', endsAt: '2026-06-01 18:00:00' }
    assert.deepEqual(said(await admin.post(LIVE, base)), [400, '结束时间须晚于开始时间'])
    assert.deepEqual(said(await admin.post(LIVE, { ...base, endsAt: '明天' })), [400, '结束时间格式不正确，例如 2026-05-01 09:00:00'])
    assert.deepEqual(said(await admin.post(LIVE, { ...base, endsAt: '2026-06-01 20:00', roomUrl: 'javascript:alert(1)' })), [
      400,
      '直播间地址须以 http:// 或 https:// 开头',
    ])
    const live = (await admin.post(LIVE, { ...base, endsAt: '2026-06-01 20:00' })).json().data
    assert.deepEqual([live.startsAt, live.status, live.playbackUrl], ['2026-06-01T11:00:00.000Z', LiveStatus.ended, null])
    const now = Date.now()
    const current = (
      await admin.post(LIVE, {
        ...base,
        title: '进行中',
        startsAt: new Date(now - 60_000).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
      })
    ).json().data
    assert.equal(current.status, LiveStatus.live)
    const withPlayback = await admin.put(LIVE, {
      ...base,
      id: live.id,
      endsAt: '2026-06-01 20:00',
      playbackKey: course.mediaKey,
      playbackDuration: 3600,
    })
    assert.match(withPlayback.json().data.playbackUrl, /^\/files\/media\//)
    assert.deepEqual(
      said(await admin.put(LIVE, { ...base, id: live.id, endsAt: '2026-06-01 20:00', playbackKey: 'media/none.mp4', playbackDuration: 9 })),
      [400, '文件不存在，请重新上传'],
    )
    const day = (await admin.get(`${LIVE}/list`, { courseId: course.id, from: '2026-06-01', to: '2026-06-01' })).json().data
    assert.deepEqual(
      day.list.map((l: { title: string }) => l.title),
      ['第1讲'],
    )
    assert.equal((await admin.get(`${LIVE}/list`, { courseId: course.id })).json().data.total, 2)
    await admin.post(`${CHAPTER}/saveSection`, {
      chapterId: course.chapterId,
      title: '直播节',
      kind: SectionKind.live,
      liveSessionId: live.id,
    })
    assert.deepEqual(said(await admin.del(LIVE, { id: live.id })), [422, '该直播已被课程小节引用，请先删除小节'])
    assert.equal((await admin.del(LIVE, { id: current.id })).statusCode, 200)
  })

  test('grants: by ids or by roll in one statement, answering granted and already; only a school grant is withdrawn', async () => {
    const cat = await makeCategories(admin, '开通')
    const course = await makeCourse(admin, { categoryId: cat.a, title: '开通课', price: 5000 })
    const school = `开通学院${process.pid}`
    const s1 = await insertStudent(t.app, { school, level: StudentLevel.bachelor, batchYear: 2026 })
    const s2 = await insertStudent(t.app, { school, level: StudentLevel.bachelor, batchYear: 2026 })
    const s3 = await insertStudent(t.app, { school, level: StudentLevel.junior, batchYear: 2026 })
    const grant = (body: Record<string, unknown>) =>
      admin.post('/api/sms/study/join/batchJoinOnlineCourse', { courseId: course.id, ...body })
    assert.deepEqual(said(await grant({})), [400, '请选择学员或填写筛选条件'])
    assert.deepEqual((await grant({ studentIds: `${s1.id}` })).json().data, { granted: 1, already: 0 })
    assert.deepEqual((await grant({ school, level: StudentLevel.bachelor, batchYear: '2026' })).json().data, { granted: 1, already: 1 })
    assert.deepEqual((await grant({ studentIds: JSON.stringify([s1.id, s2.id, s3.id]) })).json().data, { granted: 1, already: 2 })
    const rows = await t.app.db
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.courseId, course.id), inArray(courseEnrolments.studentId, [s1.id, s2.id, s3.id])))
    assert.deepEqual(new Set(rows.map((r) => r.source)), new Set([EnrolmentSource.granted]))
    assert.equal((await admin.del('/api/sms/study/join', { courseId: course.id, studentId: s3.id })).statusCode, 200)
    assert.deepEqual(said(await admin.del('/api/sms/study/join', { courseId: course.id, studentId: s3.id })), [404, '该学员没有这门课程'])
    const free = await makeCourse(admin, { categoryId: cat.a, title: '免费课', price: 0 })
    const { client, student } = await studentClient(t.app)
    await client.post('/api/sms/study/join/join', { courseId: free.id })
    assert.deepEqual(said(await admin.del('/api/sms/study/join', { courseId: free.id, studentId: student.id })), [
      422,
      '只能撤销学校开通的课程',
    ])
  })

  test('uploads: sniffed by content, kept within each kind’s limit and stored whole or not at all; served with ranges', async () => {
    const upload = (fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) =>
      admin.inject({ method: 'POST', url: '/api/bms/cont/resource/upload', ...multipart(fields, file) })
    const video = await upload({ kind: 'video' }, { name: 'C:\\课程\\第一课.mp4', type: 'video/mp4', data: FAKE_MP4 })
    assert.equal(video.statusCode, 200, video.body)
    const v = video.json().data
    assert.deepEqual([v.fileName, v.size, v.contentType], ['第一课.mp4', FAKE_MP4.length, 'video/mp4'])
    assert.match(v.key, /^media\/\d{4}\/\d{2}\/[0-9a-f]{24}\.mp4$/)
    const part = await createClient(t.app).inject({ method: 'GET', url: v.url, headers: { range: 'bytes=100-199' } })
    assert.equal(part.statusCode, 206)
    assert.deepEqual(part.rawPayload, FAKE_MP4.subarray(100, 200))
    const pdf = await upload({}, { name: 'a.pdf', type: 'application/octet-stream', data: Buffer.from('%PDF-1.4\n%%EOF\n') })
    assert.deepEqual([pdf.json().data.contentType, pdf.json().data.key.endsWith('.pdf')], ['application/pdf', true])

    const html = Buffer.from('<html><script>alert(1)</script></html>'.repeat(3))
    assert.deepEqual(said(await upload({ kind: 'video' }, { name: 'x.mp4', type: 'video/mp4', data: html })), [
      400,
      '文件格式不支持：视频支持 mp4、webm，文档支持 pdf，图片支持 png、jpg、webp',
    ])
    assert.deepEqual(said(await upload({ kind: 'document' }, { name: 'x.pdf', type: 'application/pdf', data: FAKE_MP4 })), [
      400,
      '文件内容不是文档，请重新选择',
    ])
    assert.deepEqual(said(await upload({ kind: 'video' }, { name: 'x.mp4', type: 'text/html', data: FAKE_MP4 })), [
      400,
      '文件类型与内容不符，请重新选择',
    ])
    assert.deepEqual(said(await upload({ kind: 'audio' }, { name: 'x.mp4', type: 'video/mp4', data: FAKE_MP4 })), [
      400,
      '文件类型只能是 video、document 或 image',
    ])
    const big = Buffer.concat([FAKE_MP4, Buffer.alloc(30_000, 1)])
    const files = async () => (await t.app.storage.stat(v.key)) !== undefined
    const tooBig = await upload({ kind: 'video' }, { name: 'big.mp4', type: 'video/mp4', data: big })
    assert.deepEqual(said(tooBig), [413, '视频不能超过20KB'])
    assert.ok(await files())
    const empty = await admin.inject({
      method: 'POST',
      url: '/api/bms/cont/resource/upload',
      payload: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    assert.equal(empty.statusCode, 400)
  })

  test('the demo courses: a course for sale with a trial, a granted one, a live class live now; the generated videos play from storage', async () => {
    const fresh = await buildTestApp()
    try {
      await seedStudentsDemo({ db: fresh.app.db })
      await seedCoursesDemo({ db: fresh.app.db, storage: fresh.app.storage })
      const [demo] = await fresh.app.db.select().from(students).where(eq(students.phone, STUDENTS_DEMO.student.phone))
      const client = createClient(fresh.app)
      const { token } = await fresh.app.sessions.create({ db: fresh.app.db, kind: 'user', accountId: demo!.accountId })
      client.jar.set('sid', token)
      const cards = (await client.get('/api/bms/cont/continueCourse/listForClient', { size: 50 })).json().data.list
      const byTitle = (title: string) => cards.find((c: { title: string }) => c.title === title)
      assert.deepEqual(
        [byTitle(COURSES_DEMO.english).price, byTitle(COURSES_DEMO.english).joined, byTitle(COURSES_DEMO.english).trialCount],
        [19900, false, 1],
      )
      assert.equal(byTitle(COURSES_DEMO.maths).joined, true)
      assert.equal(byTitle(COURSES_DEMO.live).joined, true)
      const lives = (await createClient(fresh.app).get(`${LIVE}/list`)).statusCode
      assert.equal(lives, 401)
      const { client: operator } = await adminClient(fresh.app)
      const schedule = (await operator.get(`${LIVE}/list`)).json().data.list
      assert.deepEqual(
        schedule.map((l: { status: string; playbackUrl: string | null }) => [l.status, l.playbackUrl !== null]),
        [
          [LiveStatus.live, false],
          [LiveStatus.ended, true],
        ],
      )
      const english = (await operator.get(`${COURSE}/details`, { id: byTitle(COURSES_DEMO.english).id })).json().data
      const first = english.chapters[0].sections[0]
      assert.deepEqual([first.trial, first.duration], [true, 8])
      const head = await createClient(fresh.app).inject({ method: 'GET', url: first.url, headers: { range: 'bytes=0-11' } })
      assert.equal(head.statusCode, 206)
      assert.equal(head.rawPayload.subarray(4, 8).toString(), 'ftyp')
      assert.equal(Number(String(head.headers['content-range']).split('/')[1]), first.size)
    } finally {
      await fresh.close()
    }
  })
})
