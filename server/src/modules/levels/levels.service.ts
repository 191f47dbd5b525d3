import type { LevelRow } from './levels.repository.ts'

/** The highest level whose minimum is at most `deals` (levels sorted by minDeals ascending). */
export function tierFor(levels: LevelRow[], deals: number): LevelRow | undefined {
  let tier: LevelRow | undefined
  for (const level of levels) if (level.minDeals <= deals) tier = level
  return tier
}

/** The first level above the current tier, if any. */
export function nextTier(levels: LevelRow[], deals: number): LevelRow | undefined {
  return levels.find((l) => l.minDeals > deals)
}

export function toLevel(l: LevelRow) {
  return { id: l.id, name: l.name, minDeals: l.minDeals, commissionPerDeal: l.commissionPerDeal }
}

export function isUniqueViolation(error: unknown): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? '')}`
  return /duplicate key|unique constraint/i.test(text)
}
