import type { LiveSession } from './sessions.types.ts'

/**
 * What changed, as the database's triggers tell it (migrations 0001 and 0010): a session, a
 * partner, an operator, or the profiles an account holds.
 */
export type SessionChange =
  | { sessionId: number }
  | { partnerId: number }
  | { adminId: number }
  | { accountId: number }
  /** A position's rights changed (or it was deleted): every operator holding it (migration 0015). */
  | { positionId: number }

/**
 * The channel the triggers notify on, with payloads `s:<session id>`, `p:<partner id>`,
 * `a:<admin id>`, `c:<account id>`, `o:<position id>`.
 */
export const SESSION_CHANGED_CHANNEL = 'session_changed'

export function parseSessionChange(payload: string): SessionChange | undefined {
  const match = /^([spaco]):(\d{1,15})$/.exec(payload)
  if (!match) return undefined
  const id = Number(match[2])
  switch (match[1]) {
    case 's':
      return { sessionId: id }
    case 'p':
      return { partnerId: id }
    case 'c':
      return { accountId: id }
    case 'o':
      return { positionId: id }
    default:
      return { adminId: id }
  }
}

const caches = new Set<SessionCache>()

/**
 * Tells this process's caches about a change it just wrote, without waiting for the database's
 * notification (which follows on commit and reaches the other processes).
 */
export function sessionChanged(change: SessionChange): void {
  for (const cache of caches) cache.forget(change)
}

/**
 * Live sessions (with their partner's status or their operator) by token, so an authenticated
 * call costs one query instead of two. It answers only while the database's change feed is live,
 * so a session signed out, a partner disabled or an operator changed anywhere stops being served
 * from memory as soon as the change commits:
 * - the triggers of migration 0001 notify every change to sessions, partners' status and operators;
 *   this process also forgets what it changes itself at once (`sessionChanged`);
 * - a lookup that was running when a change arrived is not stored (the epoch moved), so an answer
 *   read before a commit cannot outlive the notification of that commit;
 * - when the feed drops (PostgreSQL connection lost), everything is forgotten and lookups go to
 *   the database until it is back;
 * - expiry is still checked on every call (the entry holds `expiresAt`), and an entry is kept at
 *   most `maxAgeMs` and at most `maxEntries` entries (least recently used out first).
 */
export class SessionCache {
  readonly #entries = new Map<string, { session: LiveSession; storedAt: number }>()
  readonly #maxEntries: number
  readonly #maxAgeMs: number
  #epoch = 0
  #live = false
  /** Lookups answered from memory, and those that went to the database (for /metrics). */
  readonly stats = { hits: 0, misses: 0 }

  constructor({ maxEntries = 10_000, maxAgeMs = 60_000 }: { maxEntries?: number; maxAgeMs?: number } = {}) {
    this.#maxEntries = maxEntries
    this.#maxAgeMs = maxAgeMs
    caches.add(this)
  }

  /** Whether the change feed is live (only then does the cache answer). */
  get live(): boolean {
    return this.#live
  }

  setLive(live: boolean): void {
    this.#live = live
    this.clear()
  }

  /** Take before a lookup, give back to `store`: a change in between cancels the store. */
  get epoch(): number {
    return this.#epoch
  }

  get size(): number {
    return this.#entries.size
  }

  get(key: string, now = Date.now()): LiveSession | undefined {
    const entry = this.#live ? this.#entries.get(key) : undefined
    if (entry) this.#entries.delete(key)
    if (!entry || now - entry.storedAt > this.#maxAgeMs) {
      this.stats.misses++
      return undefined
    }
    this.stats.hits++
    this.#entries.set(key, entry) // most recently used last
    return entry.session
  }

  store(key: string, session: LiveSession, epoch: number, now = Date.now()): void {
    if (!this.#live || epoch !== this.#epoch) return
    this.#entries.delete(key)
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next()
      if (oldest.done) break
      this.#entries.delete(oldest.value)
    }
    this.#entries.set(key, { session: Object.freeze({ ...session }), storedAt: now })
  }

  forget(change: SessionChange): void {
    this.#epoch++
    for (const [key, { session }] of this.#entries) {
      const matches =
        'sessionId' in change
          ? session.id === change.sessionId
          : 'partnerId' in change
            ? session.partnerId === change.partnerId
            : 'accountId' in change
              ? session.accountId === change.accountId
              : 'positionId' in change
                ? session.admin?.positionId === change.positionId
                : session.adminId === change.adminId || session.admin?.id === change.adminId
      if (matches) this.#entries.delete(key)
    }
  }

  clear(): void {
    this.#epoch++
    this.#entries.clear()
  }

  /** Stops hearing `sessionChanged` (the app closed). */
  dispose(): void {
    this.setLive(false)
    caches.delete(this)
  }
}
