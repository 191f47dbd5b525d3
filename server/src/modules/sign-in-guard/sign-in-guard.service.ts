import { and, count, eq, gte, max } from 'drizzle-orm'
import type { Executor } from '../../db/types.ts'
import { createLockedError } from './sign-in-guard.errors.ts'
import { signInFailures } from './sign-in-guard.table.ts'

export const MAX_FAILURES = 5
export const WINDOW_MS = 15 * 60 * 1000

/**
 * 5 failed sign-ins within 15 minutes lock the key (a phone or an account) for 15 minutes after the last one.
 * `lockedMessage` words the refusal for other tries than a password sign-in (an operator's step-up).
 */
export function createSignInGuard({
  db,
  lockedMessage = (minutes) => `密码错误次数过多，请${minutes}分钟后再试`,
}: {
  db: Executor
  lockedMessage?: (minutes: number) => string
}) {
  return {
    async assertNotLocked({ key, now = new Date() }: { key: string; now?: Date }) {
      const [row] = await db
        .select({ n: count(), last: max(signInFailures.createdAt) })
        .from(signInFailures)
        .where(and(eq(signInFailures.key, key), gte(signInFailures.createdAt, new Date(now.getTime() - WINDOW_MS))))
      if (row && row.n >= MAX_FAILURES && row.last) {
        const minutes = Math.max(1, Math.ceil((row.last.getTime() + WINDOW_MS - now.getTime()) / 60000))
        throw createLockedError({ message: lockedMessage(minutes) })
      }
    },
    async recordFailure({ key }: { key: string }) {
      await db.insert(signInFailures).values({ key })
    },
    async clear({ key }: { key: string }) {
      await db.delete(signInFailures).where(eq(signInFailures.key, key))
    },
  }
}
