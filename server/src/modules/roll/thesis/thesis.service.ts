import { beijingDate, beijingDayStart, shiftDate } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import { isCheckViolation, isUniqueViolation } from '../../../db/errors.ts'
import type { Storage } from '../../../gateways/storage/index.ts'
import { fileUrl, newFileKey } from '../../../gateways/storage/index.ts'
import { ThesisFileStatus, ThesisScorePart, ThesisScoreStatus, ThesisSelectionStatus, ThesisStage } from '../../../wire.ts'
import { type Actor, recordAudit } from '../../platform/index.ts'
import { createStudentsRepository } from '../students/index.ts'
import {
  createAlreadySelectedError,
  createNoThesisBatchError,
  createNotAdvisorError,
  createThesisBatchRuleError,
  createThesisBatchTakenError,
  createThesisFileError,
  createThesisNotFoundError,
  createThesisStateError,
  createTopicFullError,
} from './thesis.errors.ts'
import {
  createThesisRepository,
  type DefenceSessionRow,
  type ExtensionRow,
  type SelectionRow,
  type ThesisBatchRow,
  type ThesisFileRow,
  type TopicRow,
} from './thesis.repository.ts'

export type { DefenceSessionRow, ThesisBatchRow, TopicRow }

/** Where thesis files are kept: `thesis/<yyyy>/<mm>/<s|t><uploader id>-<random>.<ext>`. */
export const THESIS_KEY_PREFIX = 'thesis/'

export interface BatchInput {
  name: string
  batchYear: number
  batch: number
  topicFrom: string
  topicTo: string
  proposalDue: string
  draftDue: string
  finalDue: string
  internshipDue?: string
  advisorWeight: number
  defenceWeight: number
  passScore: number
}

/** The end of a Beijing day: the first instant of the next. */
const endOfDay = (date: string) => beijingDayStart(shiftDate(date, 1))

/** The stages in their order: each after the one before it has passed (the internship report stands alone). */
const ORDER: ThesisStage[] = [ThesisStage.proposal, ThesisStage.draft, ThesisStage.final]

/** The last day of a stage in a batch, or null when the batch has no such stage. */
export function stageDue(batch: Pick<ThesisBatchRow, 'proposalDue' | 'draftDue' | 'finalDue' | 'internshipDue'>, stage: ThesisStage) {
  if (stage === ThesisStage.proposal) return batch.proposalDue
  if (stage === ThesisStage.draft) return batch.draftDue
  if (stage === ThesisStage.final) return batch.finalDue
  return batch.internshipDue
}

/** The stages a batch has. */
export const stagesOf = (batch: Pick<ThesisBatchRow, 'internshipDue'>) =>
  batch.internshipDue ? [...ORDER, ThesisStage.internship] : [...ORDER]

/** The total of a thesis score by the batch's weights (percent), rounded to a whole mark. */
export function totalScore(advisor: number, defence: number, batch: Pick<ThesisBatchRow, 'advisorWeight' | 'defenceWeight'>) {
  return Math.round((advisor * batch.advisorWeight + defence * batch.defenceWeight) / 100)
}

function checkBatch(input: BatchInput) {
  const order: Array<[string, string, string]> = [
    [input.topicFrom, input.topicTo, '选题结束日期不能早于开始日期'],
    [input.topicTo, input.proposalDue, '开题报告截止日期不能早于选题结束日期'],
    [input.proposalDue, input.draftDue, '初稿截止日期不能早于开题报告截止日期'],
    [input.draftDue, input.finalDue, '定稿截止日期不能早于初稿截止日期'],
  ]
  for (const [a, b, message] of order) if (b < a) throw createThesisBatchRuleError({ message })
  if (input.advisorWeight + input.defenceWeight !== 100)
    throw createThesisBatchRuleError({ message: '指导教师评分与答辩评分的权重之和必须为100%' })
}

