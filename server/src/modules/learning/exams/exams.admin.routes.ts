import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { sendXlsx, timeCell } from '../../../lib/xlsx-export.ts'
import { AttemptStatus } from '../../../wire.ts'
import { audited, auditedDeleteRoute } from '../../platform/index.ts'
import {
  adminAttemptDetail,
  adminAttemptList,
  adminPaperDetail,
  adminPaperList,
  attemptExport,
  changePaperStatus,
  clearAttempts,
  closeByOffice,
  createPaper,
  markAttemptByOffice,
  removePaper,
  setPaperQuestions,
  setPaperRules,
  updatePaper,
} from './exams.admin.ts'
import {
  adminAttemptDetailSchema,
  adminAttemptSchema,
  adminPaperDetailSchema,
  adminPaperSchema,
  attemptBody,
  attemptListQuery,
  clearBody,
  clearedSchema,
  createPaperBody,
  exportQuery,
  idQuery,
  markBody,
  paperListQuery,
  paperQuestionsBody,
  paperRulesBody,
  paperStatusBody,
  updatePaperBody,
} from './exams.schemas.ts'
import type { OnExamPassed } from './exams.service.ts'

/**
 * The office's papers (试卷) and attempts (阅卷): every operator reads, 管理员 writes; every write is
 * in the audit log, in the write's transaction.
 */
