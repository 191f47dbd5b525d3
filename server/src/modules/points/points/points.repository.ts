import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { GoodOrderStatus, GoodStatus } from '../../../wire.ts'
import { adminsView } from '../../platform/index.ts'
import { coursesView } from '../../learning/index.ts'
import { studentsView } from '../../roll/index.ts'
import { goodOrders, pointsAccounts, pointsApplications, pointsLevels, pointsRecords, pointsWays, shopGoods } from './points.table.ts'
import { containing, personKeyword } from '../../../lib/person-search.ts'

const studentLike = (keyword: string | undefined) =>
  personKeyword(keyword, { text: [studentsView.name, studentsView.studentNo], phones: [studentsView.phone] })
const offset = (page: number, size: number) => (page - 1) * size

export type StudentItemsFilter = { studentId?: number; status?: string; keyword?: string }

/** The console's applications filter (list and count). */
const applicationsWhere = (filter: StudentItemsFilter) =>
  and(
    filter.studentId ? eq(pointsApplications.studentId, filter.studentId) : undefined,
    filter.status ? eq(pointsApplications.status, filter.status) : undefined,
    studentLike(filter.keyword),
  )

/** The console's exchange orders filter (list and count): the keyword matches the good's name or the student. */
const goodOrdersWhere = (filter: StudentItemsFilter) => {
  const like = filter.keyword ? containing(filter.keyword) : undefined
  return and(
    filter.studentId ? eq(goodOrders.studentId, filter.studentId) : undefined,
    filter.status ? eq(goodOrders.status, filter.status) : undefined,
    like ? or(ilike(goodOrders.goodName, like), studentLike(filter.keyword)) : undefined,
  )
}

