import { eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from './types.ts'

/** A table whose rows have an `id` and an `updated_at` (db/columns.ts). */
type RowTable = PgTable & { id: PgColumn; updatedAt: PgColumn }

/** Writes one row and answers it as stored. */
export async function insertRow<T extends PgTable>(db: Executor, table: T, values: T['$inferInsert']): Promise<T['$inferSelect']> {
  const [row] = (await db.insert(table).values(values).returning()) as T['$inferSelect'][]
  return row!
}

/** Changes the row `id` (its updated_at set to now) and answers it as stored; undefined when there is none. */
export async function updateRow<T extends RowTable>(
  db: Executor,
  table: T,
  id: number,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = (await db
    .update(table)
    .set({ ...values, updatedAt: new Date() } as never)
    .where(eq(table.id, id))
    .returning()) as T['$inferSelect'][]
  return row
}

/** The row `id`, undefined when there is none; `forUpdate` locks it for the transaction. */
export async function rowById<T extends PgTable & { id: PgColumn }>(
  db: Executor,
  table: T,
  id: number,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<T['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1)
  const [row] = (forUpdate ? await query.for('update') : await query) as T['$inferSelect'][]
  return row
}

/** Removes the row `id`; false when there was none. */
export async function deleteRow<T extends PgTable & { id: PgColumn }>(db: Executor, table: T, id: number): Promise<boolean> {
  const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id })
  return rows.length === 1
}

/** A repository's writes of a table's rows by id: insert, update (updated_at now), delete. */
export function rowWrites<T extends RowTable>(db: Executor, table: T) {
  return {
    insert: (values: T['$inferInsert']) => insertRow(db, table, values),
    update: ({ id, values }: { id: number; values: Partial<T['$inferInsert']> }) => updateRow(db, table, id, values),
    delete: ({ id }: { id: number }) => deleteRow(db, table, id),
  }
}
