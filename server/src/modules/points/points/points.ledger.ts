import { and, count, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { PointsRecordType } from '../../../wire.ts'
import { pointsAccounts, pointsRecords } from './points.table.ts'

/** Asia/Shanghai calendar day (YYYY-MM-DD) of an instant: daily caps and check-ins count by it. */
import { shanghaiDate } from '../../../lib/time-range.ts'

export interface AccountRow {
  studentId: number
  balance: number
  lifetime: number
}

/**
 * Locks the student's points account for this transaction (creating it at 0 on the first change):
 * every change of a student's points, from any process, takes turns here, so what is read under
 * the lock (balance, today's count, a ref already recorded) stays true until the commit.
 */
export async function lockAccount({ db, studentId }: { db: Executor; studentId: number }): Promise<AccountRow> {
  await db.insert(pointsAccounts).values({ studentId }).onConflictDoNothing()
  const [row] = await db
    .select({ studentId: pointsAccounts.studentId, balance: pointsAccounts.balance, lifetime: pointsAccounts.lifetime })
    .from(pointsAccounts)
    .where(eq(pointsAccounts.studentId, studentId))
    .for('update')
  return row!
}

export interface Ref {
  type: string
  id: string | number
}

/** Whether a change of this type and cause is already on the student's records (read under the account lock). */
export async function hasRecord({ db, studentId, type, ref }: { db: Executor; studentId: number; type: PointsRecordType; ref: Ref }) {
  const [row] = await db
    .select({ id: pointsRecords.id })
    .from(pointsRecords)
    .where(
      and(
        eq(pointsRecords.studentId, studentId),
        eq(pointsRecords.type, type),
        eq(pointsRecords.refType, ref.type),
        eq(pointsRecords.refId, String(ref.id)),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Today's earns of a way kind by the student (read under the account lock, for the daily cap). */
export async function earnedToday({ db, studentId, wayKind, day }: { db: Executor; studentId: number; wayKind: string; day: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(pointsRecords)
    .where(
      and(
        eq(pointsRecords.studentId, studentId),
        eq(pointsRecords.wayKind, wayKind),
        eq(pointsRecords.day, day),
        eq(pointsRecords.type, PointsRecordType.earn),
      ),
    )
  return row?.n ?? 0
}

/**
 * One change of a student's points on a locked account (lockAccount first, same transaction): the
 * balance moves only if it stays ≥ 0 (the database checks it too) and a record with the balance
 * after it is appended. Earned points (and a positive adjustment) count toward the lifetime
 * points. Returns undefined, changing nothing, when the balance would go below 0.
 */
export async function applyChange({
  db,
  account,
  change,
  type,
  way,
  ref,
  note,
  adminId,
  now = new Date(),
}: {
  db: Executor
  account: AccountRow
  change: number
  type: PointsRecordType
  way?: { id: number; kind: string }
  ref?: Ref
  note?: string | null
  adminId?: number | null
  now?: Date
}) {
  const balanceAfter = account.balance + change
  if (balanceAfter < 0 || change === 0) return undefined
  const lifetime = account.lifetime + ((type === PointsRecordType.earn || type === PointsRecordType.adjust) && change > 0 ? change : 0)
  await db
    .update(pointsAccounts)
    .set({ balance: sql`${pointsAccounts.balance} + ${change}`, lifetime, updatedAt: now })
    .where(eq(pointsAccounts.studentId, account.studentId))
  const [record] = await db
    .insert(pointsRecords)
    .values({
      studentId: account.studentId,
      change,
      balanceAfter,
      type,
      wayId: way?.id ?? null,
      wayKind: way?.kind ?? null,
      refType: ref?.type ?? null,
      refId: ref === undefined ? null : String(ref.id),
      note: note ?? null,
      adminId: adminId ?? null,
      day: shanghaiDate(now),
      createdAt: now,
    })
    .returning()
  account.balance = balanceAfter
  account.lifetime = lifetime
  return record!
}
