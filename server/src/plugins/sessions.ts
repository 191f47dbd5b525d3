import cookie from '@fastify/cookie'
import type { onRequestHookHandler, preHandlerAsyncHookHandler, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import {
  parseSessionChange,
  SESSION_CHANGED_CHANNEL,
  SessionCache,
  createSessionsRepository,
  type LiveSession,
  type SessionKind,
  type SessionRow,
  createForbiddenError,
  createSessionInvalidError,
  COOKIE_NAMES,
  createSessionsService,
  type SessionsService,
  type PendingOpenId,
} from '../modules/platform/index.ts'
import { findAdminSession } from '../modules/platform/index.ts'
import { createNotPartnerError, createNotStudentError, findUserSession } from '../modules/platform/index.ts'
import type { Right } from '@activity/domain'
import { PartnerStatus } from '../wire.ts'

export interface AdminPrincipal {
  id: number
  account: string
  name: string
  /** The operator's position's name (what the audit log keeps as their role then). */
  role: string
  positionId: number
  /** What the operator's position grants now. */
  rights: ReadonlySet<Right>
}

/** A session as stored or as the live lookup read it (its person resolved there). */
export type AnySession = Omit<SessionRow, 'accountId'> & { accountId?: number | null }

export interface SessionContext {
  /** The session of `kind` for this request's cookie, loaded once per request. */
  get(kind: SessionKind): Promise<AnySession | undefined>
  /** The same, with its partner's status and its operator (one query; what requirePartner/requireAdmin check). */
  live(kind: SessionKind): Promise<LiveSession | undefined>
  /** Starts a session of `kind` (replacing the current one) and sets its cookie. */
  start(args: {
    kind: SessionKind
    accountId?: number | null
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
    /** preHandler: a partner must be signed in; sets `request.partnerId` and `request.accountId`. */
    requirePartner: preHandlerAsyncHookHandler
    /**
     * preHandler: a person holding a student profile must be signed in (none: 401; a person without
     * one, a partner only: 403); sets `request.studentId` and `request.accountId`.
     */
    requireStudent: preHandlerAsyncHookHandler
    /**
     * preHandler: a person must be signed in, with any profile (a partner not disabled, or a
     * student); sets `request.accountId`, and `request.partnerId` / `request.studentId` (0 when none).
     */
    requirePerson: preHandlerAsyncHookHandler
    /**
     * preHandler factory: an operator must be signed in whose position grants `right` (any one of
     * them for a list; any operator when omitted); sets `request.admin`.
     */
    requireAdmin: (right?: Right | readonly Right[]) => preHandlerAsyncHookHandler
  }
  interface FastifyRequest {
    partnerId: number
    studentId: number
    accountId: number
    admin: AdminPrincipal
    session: SessionContext
  }
}

/** Who may call a route, read by tests that enumerate the routes (hardening, cross-partner). */
export type RouteAccess = { kind: 'partner' } | { kind: 'student' } | { kind: 'person' } | { kind: 'admin'; rights: readonly Right[] }

const ACCESS = Symbol.for('activity-mobile.routeAccess')

function describeAccess<T extends object>(handler: T, access: RouteAccess): T {
  return Object.assign(handler, { [ACCESS]: access })
}

/** The access a route's preHandler(s) require; public when none. */
export function routeAccess(preHandler: unknown): RouteAccess | undefined {
  const handlers = Array.isArray(preHandler) ? preHandler : [preHandler]
  for (const h of handlers) {
    const access = (h as { [ACCESS]?: RouteAccess } | undefined)?.[ACCESS]
    if (access) return access
  }
  return undefined
}

/** A route's onRequest hooks as a list (declared as one, several or none). */
export function onRequestHooks(route: RouteOptions): onRequestHookHandler[] {
  const hooks = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]
  return hooks as onRequestHookHandler[]
}

/** Whether an operator's guard protects the route (after this plugin has moved the guards to onRequest). */
export const isAdminRoute = (route: RouteOptions) => onRequestHooks(route).some((h) => routeAccess(h)?.kind === 'admin')

/** Runs `checks` right after the route's guards and before its other onRequest hooks. */
export function addAfterGuards(route: RouteOptions, checks: onRequestHookHandler[]): void {
  const hooks = onRequestHooks(route)
  route.onRequest = [...hooks.filter((h) => routeAccess(h)), ...checks, ...hooks.filter((h) => !routeAccess(h))]
}

/**
 * Sessions in the database, carried by HttpOnly cookies: `sid` for partners (the ums user), `asid`
 * for operators. Mini-programs resend the cookie as a `Cookie` header, which is the same thing here.
 */
export const sessionsPlugin = fp<{ ttlDays: number; secure: boolean; cache: boolean }>(
  async (app, { ttlDays, secure, cache: useCache }) => {
    await app.register(cookie)
    const cache = useCache ? new SessionCache() : undefined
    if (cache) {
      const stop = await app.dbListen(SESSION_CHANGED_CHANNEL, {
        onMessage: (payload) => {
          const change = parseSessionChange(payload)
          if (change) cache.forget(change)
          else cache.clear()
        },
        onLive: (live) => cache.setLive(live),
      })
      app.addHook('onClose', async () => {
        await stop()
        cache.dispose()
      })
    }
    const service = createSessionsService({
      ttlDays,
      cache,
      findLive: ({ db, tokenHash, kind }) => (kind === 'user' ? findUserSession({ db, tokenHash }) : findAdminSession({ db, tokenHash })),
    })
    app.decorate('sessions', service)
    const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' }

    app.decorateRequest('partnerId', 0)
    app.decorateRequest('studentId', 0)
    app.decorateRequest('accountId', 0)
    app.decorateRequest('admin', null as unknown as AdminPrincipal)
    app.decorateRequest('session', null as unknown as SessionContext)

    app.addHook('onRequest', async (request, reply) => {
      const loaded = new Map<SessionKind, AnySession | undefined>()
      const live = new Map<SessionKind, LiveSession | undefined>()
      const started = new Map<SessionKind, string>()
      request.session = {
        async get(kind) {
          if (loaded.has(kind)) return loaded.get(kind)
          return this.live(kind)
        },
        async live(kind) {
          if (live.has(kind)) return live.get(kind)
          const token = started.get(kind) ?? request.cookies[COOKIE_NAMES[kind]]
          const resolved = token ? await service.resolve({ db: app.db, token, kind }) : undefined
          if (resolved?.renewed && token) reply.setCookie(COOKIE_NAMES[kind], token, { ...cookieOptions, maxAge: service.ttlSeconds })
          loaded.set(kind, resolved?.session)
          live.set(kind, resolved?.session)
          return resolved?.session
        },
        async start({ kind, ...rest }) {
          const current = await this.get(kind)
          if (current) await createSessionsRepository({ db: app.db }).deleteById({ id: current.id })
          const { token, session } = await service.create({ db: app.db, kind, ...rest })
          reply.setCookie(COOKIE_NAMES[kind], token, { ...cookieOptions, maxAge: service.ttlSeconds })
          loaded.set(kind, session)
          started.set(kind, token)
          live.delete(kind)
          return session
        },
        async end(kind) {
          const current = await this.get(kind)
          if (current) await createSessionsRepository({ db: app.db }).deleteById({ id: current.id })
          reply.clearCookie(COOKIE_NAMES[kind], cookieOptions)
          loaded.set(kind, undefined)
          live.set(kind, undefined)
        },
      }
    })

    // The guards are declared as preHandlers (`preHandler: app.requirePartner`); they run as the
    // route's first onRequest hook instead, so a caller without the right session is refused before
    // the body is read or validated (a 401 or 403, never a validation message about the form).
    app.addHook('onRoute', (route) => {
      const preHandlers = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]
      const guards = preHandlers.filter((h) => routeAccess(h))
      if (guards.length === 0) return
      route.preHandler = preHandlers.filter((h) => !routeAccess(h))
      route.onRequest = [...(guards as unknown as onRequestHookHandler[]), ...onRequestHooks(route)]
    })

    // Disabling a partner or an operator ends their sessions; the status checks here are the second line.
    app.decorate(
      'requirePartner',
      describeAccess<preHandlerAsyncHookHandler>(
        async (request) => {
          const session = await request.session.live('user')
          // A student without a partner profile is signed in, just not as a partner: 403, not 401
          // (which would sign the person out of the app).
          const partner = Boolean(session?.partnerId && session.partnerStatus && session.partnerStatus !== PartnerStatus.disabled)
          if (!partner && session?.studentId) throw createNotPartnerError()
          if (!session?.partnerId || !partner) throw createSessionInvalidError()
          request.partnerId = session.partnerId
          request.accountId = session.accountId ?? 0
        },
        { kind: 'partner' },
      ),
    )

    app.decorate(
      'requireStudent',
      describeAccess<preHandlerAsyncHookHandler>(
        async (request) => {
          const session = await request.session.live('user')
          if (!session?.accountId) throw createSessionInvalidError()
          if (!session.studentId) throw createNotStudentError()
          request.studentId = session.studentId
          request.accountId = session.accountId
        },
        { kind: 'student' },
      ),
    )

    app.decorate(
      'requirePerson',
      describeAccess<preHandlerAsyncHookHandler>(
        async (request) => {
          const session = await request.session.live('user')
          const partner = Boolean(session?.partnerId && session.partnerStatus && session.partnerStatus !== PartnerStatus.disabled)
          if (!session?.accountId || (!partner && !session.studentId)) throw createSessionInvalidError()
          request.accountId = session.accountId
          request.partnerId = partner ? session.partnerId! : 0
          request.studentId = session.studentId ?? 0
        },
        { kind: 'person' },
      ),
    )

    app.decorate('requireAdmin', (right?: Right | readonly Right[]) => {
      const anyOf: readonly Right[] = right === undefined ? [] : typeof right === 'string' ? [right] : right
      return describeAccess<preHandlerAsyncHookHandler>(
        async (request) => {
          const session = await request.session.live('admin')
          const admin = session?.admin
          if (!admin || !admin.enabled) throw createSessionInvalidError()
          const rights = new Set(admin.rights as readonly Right[])
          if (anyOf.length > 0 && !anyOf.some((r) => rights.has(r))) throw createForbiddenError()
          request.admin = {
            id: admin.id,
            account: admin.account,
            name: admin.name,
            role: admin.positionName,
            positionId: admin.positionId,
            rights,
          }
        },
        { kind: 'admin', rights: anyOf },
      )
    })
  },
  { name: 'sessions', dependencies: ['database', 'errors'] },
)
