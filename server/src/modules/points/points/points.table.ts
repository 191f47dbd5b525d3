import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { admins } from '../../platform/admins/admins.table.ts'
import { courses } from '../../learning/courses/courses.table.ts'
import { students } from '../../roll/students/students.table.ts'

/** 积分途径: how a student earns, one way per PointsWayKind; `daily_cap` times per Asia/Shanghai day (0: no cap). */
export const pointsWays = pgTable(
  'points_ways',
  {
    id: id(),
    /** PointsWayKind label; one way per kind. */
    kind: text('kind').notNull().unique(),
    name: text('name').notNull(),
    points: integer('points').notNull(),
    dailyCap: integer('daily_cap').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('points_ways_points_positive', sql`${t.points} > 0`), check('points_ways_daily_cap_nonnegative', sql`${t.dailyCap} >= 0`)],
)

/** 积分等级: a student's level is the one with the highest `min_points` at most their lifetime points. */
export const pointsLevels = pgTable(
  'points_levels',
  {
    id: id(),
    name: text('name').notNull(),
    minPoints: integer('min_points').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('points_levels_min_nonnegative', sql`${t.minPoints} >= 0`)],
)

/**
 * One row per student: the balance (changed only together with a record insert, under this row's
 * lock) and the lifetime points earned (levels).
 */
export const pointsAccounts = pgTable(
  'points_accounts',
  {
    studentId: integer('student_id')
      .primaryKey()
      .references(() => students.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    lifetime: integer('lifetime').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('points_accounts_balance_nonnegative', sql`${t.balance} >= 0`),
    check('points_accounts_lifetime_nonnegative', sql`${t.lifetime} >= 0`),
  ],
)

/**
 * Append-only: every points change of a student with the balance after it. A change caused by
 * something (a check-in day, an exam paper, a referral clue, an application, an exchange) carries
 * its ref, unique per student + type + ref, so the same cause never counts twice.
 */
export const pointsRecords = pgTable(
  'points_records',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** PointsRecordType label. */
    type: text('type').notNull(),
    wayId: integer('way_id').references(() => pointsWays.id, { onDelete: 'set null' }),
    /** PointsWayKind label of an earn (kept when the way is deleted; the daily cap counts it). */
    wayKind: text('way_kind'),
    refType: text('ref_type'),
    refId: text('ref_id'),
    note: text('note'),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** Asia/Shanghai day of the change. */
    day: date('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('points_records_change_nonzero', sql`${t.change} <> 0`),
    check('points_records_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
    uniqueIndex('points_records_ref_uq')
      .on(t.studentId, t.type, t.refType, t.refId)
      .where(sql`${t.refType} IS NOT NULL`),
    index('points_records_student_idx').on(t.studentId, t.createdAt, t.id),
    index('points_records_student_type_idx').on(t.studentId, t.type, t.createdAt, t.id),
    index('points_records_cap_idx').on(t.studentId, t.wayKind, t.day),
    index('points_records_created_idx').on(t.createdAt, t.id),
  ],
)

/** 积分申请: a student asks for an offline way's points with a description and photos; the office approves or refuses. */
export const pointsApplications = pgTable(
  'points_applications',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    wayId: integer('way_id')
      .notNull()
      .references(() => pointsWays.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    images: jsonb('images')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** PointsApplicationStatus label. */
    status: text('status').notNull(),
    /** Points given on approval. */
    points: integer('points'),
    note: text('note'),
    reviewedBy: integer('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    day: date('day').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('points_applications_status_idx').on(t.status, t.createdAt, t.id),
    index('points_applications_student_idx').on(t.studentId, t.createdAt, t.id),
    index('points_applications_created_idx').on(t.createdAt, t.id),
  ],
)

/** 积分商城 goods: stock never below 0; a course voucher names its course; 0 per-person limit: none. */
export const shopGoods = pgTable(
  'shop_goods',
  {
    id: id(),
    /** GoodKind label. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Storage key of the picture, or null. */
    cover: text('cover'),
    description: text('description'),
    points: integer('points').notNull(),
    stock: integer('stock').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    perPersonLimit: integer('per_person_limit').notNull().default(0),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'restrict' }),
    /** GoodStatus label. */
    status: text('status').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shop_goods_points_positive', sql`${t.points} > 0`),
    check('shop_goods_stock_nonnegative', sql`${t.stock} >= 0`),
    check('shop_goods_sold_nonnegative', sql`${t.sold} >= 0`),
    check('shop_goods_limit_nonnegative', sql`${t.perPersonLimit} >= 0`),
    check('shop_goods_voucher_course', sql`(${t.kind} = '课程券') = (${t.courseId} IS NOT NULL)`),
    index('shop_goods_status_idx').on(t.status, t.sort, t.id),
  ],
)

/** 兑换订单: an exchange of a good for points; shipped kinds carry an address and, once shipped, an express number. */
export const goodOrders = pgTable(
  'good_orders',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    goodId: integer('good_id')
      .notNull()
      .references(() => shopGoods.id, { onDelete: 'restrict' }),
    goodName: text('good_name').notNull(),
    /** GoodKind label at the time of the exchange. */
    goodKind: text('good_kind').notNull(),
    quantity: integer('quantity').notNull(),
    /** Points of one, and of the whole order. */
    unitPoints: integer('unit_points').notNull(),
    totalPoints: integer('total_points').notNull(),
    /** GoodOrderStatus label. */
    status: text('status').notNull(),
    addressName: text('address_name'),
    addressPhone: text('address_phone'),
    address: text('address'),
    expressCompany: text('express_company'),
    expressNo: text('express_no'),
    shippedAt: ts('shipped_at'),
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('good_orders_quantity_positive', sql`${t.quantity} > 0`),
    check('good_orders_total', sql`${t.totalPoints} = ${t.unitPoints} * ${t.quantity}`),
    index('good_orders_student_idx').on(t.studentId, t.createdAt, t.id),
    index('good_orders_student_good_idx').on(t.studentId, t.goodId),
    index('good_orders_status_idx').on(t.status, t.createdAt, t.id),
    index('good_orders_created_idx').on(t.createdAt, t.id),
  ],
)
