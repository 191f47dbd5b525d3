import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { partnersView } from '../../partner-programme/index.ts'
import { rollModifyRequests, studentStatusHistory, students } from './students.table.ts'
import { classes, classMembers } from './classes.table.ts'
import { containing, personKeyword } from '../../../lib/person-search.ts'
import { insertRow, rowById, updateRow } from '../../../db/rows.ts'

export type StudentRow = typeof students.$inferSelect
export type StudentInsert = typeof students.$inferInsert
export type HistoryRow = typeof studentStatusHistory.$inferSelect
export type RollRequestRow = typeof rollModifyRequests.$inferSelect
/** A student as the console lists it: the roll and whether the same person is a partner too. */
export type ConsoleStudentRow = StudentRow & { hasPartner: boolean; classId: number | null; className: string | null }
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
  /** Only this student. */
  id?: number
  /** Only these students. */
  ids?: number[]
  /** Only the students now in this class. */
  classId?: number
  /** Only the students now in a class this operator heads (a head teacher without 查看全部学员). */
  headTeacherId?: number
  /** Only the students in no class now (分班: who is left to place). */
  unplaced?: boolean
}

/** The students now in a class matching `where` (classes c, memberships m). */
const inClass = (where: SQL) =>
  sql`exists (select 1 from ${classMembers} m join ${classes} c on c.id = m.class_id where m.student_id = ${students.id} and m.left_at is null and ${where})`

function studentWhere(f: StudentFilter): SQL | undefined {
  const c: SQL[] = []
  if (f.keyword) {
    c.push(personKeyword(f.keyword, { text: [students.name, students.studentNo], phones: [students.phone] })!)
  }
  if (f.educationType) c.push(eq(students.educationType, f.educationType))
  if (f.school) c.push(ilike(students.school, containing(f.school)))
  if (f.major) c.push(ilike(students.major, containing(f.major)))
  if (f.level) c.push(eq(students.level, f.level))
  if (f.batchYear !== undefined) c.push(eq(students.batchYear, f.batchYear))
  if (f.batch !== undefined) c.push(eq(students.batch, f.batch))
  if (f.status) c.push(eq(students.status, f.status))
  if (f.id !== undefined) c.push(eq(students.id, f.id))
  if (f.ids !== undefined) c.push(f.ids.length ? inArray(students.id, f.ids) : sql`false`)
  if (f.classId !== undefined) c.push(inClass(sql`c.id = ${f.classId}`))
  if (f.headTeacherId !== undefined) c.push(inClass(sql`c.head_teacher_id = ${f.headTeacherId}`))
  if (f.unplaced) c.push(sql`not exists (select 1 from ${classMembers} m where m.student_id = ${students.id} and m.left_at is null)`)
  return c.length ? and(...c) : undefined
}

/** An ID number as students_id_card_uq compares it (trimmed, upper-cased), and the index's own condition, so a lookup can use it. */
const idCardKey = sql`upper(btrim(${students.idCard}))`
const hasIdCard = sql`${students.idCard} is not null and btrim(${students.idCard}) <> ''`
/** The one advisory lock of the writes that give a student an ID number (hashtext of this). */
const ID_CARD_LOCK = 'students.id_card'

const hasPartner = sql<boolean>`exists (select 1 from ${partnersView} where ${partnersView.accountId} = "students"."account_id")`.mapWith(
  Boolean,
)
const currentClass = sql<
  string | null
>`(select c.id || ':' || c.name from ${classMembers} m join ${classes} c on c.id = m.class_id where m.student_id = "students"."id" and m.left_at is null)`
const consoleSelect = (db: Executor) => db.select({ student: students, hasPartner, currentClass }).from(students)
const flat = (r: { student: StudentRow; hasPartner: boolean; currentClass: string | null }): ConsoleStudentRow => {
  const at = r.currentClass?.indexOf(':') ?? -1
  return {
    ...r.student,
    hasPartner: r.hasPartner,
    classId: r.currentClass && at > 0 ? Number(r.currentClass.slice(0, at)) : null,
    className: r.currentClass && at > 0 ? r.currentClass.slice(at + 1) : null,
  }
}

