import { and, asc, count, countDistinct, eq, gte, inArray, isNotNull, lt, not, or, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { BUILTIN_POSITION } from '@activity/domain'
import { ClueStatus } from '../../../wire.ts'
import { adminsView, positionsView } from '../../platform/index.ts'
import { clueFollowUpsView, cluesView } from '../../partner-programme/index.ts'
import { departmentsView } from '../../platform/index.ts'
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
        assigneeId: sql<number>`${cluesView.assigneeId}`.as('assignee_id'),
        secs: sql<number>`extract(epoch from (min(${clueFollowUpsView.createdAt}) - ${cluesView.assignedAt}))::float8`.as('secs'),
      })
      .from(cluesView)
      .innerJoin(
        clueFollowUpsView,
        and(
          eq(clueFollowUpsView.clueId, cluesView.id),
          eq(clueFollowUpsView.adminId, cluesView.assigneeId),
          gte(clueFollowUpsView.createdAt, cluesView.assignedAt),
        ),
      )
      .where(and(isNotNull(cluesView.assigneeId), gte(cluesView.assignedAt, range.from), lt(cluesView.assignedAt, range.to)))
      // A view has no primary key to group its other columns by: name the ones selected (the same groups).
      .groupBy(cluesView.id, cluesView.assigneeId, cluesView.assignedAt)
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
      const columns = { id: adminsView.id, name: adminsView.name, enabled: adminsView.enabled, departmentId: adminsView.departmentId }
      const worker = and(
        eq(adminsView.enabled, true),
        sql`${positionsView.rights} @> ARRAY['clues.work']::text[]`,
        not(and(eq(positionsView.builtin, true), eq(positionsView.name, BUILTIN_POSITION.admin))!),
      )
      return db
        .select(columns)
        .from(adminsView)
        .innerJoin(positionsView, eq(positionsView.id, adminsView.positionId))
        .where(ids.length > 0 ? or(worker, inArray(adminsView.id, ids)) : worker)
        .orderBy(asc(adminsView.name), asc(adminsView.id))
    },
    async departments() {
      return db
        .select({ id: departmentsView.id, name: departmentsView.name, leaderId: departmentsView.leaderId })
        .from(departmentsView)
        .orderBy(asc(departmentsView.name), asc(departmentsView.id))
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
        .select({ id: cluesView.assigneeId, n: count() })
        .from(cluesView)
        .where(and(isNotNull(cluesView.assigneeId), gte(cluesView.assignedAt, range.from), lt(cluesView.assignedAt, range.to)))
        .groupBy(cluesView.assigneeId)
      return toCounts(rows)
    },
    /** Clues each operator wrote at least one follow-up (跟进记录) for in `range`. */
    async followed({ range }: { range: Range }): Promise<Counts> {
      const rows = await db
        .select({ id: clueFollowUpsView.adminId, n: countDistinct(clueFollowUpsView.clueId) })
        .from(clueFollowUpsView)
        .where(and(gte(clueFollowUpsView.createdAt, range.from), lt(clueFollowUpsView.createdAt, range.to)))
        .groupBy(clueFollowUpsView.adminId)
      return toCounts(rows)
    },
    /** Deals closed in `range` and standing (not refunded), per the clue's assignee. */
    async deals({ range }: { range: Range }): Promise<Counts> {
      const rows = await db
        .select({ id: cluesView.assigneeId, n: count() })
        .from(cluesView)
        .where(
          and(
            eq(cluesView.status, ClueStatus.deal),
            isNotNull(cluesView.assigneeId),
            gte(cluesView.dealAt, range.from),
            lt(cluesView.dealAt, range.to),
          ),
        )
        .groupBy(cluesView.assigneeId)
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
        .select({ id: adminsView.departmentId, seconds: median(ff.secs), n: count() })
        .from(ff)
        .innerJoin(adminsView, eq(adminsView.id, ff.assigneeId))
        .where(isNotNull(adminsView.departmentId))
        .groupBy(adminsView.departmentId)
      return toMedians(rows)
    },
  }
}
