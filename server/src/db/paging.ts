import { count, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from './types.ts'

/**
 * The total of a page's filter, computed in the page's own statement (one round trip) as an
 * uncorrelated scalar subquery: PostgreSQL runs it once (an InitPlan, an index or index-only scan)
 * and the page itself keeps its LIMIT, so it is read in index order and stops after `size` rows.
 *
 * (`count(*) OVER ()` was tried first: the window has to read every matching row, so for a
 * partner's few dozen rows the planner switched to a bitmap scan plus a sort.)
 */
export const totalOf = (table: PgTable, where: SQL | undefined) =>
  sql<number>`(select count(*) from ${table}${where ? sql` where ${where}` : sql``})`.mapWith(Number)

/** The total from the page's rows, or from `count()` for an empty page past the first. */
export async function pageTotal<R extends { total: number }>({
  rows,
  page,
  count,
}: {
  rows: R[]
  page: number
  count: () => Promise<number>
}): Promise<number> {
  if (rows.length > 0) return rows[0]!.total
  return page > 1 ? count() : 0
}

/**
 * The console's lists run over the whole history (100 k clues, 1 M ledger entries): counting every
 * matching row for each page would read the whole table (a sequential scan) as it grows. Their
 * total counts at most this many rows, read in the list's own index order (an index scan that
 * stops there); above it the answer says `totalCapped: true` and the console shows "10000+".
 */
export const COUNT_CAP = 10_000

/** The answer's total from a count of at most COUNT_CAP + 1 rows. */
export function capTotal(n: number): { total: number; totalCapped: boolean } {
  return { total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP }
}

/**
 * A console list's capped total: counts at most COUNT_CAP + 1 rows of `table` matching `where`,
 * read in the list's own `order` (its index), so the count stops there.
 */
export async function cappedTotal(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  order: (PgColumn | SQL | SQL.Aliased)[],
): Promise<{ total: number; totalCapped: boolean }> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(COUNT_CAP + 1)
    .as('capped')
  const [counted] = await db.select({ n: count() }).from(capped)
  return capTotal(counted?.n ?? 0)
}
