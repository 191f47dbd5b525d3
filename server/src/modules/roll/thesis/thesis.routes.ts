import { THESIS_FILE_MAX_BYTES } from '@activity/domain'
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { createErrorFactory } from '../../../lib/errors.ts'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { readUploadForm } from '../../../lib/image-upload.ts'
import { Code, ThesisScoreStatus, type ThesisFileStatus, type ThesisStage } from '../../../wire.ts'
import { actorOf, operatorsByIds } from '../../platform/index.ts'
import {
  assignBody,
  batchBody,
  batchQuery,
  batchSchema,
  batchUpdateBody,
  commitTitleBody,
  decideBody,
  extensionBody,
  fileSchema,
  idQuery,
  mineSchema,
  REVIEW_FIELDS,
  rollbackBody,
  scoreBody,
  selectionDetailSchema,
  selectionRowSchema,
  sessionBody,
  sessionSchema,
  topicBody,
  topicSchema,
  uploadForFields,
} from './thesis.schemas.ts'
import {
  assignSession,
  batchById,
  chooseTopic,
  decideSelection,
  filesOf,
  grantExtension,
  listBatches,
  offeredTopics,
  offerTopic,
  proposeTopic,
  publishScores,
  recordScore,
  reviewFile,
  rollbackScore,
  saveBatch,
  saveSession,
  selectionDetail,
  selectionsOfBatch,
  sessionsOf,
  studentThesis,
  submitFile,
  type BatchInput,
  type DefenceSessionRow,
  type ThesisBatchRow,
  type TopicRow,
} from './thesis.service.ts'

const createFileMissingError = createErrorFactory({ key: 'thesis.fileMissing', code: Code.badRequest, message: '请选择要上传的文件' })
const createFileTooLargeError = createErrorFactory({ key: 'thesis.fileTooLarge', code: Code.badRequest, message: '文件不能超过20MB' })
/** Who may read batches, topics and defence sessions: the office and the advisors. */
const THESIS_READERS = ['thesis.view', 'thesis.advise', 'thesis.edit', 'thesis.publish'] as const
/** A multipart upload's fields and its one file (at most 20 MB; none when `required` is false). */
const readUpload = (request: FastifyRequest, required: boolean) =>
  readUploadForm(request, { required, missing: () => createFileMissingError(), tooLarge: () => createFileTooLargeError() })

/** Zod-checks multipart fields with the route's own messages (a 400 like any body's). */
function parsed<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const result = schema.safeParse(fields)
  if (!result.success) throw createErrorFactory({ key: 'thesis.field', code: Code.badRequest, message: result.error.issues[0]!.message })()
  return result.data
}

const toBatch = (b: ThesisBatchRow) => ({
  id: b.id,
  name: b.name,
  batchYear: b.batchYear,
  batch: b.batch,
  topicFrom: b.topicFrom,
  topicTo: b.topicTo,
  proposalDue: b.proposalDue,
  draftDue: b.draftDue,
  finalDue: b.finalDue,
  internshipDue: b.internshipDue,
  advisorWeight: b.advisorWeight,
  defenceWeight: b.defenceWeight,
  passScore: b.passScore,
})
const toTopic = (t: TopicRow) => ({
  id: t.id,
  title: t.title,
  description: t.description,
  advisorId: t.advisorId,
  advisorName: t.advisorName,
  capacity: t.capacity,
  left: t.capacity - t.taken,
  proposedByStudent: t.proposedByStudentId !== null,
})
const toSession = (s: DefenceSessionRow) => ({
  id: s.id,
  startsAt: s.startsAt.toISOString(),
  place: s.place,
  onlineUrl: s.onlineUrl,
  panel: s.panelNames,
  panelIds: s.panelIds,
})

/**
 * 论文 under /api/ems/thesis: batches and their windows (the office), topics (advisors), the
 * student's choice (commitTitle) and stage files in versions (commitFile), the advisor's decisions
 * and reviews, extensions, defence sessions, scores, their publication and its rollback.
 */
