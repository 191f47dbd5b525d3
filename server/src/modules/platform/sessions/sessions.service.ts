import { randomToken, sha256 } from '../../../lib/crypto.ts'
import type { Executor } from '../../../db/types.ts'
import { createSessionsRepository } from './sessions.repository.ts'
import type { FindLiveSession, LiveSession, SessionKind, SessionRow } from './sessions.types.ts'
import type { SessionCache } from './session-cache.ts'
import type { PendingOpenId } from './sessions.table.ts'

export const COOKIE_NAMES: Record<SessionKind, string> = { user: 'sid', admin: 'asid' }
const DAY = 24 * 60 * 60 * 1000

/**
 * Sliding sessions: a session lives `ttlDays` after its last use; the expiry is pushed forward at
 * most once a day so a busy session does not write on every call. With a `cache`, a session found
 * is kept in memory and served from there while it stays unchanged (see SessionCache).
 */
export function createSessionsService({
  ttlDays,
  cache,
  findLive,
}: {
  ttlDays: number
  cache?: SessionCache
  /** The session of a token hash with its holder's state, from the module that owns the holder. */
  findLive: FindLiveSession
}) {
  const ttl = ttlDays * DAY
  return {
    ttlSeconds: ttlDays * 24 * 60 * 60,
    /** The live-session cache, when on. */
    cache,

    async create({
      db,
      kind,
      accountId,
      partnerId,
      adminId,
      pendingOpenId,
    }: {
      db: Executor
      kind: SessionKind
      accountId?: number | null
      partnerId?: number | null
      adminId?: number | null
      pendingOpenId?: PendingOpenId | null
    }): Promise<{ token: string; session: SessionRow }> {
      const token = randomToken()
      const session = await createSessionsRepository({ db }).insert({
        tokenHash: sha256(token),
        kind,
        accountId: accountId ?? null,
        partnerId: partnerId ?? null,
        adminId: adminId ?? null,
        pendingOpenId: pendingOpenId ?? null,
        expiresAt: new Date(Date.now() + ttl),
      })
      return { token, session }
    },

    /** The live session for a token, or undefined; `renewed` when its expiry moved (resend the cookie). */
    async resolve({
      db,
      token,
      kind,
    }: {
      db: Executor
      token: string
      kind: SessionKind
    }): Promise<{ session: LiveSession; renewed: boolean } | undefined> {
      if (!token || token.length > 200) return undefined
      const repo = createSessionsRepository({ db })
      const tokenHash = sha256(token)
      const key = `${kind}:${tokenHash}`
      const now = Date.now()
      let session = cache?.get(key, now)
      if (!session) {
        const epoch = cache?.epoch ?? 0
        session = await findLive({ db, tokenHash, kind })
        if (!session) return undefined
        cache?.store(key, session, epoch, now)
      }
      if (session.expiresAt.getTime() <= now) {
        await repo.deleteById({ id: session.id })
        return undefined
      }
      if (now - session.lastSeenAt.getTime() > DAY) {
        const expiresAt = new Date(now + ttl)
        await repo.update({ id: session.id, values: { lastSeenAt: new Date(now), expiresAt } })
        return { session: { ...session, expiresAt, lastSeenAt: new Date(now) }, renewed: true }
      }
      return { session, renewed: false }
    },
  }
}

export type SessionsService = ReturnType<typeof createSessionsService>
