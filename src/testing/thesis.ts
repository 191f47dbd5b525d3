import type { ThesisBatch, ThesisFile, ThesisMine, ThesisStageState, ThesisTopic } from '../api/ems/thesis'

/** Test-only: 我的论文's server answers (GET student, PUT commitTitle, the commitFile upload). */
export const MINE = 'GET /api/ems/thesis/client/detailsForClient'
export const COMMIT_TITLE = 'PUT /api/ems/thesis/client/commitTitle'
export const COMMIT_FILE = '/api/ems/thesis/client/commitFile'

/** 2026年1期's thesis work: topics 03-01 to 03-20, then 开题报告, 初稿, 定稿; no internship report. */
export const BATCH: ThesisBatch = {
  id: 3,
  name: '2026年1期毕业论文',
  batchYear: 2026,
  batch: 1,
  topicFrom: '2026-03-01',
  topicTo: '2026-03-20',
  proposalDue: '2026-04-01',
  draftDue: '2026-05-01',
  finalDue: '2026-06-01',
  internshipDue: null,
  advisorWeight: 40,
  defenceWeight: 60,
  passScore: 60,
}

export function topicOf(over: Partial<ThesisTopic> = {}): ThesisTopic {
  return {
    id: 11,
    title: '小微企业数字化转型研究',
    description: '以本地小微企业为例',
    advisorId: 7,
    advisorName: '陈老师',
    capacity: 5,
    left: 2,
    proposedByStudent: false,
    ...over,
  }
}

const DUE: Record<string, string> = { 开题报告: BATCH.proposalDue, 初稿: BATCH.draftDue, 定稿: BATCH.finalDue }

export function stageOf(stage: ThesisStageState['stage'], over: Partial<ThesisStageState> = {}): ThesisStageState {
  return { stage, due: DUE[stage] ?? '2026-06-15', extendedTo: null, versions: [], refusal: '上一阶段通过后才能提交', ...over }
}

export function fileOf(over: Partial<ThesisFile> = {}): ThesisFile {
  return {
    id: 31,
    stage: '开题报告',
    version: 1,
    fileName: '开题报告.docx',
    url: '/files/thesis/31.docx?e=1&s=x',
    bytes: 512 * 1024,
    submittedAt: '2026-03-25T02:00:00.000Z',
    uploadedByName: null,
    uploadedAt: '2026-03-25T02:00:00.000Z',
    status: '待审阅',
    comment: null,
    commentUrl: null,
    commentFileName: null,
    reviewedBy: null,
    reviewedAt: null,
    ...over,
  }
}

const TOPICS = [
  topicOf(),
  topicOf({ id: 12, title: '乡村旅游品牌建设研究', description: null, capacity: 3, left: 0 }),
  topicOf({ id: 13, title: '跨境电商物流模式比较', advisorId: 8, advisorName: '赵老师', capacity: 4, left: 4 }),
]
const FRESH_STAGES = () =>
  [stageOf('开题报告'), stageOf('初稿'), stageOf('定稿')].map((s) => ({ ...s, refusal: '指导教师确认选题后才能提交' }))
const base = (): ThesisMine => ({
  batch: BATCH,
  selection: null,
  topics: TOPICS,
  topicRefusal: null,
  stages: FRESH_STAGES(),
  session: null,
  score: null,
})

/** The student's thesis in each state the page draws differently. */
export const THESIS_STATES = {
  /** Their batch has no thesis work. */
  notStarted: (): ThesisMine => ({ ...base(), batch: null, topics: [], topicRefusal: '你所在的批次还没有开始论文工作', stages: [] }),
  /** The topic window is open; nothing chosen. */
  choosing: base,
  /** The advisor refused the student's own title; the topics are offered again. */
  refused: (): ThesisMine => ({
    ...base(),
    selection: {
      id: 5,
      status: '已拒绝',
      refusal: '题目范围过大，请缩小研究对象',
      topic: topicOf({ id: 20, title: '中国经济发展研究', description: null, capacity: 1, left: 0, proposedByStudent: true }),
    },
  }),
  /** The topic window has closed with nothing chosen. */
  closed: (): ThesisMine => ({ ...base(), topicRefusal: '选题时间为2026-03-01至2026-03-20' }),
  /** Chosen, waiting for the advisor. */
  pending: (): ThesisMine => ({
    ...base(),
    topics: [],
    topicRefusal: '你已选题',
    selection: { id: 6, status: '待确认', refusal: null, topic: topicOf({ left: 1 }) },
  }),
  /** Accepted; 开题报告 v1 returned with a comment and an annotated file; v2 may be submitted. */
  returned: (): ThesisMine => ({
    ...base(),
    topics: [],
    topicRefusal: '你已选题',
    selection: { id: 6, status: '已确认', refusal: null, topic: topicOf({ left: 1 }) },
    stages: [
      stageOf('开题报告', {
        extendedTo: '2026-04-10',
        refusal: null,
        versions: [
          fileOf({
            status: '退回修改',
            comment: '研究方法部分需要补充问卷设计',
            commentUrl: '/files/thesis/31-comment.pdf?e=1&s=x',
            commentFileName: '开题报告-批注.pdf',
            reviewedBy: '陈老师',
            reviewedAt: '2026-03-27T02:00:00.000Z',
          }),
        ],
      }),
      stageOf('初稿'),
      stageOf('定稿'),
    ],
  }),
  /** v2 of 开题报告 submitted, waiting for review. */
  resubmitted: (): ThesisMine => {
    const returned = THESIS_STATES.returned()
    const [proposal, ...rest] = returned.stages
    return {
      ...returned,
      stages: [
        {
          ...proposal!,
          refusal: '上一版本正在审阅中，审阅后才能提交新版本',
          versions: [
            fileOf({
              id: 32,
              version: 2,
              fileName: '开题报告-修改稿.pdf',
              url: '/files/thesis/32.pdf?e=1&s=x',
              submittedAt: '2026-03-28T06:30:00.000Z',
            }),
            ...proposal!.versions,
          ],
        },
        ...rest,
      ],
    }
  },
  /** Every stage passed (定稿 handed in on paper, uploaded by the office), the defence held, the score published. */
  scored: (): ThesisMine => ({
    ...base(),
    topics: [],
    topicRefusal: '你已选题',
    selection: { id: 6, status: '已确认', refusal: null, topic: topicOf({ left: 1 }) },
    stages: [
      stageOf('开题报告', { refusal: '该阶段已通过', versions: [fileOf({ status: '通过', reviewedBy: '陈老师' })] }),
      stageOf('初稿', {
        refusal: '该阶段已通过',
        versions: [fileOf({ id: 33, stage: '初稿', fileName: '初稿.pdf', status: '通过', url: '/files/thesis/33.pdf?e=1&s=x' })],
      }),
      stageOf('定稿', {
        refusal: '该阶段已通过',
        versions: [
          fileOf({
            id: 34,
            stage: '定稿',
            fileName: '定稿.pdf',
            status: '通过',
            uploadedByName: '张教务',
            url: '/files/thesis/34.pdf?e=1&s=x',
          }),
        ],
      }),
    ],
    session: {
      id: 2,
      startsAt: '2026-06-20T01:30:00.000Z',
      place: '教学楼A302',
      onlineUrl: null,
      panel: ['陈老师', '赵老师', '钱老师'],
      panelIds: [11, 12, 13],
    },
    score: { advisorScore: 85, defenceScore: 78, totalScore: 81, passed: true },
  }),
}