export const thesisRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/thesis'
  const security = [{ adminSession: [] }]
  const studentSecurity = [{ studentSession: [] }]
  const secret = app.config.secret
  await app.register(multipart, { limits: { fileSize: THESIS_FILE_MAX_BYTES, files: 1, fields: 5 } })

  // ---- the student ----

  async function mine(studentId: number) {
    const found = await studentThesis({ db: app.db, studentId })
    if (!found)
      return {
        batch: null,
        selection: null,
        topics: [],
        topicRefusal: '你所在的批次还没有开始论文工作',
        stages: [],
        session: null,
        score: null,
      }
    const s = found.selection
    const published = found.live?.scoreStatus === ThesisScoreStatus.published
    return {
      batch: toBatch(found.batch),
      selection: s && found.topic ? { id: s.id, status: s.status, refusal: s.refusal, topic: toTopic(found.topic) } : null,
      topics: found.topics.map(toTopic),
      topicRefusal: found.topicRefusal,
      stages: found.stages.map((st) => ({ ...st, versions: filesOf(st.versions, secret) })),
      session: found.session ? toSession(found.session) : null,
      score:
        published && found.live
          ? {
              advisorScore: found.live.advisorScore!,
              defenceScore: found.live.defenceScore!,
              totalScore: found.live.totalScore!,
              passed: found.live.totalScore! >= found.batch.passScore,
            }
          : null,
    }
  }

  app.get(
    `${base}/client/detailsForClient`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary:
          "The student's thesis: the batch's windows, their topic (or the topics to choose), each stage's versions, the defence, the score once published",
        security: studentSecurity,
        response: { 200: envelope(mineSchema) },
      },
    },
    async (request) => ok(await mine(request.studentId)),
  )

  app.put(
    `${base}/client/commitTitle`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary:
          'The student chooses an offered topic (`topicId`; no place left: 409) or proposes their own (`title`, `advisorId` of one of the batch’s advisors), within the topic window',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: commitTitleBody,
        response: { 200: envelope(mineSchema) },
      },
    },
    async (request) => {
      const body = request.body
      if (body.topicId !== undefined) await chooseTopic({ db: app.db, studentId: request.studentId, topicId: body.topicId })
      else
        await proposeTopic({
          db: app.db,
          studentId: request.studentId,
          input: { title: body.title!, description: body.description, advisorId: body.advisorId! },
        })
      return ok(await mine(request.studentId))
    },
  )

  // PUT as the specification names it; POST too, as the platforms' upload APIs (uploadFile) send it.
  app.route({
    method: ['PUT', 'POST'],
    url: `${base}/client/commitFile`,
    preHandler: app.requireStudent,
    schema: {
      summary:
        'The student submits the next version of a stage (multipart: `stage` then `file`, PDF or Word, at most 20 MB); before the stage’s last day (or its extension), after the stage before it passed, when no version is waiting for review',
      security: studentSecurity,
      consumes: ['multipart/form-data'],
      response: { 200: envelope(mineSchema) },
    },
    handler: async (request) => {
      const { fields, file } = await readUpload(request, true)
      const { stage } = parsed(z.object({ stage: extensionBody.shape.stage }), fields)
      await submitFile({ db: app.db, storage: app.storage, studentId: request.studentId, stage, file: file! })
      return ok(await mine(request.studentId))
    },
  })

  // ---- the office and the advisors ----

  app.get(
    `${base}/batch/list`,
    {
      preHandler: app.requireAdmin(THESIS_READERS),
      schema: { summary: 'Operators: every thesis batch', security, response: { 200: envelope(z.object({ list: z.array(batchSchema) })) } },
    },
    async () => ok({ list: (await listBatches({ db: app.db })).map(toBatch) }),
  )

  app.post(
    `${base}/batch`,
    {
      preHandler: app.requireAdmin('thesis.edit'),
      schema: {
        summary: 'Operators: a thesis batch for a student batch (one each; 409), with its windows and score weights (adding to 100)',
        security,
        consumes: FORM_CONSUMES,
        body: batchBody,
        response: { 200: envelope(batchSchema) },
      },
    },
    async (request) => ok(toBatch(await saveBatch({ db: app.db, input: request.body as BatchInput, actor: actorOf(request) }))),
  )

  app.put(
    `${base}/batch`,
    {
      preHandler: app.requireAdmin('thesis.edit'),
      schema: {
        summary: "Operators: change a thesis batch's windows or weights",
        security,
        consumes: FORM_CONSUMES,
        body: batchUpdateBody,
        response: { 200: envelope(batchSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      return ok(toBatch(await saveBatch({ db: app.db, id, input: input as BatchInput, actor: actorOf(request) })))
    },
  )

  app.get(
    `${base}/teacher/topics`,
    {
      preHandler: app.requireAdmin(THESIS_READERS),
      schema: {
        summary: "Operators: the batch's offered topics with their places left",
        security,
        querystring: batchQuery,
        response: { 200: envelope(z.object({ list: z.array(topicSchema) })) },
      },
    },
    async (request) => {
      await batchById({ db: app.db, id: request.query.thesisBatchId })
      return ok({ list: (await offeredTopics({ db: app.db, thesisBatchId: request.query.thesisBatchId })).map(toTopic) })
    },
  )

  app.post(
    `${base}/teacher/topic`,
    {
      preHandler: app.requireAdmin('thesis.advise'),
      schema: {
        summary: 'An advisor (the operator calling) offers a topic with a number of places',
        security,
        consumes: FORM_CONSUMES,
        body: topicBody,
        response: { 200: envelope(topicSchema) },
      },
    },
    async (request) => {
      const { thesisBatchId, ...input } = request.body
      return ok(toTopic(await offerTopic({ db: app.db, thesisBatchId, input, advisor: actorOf(request) })))
    },
  )

  app.get(
    `${base}/teacher/students`,
    {
      preHandler: app.requireAdmin(['thesis.advise', 'thesis.view']),
      schema: {
        summary: "Advisors: their students of the batch (with 论文 · 查看全部, every student's) with topic, status and scores",
        security,
        querystring: batchQuery,
        response: { 200: envelope(z.object({ list: z.array(selectionRowSchema) })) },
      },
    },
    async (request) =>
      ok({ list: await selectionsOfBatch({ db: app.db, thesisBatchId: request.query.thesisBatchId, actor: actorOf(request) }) }),
  )

  app.get(
    `${base}/teacher/student`,
    {
      preHandler: app.requireAdmin(['thesis.advise', 'thesis.view']),
      schema: {
        summary:
          "A selection's topic, every version of every stage with its review, extensions and defence session (its advisor, or 论文 · 查看全部)",
        security,
        querystring: idQuery,
        response: { 200: envelope(selectionDetailSchema) },
      },
    },
    async (request) => {
      const found = await selectionDetail({ db: app.db, selectionId: request.query.id })
      const actor = actorOf(request)
      if (found.selection.advisorId !== actor.id && !actor.rights.has('thesis.view'))
        throw createErrorFactory({ key: 'thesis.notFound', code: Code.notFound, message: '论文记录不存在' })()
      const s = found.selection
      return ok({
        selection: {
          id: s.id,
          studentId: s.studentId,
          topicId: s.topicId,
          advisorId: s.advisorId,
          status: s.status,
          defenceSessionId: s.defenceSessionId,
          advisorScore: s.advisorScore,
          defenceScore: s.defenceScore,
          totalScore: s.totalScore,
          scoreStatus: s.scoreStatus,
        },
        topic: toTopic(found.topic),
        files: filesOf(found.files, secret),
        extensions: found.extensions.map((e) => ({ stage: e.stage, until: e.until, reason: e.reason, grantedBy: e.grantedBy })),
        session: found.session ? toSession(found.session) : null,
      })
    },
  )

  app.put(
    `${base}/teacher/decide`,
    {
      preHandler: app.requireAdmin('thesis.advise'),
      schema: {
        summary: "The advisor accepts a student's selection, or refuses it with a reason (its place is freed)",
        security,
        consumes: FORM_CONSUMES,
        body: decideBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await decideSelection({ db: app.db, ...request.body, actor: actorOf(request) })
      return ok(null)
    },
  )

  app.put(
    `${base}/teacher/review`,
    {
      preHandler: app.requireAdmin('thesis.advise'),
      schema: {
        summary:
          'The advisor reviews a version (multipart: `fileId`, `status` 通过 or 退回修改, `comment`, then an optional annotated `file`, PDF or Word)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(fileSchema) },
      },
    },
    async (request) => {
      const { fields, file } = await readUpload(request, false)
      const body = parsed(z.object(REVIEW_FIELDS), fields)
      const row = await reviewFile({
        db: app.db,
        storage: app.storage,
        fileId: body.fileId,
        status: body.status as ThesisFileStatus,
        comment: body.comment,
        commentFile: file,
        actor: actorOf(request),
      })
      return ok(filesOf([row], secret)[0]!)
    },
  )

  app.post(
    `${base}/teacher/uploadFor`,
    {
      preHandler: app.requireAdmin(['thesis.advise', 'thesis.edit']),
      schema: {
        summary:
          "Staff upload a version on the student's behalf (multipart: `selectionId`, `stage`, `submittedAt` the student's hand-in time, then `file`); audited",
        security,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(fileSchema) },
      },
    },
    async (request) => {
      const { fields, file } = await readUpload(request, true)
      const body = parsed(uploadForFields, fields)
      if (body.submittedAt.getTime() > Date.now())
        throw createErrorFactory({ key: 'thesis.field', code: Code.badRequest, message: '学员提交时间不能晚于现在' })()
      const row = await submitFile({
        db: app.db,
        storage: app.storage,
        selectionId: body.selectionId,
        stage: body.stage as ThesisStage,
        file: file!,
        by: actorOf(request),
        submittedAt: body.submittedAt,
      })
      return ok(filesOf([row], secret)[0]!)
    },
  )

  app.put(
    `${base}/extension`,
    {
      preHandler: app.requireAdmin('thesis.edit'),
      schema: {
        summary: "The office extends one stage's last day for one student (a later date than the stage's own); audited",
        security,
        consumes: FORM_CONSUMES,
        body: extensionBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await grantExtension({ db: app.db, ...request.body, actor: actorOf(request) })
      return ok(null)
    },
  )

  app.get(
    `${base}/reply/list`,
    {
      preHandler: app.requireAdmin(THESIS_READERS),
      schema: {
        summary: "Operators: the batch's defence sessions",
        security,
        querystring: batchQuery,
        response: { 200: envelope(z.object({ list: z.array(sessionSchema) })) },
      },
    },
    async (request) => ok({ list: (await sessionsOf({ db: app.db, thesisBatchId: request.query.thesisBatchId })).map(toSession) }),
  )

  app.post(
    `${base}/reply/session`,
    {
      preHandler: app.requireAdmin('thesis.edit'),
      schema: {
        summary: 'The office sets a defence session: its time, a place or an online address, its panel (operators)',
        security,
        consumes: FORM_CONSUMES,
        body: sessionBody,
        response: { 200: envelope(sessionSchema) },
      },
    },
    async (request) => {
      const { thesisBatchId, panelIds, ...input } = request.body
      const panel = await operatorsByIds({ db: app.db, ids: panelIds })
      if (panel.length !== new Set(panelIds).size)
        throw createErrorFactory({ key: 'thesis.field', code: Code.badRequest, message: '答辩组成员不存在' })()
      return ok(toSession(await saveSession({ db: app.db, thesisBatchId, input: { ...input, panel } })))
    },
  )

  app.put(
    `${base}/reply/assign`,
    {
      preHandler: app.requireAdmin('thesis.edit'),
      schema: {
        summary: 'The office assigns students (their confirmed selections) to a defence session: the ids assigned',
        security,
        consumes: FORM_CONSUMES,
        body: assignBody,
        response: { 200: envelope(z.object({ assigned: z.array(z.number()) })) },
      },
    },
    async (request) => ok({ assigned: await assignSession({ db: app.db, ...request.body }) }),
  )

  app.put(
    `${base}/score`,
    {
      preHandler: app.requireAdmin('thesis.advise'),
      schema: {
        summary:
          "Records a part of a score: 指导教师评分 by the advisor, 答辩评分 by a member of the student's panel; the total follows by the batch's weights; a published score: 422",
        security,
        consumes: FORM_CONSUMES,
        body: scoreBody,
        response: {
          200: envelope(selectionRowSchema.pick({ id: true, advisorScore: true, defenceScore: true, totalScore: true, scoreStatus: true })),
        },
      },
    },
    async (request) => {
      const row = await recordScore({ db: app.db, ...request.body, actor: actorOf(request) })
      return ok({
        id: row.id,
        advisorScore: row.advisorScore,
        defenceScore: row.defenceScore,
        totalScore: row.totalScore,
        scoreStatus: row.scoreStatus,
      })
    },
  )

  app.put(
    `${base}/score/publish`,
    {
      preHandler: app.requireAdmin('thesis.publish'),
      schema: {
        summary: "The office publishes the batch's complete scores (locked; the student sees them): how many",
        security,
        consumes: FORM_CONSUMES,
        body: batchQuery,
        response: { 200: envelope(z.object({ published: z.number() })) },
      },
    },
    async (request) =>
      ok({ published: await publishScores({ db: app.db, thesisBatchId: request.body.thesisBatchId, actor: actorOf(request) }) }),
  )

  app.put(
    `${base}/score/rollback`,
    {
      preHandler: app.requireAdmin('thesis.publish'),
      schema: {
        summary:
          "The office rolls back a published score's latest step (its publication), with a reason, audited: it may be changed and published again",
        security,
        consumes: FORM_CONSUMES,
        body: rollbackBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await rollbackScore({ db: app.db, ...request.body, actor: actorOf(request) })
      return ok(null)
    },
  )
}