/** Creates or changes a thesis batch (one per student batch); audited. */
export async function saveBatch({ db, id, input, actor }: { db: Executor; id?: number; input: BatchInput; actor: Actor }) {
  checkBatch(input)
  const values = { ...input, internshipDue: input.internshipDue ?? null }
  try {
    return await db.transaction(async (tx) => {
      const repo = createThesisRepository({ db: tx })
      const before = id === undefined ? undefined : await repo.batch({ id })
      if (id !== undefined && !before) throw createThesisNotFoundError({ message: '论文批次不存在' })
      const row = before
        ? await repo.updateBatch({ id: before.id, values: { ...values, updatedAt: new Date() } })
        : await repo.insertBatch({ ...values, createdBy: actor.name })
      await recordAudit({
        tx,
        actor,
        entry: {
          action: before ? 'thesis.batch.update' : 'thesis.batch.create',
          entityType: 'thesisBatch',
          entityId: row!.id,
          summary: `${before ? '修改' : '新建'}论文批次：${row!.name}（${row!.batchYear}年${row!.batch}期）`,
          before: before ? { ...before } : null,
          after: { ...row! },
        },
      })
      return row!
    })
  } catch (error) {
    if (isUniqueViolation(error, 'thesis_batches_batch_idx')) throw createThesisBatchTakenError()
    throw error
  }
}

export async function listBatches({ db }: { db: Executor }) {
  return createThesisRepository({ db }).batches()
}

export async function batchById({ db, id }: { db: Executor; id: number }) {
  const row = await createThesisRepository({ db }).batch({ id })
  if (!row) throw createThesisNotFoundError({ message: '论文批次不存在' })
  return row
}

/** An advisor (the operator calling) offers a topic with a number of places. */
export async function offerTopic({
  db,
  thesisBatchId,
  input,
  advisor,
}: {
  db: Executor
  thesisBatchId: number
  input: { title: string; description?: string; capacity: number }
  advisor: Actor
}) {
  await batchById({ db, id: thesisBatchId })
  return createThesisRepository({ db }).insertTopic({
    thesisBatchId,
    title: input.title,
    description: input.description ?? null,
    capacity: input.capacity,
    advisorId: advisor.id,
    advisorName: advisor.name,
  })
}

export async function offeredTopics({ db, thesisBatchId }: { db: Executor; thesisBatchId: number }) {
  return createThesisRepository({ db }).offeredTopics({ thesisBatchId })
}

/** The student's thesis batch (of their batch), or a refusal. */
async function studentBatch(db: Executor, studentId: number) {
  const student = await createStudentsRepository({ db }).findById({ id: studentId })
  const batch = student && (await createThesisRepository({ db }).batchOf({ batchYear: student.batchYear, batch: student.batch }))
  if (!student || !batch) throw createNoThesisBatchError()
  return { student, batch }
}

/** Whether topics may be chosen now (the batch's topic window, Beijing dates). */
function topicWindowRefusal(batch: ThesisBatchRow, now: Date) {
  const today = beijingDate(now)
  if (today < batch.topicFrom) return `选题将于${batch.topicFrom}开始`
  if (today > batch.topicTo) return '选题已结束，如需选题请联系教务处'
  return null
}

/**
 * Writes the student's new selection (待确认) of the topic `topicOf` takes or creates, in one
 * transaction: a live selection already there, or (by the database) one written at the same time,
 * is 409; a topic full by its capacity check is 409 too.
 */
async function newSelection({
  db,
  thesisBatchId,
  studentId,
  now,
  topicOf,
}: {
  db: Executor
  thesisBatchId: number
  studentId: number
  now: Date
  topicOf: (repo: ReturnType<typeof createThesisRepository>) => Promise<{ id: number; advisorId: number }>
}) {
  try {
    return await db.transaction(async (tx) => {
      const repo = createThesisRepository({ db: tx })
      if (await repo.liveSelection({ thesisBatchId, studentId })) throw createAlreadySelectedError()
      const topic = await topicOf(repo)
      return repo.insertSelection({
        thesisBatchId,
        studentId,
        topicId: topic.id,
        advisorId: topic.advisorId,
        status: ThesisSelectionStatus.pending,
        scoreStatus: ThesisScoreStatus.none,
        createdAt: now,
        updatedAt: now,
      })
    })
  } catch (error) {
    if (isUniqueViolation(error, 'thesis_selections_live_idx')) throw createAlreadySelectedError()
    if (isCheckViolation(error, 'thesis_topics_capacity')) throw createTopicFullError()
    throw error
  }
}

/**
 * The student chooses an offered topic: its place is taken by one conditional update (none left:
 * 409), and the selection written, in one transaction; the database keeps one live selection per
 * student. The advisor accepts or refuses it next.
 */
