import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Executor } from '../../db/types.ts'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok, pageOf } from '../../lib/envelope.ts'
import { perIp } from '../../lib/rate-limits.ts'
import { AdminRole, YesNo } from '../../wire.ts'
import { createAdminNotFoundError } from './admins.errors.ts'
import { createAdminsRepository } from './admins.repository.ts'
import {
  adminListQuery,
  adminSchema,
  adminSignInBody,
  createAdminBody,
  idQuery,
  updateAdminBody,
  updatePasswordBody,
} from './admins.schemas.ts'
import { createAdmin, deleteAdmin, signInAdmin, toAdmin, updateAdmin, updateOwnPassword } from './admins.service.ts'
import { audited } from '../audit/index.ts'

/** Operators (bms system admin): their own session (`asid` cookie) and, for 管理员, the accounts. */
export interface AdminsRoutesOptions {
  /** A deleted operator's clues back to the pool, in the deletion's transaction (the clues module's releaseClues). */
  releaseClues: (args: { db: Executor; assigneeId: number }) => Promise<void>
}

export const adminsRoutes: FastifyPluginAsyncZod<AdminsRoutesOptions> = async (app, { releaseClues }) => {
  const base = '/api/bms/system/admin'
  const security = [{ adminSession: [] }]
  const signedIn = app.requireAdmin()
  const adminOnly = app.requireAdmin([AdminRole.admin])

  app.post(
    `${base}/signIn`,
    {
      config: perIp(30, 60),
      schema: {
        summary: 'Operator sign-in (account + password)',
        consumes: FORM_CONSUMES,
        body: adminSignInBody,
        response: { 200: envelope(adminSchema) },
      },
    },
    async (request) =>
      app.signInRecorder.track({ request, kind: 'operator', method: 'password', identifier: request.body.account }, async (attempt) => {
        const admin = await signInAdmin({ db: app.db, ...request.body })
        attempt.who({ adminId: admin.id, name: admin.name })
        await request.session.start({ kind: 'admin', adminId: admin.id })
        return ok(toAdmin(admin))
      }),
  )

  app.delete(`${base}/signOut`, { schema: { summary: 'Operator sign-out', response: { 200: emptyEnvelope } } }, async (request) => {
    await request.session.end('admin')
    return ok(null)
  })

  app.get(
    `${base}/signInfo`,
    { preHandler: signedIn, schema: { summary: 'The signed-in operator', security, response: { 200: envelope(adminSchema) } } },
    async (request) => {
      const admin = await createAdminsRepository({ db: app.db }).findById({ id: request.admin.id })
      if (!admin) throw createAdminNotFoundError()
      return ok(toAdmin(admin))
    },
  )

  app.put(
    `${base}/updatePassword`,
    {
      preHandler: signedIn,
      schema: {
        summary: "Change the operator's own password",
        security,
        consumes: FORM_CONSUMES,
        body: updatePasswordBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await updateOwnPassword({ db: app.db, adminId: request.admin.id, ...request.body })
      return ok(null)
    },
  )

  app.get(
    `${base}/list`,
    {
      preHandler: adminOnly,
      schema: { summary: '管理员: operators', security, querystring: adminListQuery, response: { 200: envelope(pageOf(adminSchema)) } },
    },
    async (request) => {
      const { page, size, keyword, role } = request.query
      const { rows, total } = await createAdminsRepository({ db: app.db }).list({ page, size, keyword, role })
      return ok({ list: rows.map(toAdmin), total, page, size })
    },
  )

  app.post(
    base,
    {
      preHandler: adminOnly,
      schema: {
        summary: '管理员: create an operator',
        security,
        consumes: FORM_CONSUMES,
        body: createAdminBody,
        response: { 200: envelope(adminSchema) },
      },
    },
    async (request) =>
      ok(
        toAdmin(
          await audited({
            app,
            request,
            run: (tx) => createAdmin({ db: tx, ...request.body }),
            describe: (r) => ({
              action: 'admin.create',
              entityType: 'admin',
              entityId: r.id,
              summary: `新增操作员${r.name}（${r.account}，${r.role}）`,
              after: { role: r.role, enabled: r.enabled },
            }),
          }),
        ),
      ),
  )

  app.put(
    base,
    {
      preHandler: adminOnly,
      schema: {
        summary: '管理员: update an operator (name, role, enabled 是/否, password reset)',
        security,
        consumes: FORM_CONSUMES,
        body: updateAdminBody,
        response: { 200: envelope(adminSchema) },
      },
    },
    async (request) => {
      const { enabled, ...rest } = request.body
      return ok(
        toAdmin(
          await audited({
            app,
            request,
            run: (tx) =>
              updateAdmin({
                db: tx,
                actorId: request.admin.id,
                ...rest,
                enabled: enabled === undefined ? undefined : enabled === YesNo.yes,
              }),
            describe: (r) => ({
              action: 'admin.update',
              entityType: 'admin',
              entityId: r.id,
              summary: `修改操作员${r.name}（${r.account}）${rest.password ? '，重置密码' : ''}`,
              after: { role: r.role, enabled: r.enabled },
            }),
          }),
        ),
      )
    },
  )

  app.delete(
    base,
    {
      preHandler: adminOnly,
      schema: { summary: '管理员: delete an operator', security, querystring: idQuery, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      const { id } = request.query
      await audited({
        app,
        request,
        run: async (tx) => {
          await deleteAdmin({ db: tx, actorId: request.admin.id, id })
          // A deleted teacher's clues go back to the pool.
          await releaseClues({ db: tx, assigneeId: id })
        },
        describe: () => ({
          action: 'admin.delete',
          entityType: 'admin',
          entityId: id,
          summary: `删除操作员（编号${id}），其名下线索退回线索池`,
        }),
      })
      return ok(null)
    },
  )
}
