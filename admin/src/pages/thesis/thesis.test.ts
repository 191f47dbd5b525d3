import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { ThesisBatch, ThesisFile, ThesisSelection } from '../../api/thesis.ts'
import {
  assignable,
  batchBody,
  batchRefusal,
  batchValues,
  filesByStage,
  panelOptions,
  publishableCount,
  scoreParts,
  stageDue,
  stagesOf,
  studentActions,
  thesisFileProblem,
  weightsLabel,
  windowsLabel,
  withStatus,
} from './thesis.ts'

const batch: ThesisBatch = {
  id: 1,
  name: '2026年1期毕业论文',
  batchYear: 2026,
  batch: 1,
  topicFrom: '2026-03-01',
  topicTo: '2026-03-14',
  proposalDue: '2026-04-01',
  draftDue: '2026-05-01',
  finalDue: '2026-06-01',
  internshipDue: null,
  advisorWeight: 40,
  defenceWeight: 60,
  passScore: 60,
}

const row = (over: Partial<ThesisSelection>): ThesisSelection => ({
  id: 1,
  studentId: 11,
  studentName: '林小雨',
  studentNo: '2026001',
  topicId: 3,
  topicTitle: '成人学习者的学习动机与坚持',
  advisorId: 7,
  advisorName: '王老师',
  status: '已确认',
  defenceSessionId: null,
  advisorScore: null,
  defenceScore: null,
  totalScore: null,
  scoreStatus: '未评分',
  ...over,
})

const file = (over: Partial<ThesisFile>): ThesisFile => ({
  id: 1,
  stage: '开题报告',
  version: 1,
  fileName: 'a.pdf',
  url: '/f/a.pdf',
  bytes: 1000,
  submittedAt: '',
  uploadedByName: null,
  uploadedAt: '',
  status: '待审阅',
  comment: null,
  commentUrl: null,
  commentFileName: null,
  reviewedBy: null,
  reviewedAt: null,
  ...over,
})

describe('a thesis batch', () => {
  test('a new one starts this year at 40% + 60%, 60 to pass; its body has dates as YYYY-MM-DD and no internship date when none', () => {
    const values = batchValues(undefined, new Date('2026-02-01T00:00:00+08:00'))
    assert.equal(values.batchYear, 2026)
    assert.deepEqual([values.advisorWeight, values.defenceWeight, values.passScore], [40, 60, 60])
    const body = batchBody({ ...batchValues(batch), name: ' 2026年1期 ', topicFrom: '2026-03-01 00:00:00' })
    assert.equal(body.name, '2026年1期')
    assert.equal(body.topicFrom, '2026-03-01')
    assert.equal('internshipDue' in body, false)
    assert.equal(batchBody({ ...batchValues(batch), internshipDue: '2026-06-15 00:00:00' }).internshipDue, '2026-06-15')
  })

  test('dates out of order and weights not adding to 100 are refused before sending, in the server’s words', () => {
    assert.equal(batchRefusal(batchValues(batch)), null)
    assert.equal(batchRefusal({ ...batchValues(batch), topicTo: '2026-02-01' }), '选题结束日期不能早于开始日期')
    assert.equal(batchRefusal({ ...batchValues(batch), draftDue: '2026-03-20' }), '初稿截止日期不能早于开题报告截止日期')
    assert.equal(batchRefusal({ ...batchValues(batch), advisorWeight: 50 }), '指导教师评分与答辩评分的权重之和必须为100%')
  })

  test('reads its windows and weights in one line each; asks for 实习报告 only with its date', () => {
    assert.equal(windowsLabel(batch), '选题 03-01 至 03-14 · 开题 04-01 · 初稿 05-01 · 定稿 06-01')
    assert.equal(weightsLabel(batch), '指导 40% + 答辩 60%，60 分及格')
    assert.deepEqual(stagesOf(batch), ['开题报告', '初稿', '定稿'])
    assert.deepEqual(stagesOf({ internshipDue: '2026-06-15' }), ['开题报告', '初稿', '定稿', '实习报告'])
  })
})

