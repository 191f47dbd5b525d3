import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema.ts'

export type Schema = typeof schema

/**
 * What repositories run on: the database or a transaction (a transaction is a PgDatabase too).
 * Inside a transaction always pass the `tx`: using `db` there deadlocks PGlite.
 */
export type Executor = PgDatabase<PgQueryResultHKT, Schema>

export type DatabaseKind = 'pglite' | 'postgres'

export interface Database {
  db: Executor
  kind: DatabaseKind
  /** Applies the migrations in server/drizzle (idempotent). */
  migrate(): Promise<void>
  close(): Promise<void>
}
