import { and, desc, eq, gte, ilike, lt, ne, sql, type SQL } from 'drizzle-orm'
import { cappedTotal } from '../../../db/paging.ts'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { signInRecords } from './sign-in-records.table.ts'
import { maskSensitive } from '../../../lib/mask.ts'

export type SignInRecordRow = typeof signInRecords.$inferSelect
export type SignInRecordInsert = typeof signInRecords.$inferInsert

export interface SignInRecordFilter {
  kind?: string
  method?: string
  success?: boolean
  /** Part of the account name or phone typed. */
  identifier?: string
  ip?: string
  range?: Range
  /** Only this operator's own records (an operator who is not the administrator). */
  ownAdminId?: number
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function recordWhere(f: SignInRecordFilter): SQL | undefined {
  const c: SQL[] = []
  if (f.ownAdminId !== undefined) c.push(eq(signInRecords.kind, 'operator'), eq(signInRecords.adminId, f.ownAdminId))
  if (f.kind) c.push(eq(signInRecords.kind, f.kind))
  if (f.method) c.push(eq(signInRecords.method, f.method))
  if (f.success !== undefined) c.push(eq(signInRecords.success, f.success))
  // Records keep a typed phone masked: a whole phone searched for is matched in the same form.
  if (f.identifier) c.push(ilike(signInRecords.identifier, like(maskSensitive(f.identifier))))
  if (f.ip) c.push(eq(signInRecords.ip, f.ip))
  if (f.range) c.push(gte(signInRecords.createdAt, f.range.from), lt(signInRecords.createdAt, f.range.to))
  return c.length ? and(...c) : undefined
}

const newestFirst = [desc(signInRecords.createdAt), desc(signInRecords.id)]

/** How many old rows one prune statement deletes (short transactions, whatever the backlog). */
const PRUNE_BATCH = 5000

export function createSignInRecordsRepository({ db }: { db: Executor }) {
  return {
    async insert(values: SignInRecordInsert): Promise<void> {
      await db.insert(signInRecords).values(values)
    },

    /** Newest first; the total is capped (db/paging.ts). */
    async list({ filter, page, size }: { filter: SignInRecordFilter; page: number; size: number }) {
      const w = recordWhere(filter)
      const rows = await db
        .select()
        .from(signInRecords)
        .where(w)
        .orderBy(...newestFirst)
        .limit(size)
        .offset((page - 1) * size)
      return { rows, ...(await cappedTotal(db, signInRecords, w, newestFirst)) }
    },

    /** The rows after `last` in the list's order (keyset), for the export. */
    async exportBatch({ filter, last, limit }: { filter: SignInRecordFilter; last?: SignInRecordRow; limit: number }) {
      const c = [recordWhere(filter)]
      if (last) c.push(sql`(${signInRecords.createdAt}, ${signInRecords.id}) < (${last.createdAt}, ${last.id})`)
      return db
        .select()
        .from(signInRecords)
        .where(and(...c))
        .orderBy(...newestFirst)
        .limit(limit)
    },

    /**
     * IPs with at least `min` failed sign-ins since `since` (an unbound WeChat/Alipay code is not
     * counted: it is a person opening the app, not a guess), most failures first, with the last
     * one's time and up to 10 of the accounts or phones tried.
     */
    async failedIps({ since, min, ownAdminId, limit }: { since: Date; min: number; ownAdminId?: number; limit: number }) {
      const c: SQL[] = [eq(signInRecords.success, false), ne(signInRecords.reason, 'unbound'), gte(signInRecords.createdAt, since)]
      if (ownAdminId !== undefined) c.push(eq(signInRecords.kind, 'operator'), eq(signInRecords.adminId, ownAdminId))
      const failures = sql<number>`count(*)`.mapWith(Number)
      const rows = await db
        .select({
          ip: signInRecords.ip,
          failures,
          lastAt: sql<Date>`max(${signInRecords.createdAt})`.mapWith(signInRecords.createdAt),
          identifierCount: sql<number>`count(distinct ${signInRecords.identifier})`.mapWith(Number),
          identifiers: sql<
            string[] | null
          >`(array_agg(distinct ${signInRecords.identifier}) filter (where ${signInRecords.identifier} is not null))[1:10]`,
          operators: sql<number>`count(*) filter (where ${signInRecords.kind} = 'operator')`.mapWith(Number),
        })
        .from(signInRecords)
        .where(and(...c))
        .groupBy(signInRecords.ip)
        .having(sql`count(*) >= ${min}`)
        .orderBy(desc(failures), desc(sql`max(${signInRecords.createdAt})`))
        .limit(limit)
      return rows.map((r) => ({ ...r, identifiers: r.identifiers ?? [] }))
    },

    /**
     * Deletes the rows older than `before`, a batch per statement. Several processes may prune at
     * once: each batch skips the rows another one is deleting.
     */
    async pruneBefore({ before }: { before: Date }): Promise<number> {
      let deleted = 0
      for (;;) {
        const gone = await db.execute(
          sql`delete from ${signInRecords} where ${signInRecords.id} in (select ${signInRecords.id} from ${signInRecords} where ${signInRecords.createdAt} < ${before} limit ${PRUNE_BATCH} for update skip locked) returning ${signInRecords.id}`,
        )
        const n = (gone as unknown as { rows: unknown[] }).rows.length
        deleted += n
        if (n < PRUNE_BATCH) return deleted
      }
    },
  }
}
