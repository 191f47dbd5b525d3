import { sessionChanged } from '../../platform/index.ts'
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { partners } from './partners.table.ts'
import { personKeyword } from '../../../lib/person-search.ts'
import { insertRow, rowById, updateRow } from '../../../db/rows.ts'

export type PartnerRow = typeof partners.$inferSelect
export type PartnerInsert = typeof partners.$inferInsert

export function createPartnersRepository({ db }: { db: Executor }) {
  return {
    /** The quick finder's partners: the real name or nickname containing `q`, or the phone equal to it when `q` is a whole phone; nearest matches first. */
    async quickFind({ q, limit }: { q: string; limit: number }) {
      const name = sql`coalesce(${partners.realName}, ${partners.nickname}, '')`
      return db
        .select({
          id: partners.id,
          realName: partners.realName,
          nickname: partners.nickname,
          phone: partners.phone,
          code: partners.code,
          status: partners.status,
        })
        .from(partners)
        .where(personKeyword(q, { text: [partners.realName, partners.nickname], phones: [partners.phone] }))
        .orderBy(sql`strpos(lower(${name}), lower(${q}))`, desc(partners.id))
        .limit(limit)
    },
    async findById({ id }: { id: number }): Promise<PartnerRow | undefined> {
      return rowById(db, partners, id)
    },
    async findByIdForUpdate({ id }: { id: number }): Promise<PartnerRow | undefined> {
      return rowById(db, partners, id, { forUpdate: true })
    },
    async findByAccount({ accountId }: { accountId: number }): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partners).where(eq(partners.accountId, accountId)).limit(1)
      return row
    },
    async findByPhone({ phone }: { phone: string }): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partners).where(eq(partners.phone, phone)).limit(1)
      return row
    },
    async findByCode({ code }: { code: string }): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partners).where(eq(partners.code, code.toUpperCase())).limit(1)
      return row
    },
    async findByCodes({ codes }: { codes: string[] }): Promise<PartnerRow[]> {
      if (codes.length === 0) return []
      return db.select().from(partners).where(inArray(partners.code, codes))
    },
    async insert(values: PartnerInsert): Promise<PartnerRow> {
      return insertRow(db, partners, values)
    },
    async update({ id, values }: { id: number; values: Partial<PartnerInsert> }): Promise<PartnerRow> {
      const row = await updateRow(db, partners, id, values)
      if (values.status !== undefined) sessionChanged({ partnerId: id })
      return row!
    },
    /** Operators' list: newest (or oldest) registered first over (status, created_at, id) or (created_at, id). */
    async list({ filter, sort = 'createdAt_desc', page, size }: { filter: PartnerFilter; sort?: PartnerSort; page: number; size: number }) {
      const where = partnerWhere(filter)
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(partners)
          .where(where)
          .orderBy(...partnerOrder(sort))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(partners).where(where),
      ])
      return { rows, total: totals[0]?.n ?? 0 }
    },
    /** A batch of the export after `last` (keyset on created_at, id in the list's order). */
    async exportBatch({
      filter,
      sort = 'createdAt_desc',
      last,
      limit,
    }: {
      filter: PartnerFilter
      sort?: PartnerSort
      last?: PartnerRow
      limit: number
    }) {
      const c = [partnerWhere(filter)]
      if (last) {
        const k = sql`(${partners.createdAt}, ${partners.id})`
        const v = sql`(${last.createdAt}, ${last.id})`
        c.push(sort === 'createdAt_asc' ? sql`${k} > ${v}` : sql`${k} < ${v}`)
      }
      return db
        .select()
        .from(partners)
        .where(and(...c))
        .orderBy(...partnerOrder(sort))
        .limit(limit)
    },
    /** Partners registered with this partner's code. */
    async teamSize({ id }: { id: number }): Promise<number> {
      const [row] = await db.select({ n: count() }).from(partners).where(eq(partners.referrerId, id))
      return row?.n ?? 0
    },
    async codeExists({ code }: { code: string }): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(partners)
        .where(eq(partners.code, code))
        .limit(1)
      return rows.length > 0
    },
  }
}

export type PartnerSort = 'createdAt_desc' | 'createdAt_asc'
export interface PartnerFilter {
  status?: string
  keyword?: string
  range?: Range
}

function partnerWhere({ status, keyword, range }: PartnerFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (status) conditions.push(eq(partners.status, status))
  if (keyword) {
    conditions.push(personKeyword(keyword, { text: [partners.realName, partners.code], phones: [partners.phone] })!)
  }
  if (range) conditions.push(gte(partners.createdAt, range.from), lt(partners.createdAt, range.to))
  return conditions.length ? and(...conditions) : undefined
}

const partnerOrder = (sort: PartnerSort) =>
  sort === 'createdAt_asc' ? [asc(partners.createdAt), asc(partners.id)] : [desc(partners.createdAt), desc(partners.id)]
