import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { StudentStatus } from '../../../wire.ts'
import { graduationPhotos, photoCollections } from './graduation.table.ts'

export type CollectionRow = typeof photoCollections.$inferSelect
export type PhotoRow = typeof graduationPhotos.$inferSelect

/** A student's latest photo of a collection (the one that counts): a lateral join per student. */
const latestPhoto = (collectionId: number) => sql`left join lateral (
  select p.id, p.key, p.bytes, p.width, p.height, p.status, p.created_at
  from graduation_photos p
  where p.collection_id = ${collectionId} and p.student_id = s.id
  order by p.id desc limit 1
) lp on true`

/** The students a collection is for: its batch, on the roll (not 退学). */
const inBatch = (c: Pick<CollectionRow, 'batchYear' | 'batch'>) =>
  sql`s.batch_year = ${c.batchYear} and s.batch = ${c.batch} and s.status <> ${StudentStatus.withdrawn}`

export interface CollectionPhotoRow {
  studentId: number
  name: string
  studentNo: string | null
  idCard: string | null
  photoId: number | null
  key: string | null
  bytes: number | null
  status: string | null
  uploadedAt: Date | null
}

export function createPhotosRepository({ db }: { db: Executor }) {
  return {
    async collection({ id, forUpdate = false }: { id: number; forUpdate?: boolean }) {
      const q = db.select().from(photoCollections).where(eq(photoCollections.id, id))
      const [row] = await (forUpdate ? q.for('update') : q)
      return row
    },
    async collectionOfBatch({ batchYear, batch }: { batchYear: number; batch: number }) {
      const [row] = await db
        .select()
        .from(photoCollections)
        .where(and(eq(photoCollections.batchYear, batchYear), eq(photoCollections.batch, batch)))
      return row
    },
    async insertCollection(values: typeof photoCollections.$inferInsert) {
      const [row] = await db.insert(photoCollections).values(values).returning()
      return row!
    },
    async updateCollection({ id, values }: { id: number; values: Partial<typeof photoCollections.$inferInsert> }) {
      const [row] = await db.update(photoCollections).set(values).where(eq(photoCollections.id, id)).returning()
      return row
    },
    /** Every collection, latest deadline first, with its batch's head count and its latest photos by status. */
    async collections() {
      const result = (await db.execute(sql`
        select c.id,
          (select count(*)::int from students s where s.batch_year = c.batch_year and s.batch = c.batch and s.status <> ${StudentStatus.withdrawn}) as students,
          (select count(*)::int from (
             select distinct on (p.student_id) p.status from graduation_photos p
             where p.collection_id = c.id order by p.student_id, p.id desc
           ) l where l.status = '已通过') as approved,
          (select count(*)::int from (
             select distinct on (p.student_id) p.status from graduation_photos p
             where p.collection_id = c.id order by p.student_id, p.id desc
           ) l where l.status = '审批中') as pending,
          (select count(distinct p.student_id)::int from graduation_photos p where p.collection_id = c.id) as uploaded
        from photo_collections c
        order by c.deadline desc, c.id desc`)) as unknown as {
        rows: Array<{ id: number; students: number; approved: number; pending: number; uploaded: number }>
      }
      const rows = await db.select().from(photoCollections).orderBy(desc(photoCollections.deadline), desc(photoCollections.id))
      const counts = new Map(result.rows.map((r) => [Number(r.id), r]))
      return rows.map((c) => ({ ...c, counts: counts.get(c.id)! }))
    },
    /** A page of the collection's students with their latest photo; `status` '未上传' or a photo status. */
    async students({
      collection,
      status,
      name,
      page,
      size,
    }: {
      collection: CollectionRow
      status?: string
      name?: string
      page: number
      size: number
    }) {
      const filters = [inBatch(collection)]
      if (status === '未上传') filters.push(sql`lp.id is null`)
      else if (status) filters.push(sql`lp.status = ${status}`)
      if (name) filters.push(sql`s.name like ${`%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`)
      const where = sql.join(filters, sql` and `)
      const total = (await db.execute(
        sql`select count(*)::int as n from students s ${latestPhoto(collection.id)} where ${where}`,
      )) as unknown as { rows: Array<{ n: number }> }
      const rows = (await db.execute(sql`
        select s.id as "studentId", s.name, s.student_no as "studentNo", s.id_card as "idCard",
          lp.id as "photoId", lp.key, lp.bytes, lp.status, lp.created_at as "uploadedAt"
        from students s ${latestPhoto(collection.id)}
        where ${where}
        order by s.student_no nulls last, s.id
        limit ${size} offset ${(page - 1) * size}`)) as unknown as { rows: CollectionPhotoRow[] }
      return {
        total: Number(total.rows[0]?.n ?? 0),
        list: rows.rows.map((r) => ({ ...r, uploadedAt: r.uploadedAt ? new Date(r.uploadedAt) : null })),
      }
    },
    /** The approved photos of a collection, each student's latest (the ZIP's files). */
    async approved({ collection }: { collection: CollectionRow }) {
      const rows = (await db.execute(sql`
        select s.id as "studentId", s.name, s.student_no as "studentNo", s.id_card as "idCard",
          lp.id as "photoId", lp.key, lp.bytes, lp.status, lp.created_at as "uploadedAt"
        from students s ${latestPhoto(collection.id)}
        where ${inBatch(collection)} and lp.status = '已通过'
        order by s.student_no nulls last, s.id`)) as unknown as { rows: CollectionPhotoRow[] }
      return rows.rows
    },
    /** A student's photos of a collection, latest first. */
    async photosOf({ collectionId, studentId }: { collectionId: number; studentId: number }) {
      return db
        .select()
        .from(graduationPhotos)
        .where(and(eq(graduationPhotos.collectionId, collectionId), eq(graduationPhotos.studentId, studentId)))
        .orderBy(desc(graduationPhotos.id))
    },
    async photo({ id, forUpdate = false }: { id: number; forUpdate?: boolean }) {
      const q = db.select().from(graduationPhotos).where(eq(graduationPhotos.id, id))
      const [row] = await (forUpdate ? q.for('update') : q)
      return row
    },
    async insertPhoto(values: typeof graduationPhotos.$inferInsert) {
      const [row] = await db.insert(graduationPhotos).values(values).returning()
      return row!
    },
    async setPhotoStatus({ id, status, now }: { id: number; status: string; now: Date }) {
      await db.update(graduationPhotos).set({ status, updatedAt: now }).where(eq(graduationPhotos.id, id))
    },
    async photosByIds({ ids }: { ids: number[] }) {
      if (!ids.length) return []
      return db.select().from(graduationPhotos).where(inArray(graduationPhotos.id, ids)).orderBy(asc(graduationPhotos.id))
    },
  }
}
