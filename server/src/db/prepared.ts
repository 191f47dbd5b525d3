import type { Executor } from './types.ts'

/**
 * A hot query built and prepared once per database (not per request): drizzle skips building the
 * SQL, and on PostgreSQL the named statement is parsed and planned once per connection. Use it on
 * the app's `db` for read paths; inside a transaction build the query normally (a `tx` is short-lived).
 *
 * Statement names must be unique per SQL text (node-postgres refuses one name for two texts).
 */
export function preparedPerDb<T>(build: (db: Executor) => T): (db: Executor) => T {
  const cache = new WeakMap<Executor, T>()
  return (db) => {
    let prepared = cache.get(db)
    if (!prepared) {
      prepared = build(db)
      cache.set(db, prepared)
    }
    return prepared
  }
}
