import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import { cappedTotal } from '../../../db/paging.ts'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { auditLogs } from './audit.table.ts'

export type AuditLogRow = typeof auditLogs.$inferSelect
export type AuditLogInsert = typeof auditLogs.$inferInsert

export interface AuditFilter {
  adminId?: number
  action?: string
  entityType?: string
  entityId?: string
  range?: Range
}

export function createAuditRepository({ db }: { db: Executor }) {
  return {
    async insert(values: AuditLogInsert): Promise<void> {
      await db.insert(auditLogs).values(values)
    },
    /** Newest first; each filter has its (x, created_at, id) index; the total is capped (db/paging.ts). */
    async list({ filter, page, size }: { filter: AuditFilter; page: number; size: number }) {
      const c: SQL[] = []
      if (filter.adminId !== undefined) c.push(eq(auditLogs.adminId, filter.adminId))
      if (filter.action) c.push(eq(auditLogs.action, filter.action))
      if (filter.entityType) c.push(eq(auditLogs.entityType, filter.entityType))
      if (filter.entityId) c.push(eq(auditLogs.entityId, filter.entityId))
      if (filter.range) c.push(gte(auditLogs.createdAt, filter.range.from), lt(auditLogs.createdAt, filter.range.to))
      const w = c.length ? and(...c) : undefined
      const order = [desc(auditLogs.createdAt), desc(auditLogs.id)]
      const rows = await db
        .select()
        .from(auditLogs)
        .where(w)
        .orderBy(...order)
        .limit(size)
        .offset((page - 1) * size)
      return { rows, ...(await cappedTotal(db, auditLogs, w, order)) }
    },
    /** One entity's entries, newest first (a clue's timeline). */
    async forEntity({ entityType, entityId, limit }: { entityType: string; entityId: string; limit: number }) {
      return db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityType, entityType), eq(auditLogs.entityId, entityId)))
        .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
        .limit(limit)
    },
  }
}
