import { formatYuan } from '@activity/money'
import { ReferralBonusMode } from '../../../wire.ts'
import type { Executor } from '../../../db/types.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import { createLevelDuplicateError, createLevelNotFoundError } from './levels.errors.ts'
import { createLevelsRepository, type LevelRow, type ReferralBonusSetting } from './levels.repository.ts'

type LevelLike = Pick<LevelRow, 'id' | 'name' | 'minDeals' | 'commissionPerDeal'>

/** The tier rule (which tier a deal count reaches, the next one, the referral bonus) is the one the console previews. */
export { nextTier, referralBonusFor, tierFor } from '@activity/domain'

export function toLevel(l: LevelLike) {
  return { id: l.id, name: l.name, minDeals: l.minDeals, commissionPerDeal: l.commissionPerDeal }
}

/** How the console and the audit log say it. */
export function describeReferralBonus(setting: ReferralBonusSetting): string {
  if (setting.mode === ReferralBonusMode.fixed) return `推荐奖励：每单${formatYuan(setting.amount, { grouping: false })}`
  if (setting.mode === ReferralBonusMode.percent) return `推荐奖励：每单佣金的${setting.percent}%`
  return '推荐奖励：关闭'
}

export interface LevelInput {
  name: string
  minDeals: number
  commissionPerDeal: number
}

/** A write where a second tier of the same name or minimum is refused. */
async function refusingDuplicate<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (isUniqueViolation(error)) throw createLevelDuplicateError()
    throw error
  }
}

/** Every tier, lowest minimum first. */
export async function listLevels({ db }: { db: Executor }): Promise<LevelRow[]> {
  return createLevelsRepository({ db }).listAll()
}

export async function createLevel({ db, input }: { db: Executor; input: LevelInput }): Promise<LevelRow> {
  const inserted = await refusingDuplicate(() => createLevelsRepository({ db }).insert(input))
  if (!inserted) throw createLevelDuplicateError()
  return inserted
}

/** Changes a tier (earlier deals keep their price). */
export async function updateLevel({ db, id, input }: { db: Executor; id: number; input: Partial<LevelInput> }): Promise<LevelRow> {
  const updated = await refusingDuplicate(() => createLevelsRepository({ db }).update({ id, values: input }))
  if (!updated) throw createLevelNotFoundError()
  return updated
}

export async function deleteLevel({ db, id }: { db: Executor; id: number }): Promise<void> {
  if (!(await createLevelsRepository({ db }).delete({ id }))) throw createLevelNotFoundError()
}

/** The referral bonus setting (关闭 when never set). */
export async function referralBonusSetting({ db }: { db: Executor }): Promise<ReferralBonusSetting> {
  return createLevelsRepository({ db }).referralBonus()
}

export async function saveReferralBonus({ db, setting }: { db: Executor; setting: ReferralBonusSetting }): Promise<ReferralBonusSetting> {
  return createLevelsRepository({ db }).saveReferralBonus(setting)
}
