import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { beijingDate, PHOTO_SPEC_DEFAULTS, shiftDate } from '@activity/domain'
import JSZip from 'jszip'
import { FAKE_PNG, multipart } from '../../../../test/course-fixtures.ts'
import { jpegOf } from '../../../../test/image-fixtures.ts'
import { adminClient, insertPosition, studentClient, uniqueIdCard } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, ok, openRaceApp, refused, type TestApp } from '../../../../test/helper.ts'

const PHOTOS = '/api/ems/education/photoCollection'
const APPROVAL = '/api/zms/approval/approval'

const upload = (client: Pick<Client, 'inject'>, data: Buffer, name = '证件照.jpg', type = 'image/jpeg') =>
  client.inject({ method: 'POST', url: `${PHOTOS}/upload`, ...multipart({}, { name, type, data }) })

describe('毕业照片采集: checked against the specification, approved by the head teacher then the office, downloaded as a ZIP', () => {
  let t: TestApp
  let office: Client
  let head: { client: Client; id: number }
  let classId: number
  const batch = { batchYear: 2024, batch: 3 }
  const good = jpegOf({ width: 480, height: 640, kb: 50 })

  before(async () => {
    t = await buildTestApp()
    office = (await adminClient(t.app, '管理员')).client
    const headPosition = await insertPosition(t.app, ['students.view', 'classes.view'])
    const h = await adminClient(t.app, '管理员', { positionId: headPosition.id })
    head = { client: h.client, id: h.admin.id }
    classId = ok(
      await office.post('/api/zms/class', {
        name: '毕业班',
        school: '浙江工商大学',
        major: '工商管理',
        level: '本科',
        ...batch,
        headTeacherId: head.id,
      }),
    ).id
  })
  after(() => t.close())

  async function student(overrides: Record<string, unknown> = {}) {
    const s = await studentClient(t.app, { ...batch, idCard: uniqueIdCard(), ...overrides })
    ok(await office.post('/api/zms/class/assign', { classId, studentIds: s.student.id }))
    return s
  }

  test('the office opens one collection per batch with the usual specification; bad settings are refused in words', async () => {
    const form = {
      title: '2024年3期毕业照片',
      ...batch,
      deadlineDate: shiftDate(beijingDate(new Date()), 10),
      ...PHOTO_SPEC_DEFAULTS,
    }
    refused(await office.post(`${PHOTOS}/save`, { ...form, minKb: 100 }), 400, '文件大小的下限必须小于上限')
    refused(await office.post(`${PHOTOS}/save`, { ...form, naming: '姓名' }), 400, '请选择照片命名方式')
    refused(await head.client.post(`${PHOTOS}/save`, form), 403)
    const opened = ok(await office.post(`${PHOTOS}/save`, form))
    assert.deepEqual([opened.open, opened.deadlineDate, opened.naming], [true, form.deadlineDate, '身份证号'])
    refused(await office.post(`${PHOTOS}/save`, { ...form, title: '又一个' }), 409, '该批次已有照片采集，请修改原有的采集')
    const listed = ok(await office.get(`${PHOTOS}/list`)).list
    assert.equal(listed[0].title, form.title)
  })

  test('a photo is checked for type, size and dimensions; refused by the head teacher with a reason, uploaded again, approved by both steps and then frozen', async () => {
    const { client, student: s } = await student()
    const mine0 = ok(await client.get(`${PHOTOS}/mine`))
    assert.deepEqual([mine0.collection.width, mine0.collection.height, mine0.canUpload, mine0.photos.length], [480, 640, true, 0])
    refused(await upload(client, FAKE_PNG, 'a.png', 'image/png'), 400, '照片必须是 JPG 格式')
    refused(await upload(client, jpegOf({ width: 480, height: 640, kb: 180 })), 400, '照片大小为180KB，要求在10KB到100KB之间')
    refused(await upload(client, jpegOf({ width: 600, height: 800, kb: 50 })), 400, '照片尺寸为600×800像素，要求宽480像素、高640像素')
    assert.equal(ok(await client.get(`${PHOTOS}/mine`)).photos.length, 0, 'a refused file is not kept')

    const first = ok(await upload(client, good))
    assert.deepEqual([first.photos.length, first.photos[0].status, first.canUpload], [1, '审批中', false])
    assert.deepEqual(
      first.approval.steps.map((x: { name: string; status: string }) => [x.name, x.status]),
      [
        ['班主任审核', '审批中'],
        ['教务处审核', '未开始'],
      ],
    )
    refused(await upload(client, good), 422, '照片正在审核中，审核结束后才能重新上传')
    // The head teacher sees the photo itself; another operator without the right does not.
    const seen = ok(await head.client.get(`${PHOTOS}/photo`, { id: first.photos[0].id }))
    assert.equal(seen.studentName, s.name)
    refused(await (await adminClient(t.app, '招生老师')).client.get(`${PHOTOS}/photo`, { id: first.photos[0].id }), 404)
    // Refused with a reason: the student reads it and uploads again; the first photo is kept.
    ok(await head.client.put(`${APPROVAL}/audit`, { id: first.approval.id, decision: 'refuse', comment: '背景不是浅蓝色' }))
    const refusedOnce = ok(await client.get(`${PHOTOS}/mine`))
    assert.deepEqual([refusedOnce.photos[0].status, refusedOnce.canUpload], ['已驳回', true])
    assert.equal(refusedOnce.approval.steps[0].approvers[0].comment, '背景不是浅蓝色')
    const second = ok(await upload(client, jpegOf({ width: 480, height: 640, kb: 60 })))
    assert.deepEqual(
      second.photos.map((p: { status: string }) => p.status),
      ['审批中', '已驳回'],
    )
    assert.notEqual(second.photos[0].url, second.photos[1].url)
    // The head teacher, then whoever holds 毕业 · 审核 (管理员 here).
    ok(await head.client.put(`${APPROVAL}/audit`, { id: second.approval.id, decision: 'approve' }))
    refused(await head.client.put(`${APPROVAL}/audit`, { id: second.approval.id, decision: 'approve' }), 403)
    ok(await office.put(`${APPROVAL}/audit`, { id: second.approval.id, decision: 'approve', comment: '合格' }))
    const done = ok(await client.get(`${PHOTOS}/mine`))
    assert.deepEqual([done.photos[0].status, done.canUpload, done.refusal], ['已通过', false, '照片已审核通过，不能再更换'])
    refused(await upload(client, good), 422, '照片已审核通过，不能再更换')
    const page = ok(await office.get(`${PHOTOS}/students`, { collectionId: done.collection.id, status: '已通过' }))
    const row = page.list.find((r: { studentId: number }) => r.studentId === s.id)
    assert.deepEqual([row.photo.width, row.photo.height, row.photo.status], [480, 640, '已通过'])
    // The list counts each student's latest photo once (this student's approved one, not the refused one before it).
    const counted = ok(await office.get(`${PHOTOS}/list`)).list.find((c: { id: number }) => c.id === done.collection.id)
    const [approved = 0, pending = 0, rejected = 0, none = 0] = await Promise.all(
      ['已通过', '审批中', '已驳回', '未上传'].map(
        async (status) => ok(await office.get(`${PHOTOS}/students`, { collectionId: done.collection.id, status })).total as number,
      ),
    )
    assert.deepEqual(
      [counted.approved, counted.pending, counted.uploaded, counted.students],
      [approved, pending, approved + pending + rejected, approved + pending + rejected + none],
    )
    assert.ok(counted.approved >= 1)
  })

  test('the ZIP holds the approved photos named by ID number (明文导出 only) or by student number', async () => {
    const a = await student({ studentNo: `GZ${Date.now()}` })
    const photo = jpegOf({ width: 480, height: 640, kb: 30 })
    const sent = ok(await upload(a.client, photo))
    ok(await head.client.put(`${APPROVAL}/audit`, { id: sent.approval.id, decision: 'approve' }))
    ok(await office.put(`${APPROVAL}/audit`, { id: sent.approval.id, decision: 'approve' }))
    const id = sent.collection.id
    refused(await office.get(`${PHOTOS}/download`, { collectionId: id }), 403, /明文导出/)
    const byId = await office.inject({ method: 'GET', url: `${PHOTOS}/download?collectionId=${id}&unmasked=是` })
    assert.equal(byId.statusCode, 200)
    assert.equal(byId.headers['content-type'], 'application/zip')
    const zipById = await JSZip.loadAsync(byId.rawPayload)
    const file = zipById.file(`${a.student.idCard}.jpg`)
    assert.ok(file, Object.keys(zipById.files).join(', '))
    assert.ok((await file.async('nodebuffer')).equals(photo))
    // By student number: no ID number leaves, no step-up needed.
    ok(await office.put(`${PHOTOS}/update`, { ...sent.collection, id, naming: '学号' }))
    const byNo = await JSZip.loadAsync((await office.inject({ method: 'GET', url: `${PHOTOS}/download?collectionId=${id}` })).rawPayload)
    assert.ok(byNo.file(`${a.student.studentNo}.jpg`))
    // A student without a number is listed, not dropped silently.
    assert.match(await byNo.file('未命名.txt')!.async('string'), /没有学号/)
  })

  test('two uploads at once: one is under review, the other refused; after the deadline nobody uploads', async () => {
    const { client, student: s } = await student()
    const race = await openRaceApp(t)
    try {
      // On PostgreSQL the second upload comes through another app with its own pool: a true race.
      const other = createClient(race.app)
      for (const [k, v] of client.jar) other.jar.set(k, v)
      const answers = await Promise.all([upload(client, good), upload(other, good)])
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 422])
    } finally {
      await race.close()
    }
    assert.equal(ok(await client.get(`${PHOTOS}/mine`)).photos.length, 1)
    const collection = ok(await client.get(`${PHOTOS}/mine`)).collection
    ok(await office.put(`${PHOTOS}/update`, { ...collection, deadlineDate: shiftDate(beijingDate(new Date()), -1) }))
    const late = await student()
    refused(await upload(late.client, good), 422, '照片采集已截止，如需补交请联系班主任')
    assert.equal(s.batchYear, batch.batchYear)
  })
})
