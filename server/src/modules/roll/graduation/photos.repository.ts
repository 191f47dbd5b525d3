import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { ApprovalStatus, StudentStatus } from '../../../wire.ts'
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
  width: number | null
  height: number | null
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
    /** Every collection, latest deadline first, with its batch's head count and its students' latest photos by status. */
    async collections() {
      const latest = db
        .selectDistinctOn([graduationPhotos.collectionId, graduationPhotos.studentId], {
          collectionId: graduationPhotos.collectionId,
          status: graduationPhotos.status,
        })
        .from(graduationPhotos)
        .orderBy(graduationPhotos.collectionId, graduationPhotos.studentId, desc(graduationPhotos.id))
        .as('latest')
      const counts = db
        .select({
          collectionId: latest.collectionId,
          uploaded: sql<number>`count(*)::int`.as('uploaded'),
          approved: sql<number>`(count(*) filter (where ${latest.status} = ${ApprovalStatus.approved}))::int`.as('approved'),
          pending: sql<number>`(count(*) filter (where ${latest.status} = ${ApprovalStatus.pending}))::int`.as('pending'),
        })
        .from(latest)
        .groupBy(latest.collectionId)
        .as('counts')
      const rows = await db
        .select({
          collection: photoCollections,
          students: sql<number>`(select count(*)::int from students s where s.batch_year = ${photoCollections.batchYear}
            and s.batch = ${photoCollections.batch} and s.status <> ${StudentStatus.withdrawn})`,
          uploaded: counts.uploaded,
          approved: counts.approved,
          pending: counts.pending,
        })
        .from(photoCollections)
        .leftJoin(counts, eq(counts.collectionId, photoCollections.id))
        .orderBy(desc(photoCollections.deadline), desc(photoCollections.id))
      return rows.map(({ collection, ...n }) => ({
        ...collection,
        counts: { students: n.students, uploaded: n.uploaded ?? 0, approved: n.approved ?? 0, pending: n.pending ?? 0 },
      }))
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
          lp.id as "photoId", lp.key, lp.bytes, lp.width, lp.height, lp.status, lp.created_at as "uploadedAt"
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
          lp.id as "photoId", lp.key, lp.bytes, lp.width, lp.height, lp.status, lp.created_at as "uploadedAt"
        from students s ${latestPhoto(collection.id)}
        where ${inBatch(collection)} and lp.status = ${ApprovalStatus.approved}
        order by s.student_no nulls last, s.id`)) as unknown as { rows: CollectionPhotoRow[] }
      return rows.rows
    },
    /** Per student, their batch's collection (none: absent) and the status of their latest photo in it. */
    async latestOf({ studentIds }: { studentIds: number[] }) {
      if (!studentIds.length) return []
      const rows = (await db.execute(sql`
        select s.id as "studentId", c.title, lp.status
        from students s
        join photo_collections c on c.batch_year = s.batch_year and c.batch = s.batch
        left join lateral (
          select p.status from graduation_photos p where p.collection_id = c.id and p.student_id = s.id order by p.id desc limit 1
        ) lp on true
        where s.id in ${studentIds}`)) as unknown as { rows: Array<{ studentId: number; title: string; status: string | null }> }
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
