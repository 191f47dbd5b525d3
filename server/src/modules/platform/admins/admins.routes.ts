import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Executor } from '../../../db/types.ts'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { perIp } from '../../../lib/rate-limits.ts'
import { RIGHT_SCREENS } from '@activity/domain'
import { YesNo } from '../../../wire.ts'
import type { FastifyRequest } from 'fastify'
import { GatewayError } from '../../../gateways/login.ts'
import { type LoginPlatform, type LoginType } from '../../../wire.ts'
import { createAdminCodeExchangeError } from './admins.errors.ts'
import {
  adminListQuery,
  adminSchema,
  adminSignInBody,
  createAdminBody,
  createPositionBody,
  idQuery,
  openIdBoundSchema,
  openIdCodeBody,
  openIdPlatformBody,
  openIdSignInSchema,
  positionSchema,
  rightCatalogueSchema,
  updateAdminBody,
  updatePasswordBody,
  updatePositionBody,
} from './admins.schemas.ts'
import {
  adminOfOpenId,
  bindAdminOpenId,
  createAdmin,
  createPosition,
  deleteAdmin,
  deletePosition,
  listAdmins,
  listPositions,
  loadAdmin,
  positionMemberCount,
  signInAdmin,
  toAdmin,
  toPosition,
  unbindAdminOpenId,
  updateAdmin,
  updateOwnPassword,
  updatePosition,
} from './admins.service.ts'
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
  // 操作日志's operator filter lists them too.
  const viewOperators = app.requireAdmin(['operators.view', 'audit.view'])
  // Creating or changing an operator (their position included) is granting rights: step-up first.
  const editOperators = [app.requireAdmin('operators.edit'), app.requireStepUp()]

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
        const admin = await signInAdmin({ db: app.db, ...request.body, ip: request.ip })
        attempt.who({ adminId: admin.id, name: admin.name })
        // An open id this client's signInByOpenId found unbound is the operator's from now on.
        const pending = (await request.session.get('admin'))?.pendingOpenId
        if (pending) await bindAdminOpenId({ db: app.db, adminId: admin.id, ...pending })
        await request.session.start({ kind: 'admin', adminId: admin.id })
        return ok(toAdmin(await loadAdmin({ db: app.db, id: admin.id })))
      }),
  )

  // ---- 教职工 in the app: silent sign-in by a bound open id, as students sign in ----

  /** The open id of an app's sign-in code (WeChat / Alipay), or a readable 502. */
  async function openIdOf(request: FastifyRequest, body: { platform: LoginPlatform; type: LoginType; signCode: string }) {
    try {
      return (await app.loginGateway.exchangeCode({ platform: body.platform, type: body.type, code: body.signCode })).openId
    } catch (error) {
      request.log.warn({ err: error }, 'operator sign-in code exchange failed')
      throw createAdminCodeExchangeError(error instanceof GatewayError ? { message: error.publicMessage } : {})
    }
  }

  app.post(
    `${base}/signInByOpenId`,
    {
      config: perIp(30, 60),
      schema: {
        summary:
          '教职工 in the app: sign in with a WeChat/Alipay code whose open id an operator bound (bound 是); unbound (否): sign in with account and password, then bindOpenId',
        consumes: FORM_CONSUMES,
        body: openIdCodeBody,
        response: { 200: envelope(openIdSignInSchema) },
      },
    },
    async (request) =>
      app.signInRecorder.track(
        { request, kind: 'operator', method: request.body.platform === 'alipay' ? 'alipay' : 'wechat' },
        async (attempt) => {
          const { platform, type } = request.body
          const openId = await openIdOf(request, request.body)
          const admin = await adminOfOpenId({ db: app.db, platform, type, openId })
          if (!admin) {
            // Remembered in a session with no operator until this client's password sign-in binds
            // it (as a student's open id); an operator signed in here already stays signed in.
            if (!(await request.session.live('admin'))?.admin) {
              await request.session.start({ kind: 'admin', adminId: null, pendingOpenId: { platform, type, openId } })
            }
            attempt.refuse('unbound')
            return ok({ bound: YesNo.no })
          }
          attempt.who({ adminId: admin.id, name: admin.name })
          await request.session.start({ kind: 'admin', adminId: admin.id })
          return ok({ bound: YesNo.yes, ...toAdmin(await loadAdmin({ db: app.db, id: admin.id })) })
        },
      ),
  )

  app.post(
    `${base}/bindOpenId`,
    {
      preHandler: signedIn,
      schema: {
        summary:
          "教职工 in the app: bind this client's WeChat/Alipay open id to the signed-in operator (next time they are signed in silently)",
        security,
        consumes: FORM_CONSUMES,
        body: openIdCodeBody,
        response: { 200: envelope(openIdBoundSchema) },
      },
    },
    async (request) => {
      const openId = await openIdOf(request, request.body)
      await bindAdminOpenId({ db: app.db, adminId: request.admin.id, platform: request.body.platform, type: request.body.type, openId })
      return ok({ bound: YesNo.yes })
    },
  )

  app.post(
    `${base}/unbindOpenId`,
    {
      preHandler: signedIn,
      schema: {
        summary: "教职工 in the app: remove the signed-in operator's open id of a platform (退出登录 on a shared phone)",
        security,
        consumes: FORM_CONSUMES,
        body: openIdPlatformBody,
        response: { 200: envelope(openIdBoundSchema) },
      },
    },
    async (request) => {
      await unbindAdminOpenId({ db: app.db, adminId: request.admin.id, ...request.body })
      return ok({ bound: YesNo.no })
    },
  )

  app.delete(`${base}/signOut`, { schema: { summary: 'Operator sign-out', response: { 200: emptyEnvelope } } }, async (request) => {
    await request.session.end('admin')
    return ok(null)
  })

  app.get(
    `${base}/signInfo`,
    { preHandler: signedIn, schema: { summary: 'The signed-in operator', security, response: { 200: envelope(adminSchema) } } },
    async (request) => {
      return ok(toAdmin(await loadAdmin({ db: app.db, id: request.admin.id })))
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
    async (request) =>
      // A wrong old password is a failed sign-in in the records (登录记录); a change is no sign-in.
      app.signInRecorder.track(
        { request, kind: 'operator', method: 'changePassword', identifier: request.admin.account, failuresOnly: true },
        async (attempt) => {
          attempt.who({ adminId: request.admin.id, name: request.admin.name })
          await updateOwnPassword({ db: app.db, adminId: request.admin.id, ...request.body, ip: request.ip })
          return ok(null)
        },
      ),
  )

  app.get(
    `${base}/list`,
    {
      preHandler: viewOperators,
      schema: { summary: 'Operators', security, querystring: adminListQuery, response: { 200: envelope(pageOf(adminSchema)) } },
    },
    async (request) => {
      const { page, size, keyword, positionId } = request.query
      const { rows, total } = await listAdmins({ db: app.db, page, size, keyword, positionId })
      return ok({ list: rows.map(toAdmin), total, page, size })
    },
  )

  app.post(
    base,
    {
      preHandler: editOperators,
      schema: {
        summary: 'Create an operator (in a position)',
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
              summary: `新增操作员${r.name}（${r.account}，${r.positionName}）`,
              after: { position: r.positionName, enabled: r.enabled },
            }),
          }),
        ),
      ),
  )

  app.put(
    base,
    {
      preHandler: editOperators,
      schema: {
        summary: 'Update an operator (name, position, enabled 是/否, password reset)',
        security,
        consumes: FORM_CONSUMES,
        body: updateAdminBody,
        response: { 200: envelope(adminSchema) },
      },
    },
    async (request) => {
      const { enabled, ...rest } = request.body
      const { after } = await audited({
        app,
        request,
        run: (tx) =>
          updateAdmin({
            db: tx,
            actorId: request.admin.id,
            ...rest,
            enabled: enabled === undefined ? undefined : enabled === YesNo.yes,
          }),
        describe: ({ before, after: r }) => ({
          action: 'admin.update',
          entityType: 'admin',
          entityId: r.id,
          summary: `修改操作员${r.name}（${r.account}）${before.positionId !== r.positionId ? `，岗位改为${r.positionName}` : ''}${rest.password ? '，重置密码' : ''}`,
          before: { positionId: before.positionId, enabled: before.enabled },
          after: { positionId: r.positionId, position: r.positionName, enabled: r.enabled },
        }),
      })
      return ok(toAdmin(after))
    },
  )

  app.delete(
    base,
    {
      preHandler: app.requireAdmin('operators.delete'),
      schema: { summary: 'Delete an operator', security, querystring: idQuery, response: { 200: emptyEnvelope } },
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

  // ---- 岗位 (the specification's "position menu"): positions and the rights they grant ----
  const positionBase = '/api/bms/system/position'
  const viewPositions = app.requireAdmin(['positions.view', 'operators.view'])
  const editPositions = [app.requireAdmin('positions.edit'), app.requireStepUp()]

  app.get(
    `${positionBase}/rights`,
    {
      preHandler: viewPositions,
      schema: { summary: 'The rights a position may be given, by screen', security, response: { 200: envelope(rightCatalogueSchema) } },
    },
    async () =>
      ok(
        Object.entries(RIGHT_SCREENS).map(([screen, { name, actions }]) => ({
          screen,
          name,
          actions: Object.entries(actions).map(([action, label]) => ({ right: `${screen}.${action}`, name: label })),
        })),
      ),
  )

  app.get(
    `${positionBase}/list`,
    {
      preHandler: viewPositions,
      schema: { summary: 'Positions with their rights and member count', security, response: { 200: envelope(positionSchema.array()) } },
    },
    async () => ok((await listPositions({ db: app.db })).map(toPosition)),
  )

  app.post(
    positionBase,
    {
      preHandler: editPositions,
      schema: {
        summary: 'Create a position',
        security,
        consumes: FORM_CONSUMES,
        body: createPositionBody,
        response: { 200: envelope(positionSchema) },
      },
    },
    async (request) =>
      ok(
        toPosition(
          await audited({
            app,
            request,
            run: (tx) => createPosition({ db: tx, ...request.body }),
            describe: (r) => ({
              action: 'position.create',
              entityType: 'position',
              entityId: r.id,
              summary: `新增岗位${r.name}（${r.rights.length}项权限）`,
              after: { name: r.name, rights: r.rights },
            }),
          }),
        ),
      ),
  )

  app.put(
    positionBase,
    {
      preHandler: editPositions,
      schema: {
        summary: "Rename a position or change its rights (takes effect on its operators' next call)",
        security,
        consumes: FORM_CONSUMES,
        body: updatePositionBody,
        response: { 200: envelope(positionSchema) },
      },
    },
    async (request) => {
      const { after } = await audited({
        app,
        request,
        run: (tx) => updatePosition({ db: tx, actorPositionId: request.admin.positionId, ...request.body }),
        describe: ({ before, after: r }) => ({
          action: 'position.update',
          entityType: 'position',
          entityId: r.id,
          summary: `修改岗位${r.name}${before.name !== r.name ? `（原名${before.name}）` : ''}${request.body.rights ? `，权限${before.rights.length}项改为${r.rights.length}项` : ''}`,
          before: { name: before.name, rights: before.rights },
          after: { name: r.name, rights: r.rights },
        }),
      })
      return ok(toPosition({ ...after, members: await positionMemberCount({ db: app.db, id: after.id }) }))
    },
  )

  app.delete(
    positionBase,
    {
      preHandler: editPositions,
      schema: { summary: 'Delete a position nobody holds', security, querystring: idQuery, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await audited({
        app,
        request,
        run: (tx) => deletePosition({ db: tx, id: request.query.id }),
        describe: (r) => ({
          action: 'position.delete',
          entityType: 'position',
          entityId: r.id,
          summary: `删除岗位${r.name}`,
          before: { name: r.name, rights: r.rights },
        }),
      })
      return ok(null)
    },
  )
}
