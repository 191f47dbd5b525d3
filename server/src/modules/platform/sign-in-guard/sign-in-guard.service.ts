import { isIPv6 } from 'node:net'
import { and, eq, gte, lt, or, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { createLockedError, createSlowedDownError } from './sign-in-guard.errors.ts'
import { signInFailures, signInKnownSources } from './sign-in-guard.table.ts'

/** Failures of a key from one source within WINDOW_MS that lock that source out of the key. */
export const MAX_FAILURES = 5
export const WINDOW_MS = 15 * 60 * 1000
/** Failures of a key from every source within WINDOW_MS past which the sources it never succeeded from are slowed down. */
export const ACCOUNT_CEILING = 20
/** The wait those sources are given: a second past the ceiling, doubling with each failure, a minute at most. */
export const SLOW_DOWN_MAX_MS = 60 * 1000
/**
 * Tries under way (pending: their password being checked) are waited for, every SETTLE_POLL_MS, when
 * they could make the difference between a lock and none: right passwords sent at once all pass, and
 * no more than MAX_FAILURES wrong ones sent at once are checked. A try pending longer than STALE_MS
 * (its process died) counts as a failure.
 */
export const STALE_MS = 60 * 1000
const SETTLE_POLL_MS = 50
/** A source the key succeeded from within this long is its owner's: others' failures never slow it down. */
export const KNOWN_SOURCE_MS = 90 * 24 * 3600 * 1000

/**
 * The source a try is counted under: an IPv4 address, or the /64 of an IPv6 one (one subscriber's
 * block: counting single addresses there would give each guesser billions of fresh sources).
 */
export function sourceOf(ip: string): string {
  const address = ip.split('%')[0]!
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!isIPv6(address)) return address
  const [left = '', right] = address.split('::')
  const head = left ? left.split(':') : []
  const tail = right ? right.split(':') : []
  const groups = right === undefined ? head : [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail]
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`
}

/** The wait a not-known source is given once a key has `failures` (at or past the ceiling). */
export const slowDownMs = (failures: number) => Math.min(1000 * 2 ** (failures - ACCOUNT_CEILING), SLOW_DOWN_MAX_MS)

/**
 * Limits guessing without handing a stranger a switch that locks the owner out (OWASP Authentication
 * Cheat Sheet, account lockout): 5 failures of a key from one source within 15 minutes lock that
 * source for 15 minutes after the last one, and other sources go on; 20 failures of the key from
 * every source slow down (not lock) the sources it never signed in from, one try per growing wait.
 *
 * A try that needs no session (a sign-in) gives its `ip`; one that does (a step-up, whose tries only
 * the session's holder can make) gives none, and its key is locked as a whole after 5 failures.
 * `lockedMessage` words the refusal for other tries than a password sign-in (an operator's step-up).
 */
export function createSignInGuard({
  db,
  lockedMessage = (minutes) => `密码错误次数过多，请${minutes}分钟后再试`,
}: {
  db: Executor
  lockedMessage?: (minutes: number) => string
}) {
  /** Whether the key succeeded from this source lately. */
  async function known({ key, source, now }: { key: string; source: string; now: Date }) {
    const [row] = await db
      .select({ key: signInKnownSources.key })
      .from(signInKnownSources)
      .where(
        and(
          eq(signInKnownSources.key, key),
          eq(signInKnownSources.source, source),
          gte(signInKnownSources.lastSuccessAt, new Date(now.getTime() - KNOWN_SOURCE_MS)),
        ),
      )
    return row !== undefined
  }

  /**
   * Refuses a try while its source is locked, or while a busy key slows its source down; counts the
   * tries before `mine` only. 'wait' when tries still under way decide it.
   */
  async function assertMayTry({
    key,
    source,
    bySource,
    mine,
    now,
  }: {
    key: string
    source: string
    bySource: boolean
    mine: number
    now: Date
  }) {
    const fromSource = bySource ? sql`${signInFailures.source} = ${source}` : sql`true`
    // A failure: settled, or pending so long its process must have died.
    const failed = sql`(not ${signInFailures.pending} or ${signInFailures.createdAt} < ${new Date(Date.now() - STALE_MS)})`
    const [row] = await db
      .select({
        n: sql<number>`count(*) filter (where ${fromSource} and ${failed})`.mapWith(Number),
        underWay: sql<number>`count(*) filter (where ${fromSource} and not ${failed})`.mapWith(Number),
        last: sql<Date | null>`max(${signInFailures.createdAt}) filter (where ${fromSource} and ${failed})`.mapWith(
          signInFailures.createdAt,
        ),
        all: sql<number>`count(*) filter (where ${failed})`.mapWith(Number),
        allLast: sql<Date | null>`max(${signInFailures.createdAt}) filter (where ${failed})`.mapWith(signInFailures.createdAt),
      })
      .from(signInFailures)
      .where(
        and(eq(signInFailures.key, key), gte(signInFailures.createdAt, new Date(now.getTime() - WINDOW_MS)), lt(signInFailures.id, mine)),
      )
    if (!row) return 'free'
    if (row.n >= MAX_FAILURES && row.last) {
      const minutes = Math.max(1, Math.ceil((row.last.getTime() + WINDOW_MS - now.getTime()) / 60000))
      throw createLockedError({ message: lockedMessage(minutes) })
    }
    // Earlier tries still under way could lock this one: wait for their outcome.
    if (row.n + row.underWay >= MAX_FAILURES) return 'wait'
    if (!bySource || row.all < ACCOUNT_CEILING || !row.allLast) return 'free'
    const wait = slowDownMs(row.all) - (now.getTime() - row.allLast.getTime())
    if (wait > 0 && !(await known({ key, source, now })))
      throw createSlowedDownError({ message: `登录尝试过于频繁，请${Math.ceil(wait / 1000)}秒后再试` })
    return 'free'
  }

  /** This source's failures go (and any too old to count); the source becomes (stays) the key's. */
  async function succeeded({ key, source, bySource, now }: { key: string; source: string; bySource: boolean; now: Date }) {
    const stale = lt(signInFailures.createdAt, new Date(now.getTime() - WINDOW_MS))
    await db
      .delete(signInFailures)
      .where(and(eq(signInFailures.key, key), bySource ? or(eq(signInFailures.source, source), stale) : undefined))
    if (!bySource) return
    await db
      .insert(signInKnownSources)
      .values({ key, source, lastSuccessAt: now })
      .onConflictDoUpdate({ target: [signInKnownSources.key, signInKnownSources.source], set: { lastSuccessAt: now } })
    await db
      .delete(signInKnownSources)
      .where(and(eq(signInKnownSources.key, key), lt(signInKnownSources.lastSuccessAt, new Date(now.getTime() - KNOWN_SOURCE_MS))))
  }

  return {
    /**
     * One try of `key` (a password or a code checked by `run`, which throws when it is wrong):
     * refused (429) while its source is locked or slowed down. The try is written pending before
     * `run`, so tries sent at once see each other; it becomes a failure when `run` throws and is
     * gone when it passes (with this source's earlier failures). A refused try is not counted.
     */
    async check<T>({ key, ip, now = new Date() }: { key: string; ip?: string; now?: Date }, run: () => Promise<T>): Promise<T> {
      const bySource = ip !== undefined
      const source = bySource ? sourceOf(ip) : ''
      const [mine] = await db
        .insert(signInFailures)
        .values({ key, source, pending: true, createdAt: now })
        .returning({ id: signInFailures.id })
      const id = mine!.id
      try {
        while ((await assertMayTry({ key, source, bySource, mine: id, now })) === 'wait')
          await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS))
      } catch (error) {
        await db.delete(signInFailures).where(eq(signInFailures.id, id))
        throw error
      }
      let result: T
      try {
        result = await run()
      } catch (error) {
        await db.update(signInFailures).set({ pending: false }).where(eq(signInFailures.id, id))
        throw error
      }
      await succeeded({ key, source, bySource, now })
      return result
    },
    /** The key was proven another way (an SMS code) from `ip`: as a passed try from there. */
    async passedFrom({ key, ip, now = new Date() }: { key: string; ip: string; now?: Date }) {
      await succeeded({ key, source: sourceOf(ip), bySource: true, now })
    },
    /** Every failure of the key, from every source, goes: its password was just reset. */
    async clear({ key }: { key: string }) {
      await db.delete(signInFailures).where(eq(signInFailures.key, key))
    },
  }
}
