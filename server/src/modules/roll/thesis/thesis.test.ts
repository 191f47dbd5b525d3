import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { beijingDate, shiftDate } from '@activity/domain'
import { multipart } from '../../../../test/course-fixtures.ts'
import { adminClient, insertPosition, studentClient } from '../../../../test/fixtures.ts'
import { buildTestApp, type Client, createClient, ok, openRaceApp, refused, type TestApp } from '../../../../test/helper.ts'

const THESIS = '/api/ems/thesis'
const today = () => beijingDate(new Date())
const day = (offset: number) => shiftDate(today(), offset)
const PDF = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`)

/** A multipart body with fields first, then the file (as a browser sends a form). */
const upload = (
  client: Pick<Client, 'inject'>,
  method: 'PUT' | 'POST',
  url: string,
  fields: Record<string, string>,
  data: Buffer,
  name = '论文.pdf',
) => client.inject({ method, url, ...multipart(fields, { name, type: 'application/pdf', data }) })

describe('论文: topics without over-selection, files in versions, the defence, scores published and rolled back', () => {
  let t: TestApp
  let office: Client
  let advisor: { client: Client; id: number }
  let other: { client: Client; id: number }
  let panel: { client: Client; id: number }
  let thesisBatchId: number
  const batch = { batchYear: 2024, batch: 5 }

  before(async () => {
    t = await buildTestApp()
    office = (await adminClient(t.app, '管理员')).client
    const teaching = await insertPosition(t.app, ['thesis.advise'])
    const make = async () => {
      const a = await adminClient(t.app, '管理员', { positionId: teaching.id })
      return { client: a.client, id: a.admin.id }
    }
    advisor = await make()
    other = await make()
    panel = await make()
  })
  after(() => t.close())

  const student = () => studentClient(t.app, { ...batch })
  const mine = async (client: Client) => ok(await client.get(`${THESIS}/client/detailsForClient`))

  test('the office opens a batch: windows in order, weights adding to 100, one per student batch', async () => {
    const form = {
      name: '2024年5期毕业论文',
      ...batch,
      topicFrom: day(-5),
      topicTo: day(5),
      proposalDue: day(10),
      draftDue: day(20),
      finalDue: day(30),
      internshipDue: day(-1),
      advisorWeight: 40,
      defenceWeight: 60,
      passScore: 60,
    }
    refused(await office.post(`${THESIS}/batch`, { ...form, defenceWeight: 50 }), 400, '指导教师评分与答辩评分的权重之和必须为100%')
    refused(await office.post(`${THESIS}/batch`, { ...form, draftDue: day(5) }), 400, '初稿截止日期不能早于开题报告截止日期')
    refused(await advisor.client.post(`${THESIS}/batch`, form), 403)
    thesisBatchId = ok(await office.post(`${THESIS}/batch`, form)).id
    refused(await office.post(`${THESIS}/batch`, form), 409, '该批次已有论文批次，请修改原有的批次')
  })

  test('two students race for the last place of a topic: one gets it; a proposal refused by its advisor frees the student to choose again', async () => {
    const last = ok(await advisor.client.post(`${THESIS}/teacher/topic`, { thesisBatchId, title: '成人学习者的动机研究', capacity: 1 }))
    const wide = ok(await other.client.post(`${THESIS}/teacher/topic`, { thesisBatchId, title: '社区教育的数字化', capacity: 3 }))
    const [a, b] = [await student(), await student()]
    assert.deepEqual(
      (await mine(a.client)).topics.map((x: { title: string; left: number }) => [x.title, x.left]),
      [
        ['成人学习者的动机研究', 1],
        ['社区教育的数字化', 3],
      ],
    )
    const race = await openRaceApp(t)
    try {
      // On PostgreSQL the second student comes through another app with its own pool: a true race.
      const bElsewhere = createClient(race.app)
      for (const [k, v] of b.client.jar) bElsewhere.jar.set(k, v)
      const answers = await Promise.all([
        a.client.put(`${THESIS}/client/commitTitle`, { topicId: last.id }),
        bElsewhere.put(`${THESIS}/client/commitTitle`, { topicId: last.id }),
      ])
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 409])
      const loser = answers.find((r) => r.statusCode === 409)!
      assert.equal(loser.json().message, '该题目名额已满，请选择其他题目')
    } finally {
      await race.close()
    }
    const topics = ok(await office.get(`${THESIS}/teacher/topics`, { thesisBatchId })).list
    assert.equal(topics.find((x: { id: number }) => x.id === last.id).left, 0)
    // Whoever lost proposes their own title to the other advisor, who refuses it with a reason.
    const [winner, loser] = (await mine(a.client)).selection ? [a, b] : [b, a]
    refused(await winner.client.put(`${THESIS}/client/commitTitle`, { topicId: wide.id }), 409, '你已经选过题目了')
    const proposed = ok(await loser.client.put(`${THESIS}/client/commitTitle`, { title: '我的自拟题目', advisorId: other.id }))
    assert.deepEqual([proposed.selection.status, proposed.selection.topic.proposedByStudent], ['待确认', true])
    refused(await advisor.client.put(`${THESIS}/teacher/decide`, { selectionId: proposed.selection.id, accept: '否', reason: 'x' }), 403)
    refused(await other.client.put(`${THESIS}/teacher/decide`, { selectionId: proposed.selection.id, accept: '否' }), 422, '请填写拒绝原因')
    ok(await other.client.put(`${THESIS}/teacher/decide`, { selectionId: proposed.selection.id, accept: '否', reason: '选题范围过大' }))
    const afterRefusal = await mine(loser.client)
    assert.deepEqual([afterRefusal.selection.status, afterRefusal.selection.refusal], ['已拒绝', '选题范围过大'])
    assert.ok(
      afterRefusal.topics.every((x: { proposedByStudent: boolean }) => !x.proposedByStudent),
      'a proposal is nobody else’s topic',
    )
    ok(await loser.client.put(`${THESIS}/client/commitTitle`, { topicId: wide.id }))
    assert.equal((await mine(loser.client)).selection.topic.title, '社区教育的数字化')
  })

  test('files are versions: a returned draft keeps its comment and annotated file beside version 2; order, review and deadlines hold; a staff upload keeps the hand-in time', async () => {
    const topic = ok(await advisor.client.post(`${THESIS}/teacher/topic`, { thesisBatchId, title: '继续教育学分银行', capacity: 5 }))
    const s = await student()
    const chosen = ok(await s.client.put(`${THESIS}/client/commitTitle`, { topicId: topic.id }))
    const selectionId = chosen.selection.id
    refused(
      await upload(s.client, 'PUT', `${THESIS}/client/commitFile`, { stage: '开题报告' }, PDF('开题')),
      422,
      '指导教师确认选题后才能提交',
    )
    ok(await advisor.client.put(`${THESIS}/teacher/decide`, { selectionId, accept: '是' }))
    refused(await upload(s.client, 'PUT', `${THESIS}/client/commitFile`, { stage: '初稿' }, PDF('初稿')), 422, '开题报告通过后才能提交初稿')
    refused(
      await upload(s.client, 'PUT', `${THESIS}/client/commitFile`, { stage: '开题报告' }, Buffer.from('plain text')),
      400,
      '请上传 PDF 或 Word 文件',
    )
    refused(await upload(s.client, 'PUT', `${THESIS}/client/commitFile`, { stage: '结题' }, PDF('x')), 400, '请选择论文阶段')
    const proposal = ok(await upload(s.client, 'PUT', `${THESIS}/client/commitFile`, { stage: '开题报告' }, PDF('开题')))
    const proposalFile = proposal.stages[0].versions[0]
    assert.deepEqual([proposalFile.version, proposalFile.status], [1, '待审阅'])
    refused(
      await upload(s.client, 'PUT', `${THESIS}/client/commitFile`, { stage: '开题报告' }, PDF('again')),
      422,
      '开题报告第1版正在审阅中，审阅后才能提交新版本',
    )
    const review = (fields: Record<string, string>, file?: Buffer) =>
      file
        ? upload(advisor.client, 'PUT', `${THESIS}/teacher/review`, fields, file, '批注.pdf')
        : advisor.client.inject({ method: 'PUT', url: `${THESIS}/teacher/review`, ...multipartFields(fields) })
    refused(await review({ fileId: String(proposalFile.id), status: '退回修改' }), 422, '退回修改请填写修改意见')
    refused(
      await upload(other.client, 'PUT', `${THESIS}/teacher/review`, { fileId: String(proposalFile.id), status: '通过' }, PDF('x')),
      403,
    )
    ok(await review({ fileId: String(proposalFile.id), status: '通过', comment: '同意开题' }))

    ok(await upload(s.client, 'PUT', `${THESIS}/client/commitFile`, { stage: '初稿' }, PDF('初稿一')))
    const draft1 = (await mine(s.client)).stages[1].versions[0]
    const returned = ok(await review({ fileId: String(draft1.id), status: '退回修改', comment: '第二章论证不足' }, PDF('批注')))
    assert.equal(returned.commentFileName, '批注.pdf')
    const v2 = ok(await upload(s.client, 'POST', `${THESIS}/client/commitFile`, { stage: '初稿' }, PDF('初稿二')))
    const drafts = v2.stages[1].versions
    assert.deepEqual(
      drafts.map((f: { version: number; status: string; comment: string | null }) => [f.version, f.status, f.comment]),
      [
        [2, '待审阅', null],
        [1, '退回修改', '第二章论证不足'],
      ],
    )
    assert.notEqual(drafts[0].url, drafts[1].url)
    assert.ok(drafts[1].commentUrl)
    ok(await review({ fileId: String(drafts[0].id), status: '通过' }))

    // 定稿 handed in on paper yesterday, uploaded by the advisor today: the hand-in time is kept beside.
    const handedIn = new Date(Date.now() - 86400_000).toISOString()
    const staff = ok(
      await upload(
        advisor.client,
        'POST',
        `${THESIS}/teacher/uploadFor`,
        { selectionId: String(selectionId), stage: '定稿', submittedAt: handedIn },
        PDF('定稿'),
      ),
    )
    assert.deepEqual([staff.version, staff.submittedAt, staff.uploadedByName !== null], [1, handedIn, true])
    const audit = ok(await office.get('/api/bms/system/auditLog/list', { action: 'thesis.uploadFor' }))
    assert.ok(audit.list.length >= 1)

    // 实习报告 was due yesterday: refused until the office extends it.
    refused(
      await upload(s.client, 'PUT', `${THESIS}/client/commitFile`, { stage: '实习报告' }, PDF('实习')),
      422,
      `实习报告已于${day(-1)}截止，如需补交请联系教务处延期`,
    )
    refused(await office.put(`${THESIS}/extension`, { selectionId, stage: '实习报告', until: day(-2), reason: '病假' }), 422)
    ok(await office.put(`${THESIS}/extension`, { selectionId, stage: '实习报告', until: day(3), reason: '病假' }))
    const internship = ok(await upload(s.client, 'PUT', `${THESIS}/client/commitFile`, { stage: '实习报告' }, PDF('实习')))
    assert.equal(internship.stages[3].extendedTo, day(3))
    assert.equal(internship.stages[3].versions.length, 1)
  })

  test('the defence panel and the advisor score; the total by the weights shows only once published; a published score changes only after an audited rollback', async () => {
    const topic = ok(await advisor.client.post(`${THESIS}/teacher/topic`, { thesisBatchId, title: '开放大学的学习支持', capacity: 5 }))
    const s = await student()
    const selectionId = ok(await s.client.put(`${THESIS}/client/commitTitle`, { topicId: topic.id })).selection.id
    ok(await advisor.client.put(`${THESIS}/teacher/decide`, { selectionId, accept: '是' }))
    refused(
      await office.post(`${THESIS}/reply/session`, {
        thesisBatchId,
        startsAt: new Date(Date.now() + 7 * 86400_000).toISOString(),
        panelIds: panel.id,
      }),
      422,
      '请填写答辩地点或线上地址',
    )
    const session = ok(
      await office.post(`${THESIS}/reply/session`, {
        thesisBatchId,
        startsAt: new Date(Date.now() + 7 * 86400_000).toISOString(),
        place: '教学楼 301',
        panelIds: panel.id,
      }),
    )
    assert.deepEqual(ok(await office.put(`${THESIS}/reply/assign`, { sessionId: session.id, selectionIds: selectionId })).assigned, [
      selectionId,
    ])
    assert.equal((await mine(s.client)).session.place, '教学楼 301')

    ok(await advisor.client.put(`${THESIS}/score`, { selectionId, part: '指导教师评分', score: 85 }))
    refused(
      await advisor.client.put(`${THESIS}/score`, { selectionId, part: '答辩评分', score: 90 }),
      403,
      '只有答辩组成员可以录入答辩成绩',
    )
    const scored = ok(await panel.client.put(`${THESIS}/score`, { selectionId, part: '答辩评分', score: 90 }))
    // 85 × 40% + 90 × 60% = 88
    assert.deepEqual([scored.totalScore, scored.scoreStatus], [88, '已评分'])
    assert.equal((await mine(s.client)).score, null, 'not before publishing')
    refused(await advisor.client.put(`${THESIS}/score/publish`, { thesisBatchId }), 403)
    assert.ok(ok(await office.put(`${THESIS}/score/publish`, { thesisBatchId })).published >= 1)
    assert.deepEqual((await mine(s.client)).score, { advisorScore: 85, defenceScore: 90, totalScore: 88, passed: true })
    refused(
      await panel.client.put(`${THESIS}/score`, { selectionId, part: '答辩评分', score: 70 }),
      422,
      '成绩已发布，如需修改请先回退发布',
    )

    ok(await office.put(`${THESIS}/score/rollback`, { selectionId, reason: '答辩成绩登记错误' }))
    refused(await office.put(`${THESIS}/score/rollback`, { selectionId, reason: '再来一次' }), 422, '成绩未发布，无需回退')
    assert.equal((await mine(s.client)).score, null)
    ok(await panel.client.put(`${THESIS}/score`, { selectionId, part: '答辩评分', score: 70 }))
    ok(await office.put(`${THESIS}/score/publish`, { thesisBatchId }))
    assert.equal((await mine(s.client)).score.totalScore, 76)
    const log = ok(await office.get('/api/bms/system/auditLog/list', { action: 'thesis.score.rollback' })).list
    assert.match(log[0].summary, /答辩成绩登记错误/)
  })
})

/** A multipart body of fields only (a review without an annotated file). */
function multipartFields(fields: Record<string, string>) {
  const boundary = '----thesis-fields'
  return {
    payload: Buffer.from(
      Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