export function createStudentsRepository({ db }: { db: Executor }) {
  return {
    /** The quick finder's students: the name containing `q`, or the phone equal to it when `q` is a whole phone; nearest matches first. */
    async quickFind({ q, limit, headTeacherId }: { q: string; limit: number; headTeacherId?: number }) {
      return db
        .select({ id: students.id, name: students.name, phone: students.phone, studentNo: students.studentNo, status: students.status })
        .from(students)
        .where(and(personKeyword(q, { text: [students.name], phones: [students.phone] }), studentWhere({ headTeacherId })))
        .orderBy(sql`strpos(lower(${students.name}), lower(${q}))`, desc(students.id))
        .limit(limit)
    },
    async findById({ id }: { id: number }): Promise<StudentRow | undefined> {
      return rowById(db, students, id)
    },
    async findByIdForUpdate({ id }: { id: number }): Promise<StudentRow | undefined> {
      return rowById(db, students, id, { forUpdate: true })
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
    /**
     * Waits for any other transaction giving a student an ID number, until this one ends: the
     * check that a number is free and the write cannot interleave with another's, even where the
     * unique index is missing (numbers shared before it, see ensureUniqueIdCards).
     */
    async lockIdCards(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${ID_CARD_LOCK}))`)
    },
    /** Whether a student other than `exceptId` holds this ID number. */
    async idCardTaken({ idCard, exceptId }: { idCard: string; exceptId?: number }): Promise<boolean> {
      const rows = await db
        .select({ id: students.id })
        .from(students)
        .where(and(hasIdCard, sql`${idCardKey} = upper(btrim(${idCard}))`, exceptId !== undefined ? ne(students.id, exceptId) : undefined))
        .limit(1)
      return rows.length > 0
    },
    /** Which of these ID numbers (upper-cased) students hold already (the import's check). */
    async takenIdCards({ idCards }: { idCards: string[] }): Promise<Set<string>> {
      if (!idCards.length) return new Set()
      const rows = await db
        .selectDistinct({ idCard: sql<string>`${idCardKey}` })
        .from(students)
        .where(and(hasIdCard, inArray(idCardKey, idCards)))
      return new Set(rows.map((r) => r.idCard))
    },
    /** Students sharing an ID number: the ids of each group (at most `limit` groups), the numbers themselves left out. */
    async sharedIdCards({ limit }: { limit: number }): Promise<number[][]> {
      const rows = await db
        .select({ ids: sql<number[]>`array_agg(${students.id} order by ${students.id})` })
        .from(students)
        .where(hasIdCard)
        .groupBy(idCardKey)
        .having(sql`count(*) > 1`)
        .orderBy(sql`min(${students.id})`)
        .limit(limit)
      return rows.map((r) => r.ids.map(Number))
    },
    /** Whether students_id_card_uq exists (migration 0022 leaves it out while students share numbers). */
    async idCardIndexExists(): Promise<boolean> {
      const result = await db.execute(sql`select to_regclass('students_id_card_uq') is not null as present`)
      return Boolean((result as unknown as { rows: Array<{ present: boolean }> }).rows[0]?.present)
    },
    /** Builds students_id_card_uq, as migration 0022 does where no two students share a number. */
    async createIdCardIndex(): Promise<void> {
      await db.execute(
        sql`create unique index if not exists "students_id_card_uq" on "students" using btree (upper(btrim(id_card))) where id_card is not null and btrim(id_card) <> ''`,
      )
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
      return insertRow(db, students, values)
    },
    async insertMany(values: StudentInsert[]): Promise<StudentRow[]> {
      if (!values.length) return []
      return db.insert(students).values(values).returning()
    },
    async update({ id, values }: { id: number; values: Partial<StudentInsert> }): Promise<StudentRow> {
      return (await updateRow(db, students, id, values))!
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
      return insertRow(db, rollModifyRequests, values)
    },
    async findRequest({ id }: { id: number }): Promise<RollRequestRow | undefined> {
      return rowById(db, rollModifyRequests, id)
    },
    async findRequestForUpdate({ id }: { id: number }): Promise<RollRequestRow | undefined> {
      return rowById(db, rollModifyRequests, id, { forUpdate: true })
    },
    async updateRequest({ id, values }: { id: number; values: Partial<typeof rollModifyRequests.$inferInsert> }): Promise<RollRequestRow> {
      const [row] = await db.update(rollModifyRequests).set(values).where(eq(rollModifyRequests.id, id)).returning()
      return row!
    },
    /** The console's queue of correction requests, newest first, with whose they are. */
    async listRequests({ status, keyword, page, size }: RequestFilter & { page: number; size: number }) {
      const w = requestsWhere({ status, keyword })
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
    /** The console's correction requests counted with the list's filter (工作台). */
    async countRequests(filter: RequestFilter): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(rollModifyRequests)
        .innerJoin(students, eq(students.id, rollModifyRequests.studentId))
        .where(requestsWhere(filter))
      return row?.n ?? 0
    },
  }
}

export type RequestFilter = { status?: string; keyword?: string }

/** The correction requests' list filter (list and count). */
function requestsWhere({ status, keyword }: RequestFilter): SQL | undefined {
  const c: SQL[] = []
  if (status) c.push(eq(rollModifyRequests.status, status))
  if (keyword) c.push(personKeyword(keyword, { text: [students.name, students.studentNo], phones: [students.phone] })!)
  return c.length ? and(...c) : undefined
}
