import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
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

const dialect = new PgDialect()

/**
 * A hand-written statement run as a named prepared statement: on PostgreSQL parsed and planned once
 * per connection (a generic plan after a few runs), on PGlite through its statement cache; on the
 * app's `db` or inside a transaction alike, unlike `preparedPerDb`. Its values are
 * `sql.placeholder(name)`s, given on each run. For the hottest calls, where parsing, planning and
 * building the text each time cost more than running the statement.
 *
 * Names must be unique per SQL text (node-postgres refuses one name for two texts).
 */
export function namedStatement<Row>(name: string, statement: SQL): (db: Executor, values: Record<string, unknown>) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement)
  return async (db, values) => {
    const prepared = db._.session.prepareQuery(query, undefined, name, false)
    return ((await prepared.execute(values)) as { rows: Row[] }).rows
  }
}
