import { isIPv6 } from 'node:net'
import { and, count, eq, gte, lt, max, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/types.ts'
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
 * How long a try may be under way (its password being checked). Tries sent at once count each other
 * until each settles (a right one is removed, a wrong one stays a failure), so a lock that rests on
 * tries this young is looked at again, every SETTLE_POLL_MS, until they are older: right passwords
 * sent at once all pass, and wrong ones still count.
 */
export const SETTLE_MS = 2000
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

/** A try under way: its password (or code) was right. */
export interface GuardedTry {
  /** Clears this source's failures (this try's included) and remembers the source as the key's owner's. */
  passed(): Promise<void>
}

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

  /** Refuses a try while its source is locked, or while a busy key slows its source down; counts the tries before `mine` only. */
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
    const [row] = await db
      .select({
        n: sql<number>`count(*) filter (where ${fromSource})`.mapWith(Number),
        last: sql<Date | null>`max(${signInFailures.createdAt}) filter (where ${fromSource})`.mapWith(signInFailures.createdAt),
        all: count(),
        allLast: max(signInFailures.createdAt),
      })
      .from(signInFailures)
      .where(
        and(eq(signInFailures.key, key), gte(signInFailures.createdAt, new Date(now.getTime() - WINDOW_MS)), lt(signInFailures.id, mine)),
      )
    if (!row) return
    if (row.n >= MAX_FAILURES && row.last) {
      const minutes = Math.max(1, Math.ceil((row.last.getTime() + WINDOW_MS - now.getTime()) / 60000))
      throw createLockedError({ message: lockedMessage(minutes) })
    }
    if (!bySource || row.all < ACCOUNT_CEILING || !row.allLast) return
    const wait = slowDownMs(row.all) - (now.getTime() - row.allLast.getTime())
    if (wait > 0 && !(await known({ key, source, now })))
      throw createSlowedDownError({ message: `登录尝试过于频繁，请${Math.ceil(wait / 1000)}秒后再试` })
  }

  /** Whether an earlier try of the key from this source may still be under way (written less than SETTLE_MS ago). */
  async function underWay({ key, source, bySource, mine }: { key: string; source: string; bySource: boolean; mine: number }) {
    const [row] = await db
      .select({ id: signInFailures.id })
      .from(signInFailures)
      .where(
        and(
          eq(signInFailures.key, key),
          bySource ? eq(signInFailures.source, source) : undefined,
          lt(signInFailures.id, mine),
          gte(signInFailures.createdAt, new Date(Date.now() - SETTLE_MS)),
        ),
      )
      .limit(1)
    return row !== undefined
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
     * Starts a try of `key`: refused (429) while its source is locked or slowed down. The try counts
     * as a failure from now on (so tries sent at once see each other: five cannot all pass as one)
     * until `passed()`; a refused one is not counted.
     */
    async begin({ key, ip, now = new Date() }: { key: string; ip?: string; now?: Date }): Promise<GuardedTry> {
      const bySource = ip !== undefined
      const source = bySource ? sourceOf(ip) : ''
      const [mine] = await db.insert(signInFailures).values({ key, source, createdAt: now }).returning({ id: signInFailures.id })
      const settledBy = Date.now() + SETTLE_MS
      for (;;) {
        try {
          await assertMayTry({ key, source, bySource, mine: mine!.id, now })
          break
        } catch (error) {
          const locked = (error as { key?: string }).key === 'signIn.locked'
          if (locked && Date.now() < settledBy && (await underWay({ key, source, bySource, mine: mine!.id }))) {
            await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS))
            continue
          }
          await db.delete(signInFailures).where(eq(signInFailures.id, mine!.id))
          throw error
        }
      }
      return { passed: () => succeeded({ key, source, bySource, now }) }
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
