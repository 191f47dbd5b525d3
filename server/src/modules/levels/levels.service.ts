import type { LevelRow } from './levels.repository.ts'

type LevelLike = Pick<LevelRow, 'id' | 'name' | 'minDeals' | 'commissionPerDeal'>

/** The highest level whose minimum is at most `deals` (levels sorted by minDeals ascending). */
export function tierFor<L extends LevelLike>(levels: L[], deals: number): L | undefined {
  let tier: L | undefined
  for (const level of levels) if (level.minDeals <= deals) tier = level
  return tier
}

/** The first level above the current tier, if any. */
export function nextTier<L extends LevelLike>(levels: L[], deals: number): L | undefined {
  return levels.find((l) => l.minDeals > deals)
}

export function toLevel(l: LevelLike) {
  return { id: l.id, name: l.name, minDeals: l.minDeals, commissionPerDeal: l.commissionPerDeal }
}

export function isUniqueViolation(error: unknown): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? '')}`
  return /duplicate key|unique constraint/i.test(text)
}
