import { sql } from 'drizzle-orm'
import type { Executor } from '../src/db/types.ts'

/** A node of EXPLAIN (FORMAT JSON)'s plan. */
export interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (value instanceof Date) return `'${value.toISOString()}'`
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  return `'${String(value).replace(/'/g, "''")}'`
}

/**
 * The plan PostgreSQL (or PGlite, the same planner) picks for a query builder's statement, its
 * parameters written in as literals: EXPLAIN (ANALYZE, FORMAT JSON) run through `db`.
 */
export async function planOf(db: Executor, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<PlanNode> {
  const { sql: text, params } = query.toSQL()
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))
  const result = (await db.execute(sql.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${inlined}`))) as unknown as {
    rows: Array<Record<string, unknown>>
  }
  const cell = result.rows[0]!['QUERY PLAN']
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>
  return plan[0]!.Plan
}

/** Every node of a plan, depth first. */
export function nodesOf(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  out.push(node)
  for (const child of node.Plans ?? []) nodesOf(child, out)
  return out
}

/** The sequential scans of `tables` in a plan (what must not happen over a big table). */
export const seqScansOf = (plan: PlanNode, tables: string[]) =>
  nodesOf(plan)
    .filter((n) => n['Node Type'] === 'Seq Scan' && tables.includes(n['Relation Name'] ?? ''))
    .map((n) => `Seq Scan on ${n['Relation Name']}`)

export const indexesOf = (plan: PlanNode) => nodesOf(plan).flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []))
