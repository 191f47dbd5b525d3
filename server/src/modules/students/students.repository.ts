import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/types.ts'
import { partners } from '../partners/index.ts'
import { rollModifyRequests, studentStatusHistory, students } from './students.table.ts'

export type StudentRow = typeof students.$inferSelect
export type StudentInsert = typeof students.$inferInsert
export type HistoryRow = typeof studentStatusHistory.$inferSelect
export type RollRequestRow = typeof rollModifyRequests.$inferSelect
/** A student as the console lists it: the roll and whether the same person is a partner too. */
export type ConsoleStudentRow = StudentRow & { hasPartner: boolean }
export type ConsoleRequestRow = RollRequestRow & { studentName: string; studentPhone: string }

export interface StudentFilter {
  keyword?: string
  educationType?: string
  school?: string
  major?: string
  level?: string
  batchYear?: number
  batch?: number
  status?: string
}

const escapeLike = (v: string) => `%${v.replace(/[%_\\]/g, (c) => `\\${c}`)}%`

function studentWhere(f: StudentFilter): SQL | undefined {
  const c: SQL[] = []
  if (f.keyword) {
    const like = escapeLike(f.keyword)
    c.push(or(ilike(students.name, like), ilike(students.phone, like), ilike(students.studentNo, like))!)
  }
  if (f.educationType) c.push(eq(students.educationType, f.educationType))
  if (f.school) c.push(ilike(students.school, escapeLike(f.school)))
  if (f.major) c.push(ilike(students.major, escapeLike(f.major)))
  if (f.level) c.push(eq(students.level, f.level))
  if (f.batchYear !== undefined) c.push(eq(students.batchYear, f.batchYear))
  if (f.batch !== undefined) c.push(eq(students.batch, f.batch))
  if (f.status) c.push(eq(students.status, f.status))
  return c.length ? and(...c) : undefined
}

const hasPartner = sql<boolean>`exists (select 1 from ${partners} p where p."account_id" = ${students.accountId})`.mapWith(Boolean)
const consoleSelect = (db: Executor) => db.select({ student: students, hasPartner }).from(students)
const flat = (r: { student: StudentRow; hasPartner: boolean }): ConsoleStudentRow => ({ ...r.student, hasPartner: r.hasPartner })