export async function chooseTopic({
  db,
  studentId,
  topicId,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  topicId: number
  now?: Date
}) {
  const { batch } = await studentBatch(db, studentId)
  const refusal = topicWindowRefusal(batch, now)
  if (refusal) throw createThesisStateError({ message: refusal })
  return newSelection({
    db,
    thesisBatchId: batch.id,
    studentId,
    now,
    topicOf: async (repo) => {
      const topic = await repo.takePlace({ topicId, thesisBatchId: batch.id })
      if (topic) return topic
      if (!(await repo.topic({ id: topicId }))) throw createThesisNotFoundError({ message: '题目不存在' })
      throw createTopicFullError()
    },
  })
}

/** The student proposes their own title to an advisor of the batch (one who offers topics in it). */
export async function proposeTopic({
  db,
  studentId,
  input,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  input: { title: string; description?: string; advisorId: number }
  now?: Date
}) {
  const { batch } = await studentBatch(db, studentId)
  const refusal = topicWindowRefusal(batch, now)
  if (refusal) throw createThesisStateError({ message: refusal })
  const advisor = (await createThesisRepository({ db }).offeredTopics({ thesisBatchId: batch.id })).find(
    (t) => t.advisorId === input.advisorId,
  )
  if (!advisor) throw createThesisNotFoundError({ message: '请选择本批次的指导教师' })
  return newSelection({
    db,
    thesisBatchId: batch.id,
    studentId,
    now,
    topicOf: (repo) =>
      repo.insertTopic({
        thesisBatchId: batch.id,
        title: input.title,
        description: input.description ?? null,
        capacity: 1,
        taken: 1,
        advisorId: advisor.advisorId,
        advisorName: advisor.advisorName,
        proposedByStudentId: studentId,
      }),
  })
}

/** A selection locked for a change by `actor`: its advisor (or, with `officeMay`, whoever holds thesis.edit). */
async function selectionFor(tx: Executor, id: number, actor: Actor, { officeMay = false } = {}) {
  const selection = await createThesisRepository({ db: tx }).selection({ id, forUpdate: true })
  if (!selection) throw createThesisNotFoundError()
  if (selection.advisorId !== actor.id && !(officeMay && actor.rights.has('thesis.edit'))) throw createNotAdvisorError()
  return selection
}

/** The advisor accepts a selection, or refuses it with a reason (the place is freed). */
export async function decideSelection({
  db,
  selectionId,
  actor,
  accept,
  reason,
  now = new Date(),
}: {
  db: Executor
  selectionId: number
  actor: Actor
  accept: boolean
  reason?: string
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const selection = await selectionFor(tx, selectionId, actor)
    if (selection.status !== ThesisSelectionStatus.pending) throw createThesisStateError({ message: '该选题已处理' })
    const repo = createThesisRepository({ db: tx })
    if (!accept) {
      if (!reason) throw createThesisStateError({ message: '请填写拒绝原因' })
      await repo.freePlace({ topicId: selection.topicId })
    }
    return repo.updateSelection({
      id: selection.id,
      values: {
        status: accept ? ThesisSelectionStatus.accepted : ThesisSelectionStatus.refused,
        refusal: accept ? null : reason!,
        decidedAt: now,
        updatedAt: now,
      },
    })
  })
}

/** What a document is from its first bytes: PDF, Word (.docx, a zip; .doc, OLE). */
export function sniffDocument(head: Buffer): { contentType: string; ext: string } | undefined {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return { contentType: 'application/pdf', ext: 'pdf' }
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    return { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' }
  if (head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])))
    return { contentType: 'application/msword', ext: 'doc' }
  return undefined
}

/** Why a stage's next version may not be submitted now, or null. */
export function submitRefusal({
  batch,
  stage,
  versions,
  before,
  extension,
  now,
}: {
  batch: ThesisBatchRow
  stage: ThesisStage
  /** The stage's versions, latest first. */
  versions: Array<Pick<ThesisFileRow, 'status'>>
  /** The stage before it's versions, latest first (none for 开题报告 and 实习报告). */
  before: Array<Pick<ThesisFileRow, 'status'>> | null
  extension: Pick<ExtensionRow, 'until'> | undefined
  now: Date
}) {
  const due = stageDue(batch, stage)
  if (!due) return '本批次不需要提交实习报告'
  if (before && before[0]?.status !== ThesisFileStatus.passed) {
    const previous = ORDER[ORDER.indexOf(stage) - 1]
    return `${previous}通过后才能提交${stage}`
  }
  if (versions[0]?.status === ThesisFileStatus.pending) return `${stage}第${versions.length}版正在审阅中，审阅后才能提交新版本`
  if (versions[0]?.status === ThesisFileStatus.passed) return `${stage}已通过，不能再提交`
  const until = extension && extension.until > due ? extension.until : due
  if (now >= endOfDay(until)) return `${stage}已于${until}截止，如需补交请联系教务处延期`
  return null
}

