import cookie from '@fastify/cookie'
import { eq } from 'drizzle-orm'
import type { preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { admins } from '../modules/admins/admins.table.ts'
import { createSessionsRepository, type SessionKind, type SessionRow } from '../modules/sessions/sessions.repository.ts'
import { createForbiddenError, createSessionInvalidError } from '../modules/sessions/sessions.errors.ts'
import { COOKIE_NAMES, createSessionsService, type SessionsService } from '../modules/sessions/sessions.service.ts'
import type { PendingOpenId } from '../modules/sessions/sessions.table.ts'
import type { AdminRole } from '../wire.ts'

export interface AdminPrincipal {
  id: number
  account: string
  name: string
  role: AdminRole
}

export interface SessionContext {
  /** The session of `kind` for this request's cookie, loaded once per request. */
  get(kind: SessionKind): Promise<SessionRow | undefined>
  /** Starts a session of `kind` (replacing the current one) and sets its cookie. */
  start(args: {
    kind: SessionKind
    partnerId?: number | null
    adminId?: number | null
    pendingOpenId?: PendingOpenId | null
  }): Promise<SessionRow>
  /** Ends the current session of `kind` (if any) and clears its cookie. */
  end(kind: SessionKind): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsService
    /** preHandler: a partner must be signed in; sets `request.partnerId`. */
    requirePartner: preHandlerAsyncHookHandler
    /** preHandler factory: an operator with one of `roles` (any role when omitted) must be signed in; sets `request.admin`. */
    requireAdmin: (roles?: AdminRole[]) => preHandlerAsyncHookHandler
  }
  interface FastifyRequest {
    partnerId: number
    admin: AdminPrincipal
    session: SessionContext
  }
}

/**
 * Sessions in the database, carried by HttpOnly cookies: `sid` for partners (the ums user), `asid`
 * for operators. Mini-programs resend the cookie as a `Cookie` header, which is the same thing here.
 */
export const sessionsPlugin = fp<{ ttlDays: number; secure: boolean }>(
  async (app, { ttlDays, secure }) => {
    await app.register(cookie)
    const service = createSessionsService({ ttlDays })
    app.decorate('sessions', service)
    const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' }

    app.decorateRequest('partnerId', 0)
    app.decorateRequest('admin', null as unknown as AdminPrincipal)
    app.decorateRequest('session', null as unknown as SessionContext)

    app.addHook('onRequest', async (request, reply) => {
      const loaded = new Map<SessionKind, SessionRow | undefined>()
      request.session = {
        async get(kind) {
          if (loaded.has(kind)) return loaded.get(kind)
          const token = request.cookies[COOKIE_NAMES[kind]]
          const resolved = token ? await service.resolve({ db: app.db, token, kind }) : undefined
          if (resolved?.renewed && token) reply.setCookie(COOKIE_NAMES[kind], token, { ...cookieOptions, maxAge: service.ttlSeconds })
          loaded.set(kind, resolved?.session)
          return resolved?.session
        },
        async start({ kind, ...rest }) {
          const current = await this.get(kind)
          if (current) await createSessionsRepository({ db: app.db }).deleteById({ id: current.id })
          const { token, session } = await service.create({ db: app.db, kind, ...rest })
          reply.setCookie(COOKIE_NAMES[kind], token, { ...cookieOptions, maxAge: service.ttlSeconds })
          loaded.set(kind, session)
          return session
        },
        async end(kind) {
          const current = await this.get(kind)
          if (current) await createSessionsRepository({ db: app.db }).deleteById({ id: current.id })
          reply.clearCookie(COOKIE_NAMES[kind], cookieOptions)
          loaded.set(kind, undefined)
        },
      }
    })

    app.decorate('requirePartner', async (request) => {
      const session = await request.session.get('user')
      if (!session?.partnerId) throw createSessionInvalidError()
      request.partnerId = session.partnerId
    })

    app.decorate('requireAdmin', (roles?: AdminRole[]) => async (request) => {
      const session = await request.session.get('admin')
      if (!session?.adminId) throw createSessionInvalidError()
      const [admin] = await app.db.select().from(admins).where(eq(admins.id, session.adminId)).limit(1)
      if (!admin || !admin.enabled) throw createSessionInvalidError()
      const role = admin.role as AdminRole
      if (roles && roles.length > 0 && !roles.includes(role) && role !== '管理员') throw createForbiddenError()
      request.admin = { id: admin.id, account: admin.account, name: admin.name, role }
    })
  },
  { name: 'sessions', dependencies: ['database', 'errors'] },
)
