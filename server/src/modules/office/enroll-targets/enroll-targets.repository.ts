import { and, asc, count, countDistinct, eq, gte, inArray, isNotNull, lt, not, or, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { BUILTIN_POSITION } from '@activity/domain'
import { ClueStatus } from '../../../wire.ts'
import { admins, positions } from '../../platform/index.ts'
import { clueFollowUps, clues } from '../../partner-programme/index.ts'
import { departments } from '../../platform/index.ts'
import { enrollTargets } from './enroll-targets.table.ts'

export type EnrollTargetRow = typeof enrollTargets.$inferSelect
export interface OperatorRow {
  id: number
  name: string
  enabled: boolean
  departmentId: number | null
}
/** A count per operator (or per department). */
export type Counts = Map<number, number>
export interface Median {
  /** Seconds, the median of the clues measured. */
  seconds: number
  /** How many clues were measured (assigned in the month and followed up by their teacher since). */
  clues: number
}

const toCounts = (rows: Array<{ id: number | null; n: number }>): Counts =>
  new Map(rows.filter((r) => r.id !== null).map((r) => [r.id!, Number(r.n)]))

export function createEnrollTargetsRepository({ db }: { db: Executor }) {
  /**
   * Per clue assigned in `range`: its assignee and the seconds from the assignment to that
   * assignee's first follow-up since (clues never followed up by them are left out).
   */
  const firstFollowUps = (range: Range) =>
    db
      .select({
        assigneeId: sql<number>`${clues.assigneeId}`.as('assignee_id'),
        secs: sql<number>`extract(epoch from (min(${clueFollowUps.createdAt}) - ${clues.assignedAt}))::float8`.as('secs'),
      })
      .from(clues)
      .innerJoin(
        clueFollowUps,
        and(
          eq(clueFollowUps.clueId, clues.id),
          eq(clueFollowUps.adminId, clues.assigneeId),
          gte(clueFollowUps.createdAt, clues.assignedAt),
        ),
      )
      .where(and(isNotNull(clues.assigneeId), gte(clues.assignedAt, range.from), lt(clues.assignedAt, range.to)))
      .groupBy(clues.id)
      .as('ff')

  const median = (secs: unknown) => sql<number>`percentile_cont(0.5) within group (order by ${secs})`.mapWith(Number)
  const toMedians = (rows: Array<{ id: number | null; seconds: number; n: number }>) =>
    new Map<number, Median>(rows.filter((r) => r.id !== null).map((r) => [r.id!, { seconds: Math.round(r.seconds), clues: Number(r.n) }]))

  return {
    /**
     * The operators who work clues (an enabled operator whose position grants clues.work; not the
     * built-in 管理员, who holds it only to help out), and any other with a figure or a target this
     * month (an operator whose position changed keeps the month's figures).
     */
    async operators({ ids }: { ids: number[] }): Promise<OperatorRow[]> {
      const columns = { id: admins.id, name: admins.name, enabled: admins.enabled, departmentId: admins.departmentId }
      const worker = and(
        eq(admins.enabled, true),
        sql`${positions.rights} @> ARRAY['clues.work']::text[]`,
        not(and(eq(positions.builtin, true), eq(positions.name, BUILTIN_POSITION.admin))!),
      )
      return db
        .select(columns)
        .from(admins)
        .innerJoin(positions, eq(positions.id, admins.positionId))
        .where(ids.length > 0 ? or(worker, inArray(admins.id, ids)) : worker)
        .orderBy(asc(admins.name), asc(admins.id))
    },
    async departments() {
      return db
        .select({ id: departments.id, name: departments.name, leaderId: departments.leaderId })
        .from(departments)
        .orderBy(asc(departments.name), asc(departments.id))
    },
    async targets({ month }: { month: string }): Promise<EnrollTargetRow[]> {
      return db.select().from(enrollTargets).where(eq(enrollTargets.month, month))
    },
    /** Sets one owner's target for the month (insert or replace); returns the row before, if any. */
    async upsert({
      month,
      adminId,
      departmentId,
      followTarget,
      dealTarget,
      updatedBy,
    }: {
      month: string
      adminId: number | null
      departmentId: number | null
      followTarget: number
      dealTarget: number
      updatedBy: number
    }) {
      const owner = adminId !== null ? eq(enrollTargets.adminId, adminId) : eq(enrollTargets.departmentId, departmentId!)
      const [before] = await db
        .select()
        .from(enrollTargets)
        .where(and(eq(enrollTargets.month, month), owner))
        .for('update')
      const values = { month, adminId, departmentId, followTarget, dealTarget, updatedBy, updatedAt: new Date() }
      const [row] = await db
        .insert(enrollTargets)
        .values(values)
        .onConflictDoUpdate(
          adminId !== null
            ? { target: [enrollTargets.month, enrollTargets.adminId], targetWhere: sql`admin_id IS NOT NULL`, set: values }
            : { target: [enrollTargets.month, enrollTargets.departmentId], targetWhere: sql`department_id IS NOT NULL`, set: values },
        )
        .returning()
      return { before, row: row! }
    },
    /** Clues given to each operator in `range` (their current assignee, by clues.assigned_at). */
    async assigned({ range }: { range: Range }): Promise<Counts> {
      const rows = await db
        .select({ id: clues.assigneeId, n: count() })
        .from(clues)
        .where(and(isNotNull(clues.assigneeId), gte(clues.assignedAt, range.from), lt(clues.assignedAt, range.to)))
        .groupBy(clues.assigneeId)
      return toCounts(rows)
    },
    /** Clues each operator wrote at least one follow-up (跟进记录) for in `range`. */
    async followed({ range }: { range: Range }): Promise<Counts> {
      const rows = await db
        .select({ id: clueFollowUps.adminId, n: countDistinct(clueFollowUps.clueId) })
        .from(clueFollowUps)
        .where(and(gte(clueFollowUps.createdAt, range.from), lt(clueFollowUps.createdAt, range.to)))
        .groupBy(clueFollowUps.adminId)
      return toCounts(rows)
    },
    /** Deals closed in `range` and standing (not refunded), per the clue's assignee. */
    async deals({ range }: { range: Range }): Promise<Counts> {
      const rows = await db
        .select({ id: clues.assigneeId, n: count() })
        .from(clues)
        .where(
          and(eq(clues.status, ClueStatus.deal), isNotNull(clues.assigneeId), gte(clues.dealAt, range.from), lt(clues.dealAt, range.to)),
        )
        .groupBy(clues.assigneeId)
      return toCounts(rows)
    },
    /** The median time to first follow-up of the clues assigned in `range`, per teacher. */
    async medianByOperator({ range }: { range: Range }): Promise<Map<number, Median>> {
      const ff = firstFollowUps(range)
      const rows = await db
        .select({ id: ff.assigneeId, seconds: median(ff.secs), n: count() })
        .from(ff)
        .groupBy(ff.assigneeId)
      return toMedians(rows)
    },
    /** The same, pooled over each department's operators (by their department now). */
    async medianByDepartment({ range }: { range: Range }): Promise<Map<number, Median>> {
      const ff = firstFollowUps(range)
      const rows = await db
        .select({ id: admins.departmentId, seconds: median(ff.secs), n: count() })
        .from(ff)
        .innerJoin(admins, eq(admins.id, ff.assigneeId))
        .where(isNotNull(admins.departmentId))
        .groupBy(admins.departmentId)
      return toMedians(rows)
    },
  }
}