/**
 * A stage's next version: the student's own, or a staff upload on their behalf (`by`, keeping the
 * student's hand-in time `submittedAt`). Stored under a new key, never over an earlier version; the
 * version number is the next under the selection's lock (and unique in the database).
 */
export async function submitFile({
  db,
  storage,
  selectionId,
  studentId,
  stage,
  file,
  by,
  submittedAt,
  now = new Date(),
}: {
  db: Executor
  storage: Pick<Storage, 'put' | 'remove'>
  /** The staff upload's selection; the student's own is found from `studentId`. */
  selectionId?: number
  studentId?: number
  stage: ThesisStage
  file: { name: string; data: Buffer }
  by?: Actor
  submittedAt?: Date
  now?: Date
}) {
  const what = sniffDocument(file.data.subarray(0, 16))
  if (!what) throw createThesisFileError()
  let selection: SelectionRow | undefined
  if (studentId !== undefined) {
    const { batch } = await studentBatch(db, studentId)
    selection = await createThesisRepository({ db }).liveSelection({ thesisBatchId: batch.id, studentId })
  } else selection = await createThesisRepository({ db }).selection({ id: selectionId! })
  if (!selection) throw createThesisStateError({ message: '请先选题' })
  if (by && selection.advisorId !== by.id && !by.rights.has('thesis.edit')) throw createNotAdvisorError()
  const uploader = by ? `t${by.id}-` : `s${selection.studentId}-`
  const key = newFileKey({ prefix: THESIS_KEY_PREFIX, tag: uploader, ext: what.ext, now })
  await storage.put(key, file.data, { contentType: what.contentType })
  try {
    return await db.transaction(async (tx) => {
      const repo = createThesisRepository({ db: tx })
      const locked = (await repo.selection({ id: selection.id, forUpdate: true }))!
      if (locked.status !== ThesisSelectionStatus.accepted) throw createThesisStateError({ message: '指导教师确认选题后才能提交' })
      const batch = (await repo.batch({ id: locked.thesisBatchId }))!
      const versions = await repo.stageFiles({ selectionId: locked.id, stage })
      const index = ORDER.indexOf(stage)
      const before = index > 0 ? await repo.stageFiles({ selectionId: locked.id, stage: ORDER[index - 1]! }) : null
      const extension = (await repo.extensions({ selectionId: locked.id })).find((e) => e.stage === stage)
      // A staff upload is judged at the student's hand-in time.
      const refusal = submitRefusal({ batch, stage, versions, before, extension, now: submittedAt ?? now })
      if (refusal) throw createThesisStateError({ message: refusal })
      const row = await repo.insertFile({
        selectionId: locked.id,
        stage,
        version: versions.length + 1,
        key,
        fileName: file.name.slice(0, 120) || `${stage}.${what.ext}`,
        bytes: file.data.length,
        submittedAt: submittedAt ?? now,
        uploadedByName: by?.name ?? null,
        uploadedAt: now,
        status: ThesisFileStatus.pending,
      })
      if (by)
        await recordAudit({
          tx,
          actor: by,
          entry: {
            action: 'thesis.uploadFor',
            entityType: 'thesisFile',
            entityId: row.id,
            summary: `代学员提交${stage}第${row.version}版（学员提交时间 ${beijingDate(row.submittedAt)}）`,
            after: { selectionId: locked.id, stage, version: row.version, submittedAt: row.submittedAt.toISOString() },
          },
        })
      return row
    })
  } catch (error) {
    await storage.remove(key)
    if (isUniqueViolation(error, 'thesis_files_version_idx')) throw createThesisStateError({ message: '该版本已提交，请刷新后重试' })
    throw error
  }
}

