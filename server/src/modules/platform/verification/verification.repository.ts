import { and, count, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { verificationCodes } from './verification.table.ts'
import { insertRow } from '../../../db/rows.ts'

export type VerificationCodeRow = typeof verificationCodes.$inferSelect

export function createVerificationRepository({ db }: { db: Executor }) {
  return {
    /** Serialises sends for one phone until the transaction ends. */
    async lockPhone({ phone }: { phone: string }) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify:${phone}`}))`)
    },
    async latestSentAt({ phone }: { phone: string }): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(eq(verificationCodes.phone, phone))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
      return row?.createdAt
    },
    async countSince({ phone, since }: { phone: string; since: Date }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.phone, phone), gte(verificationCodes.createdAt, since)))
      return row?.n ?? 0
    },
    async retireOpen({ phone, type, now }: { phone: string; type: string; now: Date }) {
      await db
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.phone, phone), eq(verificationCodes.type, type), isNull(verificationCodes.consumedAt)))
    },
    async insert(values: { phone: string; type: string; codeHash: string; expiresAt: Date }): Promise<VerificationCodeRow> {
      return insertRow(db, verificationCodes, values)
    },
    async findLive({ phone, types, now }: { phone: string; types: string[]; now: Date }): Promise<VerificationCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.phone, phone),
            inArray(verificationCodes.type, types),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
      return row
    },
    /** Counts a wrong try; the 5th burns the code. Returns the attempts after this one. */
    async recordWrongTry({ id, maxAttempts }: { id: number; maxAttempts: number }): Promise<number> {
      const [row] = await db
        .update(verificationCodes)
        .set({
          attempts: sql`${verificationCodes.attempts} + 1`,
          consumedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${maxAttempts} then now() else null end`,
        })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
        .returning({ attempts: verificationCodes.attempts })
      return row?.attempts ?? maxAttempts
    },
    /** Uses the code once: false when another request used it first. */
    async consume({ id, now }: { id: number; now: Date }): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id })
      return rows.length === 1
    },
  }
}