export const examsAdminRoutes: FastifyPluginAsyncZod<{ onPassed: OnExamPassed }> = async (app, { onPassed }) => {
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('exams.view')
  const writer = app.requireAdmin('exams.edit')
  const paperBase = '/api/bms/cont/paper'
  const attemptBase = '/api/sms/study/studentExam'

  // ---- papers ----

  app.get(
    `${paperBase}/list`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: papers by course, use, status and title, with their questions, total and attempts (to mark)',
        security,
        querystring: paperListQuery,
        response: { 200: envelope(pageOf(adminPaperSchema)) },
      },
    },
    async (request) => ok(await adminPaperList({ db: app.db, ...request.query })),
  )

  app.get(
    `${paperBase}/details`,
    {
      preHandler: reader,
      schema: {
        summary: "Operator: a paper with its questions (fixed) or rules (random, with the bank's matching count)",
        security,
        querystring: idQuery,
        response: { 200: envelope(adminPaperDetailSchema) },
      },
    },
    async (request) => ok(await adminPaperDetail({ db: app.db, id: request.query.id })),
  )

  app.post(
    paperBase,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: a new paper (草稿) of a course',
        security,
        consumes: FORM_CONSUMES,
        body: createPaperBody,
        response: { 200: envelope(adminPaperDetailSchema) },
      },
    },
    async (request) => {
      const paper = await audited({
        app,
        request,
        run: (tx) => createPaper({ db: tx, input: request.body, adminId: request.admin.id }),
        describe: (p) => ({ action: 'paper.create', entityType: 'paper', entityId: p.id, summary: `新增试卷「${p.title}」` }),
      })
      return ok(await adminPaperDetail({ db: app.db, id: paper.id }))
    },
  )

  app.put(
    paperBase,
    {
      preHandler: writer,
      schema: {
        summary:
          '管理员: change a paper (its course and kind are fixed once anyone has sat it; another course clears its questions and rules)',
        security,
        consumes: FORM_CONSUMES,
        body: updatePaperBody,
        response: { 200: envelope(adminPaperDetailSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      await audited({
        app,
        request,
        run: (tx) => updatePaper({ db: tx, id, input }),
        describe: ({ before, after }) => ({
          action: 'paper.update',
          entityType: 'paper',
          entityId: id,
          summary: `修改试卷「${after.title}」`,
          before: {
            title: before.title,
            durationMinutes: before.durationMinutes,
            maxAttempts: before.maxAttempts,
            passScore: before.passScore,
          },
          after: { title: after.title, durationMinutes: after.durationMinutes, maxAttempts: after.maxAttempts, passScore: after.passScore },
        }),
      })
      return ok(await adminPaperDetail({ db: app.db, id }))
    },
  )

  app.put(
    `${paperBase}/questions`,
    {
      preHandler: writer,
      schema: {
        summary:
          "管理员: a fixed paper's questions, in order, with their scores (replaces the list; snapshots taken now; the paper's course only; refused once anyone has sat it)",
        security,
        consumes: FORM_CONSUMES,
        body: paperQuestionsBody,
        response: { 200: envelope(adminPaperDetailSchema) },
      },
    },
    async (request) => {
      const { paperId, items } = request.body
      await audited({
        app,
        request,
        run: (tx) => setPaperQuestions({ db: tx, paperId, items }),
        describe: (p) => ({
          action: 'paper.update',
          entityType: 'paper',
          entityId: paperId,
          summary: `设置试卷「${p.title}」的题目（${items.length}题）`,
          after: { items },
        }),
      })
      return ok(await adminPaperDetail({ db: app.db, id: paperId }))
    },
  )

  app.put(
    `${paperBase}/rules`,
    {
      preHandler: writer,
      schema: {
        summary: "管理员: a random paper's rules (draw count questions of a type, difficulty and chapter, each worth score); replaces them",
        security,
        consumes: FORM_CONSUMES,
        body: paperRulesBody,
        response: { 200: envelope(adminPaperDetailSchema) },
      },
    },
    async (request) => {
      const { paperId, rules } = request.body
      await audited({
        app,
        request,
        run: (tx) => setPaperRules({ db: tx, paperId, rules }),
        describe: (p) => ({
          action: 'paper.update',
          entityType: 'paper',
          entityId: paperId,
          summary: `设置试卷「${p.title}」的抽题规则（${rules.length}条）`,
          after: { rules },
        }),
      })
      return ok(await adminPaperDetail({ db: app.db, id: paperId }))
    },
  )

  app.put(
    `${paperBase}/changeStatus`,
    {
      preHandler: writer,
      schema: {
        summary:
          '管理员: 发布 (needs questions or rules the bank satisfies now, pass score ≤ total; a fixed paper re-snapshots its questions), 停用, or back to 草稿',
        security,
        consumes: FORM_CONSUMES,
        body: paperStatusBody,
        response: { 200: envelope(adminPaperDetailSchema) },
      },
    },
    async (request) => {
      const { id, status } = request.body
      await audited({
        app,
        request,
        run: (tx) => changePaperStatus({ db: tx, id, status }),
        describe: ({ before, after }) => ({
          action: 'paper.status',
          entityType: 'paper',
          entityId: id,
          summary: `试卷「${after.title}」${before.status} → ${after.status}`,
          before: { status: before.status },
          after: { status: after.status },
        }),
      })
      return ok(await adminPaperDetail({ db: app.db, id }))
    },
  )

  auditedDeleteRoute(app, {
    path: paperBase,
    preHandler: writer,
    summary: '管理员: remove a paper nobody has sat (else 422: 请改为停用)',
    idQuery,
    action: 'paper.delete',
    entityType: 'paper',
    label: '试卷',
    remove: (tx, id) => removePaper({ db: tx, id }),
  })

  // ---- attempts and marking ----

  app.get(
    `${attemptBase}/list`,
    {
      preHandler: reader,
      schema: {
        summary: "Operator: attempts (of a paper) by status and the student's name, phone or number (phones masked), newest first",
        security,
        querystring: attemptListQuery,
        response: { 200: envelope(pageOf(adminAttemptSchema)) },
      },
    },
    async (request) => ok(await adminAttemptList({ db: app.db, ...request.query, onPassed })),
  )

  app.get(
    `${attemptBase}/details`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operator: an attempt with every question, answer, response and mark, and its student (for marking)',
        security,
        querystring: idQuery,
        response: { 200: envelope(adminAttemptDetailSchema) },
      },
    },
    async (request) => ok(await adminAttemptDetail({ db: app.db, id: request.query.id, onPassed })),
  )

  app.put(
    `${attemptBase}/mark`,
    {
      preHandler: writer,
      schema: {
        summary:
          '管理员: marks 简答题 of an attempt 待阅卷 (0..the question’s score; marks: JSON array); when none is left: 已完成, the final score and a 成绩公布 message',
        security,
        consumes: FORM_CONSUMES,
        body: markBody,
        response: { 200: envelope(adminAttemptDetailSchema) },
      },
    },
    async (request) => {
      const { attemptId, marks } = request.body
      await audited({
        app,
        request,
        run: (tx) => markAttemptByOffice({ db: tx, attemptId, marks, adminId: request.admin.id, onPassed }),
        describe: (a) => ({
          action: 'attempt.mark',
          entityType: 'attempt',
          entityId: attemptId,
          summary: `阅卷（答卷编号${attemptId}）${a.status === AttemptStatus.done ? `，总分${a.score}` : `，还有${a.pendingMarks}题待阅`}`,
          after: { marks },
        }),
      })
      return ok(await adminAttemptDetail({ db: app.db, id: attemptId, onPassed }))
    },
  )

  app.put(
    `${attemptBase}/assignOverAdmin`,
    {
      preHandler: writer,
      schema: {
        summary: '管理员: 收卷 an open attempt (closed and scored as the student would submit it)',
        security,
        consumes: FORM_CONSUMES,
        body: attemptBody,
        response: { 200: envelope(adminAttemptDetailSchema) },
      },
    },
    async (request) => {
      const { attemptId } = request.body
      await audited({
        app,
        request,
        run: (tx) => closeByOffice({ db: tx, attemptId, onPassed }),
        describe: () => ({ action: 'attempt.close', entityType: 'attempt', entityId: attemptId, summary: `收卷（答卷编号${attemptId}）` }),
      })
      return ok(await adminAttemptDetail({ db: app.db, id: attemptId, onPassed }))
    },
  )

  app.put(
    `${attemptBase}/clearExam`,
    {
      preHandler: writer,
      schema: {
        summary: "管理员: deletes a student's attempts at a paper so they may sit it again",
        security,
        consumes: FORM_CONSUMES,
        body: clearBody,
        response: { 200: envelope(clearedSchema) },
      },
    },
    async (request) => {
      const { paperId, studentId } = request.body
      const { cleared } = await audited({
        app,
        request,
        run: (tx) => clearAttempts({ db: tx, paperId, studentId }),
        describe: (r) => ({
          action: 'attempt.clear',
          entityType: 'paper',
          entityId: paperId,
          summary: `重置学员（编号${studentId}）的试卷「${r.paper.title}」作答记录（${r.cleared}次）`,
          after: { studentId, cleared: r.cleared },
        }),
      })
      return ok({ cleared })
    },
  )

  app.get(
    `${attemptBase}/exports`,
    {
      preHandler: reader,
      schema: {
        summary: "Operator: a paper's attempts as .xlsx (phones masked; rank among the students' best final scores)",
        security,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { paperId } = request.query
      const { paper, rows } = await attemptExport({ db: app.db, paperId, onPassed })
      return sendXlsx({
        reply,
        filename: `${paper.title}-成绩.xlsx`,
        sheetName: '成绩',
        rows,
        columns: [
          { header: '姓名', width: 12, value: (r) => r.name },
          { header: '学号', width: 14, value: (r) => r.studentNo },
          { header: '手机', width: 14, value: (r) => r.phone, mask: maskPhone },
          { header: '次数', width: 6, value: (r) => r.attempt.number },
          { header: '状态', width: 8, value: (r) => r.attempt.status },
          { header: '开始', width: 17, value: (r) => timeCell(r.attempt.startedAt) },
          { header: '交卷', width: 17, value: (r) => timeCell(r.attempt.closedAt) },
          { header: '客观题', width: 8, value: (r) => r.attempt.objectiveScore },
          { header: '主观题', width: 8, value: (r) => r.attempt.subjectiveScore },
          { header: '总分', width: 8, value: (r) => r.attempt.score },
          { header: '排名', width: 6, value: (r) => r.rank },
        ],
      })
    },
  )
}
