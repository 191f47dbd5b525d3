import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { ReferralBonusMode } from '../../../wire.ts'
import { levels, referralBonus } from './levels.table.ts'
import { deleteRow, rowById, updateRow } from '../../../db/rows.ts'

export type LevelRow = typeof levels.$inferSelect
export interface ReferralBonusSetting {
  mode: ReferralBonusMode
  amount: number
  percent: number
}

export function createLevelsRepository({ db }: { db: Executor }) {
  return {
    /** Every level, lowest minimum first. */
    async listAll(): Promise<LevelRow[]> {
      return db.select().from(levels).orderBy(asc(levels.minDeals))
    },
    async findById({ id }: { id: number }) {
      return rowById(db, levels, id)
    },
    async insert(values: { name: string; minDeals: number; commissionPerDeal: number }) {
      const [row] = await db.insert(levels).values(values).onConflictDoNothing().returning()
      return row
    },
    async update({ id, values }: { id: number; values: Partial<{ name: string; minDeals: number; commissionPerDeal: number }> }) {
      return updateRow(db, levels, id, values)
    },
    async delete({ id }: { id: number }) {
      return deleteRow(db, levels, id)
    },
    /** The referral bonus setting (关闭 when never set). */
    async referralBonus(): Promise<ReferralBonusSetting> {
      const [row] = await db.select().from(referralBonus).where(eq(referralBonus.id, 1)).limit(1)
      if (!row) return { mode: ReferralBonusMode.off, amount: 0, percent: 0 }
      return { mode: row.mode as ReferralBonusMode, amount: row.amount, percent: row.percent }
    },
    async saveReferralBonus(values: ReferralBonusSetting): Promise<ReferralBonusSetting> {
      const [row] = await db
        .insert(referralBonus)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: referralBonus.id, set: { ...values, updatedAt: new Date() } })
        .returning()
      return { mode: row!.mode as ReferralBonusMode, amount: row!.amount, percent: row!.percent }
    },
  }
}