/** The advisor reviews a version: 通过 or 退回修改, with a comment and an annotated file. */
export async function reviewFile({
  db,
  fileId,
  actor,
  status,
  comment,
  commentFile,
  storage,
  now = new Date(),
}: {
  db: Executor
  fileId: number
  actor: Actor
  status: ThesisFileStatus
  comment?: string
  commentFile?: { name: string; data: Buffer }
  storage: Pick<Storage, 'put' | 'remove'>
  now?: Date
}) {
  if (status === ThesisFileStatus.returned && !comment) throw createThesisStateError({ message: '退回修改请填写修改意见' })
  let commentKey: string | null = null
  if (commentFile) {
    const what = sniffDocument(commentFile.data.subarray(0, 16))
    if (!what) throw createThesisFileError({ message: '批注文件请上传 PDF 或 Word 文件' })
    commentKey = newFileKey({ prefix: THESIS_KEY_PREFIX, tag: `t${actor.id}-`, ext: what.ext, now })
    await storage.put(commentKey, commentFile.data, { contentType: what.contentType })
  }
  try {
    return await db.transaction(async (tx) => {
      const repo = createThesisRepository({ db: tx })
      const file = await repo.file({ id: fileId, forUpdate: true })
      if (!file) throw createThesisNotFoundError({ message: '论文文件不存在' })
      await selectionFor(tx, file.selectionId, actor)
      if (file.status !== ThesisFileStatus.pending) throw createThesisStateError({ message: '该版本已审阅' })
      return repo.updateFile({
        id: file.id,
        values: {
          status,
          comment: comment ?? null,
          commentKey,
          commentFileName: commentFile ? commentFile.name.slice(0, 120) : null,
          reviewedBy: actor.name,
          reviewedAt: now,
        },
      })
    })
  } catch (error) {
    if (commentKey) await storage.remove(commentKey)
    throw error
  }
}

/** The office extends one stage's deadline for one student (补交), audited. */
export async function grantExtension({
  db,
  selectionId,
  stage,
  until,
  reason,
  actor,
}: {
  db: Executor
  selectionId: number
  stage: ThesisStage
  until: string
  reason: string
  actor: Actor
}) {
  return db.transaction(async (tx) => {
    const repo = createThesisRepository({ db: tx })
    const selection = await repo.selection({ id: selectionId, forUpdate: true })
    if (!selection) throw createThesisNotFoundError()
    const batch = (await repo.batch({ id: selection.thesisBatchId }))!
    const due = stageDue(batch, stage)
    if (!due) throw createThesisStateError({ message: '本批次不需要提交实习报告' })
    if (until <= due) throw createThesisStateError({ message: `延期日期必须晚于原截止日期${due}` })
    const row = await repo.upsertExtension({ selectionId, stage, until, reason, grantedBy: actor.name })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'thesis.extension',
        entityType: 'thesisSelection',
        entityId: selectionId,
        summary: `${stage}延期至${until}：${reason}`,
        after: { stage, until, reason },
      },
    })
    return row
  })
}

/** A defence session: when, where, its panel (operators by id, with their names then). */
export async function saveSession({
  db,
  thesisBatchId,
  input,
}: {
  db: Executor
  thesisBatchId: number
  input: { startsAt: Date; place?: string; onlineUrl?: string; panel: Array<{ id: number; name: string }> }
}) {
  await batchById({ db, id: thesisBatchId })
  if (!input.place && !input.onlineUrl) throw createThesisStateError({ message: '请填写答辩地点或线上地址' })
  return createThesisRepository({ db }).insertSession({
    thesisBatchId,
    startsAt: input.startsAt,
    place: input.place ?? null,
    onlineUrl: input.onlineUrl ?? null,
    panelIds: input.panel.map((p) => p.id),
    panelNames: input.panel.map((p) => p.name),
  })
}

export async function sessionsOf({ db, thesisBatchId }: { db: Executor; thesisBatchId: number }) {
  return createThesisRepository({ db }).sessions({ thesisBatchId })
}

/** Assigns confirmed selections of the session's batch to it: the ids assigned. */
export async function assignSession({ db, sessionId, selectionIds }: { db: Executor; sessionId: number; selectionIds: number[] }) {
  const session = await createThesisRepository({ db }).session({ id: sessionId })
  if (!session) throw createThesisNotFoundError({ message: '答辩场次不存在' })
  return (await createThesisRepository({ db }).assign({ sessionId, thesisBatchId: session.thesisBatchId, selectionIds })).map((r) => r.id)
}

/**
 * Records one part of a score: the advisor's (the selection's advisor), or the defence's (a member
 * of the student's defence panel). The total follows by the batch's weights once both are in. A
 * published score is locked: 422 until its publication is rolled back.
 */
