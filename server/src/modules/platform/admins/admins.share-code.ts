import { and, eq, isNull } from 'drizzle-orm'
import { randomString } from '../../../lib/crypto.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import type { Executor } from '../../../db/types.ts'
import { admins } from './admins.table.ts'

/**
 * A 招生老师's share code is 8 characters: a partner's is 6 (partners.service newShareCode), so a
 * poster's `ref` names one or the other, never both.
 */
export const ADMIN_SHARE_CODE_LENGTH = 8

/**
 * The operator's share code (their poster's `ref`), made on first use. Two first uses at once agree:
 * the code is set only while none is (a conditional update), and the loser reads the winner's.
 */
export async function shareCodeOfAdmin({ db, adminId }: { db: Executor; adminId: number }): Promise<string> {
  for (;;) {
    const [row] = await db.select({ shareCode: admins.shareCode }).from(admins).where(eq(admins.id, adminId)).limit(1)
    if (!row) throw new Error(`operator ${adminId} not found`)
    if (row.shareCode) return row.shareCode
    try {
      const [set] = await db
        .update(admins)
        .set({ shareCode: randomString(ADMIN_SHARE_CODE_LENGTH) })
        .where(and(eq(admins.id, adminId), isNull(admins.shareCode)))
        .returning({ shareCode: admins.shareCode })
      if (set?.shareCode) return set.shareCode
    } catch (error) {
      // Another operator drew the same code: draw again.
      if (!isUniqueViolation(error)) throw error
    }
  }
}

/** The operator a share code belongs to (any case), if any. */
export async function adminOfShareCode({ db, code }: { db: Executor; code: string }) {
  if (code.length !== ADMIN_SHARE_CODE_LENGTH) return undefined
  const [row] = await db
    .select({ id: admins.id, name: admins.name, enabled: admins.enabled })
    .from(admins)
    .where(eq(admins.shareCode, code.toUpperCase()))
    .limit(1)
  return row
}