/** The module's reads: lists for the student and the office. */
export function createPointsRepository({ db }: { db: Executor }) {
  const paged = async <T>(rows: Promise<T[]>, total: Promise<Array<{ n: number }>>) => {
    const [list, [t]] = await Promise.all([rows, total])
    return { rows: list, total: t?.n ?? 0 }
  }
  return {
    ways: () => db.select().from(pointsWays).orderBy(asc(pointsWays.id)),
    levels: () => db.select().from(pointsLevels).orderBy(asc(pointsLevels.minPoints)),

    recordsForStudent({ studentId, type, page, size }: { studentId: number; type?: string; page: number; size: number }) {
      const where = and(eq(pointsRecords.studentId, studentId), type ? eq(pointsRecords.type, type) : undefined)
      return paged(
        db
          .select()
          .from(pointsRecords)
          .where(where)
          .orderBy(desc(pointsRecords.createdAt), desc(pointsRecords.id))
          .limit(size)
          .offset(offset(page, size)),
        db.select({ n: count() }).from(pointsRecords).where(where),
      )
    },

    recordsForConsole({
      filter,
      page,
      size,
    }: {
      filter: { studentId?: number; keyword?: string; type?: string; wayKind?: string }
      page: number
      size: number
    }) {
      const where = and(
        filter.studentId ? eq(pointsRecords.studentId, filter.studentId) : undefined,
        filter.type ? eq(pointsRecords.type, filter.type) : undefined,
        filter.wayKind ? eq(pointsRecords.wayKind, filter.wayKind) : undefined,
        studentLike(filter.keyword),
      )
      return paged(
        db
          .select({ record: pointsRecords, name: studentsView.name, studentNo: studentsView.studentNo, adminName: adminsView.name })
          .from(pointsRecords)
          .innerJoin(studentsView, eq(studentsView.id, pointsRecords.studentId))
          .leftJoin(adminsView, eq(adminsView.id, pointsRecords.adminId))
          .where(where)
          .orderBy(desc(pointsRecords.createdAt), desc(pointsRecords.id))
          .limit(size)
          .offset(offset(page, size)),
        db.select({ n: count() }).from(pointsRecords).innerJoin(studentsView, eq(studentsView.id, pointsRecords.studentId)).where(where),
      )
    },

    /**
     * The office's 学员积分: every student with their balance and lifetime points (0 before their
     * first record), the highest balances first, by name, number or phone.
     */
    accountsForConsole({ keyword, page, size }: { keyword?: string; page: number; size: number }) {
      const where = studentLike(keyword)
      const balance = sql<number>`coalesce(${pointsAccounts.balance}, 0)`
      return paged(
        db
          .select({
            studentId: studentsView.id,
            name: studentsView.name,
            studentNo: studentsView.studentNo,
            phone: studentsView.phone,
            balance,
            lifetime: sql<number>`coalesce(${pointsAccounts.lifetime}, 0)`,
            updatedAt: pointsAccounts.updatedAt,
          })
          .from(studentsView)
          .leftJoin(pointsAccounts, eq(pointsAccounts.studentId, studentsView.id))
          .where(where)
          .orderBy(desc(balance), asc(studentsView.id))
          .limit(size)
          .offset(offset(page, size)),
        db.select({ n: count() }).from(studentsView).where(where),
      )
    },

    applications({
      filter,
      page,
      size,
    }: {
      filter: { studentId?: number; status?: string; keyword?: string }
      page: number
      size: number
    }) {
      const where = applicationsWhere(filter)
      return paged(
        db
          .select({
            application: pointsApplications,
            wayName: pointsWays.name,
            name: studentsView.name,
            studentNo: studentsView.studentNo,
            phone: studentsView.phone,
          })
          .from(pointsApplications)
          .innerJoin(pointsWays, eq(pointsWays.id, pointsApplications.wayId))
          .innerJoin(studentsView, eq(studentsView.id, pointsApplications.studentId))
          .where(where)
          .orderBy(desc(pointsApplications.createdAt), desc(pointsApplications.id))
          .limit(size)
          .offset(offset(page, size)),
        db
          .select({ n: count() })
          .from(pointsApplications)
          .innerJoin(studentsView, eq(studentsView.id, pointsApplications.studentId))
          .where(where),
      )
    },

    /** The applications the console's list shows for a filter, counted (工作台: 待审核). */
    async countApplications(filter: StudentItemsFilter): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pointsApplications)
        .innerJoin(studentsView, eq(studentsView.id, pointsApplications.studentId))
        .where(applicationsWhere(filter))
      return row?.n ?? 0
    },

    goods({
      filter,
      page,
      size,
      studentId,
    }: {
      filter: { kind?: string; status?: string; keyword?: string; id?: number }
      page: number
      size: number
      /** The student's exchanged count of each good. */
      studentId?: number
    }) {
      const where = and(
        filter.id ? eq(shopGoods.id, filter.id) : undefined,
        filter.kind ? eq(shopGoods.kind, filter.kind) : undefined,
        filter.status ? eq(shopGoods.status, filter.status) : undefined,
        filter.keyword ? ilike(shopGoods.name, containing(filter.keyword)) : undefined,
      )
      const exchanged: SQL<number> =
        studentId === undefined
          ? sql<number>`0`
          : sql<number>`(select coalesce(sum(o.quantity), 0)::int from ${goodOrders} o
              where o.good_id = ${shopGoods.id} and o.student_id = ${studentId} and o.status <> ${GoodOrderStatus.cancelled})`
      return paged(
        db
          .select({ good: shopGoods, courseTitle: coursesView.title, exchanged })
          .from(shopGoods)
          .leftJoin(coursesView, eq(coursesView.id, shopGoods.courseId))
          .where(where)
          .orderBy(desc(shopGoods.sort), desc(shopGoods.id))
          .limit(size)
          .offset(offset(page, size)),
        db.select({ n: count() }).from(shopGoods).where(where),
      )
    },

    listedFilter: { status: GoodStatus.listed },

    orders({ filter, page, size }: { filter: { studentId?: number; status?: string; keyword?: string }; page: number; size: number }) {
      const where = goodOrdersWhere(filter)
      return paged(
        db
          .select({ order: goodOrders, name: studentsView.name, studentNo: studentsView.studentNo })
          .from(goodOrders)
          .innerJoin(studentsView, eq(studentsView.id, goodOrders.studentId))
          .where(where)
          .orderBy(desc(goodOrders.createdAt), desc(goodOrders.id))
          .limit(size)
          .offset(offset(page, size)),
        db.select({ n: count() }).from(goodOrders).innerJoin(studentsView, eq(studentsView.id, goodOrders.studentId)).where(where),
      )
    },

    /** The exchange orders the console's list shows for a filter, counted (工作台: 待发货). */
    async countOrders(filter: StudentItemsFilter): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(goodOrders)
        .innerJoin(studentsView, eq(studentsView.id, goodOrders.studentId))
        .where(goodOrdersWhere(filter))
      return row?.n ?? 0
    },
  }
}