export function createStudentsRepository({ db }: { db: Executor }) {
  return {
    async findById({ id }: { id: number }): Promise<StudentRow | undefined> {
      const [row] = await db.select().from(students).where(eq(students.id, id)).limit(1)
      return row
    },
    async findByIdForUpdate({ id }: { id: number }): Promise<StudentRow | undefined> {
      const [row] = await db.select().from(students).where(eq(students.id, id)).limit(1).for('update')
      return row
    },
    async findByPhone({ phone }: { phone: string }): Promise<StudentRow | undefined> {
      const [row] = await db.select().from(students).where(eq(students.phone, phone)).limit(1)
      return row
    },
    async findByAccount({ accountId }: { accountId: number }): Promise<StudentRow | undefined> {
      const [row] = await db.select().from(students).where(eq(students.accountId, accountId)).limit(1)
      return row
    },
    async findByClue({ clueId }: { clueId: number }): Promise<StudentRow | undefined> {
      const [row] = await db.select().from(students).where(eq(students.clueId, clueId)).limit(1)
      return row
    },
    async studentNoTaken({ studentNo, exceptId }: { studentNo: string; exceptId?: number }): Promise<boolean> {
      const rows = await db.select({ id: students.id }).from(students).where(eq(students.studentNo, studentNo)).limit(1)
      return rows.length > 0 && rows[0]!.id !== exceptId
    },
    /** Which of `phones` / `studentNos` are registered already (the import's check). */
    async taken({ phones, studentNos }: { phones: string[]; studentNos: string[] }) {
      const c: SQL[] = []
      if (phones.length) c.push(inArray(students.phone, phones))
      if (studentNos.length) c.push(inArray(students.studentNo, studentNos))
      if (!c.length) return { phones: new Set<string>(), studentNos: new Set<string>() }
      const rows = await db
        .select({ phone: students.phone, studentNo: students.studentNo })
        .from(students)
        .where(or(...c))
      return {
        phones: new Set(rows.map((r) => r.phone)),
        studentNos: new Set(rows.map((r) => r.studentNo).filter((n): n is string => n !== null)),
      }
    },
    async consoleById({ id }: { id: number }): Promise<ConsoleStudentRow | undefined> {
      const [row] = await consoleSelect(db).where(eq(students.id, id)).limit(1)
      return row && flat(row)
    },
    async consoleByClue({ clueId }: { clueId: number }): Promise<ConsoleStudentRow | undefined> {
      const [row] = await consoleSelect(db).where(eq(students.clueId, clueId)).limit(1)
      return row && flat(row)
    },
    /** The console's list, newest registered first. */
    async list({ filter, page, size }: { filter: StudentFilter; page: number; size: number }) {
      const w = studentWhere(filter)
      const [rows, totals] = await Promise.all([
        consoleSelect(db)
          .where(w)
          .orderBy(desc(students.createdAt), desc(students.id))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(students).where(w),
      ])
      return { rows: rows.map(flat), total: totals[0]?.n ?? 0 }
    },
    /** A batch of the export after `last` (keyset on created_at, id, newest first). */
    async exportBatch({ filter, last, limit }: { filter: StudentFilter; last?: ConsoleStudentRow; limit: number }) {
      const c = [studentWhere(filter)]
      if (last) c.push(sql`(${students.createdAt}, ${students.id}) < (${last.createdAt}, ${last.id})`)
      const rows = await consoleSelect(db)
        .where(and(...c))
        .orderBy(desc(students.createdAt), desc(students.id))
        .limit(limit)
      return rows.map(flat)
    },
    async insert(values: StudentInsert): Promise<StudentRow> {
      const [row] = await db.insert(students).values(values).returning()
      return row!
    },
    async insertMany(values: StudentInsert[]): Promise<StudentRow[]> {
      if (!values.length) return []
      return db.insert(students).values(values).returning()
    },
    async update({ id, values }: { id: number; values: Partial<StudentInsert> }): Promise<StudentRow> {
      const [row] = await db
        .update(students)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(students.id, id))
        .returning()
      return row!
    },
    async insertHistory(values: Array<typeof studentStatusHistory.$inferInsert>): Promise<void> {
      if (values.length) await db.insert(studentStatusHistory).values(values)
    },
    async history({ studentId }: { studentId: number }): Promise<HistoryRow[]> {
      return db
        .select()
        .from(studentStatusHistory)
        .where(eq(studentStatusHistory.studentId, studentId))
        .orderBy(desc(studentStatusHistory.createdAt), desc(studentStatusHistory.id))
        .limit(200)
    },
    async requests({ studentId, status }: { studentId: number; status?: string }): Promise<RollRequestRow[]> {
      return db
        .select()
        .from(rollModifyRequests)
        .where(and(eq(rollModifyRequests.studentId, studentId), status ? eq(rollModifyRequests.status, status) : undefined))
        .orderBy(desc(rollModifyRequests.createdAt), desc(rollModifyRequests.id))
        .limit(200)
    },
    async insertRequest(values: typeof rollModifyRequests.$inferInsert): Promise<RollRequestRow> {
      const [row] = await db.insert(rollModifyRequests).values(values).returning()
      return row!
    },
    async findRequestForUpdate({ id }: { id: number }): Promise<RollRequestRow | undefined> {
      const [row] = await db.select().from(rollModifyRequests).where(eq(rollModifyRequests.id, id)).limit(1).for('update')
      return row
    },
    async updateRequest({ id, values }: { id: number; values: Partial<typeof rollModifyRequests.$inferInsert> }): Promise<RollRequestRow> {
      const [row] = await db.update(rollModifyRequests).set(values).where(eq(rollModifyRequests.id, id)).returning()
      return row!
    },
    /** The console's queue of correction requests, newest first, with whose they are. */
    async listRequests({ status, keyword, page, size }: { status?: string; keyword?: string; page: number; size: number }) {
      const c: SQL[] = []
      if (status) c.push(eq(rollModifyRequests.status, status))
      if (keyword) {
        const like = escapeLike(keyword)
        c.push(or(ilike(students.name, like), ilike(students.phone, like), ilike(students.studentNo, like))!)
      }
      const w = c.length ? and(...c) : undefined
      const [rows, totals] = await Promise.all([
        db
          .select({ request: rollModifyRequests, studentName: students.name, studentPhone: students.phone })
          .from(rollModifyRequests)
          .innerJoin(students, eq(students.id, rollModifyRequests.studentId))
          .where(w)
          .orderBy(desc(rollModifyRequests.createdAt), desc(rollModifyRequests.id))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(rollModifyRequests).innerJoin(students, eq(students.id, rollModifyRequests.studentId)).where(w),
      ])
      return {
        rows: rows.map((r): ConsoleRequestRow => ({ ...r.request, studentName: r.studentName, studentPhone: r.studentPhone })),
        total: totals[0]?.n ?? 0,
      }
    },
  }
}
