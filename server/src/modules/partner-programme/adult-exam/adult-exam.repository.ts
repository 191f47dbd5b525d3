import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { admissionResults, scoreLines } from './adult-exam.table.ts'
import { containing, escapeLike } from '../../../lib/person-search.ts'

export type AdmissionResultRow = typeof admissionResults.$inferSelect
export type AdmissionResultInsert = typeof admissionResults.$inferInsert
export type ScoreLineRow = typeof scoreLines.$inferSelect
export type ScoreLineInsert = typeof scoreLines.$inferInsert

const CHUNK = 500

/** Counts how many rows an upsert inserted (xmax = 0) and how many it updated. */
function tally(rows: Array<{ inserted: boolean }>) {
  const inserted = rows.filter((r) => r.inserted).length
  return { inserted, updated: rows.length - inserted }
}

export function createAdultExamRepository({ db }: { db: Executor }) {
  return {
    /** Inserts or replaces by (year, exam number). */
    async upsertResults(values: AdmissionResultInsert[]) {
      let inserted = 0
      let updated = 0
      for (let i = 0; i < values.length; i += CHUNK) {
        const rows = await db
          .insert(admissionResults)
          .values(values.slice(i, i + CHUNK))
          .onConflictDoUpdate({
            target: [admissionResults.year, admissionResults.examNo],
            set: {
              name: sql`excluded.name`,
              totalScore: sql`excluded.total_score`,
              school: sql`excluded.school`,
              major: sql`excluded.major`,
              batch: sql`excluded.batch`,
              category: sql`excluded.category`,
              updatedAt: sql`now()`,
            },
          })
          .returning({ inserted: sql<boolean>`(xmax = 0)` })
        const t = tally(rows)
        inserted += t.inserted
        updated += t.updated
      }
      return { inserted, updated }
    },
    /** Inserts or replaces by (year, batch, category). */
    async upsertScoreLines(values: ScoreLineInsert[]) {
      let inserted = 0
      let updated = 0
      for (let i = 0; i < values.length; i += CHUNK) {
        const rows = await db
          .insert(scoreLines)
          .values(values.slice(i, i + CHUNK))
          .onConflictDoUpdate({
            target: [scoreLines.year, scoreLines.batch, scoreLines.category],
            set: { score: sql`excluded.score`, updatedAt: sql`now()` },
          })
          .returning({ inserted: sql<boolean>`(xmax = 0)` })
        const t = tally(rows)
        inserted += t.inserted
        updated += t.updated
      }
      return { inserted, updated }
    },
    /** Every year's result under this exam number, latest year first. */
    async resultsByExamNo({ examNo }: { examNo: string }): Promise<AdmissionResultRow[]> {
      return db.select().from(admissionResults).where(eq(admissionResults.examNo, examNo)).orderBy(desc(admissionResults.year))
    },
    async scoreLinesFor({ year, batch, category }: { year: number; batch: string; category?: string | null }): Promise<ScoreLineRow[]> {
      const c: SQL[] = [eq(scoreLines.year, year), eq(scoreLines.batch, batch)]
      if (category) c.push(eq(scoreLines.category, category))
      return db
        .select()
        .from(scoreLines)
        .where(and(...c))
        .orderBy(asc(scoreLines.category))
    },
    async listResults({
      year,
      batch,
      keyword,
      page,
      size,
    }: {
      year?: number
      batch?: string
      keyword?: string
      page: number
      size: number
    }) {
      const c: SQL[] = []
      if (year !== undefined) c.push(eq(admissionResults.year, year))
      if (batch) c.push(eq(admissionResults.batch, batch))
      if (keyword) c.push(or(ilike(admissionResults.name, containing(keyword)), ilike(admissionResults.examNo, `${escapeLike(keyword)}%`))!)
      const w = c.length ? and(...c) : undefined
      const rows = await db
        .select()
        .from(admissionResults)
        .where(w)
        .orderBy(desc(admissionResults.year), asc(admissionResults.examNo))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(admissionResults).where(w)
      return { rows, total: total?.n ?? 0 }
    },
    async listScoreLines({ year, batch, page, size }: { year?: number; batch?: string; page: number; size: number }) {
      const c: SQL[] = []
      if (year !== undefined) c.push(eq(scoreLines.year, year))
      if (batch) c.push(eq(scoreLines.batch, batch))
      const w = c.length ? and(...c) : undefined
      const rows = await db
        .select()
        .from(scoreLines)
        .where(w)
        .orderBy(desc(scoreLines.year), asc(scoreLines.batch), asc(scoreLines.category))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(scoreLines).where(w)
      return { rows, total: total?.n ?? 0 }
    },
    async deleteResult({ id }: { id: number }): Promise<boolean> {
      return (await db.delete(admissionResults).where(eq(admissionResults.id, id)).returning({ id: admissionResults.id })).length === 1
    },
    async deleteScoreLine({ id }: { id: number }): Promise<boolean> {
      return (await db.delete(scoreLines).where(eq(scoreLines.id, id)).returning({ id: scoreLines.id })).length === 1
    },
  }
}

export type AdultExamRepository = ReturnType<typeof createAdultExamRepository>
