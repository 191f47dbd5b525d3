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
  /**
   * Delivers every notification committed on `channel` (by any process or person) to `onMessage`.
   * `onLive(false)` whenever some may have been missed (PostgreSQL: the listening connection
   * dropped; it reconnects every second and then calls `onLive(true)`). Returns a stop function.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>
  /**
   * Runs `fn` while no other process on this database runs its own `runAlone` (start-up tasks
   * that check then insert, in N processes starting together). PostgreSQL: an advisory lock held
   * on a connection of its own while `fn` uses the others. PGlite has one process: `fn` runs.
   */
  runAlone<T>(fn: () => Promise<T>): Promise<T>
  /** PostgreSQL: the pool's connections (for /metrics); PGlite has no pool. */
  poolStats(): PoolStats | undefined
  close(): Promise<void>
}

export interface PoolStats {
  /** Connections open, idle among them, and queries waiting for one. */
  total: number
  idle: number
  waiting: number
  max: number
}

export interface NotificationHandlers {
  onMessage(payload: string): void
  onLive(live: boolean): void
}
