import { sessionChanged } from '../sessions/index.ts'
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, lt, ne, or, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { BUILTIN_POSITION, rightsOfPosition } from '@activity/domain'
import { admins, positions } from './admins.table.ts'
import { adminOpenIds } from './admin-open-ids.table.ts'
import { rowById, updateRow } from '../../../db/rows.ts'

export type AdminRow = typeof admins.$inferSelect
export type PositionRow = typeof positions.$inferSelect
/** An operator with their position's name and the rights it grants. */
export type AdminWithPosition = AdminRow & { positionName: string; rights: string[] }

const withPosition = {
  ...getTableColumns(admins),
  positionName: positions.name,
  positionRights: positions.rights,
  positionBuiltin: positions.builtin,
}
const toWithPosition = ({
  positionRights,
  positionBuiltin,
  ...row
}: AdminRow & { positionName: string; positionRights: string[]; positionBuiltin: boolean }): AdminWithPosition => ({
  ...row,
  rights: rightsOfPosition({ name: row.positionName, builtin: positionBuiltin, rights: positionRights }),
})
/** The built-in 管理员 position (every right). */
const isAdminPosition = and(eq(positions.builtin, true), eq(positions.name, BUILTIN_POSITION.admin))

export function createAdminsRepository({ db }: { db: Executor }) {
  return {
    async findById({ id }: { id: number }) {
      return rowById(db, admins, id)
    },
    /** The enabled operators of `ids`: id and name. */
    async enabledByIds({ ids }: { ids: number[] }) {
      if (!ids.length) return []
      return db
        .select({ id: admins.id, name: admins.name })
        .from(admins)
        .where(and(inArray(admins.id, ids), eq(admins.enabled, true)))
        .orderBy(asc(admins.id))
    },
    async findWithRights({ id }: { id: number }): Promise<AdminWithPosition | undefined> {
      const [row] = await db
        .select(withPosition)
        .from(admins)
        .innerJoin(positions, eq(positions.id, admins.positionId))
        .where(eq(admins.id, id))
        .limit(1)
      return row && toWithPosition(row)
    },
    async findByAccount({ account }: { account: string }) {
      const [row] = await db.select().from(admins).where(eq(admins.account, account)).limit(1)
      return row
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(admins)
      return row?.n ?? 0
    },
    async countOtherEnabledAdmins({ id }: { id: number }) {
      const [row] = await db
        .select({ n: count() })
        .from(admins)
        .innerJoin(positions, eq(positions.id, admins.positionId))
        .where(and(isAdminPosition, eq(admins.enabled, true), ne(admins.id, id)))
      return row?.n ?? 0
    },
    async insert(values: typeof admins.$inferInsert) {
      const [row] = await db.insert(admins).values(values).onConflictDoNothing().returning()
      return row
    },
    async update({ id, values }: { id: number; values: Partial<typeof admins.$inferInsert> }) {
      const row = await updateRow(db, admins, id, values)
      sessionChanged({ adminId: id })
      return row
    },
    /**
     * Takes TOTP step `step` as used, in one statement: false when it (or a later one) was already
     * taken, so a code seen over a shoulder or replayed within its window is refused.
     */
    async claimTotpStep({ id, step }: { id: number; step: number }): Promise<boolean> {
      const rows = await db
        .update(admins)
        .set({ totpLastStep: step })
        .where(and(eq(admins.id, id), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
        .returning({ id: admins.id })
      return rows.length === 1
    },
    async delete({ id }: { id: number }) {
      await db.delete(admins).where(eq(admins.id, id))
      sessionChanged({ adminId: id })
    },
    /** Whether the operator holds the built-in 管理员 position. */
    async isAdministrator({ id }: { id: number }) {
      const [row] = await db
        .select({ id: admins.id })
        .from(admins)
        .innerJoin(positions, eq(positions.id, admins.positionId))
        .where(and(eq(admins.id, id), isAdminPosition))
      return Boolean(row)
    },
    async list({ keyword, positionId, page, size }: { keyword?: string; positionId?: number; page: number; size: number }) {
      const conditions: SQL[] = []
      if (positionId) conditions.push(eq(admins.positionId, positionId))
      if (keyword) {
        const like = `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
        conditions.push(or(ilike(admins.account, like), ilike(admins.name, like))!)
      }
      const where = conditions.length ? and(...conditions) : undefined
      const rows = await db
        .select(withPosition)
        .from(admins)
        .innerJoin(positions, eq(positions.id, admins.positionId))
        .where(where)
        .orderBy(desc(admins.createdAt), desc(admins.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(admins).where(where)
      return { rows: rows.map(toWithPosition), total: total?.n ?? 0 }
    },
    /** Enabled operators whose position grants `right` (who may be given a clue…), by name. */
    async enabledWithRight({ right }: { right: string }) {
      const rows = await db
        .select(withPosition)
        .from(admins)
        .innerJoin(positions, eq(positions.id, admins.positionId))
        .where(eq(admins.enabled, true))
        .orderBy(asc(admins.name), asc(admins.id))
      return rows.map(toWithPosition).filter((a) => a.rights.includes(right))
    },
  }
}

/** 岗位 rows. */
export function createPositionsRepository({ db }: { db: Executor }) {
  return {
    async list() {
      const rows = await db
        .select({ ...getTableColumns(positions), members: count(admins.id) })
        .from(positions)
        .leftJoin(admins, eq(admins.positionId, positions.id))
        .groupBy(positions.id)
        .orderBy(desc(positions.builtin), asc(positions.id))
      return rows
    },
    async findById({ id }: { id: number }) {
      return rowById(db, positions, id)
    },
    async findByName({ name }: { name: string }) {
      const [row] = await db.select().from(positions).where(eq(positions.name, name)).limit(1)
      return row
    },
    async lockById({ id }: { id: number }) {
      const [row] = await db.select().from(positions).where(eq(positions.id, id)).for('update').limit(1)
      return row
    },
    async insert(values: typeof positions.$inferInsert) {
      const [row] = await db.insert(positions).values(values).onConflictDoNothing().returning()
      return row
    },
    async update({ id, values }: { id: number; values: Partial<typeof positions.$inferInsert> }) {
      const row = await updateRow(db, positions, id, values)
      sessionChanged({ positionId: id })
      return row
    },
    async delete({ id }: { id: number }) {
      await db.delete(positions).where(eq(positions.id, id))
      sessionChanged({ positionId: id })
    },
    async memberCount({ id }: { id: number }) {
      const [row] = await db.select({ n: count() }).from(admins).where(eq(admins.positionId, id))
      return row?.n ?? 0
    },
  }
}

/** Operators' open ids (教职工 in the app). */
export function createAdminOpenIdsRepository({ db }: { db: Executor }) {
  return {
    async find({ platform, type, openId }: { platform: string; type: string; openId: string }) {
      const [row] = await db
        .select()
        .from(adminOpenIds)
        .where(and(eq(adminOpenIds.platform, platform), eq(adminOpenIds.type, type), eq(adminOpenIds.openId, openId)))
        .limit(1)
      return row
    },
    /** Binds the open id to the operator: it leaves any other operator, and replaces the operator's own for the platform. */
    async bind({ adminId, platform, type, openId }: { adminId: number; platform: string; type: string; openId: string }) {
      await db
        .delete(adminOpenIds)
        .where(
          and(
            eq(adminOpenIds.platform, platform),
            eq(adminOpenIds.type, type),
            or(eq(adminOpenIds.openId, openId), eq(adminOpenIds.adminId, adminId)),
          ),
        )
      await db.insert(adminOpenIds).values({ adminId, platform, type, openId })
    },
    async unbind({ adminId, platform, type }: { adminId: number; platform: string; type: string }) {
      await db
        .delete(adminOpenIds)
        .where(and(eq(adminOpenIds.adminId, adminId), eq(adminOpenIds.platform, platform), eq(adminOpenIds.type, type)))
    },
    /** The open id an enabled operator bound for the platform/type, if any. */
    async openIdOf({ adminId, platform, type }: { adminId: number; platform: string; type: string }) {
      const [row] = await db
        .select({ openId: adminOpenIds.openId })
        .from(adminOpenIds)
        .innerJoin(admins, eq(admins.id, adminOpenIds.adminId))
        .where(
          and(
            eq(adminOpenIds.adminId, adminId),
            eq(adminOpenIds.platform, platform),
            eq(adminOpenIds.type, type),
            eq(admins.enabled, true),
          ),
        )
      return row?.openId
    },
    async boundFor({ adminId, platform, type }: { adminId: number; platform: string; type: string }) {
      const [row] = await db
        .select({ id: adminOpenIds.id })
        .from(adminOpenIds)
        .where(and(eq(adminOpenIds.adminId, adminId), eq(adminOpenIds.platform, platform), eq(adminOpenIds.type, type)))
      return Boolean(row)
    },
  }
}