export async function recordScore({
  db,
  selectionId,
  part,
  score,
  actor,
  now = new Date(),
}: {
  db: Executor
  selectionId: number
  part: ThesisScorePart
  score: number
  actor: Actor
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createThesisRepository({ db: tx })
    const selection = await repo.selection({ id: selectionId, forUpdate: true })
    if (!selection) throw createThesisNotFoundError()
    if (part === ThesisScorePart.advisor && selection.advisorId !== actor.id) throw createNotAdvisorError()
    if (part === ThesisScorePart.defence) {
      const session = selection.defenceSessionId === null ? undefined : await repo.session({ id: selection.defenceSessionId })
      if (!session) throw createThesisStateError({ message: '该学员还没有安排答辩' })
      if (!session.panelIds.includes(actor.id)) throw createNotAdvisorError({ message: '只有答辩组成员可以录入答辩成绩' })
    }
    if (selection.status !== ThesisSelectionStatus.accepted) throw createThesisStateError({ message: '选题确认后才能评分' })
    if (selection.scoreStatus === ThesisScoreStatus.published) throw createThesisStateError({ message: '成绩已发布，如需修改请先回退发布' })
    const batch = (await repo.batch({ id: selection.thesisBatchId }))!
    const advisorScore = part === ThesisScorePart.advisor ? score : selection.advisorScore
    const defenceScore = part === ThesisScorePart.defence ? score : selection.defenceScore
    const both = advisorScore !== null && defenceScore !== null
    return repo.updateSelection({
      id: selection.id,
      values: {
        advisorScore,
        defenceScore,
        totalScore: both ? totalScore(advisorScore, defenceScore, batch) : null,
        scoreStatus: both ? ThesisScoreStatus.scored : ThesisScoreStatus.none,
        updatedAt: now,
      },
    })
  })
}

/** Publishes the batch's complete scores (已评分 -> 已发布, locked); audited. Returns how many. */
export async function publishScores({
  db,
  thesisBatchId,
  actor,
  now = new Date(),
}: {
  db: Executor
  thesisBatchId: number
  actor: Actor
  now?: Date
}) {
  const batch = await batchById({ db, id: thesisBatchId })
  return db.transaction(async (tx) => {
    const published = await createThesisRepository({ db: tx }).publish({ thesisBatchId, now })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'thesis.score.publish',
        entityType: 'thesisBatch',
        entityId: thesisBatchId,
        summary: `发布论文成绩：${batch.name}，${published.length}人`,
        after: { selectionIds: published.map((p) => p.id) },
      },
    })
    return published.length
  })
}

/** Rolls back the latest step of a published score, its publication, with a reason (audited): the score may change again. */
export async function rollbackScore({
  db,
  selectionId,
  reason,
  actor,
  now = new Date(),
}: {
  db: Executor
  selectionId: number
  reason: string
  actor: Actor
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createThesisRepository({ db: tx })
    const selection = await repo.selection({ id: selectionId, forUpdate: true })
    if (!selection) throw createThesisNotFoundError()
    if (selection.scoreStatus !== ThesisScoreStatus.published) throw createThesisStateError({ message: '成绩未发布，无需回退' })
    const row = await repo.updateSelection({
      id: selection.id,
      values: { scoreStatus: ThesisScoreStatus.scored, publishedAt: null, updatedAt: now },
    })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'thesis.score.rollback',
        entityType: 'thesisSelection',
        entityId: selection.id,
        summary: `回退论文成绩发布（总评${selection.totalScore}）：${reason}`,
        before: { scoreStatus: selection.scoreStatus, totalScore: selection.totalScore },
        after: { scoreStatus: row.scoreStatus, reason },
      },
    })
    return row
  })
}

/** The batch's selections: an advisor's own, or all with thesis.view. */
export async function selectionsOfBatch({ db, thesisBatchId, actor }: { db: Executor; thesisBatchId: number; actor: Actor }) {
  await batchById({ db, id: thesisBatchId })
  return createThesisRepository({ db }).selectionsOfBatch({
    thesisBatchId,
    advisorId: actor.rights.has('thesis.view') ? undefined : actor.id,
  })
}

