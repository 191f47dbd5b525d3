import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { rowById, updateRow } from '../../../db/rows.ts'
import { containing } from '../../../lib/person-search.ts'
import { adminsView, positionsView } from '../../platform/index.ts'
import { classes, classMembers } from './classes.table.ts'
import { students } from './students.table.ts'

export type ClassRow = typeof classes.$inferSelect
export type ClassMemberRow = typeof classMembers.$inferSelect

export interface ClassFilter {
  keyword?: string
  headTeacherId?: number
  school?: string
  batchYear?: number
  batch?: number
}

function classWhere(f: ClassFilter): SQL | undefined {
  const c: SQL[] = []
  if (f.keyword) c.push(or(ilike(classes.name, containing(f.keyword)), ilike(classes.major, containing(f.keyword)))!)
  if (f.headTeacherId !== undefined) c.push(eq(classes.headTeacherId, f.headTeacherId))
  if (f.school) c.push(ilike(classes.school, containing(f.school)))
  if (f.batchYear !== undefined) c.push(eq(classes.batchYear, f.batchYear))
  if (f.batch !== undefined) c.push(eq(classes.batch, f.batch))
  return c.length ? and(...c) : undefined
}

// Spelled out: inside a subquery Drizzle writes columns unqualified, and admins has an id too.
const headTeacherName = sql<string | null>`(select a.name from admins a where a.id = "classes"."head_teacher_id")`
const studentCount =
  sql<number>`(select count(*)::int from ${classMembers} m where m.class_id = "classes"."id" and m.left_at is null)`.mapWith(Number)

export function createClassesRepository({ db }: { db: Executor }) {
  return {
    async findById({ id, forUpdate = false }: { id: number; forUpdate?: boolean }) {
      return rowById(db, classes, id, { forUpdate })
    },
    async findByName({ name }: { name: string }) {
      const [row] = await db.select().from(classes).where(eq(classes.name, name)).limit(1)
      return row
    },
    async list({ filter, page, size }: { filter: ClassFilter; page: number; size: number }) {
      const w = classWhere(filter)
      const [rows, totals] = await Promise.all([
        db
          .select({ class: classes, headTeacherName, studentCount })
          .from(classes)
          .where(w)
          .orderBy(desc(classes.batchYear), desc(classes.batch), asc(classes.name), asc(classes.id))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(classes).where(w),
      ])
      return { rows, total: totals[0]?.n ?? 0 }
    },
    async one({ id }: { id: number }) {
      const [row] = await db.select({ class: classes, headTeacherName, studentCount }).from(classes).where(eq(classes.id, id))
      return row
    },
    async insert(values: typeof classes.$inferInsert) {
      const [row] = await db.insert(classes).values(values).onConflictDoNothing().returning()
      return row
    },
    async update({ id, values }: { id: number; values: Partial<typeof classes.$inferInsert> }) {
      return updateRow(db, classes, id, values)
    },
    async delete({ id }: { id: number }) {
      await db.delete(classes).where(eq(classes.id, id))
    },
    async currentCount({ id }: { id: number }) {
      const [row] = await db
        .select({ n: count() })
        .from(classMembers)
        .where(and(eq(classMembers.classId, id), isNull(classMembers.leftAt)))
      return row?.n ?? 0
    },
    /** The students (of `ids`) that exist. */
    async existingStudents({ ids }: { ids: number[] }) {
      if (!ids.length) return []
      return db.select({ id: students.id, name: students.name }).from(students).where(inArray(students.id, ids))
    },
    /** The enabled operators, by name, with their position: who may head a class. */
    async headTeacherOptions() {
      return db
        .select({ id: adminsView.id, name: adminsView.name, positionName: positionsView.name })
        .from(adminsView)
        .innerJoin(positionsView, eq(positionsView.id, adminsView.positionId))
        .where(eq(adminsView.enabled, true))
        .orderBy(asc(adminsView.name), asc(adminsView.id))
    },
    /** The students with these phones or student numbers. */
    async studentsByPhoneOrNo({ phones, nos }: { phones: string[]; nos: string[] }) {
      if (!phones.length && !nos.length) return []
      return db
        .select({ id: students.id, phone: students.phone, studentNo: students.studentNo })
        .from(students)
        .where(or(phones.length ? inArray(students.phone, phones) : undefined, nos.length ? inArray(students.studentNo, nos) : undefined))
    },
    /** The current memberships of these students, locked (a move ends one and starts another). */
    async currentOf({ studentIds }: { studentIds: number[] }) {
      if (!studentIds.length) return []
      return db
        .select()
        .from(classMembers)
        .where(and(inArray(classMembers.studentId, studentIds), isNull(classMembers.leftAt)))
        .for('update')
    },
    async end({ ids, now }: { ids: number[]; now: Date }) {
      if (ids.length) await db.update(classMembers).set({ leftAt: now }).where(inArray(classMembers.id, ids))
    },
    async join(values: Array<typeof classMembers.$inferInsert>) {
      if (values.length) await db.insert(classMembers).values(values)
    },
    /** A student's classes, newest first (the history). */
    async historyOf({ studentId }: { studentId: number }) {
      return db
        .select({ member: classMembers, className: classes.name })
        .from(classMembers)
        .innerJoin(classes, eq(classes.id, classMembers.classId))
        .where(eq(classMembers.studentId, studentId))
        .orderBy(desc(classMembers.joinedAt), desc(classMembers.id))
    },
    /** The class a student is in now, with its head teacher. */
    async classOf({ studentId }: { studentId: number }) {
      const [row] = await db
        .select({ class: classes })
        .from(classMembers)
        .innerJoin(classes, eq(classes.id, classMembers.classId))
        .where(and(eq(classMembers.studentId, studentId), isNull(classMembers.leftAt)))
      return row?.class
    },
    /** The classes an operator heads, with how many students each holds. */
    /** The students now in the classes `adminId` heads, with their class (one join over the current memberships). */
    async studentsHeadedBy({ adminId }: { adminId: number }) {
      return db
        .select({ id: students.id, name: students.name, classId: classes.id, className: classes.name })
        .from(classes)
        .innerJoin(classMembers, and(eq(classMembers.classId, classes.id), isNull(classMembers.leftAt)))
        .innerJoin(students, eq(students.id, classMembers.studentId))
        .where(eq(classes.headTeacherId, adminId))
        .orderBy(asc(classes.id), asc(students.id))
    },
    async headedBy({ adminId }: { adminId: number }) {
      return db
        .select({ class: classes, headTeacherName, studentCount })
        .from(classes)
        .where(eq(classes.headTeacherId, adminId))
        .orderBy(asc(classes.name))
    },
  }
}