describe("a student's thesis", () => {
  test('each stage lists its versions newest first, a stage without any too', () => {
    const files = [file({ id: 1, version: 1 }), file({ id: 3, stage: '初稿', version: 1 }), file({ id: 2, version: 2 })]
    const stages = filesByStage(files, stagesOf(batch))
    assert.deepEqual(
      stages.map((s) => [s.stage, s.versions.map((v) => v.id)]),
      [
        ['开题报告', [2, 1]],
        ['初稿', [3]],
        ['定稿', []],
      ],
    )
  })

  test('a stage’s last day is the batch’s, or the latest extension', () => {
    assert.deepEqual(stageDue(batch, '初稿', []), { due: '2026-05-01', extendedTo: null })
    const extensions = [
      { stage: '初稿', until: '2026-05-10', reason: '病假', grantedBy: '教务处' },
      { stage: '初稿', until: '2026-05-20', reason: '病假', grantedBy: '教务处' },
    ]
    assert.deepEqual(stageDue(batch, '初稿', extensions), { due: '2026-05-01', extendedTo: '2026-05-20' })
  })

  test('their advisor decides, reviews and gives 指导教师评分; a panel member (by id) 答辩评分; the office uploads and extends', () => {
    const none = { canAdviseThesis: false, canEditThesis: false, canPublishThesis: false }
    const advise = { ...none, canAdviseThesis: true }
    const advisor = { id: 7, name: '王老师' }
    assert.deepEqual(studentActions(row({ status: '待确认' }), null, advisor, advise), {
      decide: true,
      review: false,
      uploadFor: false,
      extend: false,
      advisorScore: false,
      defenceScore: false,
    })
    const mine = studentActions(row({}), [8], advisor, advise)
    assert.deepEqual([mine.review, mine.uploadFor, mine.advisorScore, mine.defenceScore], [true, true, true, false])
    const panel = studentActions(row({}), [8], { id: 8, name: '李老师' }, advise)
    assert.deepEqual(scoreParts(panel), ['答辩评分'])
    assert.equal(panel.review, false)
    const office = studentActions(row({}), null, { id: 1, name: '教务处' }, { ...none, canEditThesis: true })
    assert.deepEqual([office.uploadFor, office.extend, office.decide, office.advisorScore], [true, true, false, false])
    assert.deepEqual(scoreParts(studentActions(row({ scoreStatus: '已发布' }), [7], advisor, advise)), [])
  })

  test('a file the review or the upload takes is a PDF or Word of at most 20MB', () => {
    assert.equal(thesisFileProblem({ name: '论文.docx', size: 1000 }), null)
    assert.equal(thesisFileProblem({ name: '论文.PDF', size: 1000 }), null)
    assert.equal(thesisFileProblem({ name: '论文.zip', size: 1000 }), '请上传 PDF 或 Word 文件')
    assert.equal(thesisFileProblem({ name: '论文.pdf', size: 21 * 1024 * 1024 }), '文件不能超过20MB')
  })
})

describe("a batch's students", () => {
  test('the status filter keeps its rows; an unknown status keeps every row', () => {
    const rows = [row({ id: 1 }), row({ id: 2, status: '待确认' })]
    assert.deepEqual(
      withStatus(rows, '待确认').map((r) => r.id),
      [2],
    )
    assert.equal(withStatus(rows, '其他').length, 2)
    assert.equal(withStatus(rows, null).length, 2)
  })

  test('only confirmed students without a session may be assigned; 发布成绩 counts the scored ones', () => {
    const rows = [row({ id: 1 }), row({ id: 2, defenceSessionId: 4 }), row({ id: 3, status: '待确认' })]
    assert.deepEqual(
      assignable(rows).map((r) => r.id),
      [1],
    )
    assert.equal(
      publishableCount([
        row({ scoreStatus: '已评分', totalScore: 80 }),
        row({ scoreStatus: '已发布', totalScore: 70 }),
        row({ scoreStatus: '未评分' }),
      ]),
      1,
    )
  })

  test('the panel’s choices: the advisors first, then the other operators, each once', () => {
    const topics = [
      { advisorId: 7, advisorName: '王老师' },
      { advisorId: 7, advisorName: '王老师' },
    ]
    assert.deepEqual(
      panelOptions(topics, [
        { value: 7, label: '王老师（班主任）' },
        { value: 9, label: '赵老师（教务处）' },
      ]),
      [
        { value: 7, label: '王老师（指导教师）' },
        { value: 9, label: '赵老师（教务处）' },
      ],
    )
  })
})