/** A selection's files as the wire carries them, by stage, latest version first. */
export function filesOf(files: ThesisFileRow[], secret: string) {
  return files.map((f) => ({
    id: f.id,
    stage: f.stage as ThesisStage,
    version: f.version,
    fileName: f.fileName,
    url: fileUrl({ secret, key: f.key }),
    bytes: f.bytes,
    submittedAt: f.submittedAt.toISOString(),
    uploadedByName: f.uploadedByName,
    uploadedAt: f.uploadedAt.toISOString(),
    status: f.status as ThesisFileStatus,
    comment: f.comment,
    commentUrl: f.commentKey ? fileUrl({ secret, key: f.commentKey }) : null,
    commentFileName: f.commentFileName,
    reviewedBy: f.reviewedBy,
    reviewedAt: f.reviewedAt?.toISOString() ?? null,
  }))
}

/** A selection's files and extensions (the console's and the advisor's detail). */
export async function selectionDetail({ db, selectionId }: { db: Executor; selectionId: number }) {
  const repo = createThesisRepository({ db })
  const selection = await repo.selection({ id: selectionId })
  if (!selection) throw createThesisNotFoundError()
  return {
    selection,
    topic: (await repo.topic({ id: selection.topicId }))!,
    files: await repo.files({ selectionIds: [selection.id] }),
    extensions: await repo.extensions({ selectionId: selection.id }),
    session: selection.defenceSessionId === null ? null : ((await repo.session({ id: selection.defenceSessionId })) ?? null),
  }
}

/**
 * The student's thesis: the batch and its windows; their selection (the latest, a refused one with
 * its reason), its topic and advisor; the topics to choose from while they have none; each stage's
 * versions and whether the next may be submitted; the defence session; the score once published.
 */
export async function studentThesis({ db, studentId, now = new Date() }: { db: Executor; studentId: number; now?: Date }) {
  const student = await createStudentsRepository({ db }).findById({ id: studentId })
  const repo = createThesisRepository({ db })
  const batch = student && (await repo.batchOf({ batchYear: student.batchYear, batch: student.batch }))
  if (!batch) return null
  const selections = await repo.selectionsOf({ thesisBatchId: batch.id, studentId })
  const latest: SelectionRow | undefined = selections[0]
  const live = latest && latest.status !== ThesisSelectionStatus.refused ? latest : undefined
  const topics = live ? [] : await repo.offeredTopics({ thesisBatchId: batch.id })
  const topic: TopicRow | undefined = latest ? await repo.topic({ id: latest.topicId }) : undefined
  const files = live ? await repo.files({ selectionIds: [live.id] }) : []
  const extensions = live ? await repo.extensions({ selectionId: live.id }) : []
  const session: DefenceSessionRow | undefined =
    live?.defenceSessionId != null ? await repo.session({ id: live.defenceSessionId }) : undefined
  const stages = stagesOf(batch).map((stage) => {
    const versions = files.filter((f) => f.stage === stage)
    const index = ORDER.indexOf(stage)
    const before = index > 0 ? files.filter((f) => f.stage === ORDER[index - 1]) : null
    const refusal =
      live?.status === ThesisSelectionStatus.accepted
        ? submitRefusal({ batch, stage, versions, before, extension: extensions.find((e) => e.stage === stage), now })
        : '指导教师确认选题后才能提交'
    const extension = extensions.find((e) => e.stage === stage)
    return { stage, due: stageDue(batch, stage)!, extendedTo: extension?.until ?? null, versions, refusal }
  })
  return {
    batch,
    selection: latest,
    live,
    topic,
    topics,
    stages,
    session,
    topicRefusal: live ? '你已选题' : topicWindowRefusal(batch, now),
  }
}

/**
 * The graduation audit's 论文通过, per student: their batch's thesis (absent: the batch has none, so
 * nothing is asked) and whether their live selection's score is published and reaches the pass score.
 */
export async function thesisResultsOf({ db, studentIds }: { db: Executor; studentIds: number[] }) {
  const rows = await createThesisRepository({ db }).resultsOf({ studentIds })
  return new Map(
    rows.map((r) => [
      Number(r.studentId),
      {
        batchName: r.batchName,
        passScore: r.passScore,
        selected: r.status !== null,
        published: r.scoreStatus === ThesisScoreStatus.published,
        totalScore: r.totalScore,
        passed: r.scoreStatus === ThesisScoreStatus.published && (r.totalScore ?? -1) >= r.passScore,
      },
    ]),
  )
}
