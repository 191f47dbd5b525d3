import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { registerImageUploads, storeImage } from '../../../lib/image-upload.ts'
import {
  type ApprovalActor,
  type ApprovalKinds,
  actorOf,
  approvalDetails,
  approvalOf,
  approvalsOf,
  mayReadApproval,
  toApprovalDetails,
} from '../../platform/index.ts'
import { createLeaveNotFoundError } from './leave.errors.ts'
import {
  applyForBody,
  destroyBody,
  idQuery,
  leaveBody,
  leaveListSchema,
  leaveWithApprovalSchema,
  updateBody,
  uploadSchema,
} from './leave.schemas.ts'
import {
  applyLeave,
  destroyLeave,
  LEAVE_KEY_PREFIX,
  leaveById,
  leavesOf,
  resubmitLeave,
  revokeRefusal,
  toLeave,
  uploaderTag,
  type LeaveInput,
} from './leave.service.ts'

/**
 * Leave (请假) under /api/zms/approval/leave: the student applies (with up to 6 pictures), changes
 * a returned one, reads their leaves with the approval's steps and records 销假; a head teacher
 * applies for a student of their class (applyForHeaderTeacher) and records 销假 for them. The
 * decisions are the approval engine's (/api/zms/approval/approval/*).
 */
export const leaveRoutes: FastifyPluginAsyncZod<{ kinds: ApprovalKinds }> = async (app, { kinds }) => {
  const base = '/api/zms/approval/leave'
  const studentSecurity = [{ studentSession: [] }]
  const security = [{ adminSession: [] }]
  const secret = app.config.secret
  await registerImageUploads(app)

  /** A leave with its approval as `viewer` may act on it. */
  async function withApproval(id: number, viewer: ApprovalActor) {
    const leave = (await leaveById({ db: app.db, id }))!
    const request = (await approvalOf({ db: app.db, kind: 'leave', subjectId: id }))!
    const approval = toApprovalDetails((await approvalDetails({ db: app.db, id: request.id }))!, viewer)
    // What the engine allows, narrowed by the leave itself (taken, or begun for its student).
    const can = { ...approval.can, revoke: approval.can.revoke && !revokeRefusal(leave, viewer.type === 'applicant', new Date()) }
    return { leave: toLeave(leave, secret), approval: { ...approval, can } }
  }
  const applicant = (request: { accountId: number }): ApprovalActor => ({ type: 'applicant', accountId: request.accountId, name: '' })

  // ---- the student ----

  app.post(
    `${base}/upload`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "The student uploads a leave's picture (multipart `file`: png/jpeg/webp, at most 5 MB, checked by its bytes)",
        security: studentSecurity,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadSchema) },
      },
    },
    async (request) => ok(await storeImage({ app, request, prefix: LEAVE_KEY_PREFIX, tag: uploaderTag({ studentId: request.studentId }) })),
  )

  app.post(
    `${base}/apply`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary:
          'The student asks for leave: type, start and end half-days (上午/下午, both included), reason, up to 6 pictures. Overlapping a leave under way or approved: 409',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: leaveBody,
        response: { 200: envelope(leaveWithApprovalSchema) },
      },
    },
    async (request) => {
      const leave = await applyLeave({
        db: app.db,
        storage: app.storage,
        studentId: request.studentId,
        input: request.body as LeaveInput,
        kinds,
      })
      return ok(await withApproval(leave.id, applicant(request)))
    },
  )

  app.put(
    `${base}/update`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: 'The student changes a returned (已退回) leave and submits it again',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: updateBody,
        response: { 200: envelope(leaveWithApprovalSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      await resubmitLeave({ db: app.db, storage: app.storage, studentId: request.studentId, id, input: input as LeaveInput, kinds })
      return ok(await withApproval(id, applicant(request)))
    },
  )

  app.get(
    `${base}/listByStudent`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "The student's own leaves, latest first",
        security: studentSecurity,
        response: { 200: envelope(leaveListSchema) },
      },
    },
    async (request) => {
      const rows = await leavesOf({ db: app.db, studentId: request.studentId })
      const approvals = await approvalsOf({ db: app.db, kind: 'leave', subjectIds: rows.map((r) => r.id) })
      return ok({ list: rows.map((r) => ({ ...toLeave(r, secret), approvalId: approvals.get(r.id)?.id ?? null })) })
    },
  )

  app.get(
    `${base}/details`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "The student's own leave with its approval: the steps, who acted when, and what the student may do now",
        security: studentSecurity,
        querystring: idQuery,
        response: { 200: envelope(leaveWithApprovalSchema) },
      },
    },
    async (request) => {
      const leave = await leaveById({ db: app.db, id: request.query.id })
      if (!leave || leave.studentId !== request.studentId) throw createLeaveNotFoundError()
      return ok(await withApproval(leave.id, applicant(request)))
    },
  )

  app.put(
    `${base}/destroy`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: '销假: the student records the half-day they came back; the unused rest of the approved leave is released',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: destroyBody,
        response: { 200: envelope(leaveWithApprovalSchema) },
      },
    },
    async (request) => {
      const { id, backDate, backHalf } = request.body
      await destroyLeave({ db: app.db, id, backDate, backHalf, by: { studentId: request.studentId } })
      return ok(await withApproval(id, applicant(request)))
    },
  )

  // ---- the head teacher ----

  const asAdmin = (request: Parameters<typeof actorOf>[0]): ApprovalActor => ({ type: 'admin', ...actorOf(request) })

  app.post(
    `${base}/uploadForTeacher`,
    {
      preHandler: app.requireAdmin(),
      schema: {
        summary: 'A head teacher uploads a picture for a leave they apply for (multipart `file`)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadSchema) },
      },
    },
    async (request) => ok(await storeImage({ app, request, prefix: LEAVE_KEY_PREFIX, tag: uploaderTag({ adminId: request.admin.id }) })),
  )

  app.post(
    `${base}/applyForHeaderTeacher`,
    {
      preHandler: app.requireAdmin(),
      schema: {
        summary: 'A head teacher asks for leave for a student of their class (代请假); the steps they approve themselves pass at once',
        security,
        consumes: FORM_CONSUMES,
        body: applyForBody,
        response: { 200: envelope(leaveWithApprovalSchema) },
      },
    },
    async (request) => {
      const { studentId, ...input } = request.body
      const leave = await applyLeave({
        db: app.db,
        storage: app.storage,
        studentId,
        input: input as LeaveInput,
        by: actorOf(request),
        kinds,
      })
      return ok(await withApproval(leave.id, asAdmin(request)))
    },
  )

  app.get(
    `${base}/detailsForTeacher`,
    {
      preHandler: app.requireAdmin(),
      schema: {
        summary: "Operators who may read the leave's approval: the leave (with its pictures) and the approval",
        security,
        querystring: idQuery,
        response: { 200: envelope(leaveWithApprovalSchema) },
      },
    },
    async (request) => {
      const request_ = await approvalOf({ db: app.db, kind: 'leave', subjectId: request.query.id })
      const details = request_ && (await approvalDetails({ db: app.db, id: request_.id }))
      if (!details || !(await mayReadApproval({ db: app.db, details, actor: actorOf(request) }))) throw createLeaveNotFoundError()
      return ok(await withApproval(request.query.id, asAdmin(request)))
    },
  )

  app.put(
    `${base}/destroyForTeacher`,
    {
      preHandler: app.requireAdmin(),
      schema: {
        summary: "销假 by a student's head teacher",
        security,
        consumes: FORM_CONSUMES,
        body: destroyBody,
        response: { 200: envelope(leaveWithApprovalSchema) },
      },
    },
    async (request) => {
      const { id, backDate, backHalf } = request.body
      await destroyLeave({ db: app.db, id, backDate, backHalf, by: { actor: actorOf(request) } })
      return ok(await withApproval(id, asAdmin(request)))
    },
  )
}
