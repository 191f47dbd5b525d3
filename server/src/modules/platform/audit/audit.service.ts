import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Executor } from '../../../db/types.ts'
import { AuditAction } from '../../../wire.ts'
import { createAuditRepository, type AuditLogRow } from './audit.repository.ts'
import { maskSensitive, maskSensitiveDeep } from '../../../lib/mask.ts'

/** Who did it: the signed-in operator (`request.admin`). */
export interface Actor {
  id: number
  name: string
  /** Their position's name then (the log keeps it as their role). */
  role: string
  /** What their position grants (services that narrow by right read it). */
  rights: ReadonlySet<string>
  /** The step-up (二次验证) the request ran under, on the routes that require one: its entries link to it. */
  stepUpId?: number | null
}

/** An operator's reasoned act on one row (作废, 取消), as its service is called: the reason goes to the row and the log. */
export interface ReasonedAct {
  db: Executor
  id: number
  reason: string
  actor: Actor
  now?: Date
}

export interface AuditEntry {
  action: AuditAction
  entityType: string
  entityId: string | number
  summary: string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/** Records one operator write. Call with the write's own transaction, so both commit or neither does. */
export async function recordAudit({ tx, actor, entry }: { tx: Executor; actor: Actor; entry: AuditEntry }): Promise<void> {
  await createAuditRepository({ db: tx }).insert({
    adminId: actor.id,
    adminName: actor.name,
    adminRole: actor.role,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    // Stored as every reader of the log may see it: a phone or ID number quoted is masked (issue 37 §2).
    summary: maskSensitive(entry.summary).slice(0, 500),
    before: entry.before ? (maskSensitiveDeep(entry.before) as Record<string, unknown>) : null,
    after: entry.after ? (maskSensitiveDeep(entry.after) as Record<string, unknown>) : null,
    stepUpId: actor.stepUpId ?? null,
  })
}

export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.admin.id,
  name: request.admin.name,
  role: request.admin.role,
  rights: request.admin.rights,
  stepUpId: request.stepUpId || null,
})

/**
 * Runs a write in a transaction and records it in the audit log in the same transaction: `describe`
 * turns the write's result into the entry (for writes whose service does not audit itself, such as
 * the configuration screens). The write gets the transaction as its `db`.
 */
export async function audited<T>({
  app,
  request,
  run,
  describe,
}: {
  app: FastifyInstance
  request: FastifyRequest
  run: (tx: Executor) => Promise<T>
  describe: (result: T) => AuditEntry
}): Promise<T> {
  return app.db.transaction(async (tx) => {
    const result = await run(tx)
    await recordAudit({ tx, actor: actorOf(request), entry: describe(result) })
    return result
  })
}

export function toAuditLog(r: AuditLogRow) {
  return {
    id: r.id,
    adminId: r.adminId,
    adminName: r.adminName,
    adminRole: r.adminRole,
    action: r.action,
    actionLabel: AuditAction[r.action as AuditAction] ?? r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    summary: r.summary,
    before: (r.before as Record<string, unknown> | null) ?? null,
    after: (r.after as Record<string, unknown> | null) ?? null,
    stepUpId: r.stepUpId,
    createdAt: r.createdAt.toISOString(),
  }
}

/** The audit log, newest first, by operator, action, entity and date (管理员's 操作日志). */
export async function listAuditLog({ db, ...query }: { db: Executor } & Parameters<ReturnType<typeof createAuditRepository>['list']>[0]) {
  return createAuditRepository({ db }).list(query)
}

/** One entity's entries, newest first (a clue's timeline). */
export async function auditEntriesFor({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createAuditRepository>['forEntity']>[0]) {
  return createAuditRepository({ db }).forEntity(query)
}
