import { lt, sql } from 'drizzle-orm'
import { preparedPerDb } from '../../../db/prepared.ts'
import type { Executor } from '../../../db/types.ts'
import { rateLimitHits } from './rate-limits.table.ts'

interface RouteInfo {
  method?: string | string[]
  url?: string
}

/**
 * What @fastify/rate-limit's `store` option must offer (see its store/LocalStore.js). The plugin
 * always passes the route's window and max; its type declarations leave them out.
 */
export interface RateLimitStore {
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow?: number,
    max?: number,
  ): void
  /** Given the route's merged limit options; the route itself is under `routeInfo` (types say otherwise). */
  child(routeOptions: object): RateLimitStore
}

const WINDOW_ENDED = sql`${rateLimitHits.resetsAt} <= clock_timestamp()`

/** Prepared once per database: parsed and planned once per connection, not per call. */
const hitStatement = preparedPerDb((db) =>
  db
    .insert(rateLimitHits)
    .values({
      key: sql.placeholder('key'),
      hits: 1,
      resetsAt: sql`clock_timestamp() + ${sql.placeholder('windowMs')}::integer * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`CASE WHEN ${WINDOW_ENDED} THEN 1 ELSE ${rateLimitHits.hits} + 1 END`,
        resetsAt: sql`CASE WHEN ${WINDOW_ENDED} THEN excluded.resets_at ELSE ${rateLimitHits.resetsAt} END`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch FROM ${rateLimitHits.resetsAt} - clock_timestamp()) * 1000))::integer`,
    })
    .prepare('rate_limit_hit'),
)

/**
 * Counts one call of `key` in its window and answers the calls so far and the milliseconds left.
 * One statement, atomic under concurrency: the first call (or the first after the window ended)
 * opens a new window; the others add one. The database's clock, so every process agrees.
 */
export async function countHit({ db, key, windowMs }: { db: Executor; key: string; windowMs: number }) {
  const [row] = await hitStatement(db).execute({ key, windowMs })
  return { current: Number(row!.hits), ttl: Number(row!.ttl) }
}

/** Forgets the windows that ended (the table keeps one row per route and IP seen lately). */
export async function deleteEndedWindows({ db }: { db: Executor }): Promise<number> {
  const deleted = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.resetsAt, sql`clock_timestamp()`))
    .returning({ key: rateLimitHits.key })
  return deleted.length
}

/**
 * A @fastify/rate-limit store over the database: the counts live in `rate_limit_hits`, so N API
 * processes on one PostgreSQL share one limit (with the in-memory store an IP got N times it).
 * Each route gets its own prefix (`child`), as the plugin's Redis store does.
 */
export function createDatabaseStore({ db }: { db: Executor }): new () => RateLimitStore {
  const storeFor = (prefix: string): RateLimitStore => ({
    incr(key, callback, timeWindow) {
      if (typeof timeWindow !== 'number') return callback(new Error('rate-limit store: the plugin gave no time window'))
      countHit({ db, key: prefix + key, windowMs: timeWindow }).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      )
    },
    child(routeOptions) {
      const { routeInfo = {} } = routeOptions as { routeInfo?: RouteInfo }
      const method = Array.isArray(routeInfo.method) ? routeInfo.method.join(',') : (routeInfo.method ?? '')
      return storeFor(`${prefix}${method} ${routeInfo.url ?? ''} `)
    },
  })
  // The plugin calls `new Store(globalParams)`; returning an object from a constructor makes that it.
  return function DatabaseStore() {
    return storeFor('')
  } as unknown as new () => RateLimitStore
}
