/**
 * 毕业论文 (`/api/ems/thesis`): the office's batches (their windows, weights and pass score), the
 * advisors' topics and students, each student's stage files in versions with their reviews,
 * extensions, defence sessions and their panels, the two parts of a score, their publication and
 * its rollback. The server decides who may do what (论文 rights, the student's own advisor, the
 * session's panel); the screens only hide what it would refuse.
 */
import type { ApiBody, ApiData, ApiItem } from '@activity/api-types'
import { get, post, put, uploadWithProgress } from './client'

const base = '/api/ems/thesis'

/** A batch: the student batch it is for, its windows (YYYY-MM-DD), weights and pass score. */
export type ThesisBatch = ApiItem<'/api/ems/thesis/batch/list', 'get'>

/** What 新建批次 and 修改 send. */
export type ThesisBatchInput = ApiBody<'/api/ems/thesis/batch', 'post'>

/** An offered topic with its advisor and places left. */
export type ThesisTopic = ApiItem<'/api/ems/thesis/teacher/topics', 'get'>

export type ThesisTopicInput = ApiBody<'/api/ems/thesis/teacher/topic', 'post'>

/** A student's selection: topic, advisor, status, defence session and scores. */
export type ThesisSelection = ApiItem<'/api/ems/thesis/teacher/students', 'get'>

/** One selection with its topic, every version of every stage, extensions and defence session. */
export type ThesisDetail = ApiData<'/api/ems/thesis/teacher/student', 'get'>

/** A version of a stage's file with its review. */
export type ThesisFile = ThesisDetail['files'][number]

/** A defence session: when, where (a place or an online address), its panel's names. */
export type DefenceSession = ApiItem<'/api/ems/thesis/reply/list', 'get'>

export type DefenceSessionInput = ApiBody<'/api/ems/thesis/reply/session', 'post'>

export type ExtensionInput = ApiBody<'/api/ems/thesis/extension', 'put'>

export type ScoreInput = ApiBody<'/api/ems/thesis/score', 'put'>

export type ScoreResult = ApiData<'/api/ems/thesis/score', 'put'>

/** 通过 or 退回修改 with a comment and, optionally, the advisor's annotated file. */
export interface ReviewInput {
  fileId: number
  status: string
  comment?: string
  file?: File
}

/** A version handed in on the student's behalf: the stage, the student's hand-in time, the file. */
export interface UploadForInput {
  selectionId: number
  stage: string
  /** YYYY-MM-DD HH:mm:ss, office time. */
  submittedAt: string
  file: File
}

/** Fields first, then the file: the server reads the stream in order. */
function reviewForm({ file, ...fields }: ReviewInput): FormData {
  const form = new FormData()
  form.append('fileId', String(fields.fileId))
  form.append('status', fields.status)
  if (fields.comment) form.append('comment', fields.comment)
  if (file) form.append('file', file)
  return form
}

const batchQuery = (thesisBatchId: number) => ({ thesisBatchId })

export const thesisApi = {
  batches: () => get<{ list: ThesisBatch[] }>(`${base}/batch/list`).then((r) => r.list),
  /** A student batch with one already: 409; weights not adding to 100, dates out of order: refused. The dialog shows it. */
  createBatch: (input: ThesisBatchInput) => post<ThesisBatch>(`${base}/batch`, input, { quiet: true }),
  updateBatch: (input: ThesisBatchInput & { id: number }) => put<ThesisBatch>(`${base}/batch`, input, { quiet: true }),
  topics: (thesisBatchId: number) => get<{ list: ThesisTopic[] }>(`${base}/teacher/topics`, batchQuery(thesisBatchId)).then((r) => r.list),
  /** The calling operator becomes the topic's advisor. */
  offerTopic: (input: ThesisTopicInput) => post<ThesisTopic>(`${base}/teacher/topic`, input, { quiet: true }),
  /** An advisor's own students; with 论文 · 查看全部, every student of the batch. */
  selections: (thesisBatchId: number) =>
    get<{ list: ThesisSelection[] }>(`${base}/teacher/students`, batchQuery(thesisBatchId)).then((r) => r.list),
  detail: (selectionId: number) => get<ThesisDetail>(`${base}/teacher/student`, { id: selectionId }),
  /** `accept` false: refused with the reason (the student's place is freed). */
  decide: (input: ApiBody<'/api/ems/thesis/teacher/decide', 'put'>) => put<null>(`${base}/teacher/decide`, input, { quiet: true }),
  review: (input: ReviewInput) => put<ThesisFile>(`${base}/teacher/review`, reviewForm(input), { quiet: true }),
  uploadFor: ({ file, selectionId, stage, submittedAt }: UploadForInput) =>
    uploadWithProgress<ThesisFile>(`${base}/teacher/uploadFor`, file, {
      fields: { selectionId: String(selectionId), stage, submittedAt },
      quiet: true,
    }),
  extend: (input: ExtensionInput) => put<null>(`${base}/extension`, input, { quiet: true }),
  sessions: (thesisBatchId: number) => get<{ list: DefenceSession[] }>(`${base}/reply/list`, batchQuery(thesisBatchId)).then((r) => r.list),
  createSession: (input: DefenceSessionInput) => post<DefenceSession>(`${base}/reply/session`, input, { quiet: true }),
  assign: (input: ApiBody<'/api/ems/thesis/reply/assign', 'put'>) =>
    put<{ assigned: number[] }>(`${base}/reply/assign`, input, { quiet: true }),
  score: (input: ScoreInput) => put<ScoreResult>(`${base}/score`, input, { quiet: true }),
  publish: (thesisBatchId: number) => put<{ published: number }>(`${base}/score/publish`, batchQuery(thesisBatchId), { quiet: true }),
  rollback: (input: ApiBody<'/api/ems/thesis/score/rollback', 'put'>) => put<null>(`${base}/score/rollback`, input, { quiet: true }),
}
