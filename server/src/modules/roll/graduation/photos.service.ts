import { beijingDate, beijingDayStart, photoProblem, shiftDate } from '@activity/domain'
import { imageSize } from 'image-size'
import type { Executor } from '../../../db/types.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import type { Storage } from '../../../gateways/storage/index.ts'
import { fileUrl, newFileKey } from '../../../gateways/storage/index.ts'
import { sniffImage } from '../../../lib/image-upload.ts'
import { ApprovalStatus, PhotoNaming } from '../../../wire.ts'
import { type Actor, type ApprovalKindHandler, type ApprovalKinds, recordAudit, submitApproval } from '../../platform/index.ts'
import { classOfStudent, createStudentsRepository } from '../students/index.ts'
import {
  createCollectionNotFoundError,
  createCollectionRuleError,
  createCollectionTakenError,
  createNoCollectionError,
  createPhotoRefusedError,
  createPhotoStateError,
} from './graduation.errors.ts'
import { type CollectionRow, createPhotosRepository, type PhotoRow } from './photos.repository.ts'

/** Where graduation photos are kept: `graduation-photos/<yyyy>/<mm>/s<student id>-<random>.jpg`. */
export const PHOTO_KEY_PREFIX = 'graduation-photos/'

export interface CollectionInput {
  title: string
  batchYear: number
  batch: number
  /** The last day photos are taken (Beijing time, the whole day). */
  deadlineDate: string
  width: number
  height: number
  minKb: number
  maxKb: number
  background: string
  naming: PhotoNaming
}

/** The end of a Beijing day: the first instant of the next. */
const endOfDay = (date: string) => beijingDayStart(shiftDate(date, 1))

/** Opens a collection for a batch (one per batch) or changes one; audited. */
export async function saveCollection({ db, id, input, actor }: { db: Executor; id?: number; input: CollectionInput; actor: Actor }) {
  if (input.minKb >= input.maxKb) throw createCollectionRuleError({ message: '文件大小的下限必须小于上限' })
  const values = {
    title: input.title,
    batchYear: input.batchYear,
    batch: input.batch,
    deadline: endOfDay(input.deadlineDate),
    width: input.width,
    height: input.height,
    minKb: input.minKb,
    maxKb: input.maxKb,
    background: input.background,
    naming: input.naming,
  }
  try {
    return await db.transaction(async (tx) => {
      const repo = createPhotosRepository({ db: tx })
      const before = id === undefined ? undefined : await repo.collection({ id, forUpdate: true })
      if (id !== undefined && !before) throw createCollectionNotFoundError()
      const row = before
        ? (await repo.updateCollection({ id: before.id, values: { ...values, updatedAt: new Date() } }))!
        : await repo.insertCollection({ ...values, createdBy: actor.name })
      await recordAudit({
        tx,
        actor,
        entry: {
          action: before ? 'graduation.collection.update' : 'graduation.collection.create',
          entityType: 'photoCollection',
          entityId: row.id,
          summary: `${before ? '修改' : '开启'}毕业照片采集：${row.title}（${row.batchYear}年${row.batch}期，截止${input.deadlineDate}）`,
          before: before ? toCollection(before) : null,
          after: toCollection(row),
        },
      })
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error, 'photo_collections_batch_idx')) throw createCollectionTakenError()
    throw error
  }
}

export async function collectionById({ db, id }: { db: Executor; id: number }) {
  const row = await createPhotosRepository({ db }).collection({ id })
  if (!row) throw createCollectionNotFoundError()
  return row
}

export async function listCollections({ db }: { db: Executor }) {
  return createPhotosRepository({ db }).collections()
}

export async function collectionStudents(args: {
  db: Executor
  collectionId: number
  status?: string
  name?: string
  page: number
  size: number
}) {
  const collection = await collectionById({ db: args.db, id: args.collectionId })
  return { collection, ...(await createPhotosRepository({ db: args.db }).students({ collection, ...args })) }
}

/** What the photo is: JPEG, within the size, of the exact dimensions (the rule the app checks too: photoProblem). */
export function checkPhoto(data: Buffer, spec: Pick<CollectionRow, 'width' | 'height' | 'minKb' | 'maxKb'>) {
  const jpg = sniffImage(data.subarray(0, 16))?.ext === 'jpg'
  let size: { width?: number; height?: number } = {}
  if (jpg)
    try {
      size = imageSize(data)
    } catch {
      throw createPhotoRefusedError({ message: '照片文件已损坏，请重新拍摄或选择' })
    }
  const problem = photoProblem({ jpg, bytes: data.length, width: size.width ?? 0, height: size.height ?? 0 }, spec)
  if (problem) throw createPhotoRefusedError({ message: problem })
  return { bytes: data.length, width: spec.width, height: spec.height }
}

/** Why the student may not upload now, or null. */
export function uploadRefusal(collection: Pick<CollectionRow, 'deadline'>, latest: Pick<PhotoRow, 'status'> | undefined, now: Date) {
  if (latest?.status === ApprovalStatus.approved) return '照片已审核通过，不能再更换'
  if (latest?.status === ApprovalStatus.pending) return '照片正在审核中，审核结束后才能重新上传'
  if (now >= collection.deadline) return '照片采集已截止，如需补交请联系班主任'
  return null
}

/**
 * A student uploads a photo: checked against the collection's specification, stored under a new
 * key (never over an earlier one), and its approval (head teacher, then the education office)
 * started, the photo and the approval in one transaction. The database keeps one photo under
 * review or approved per student: a second upload at once is refused.
 */
export async function uploadPhoto({
  db,
  storage,
  studentId,
  data,
  kinds,
  now = new Date(),
}: {
  db: Executor
  storage: Pick<Storage, 'put' | 'remove'>
  studentId: number
  data: Buffer
  kinds: ApprovalKinds
  now?: Date
}) {
  const student = await createStudentsRepository({ db }).findById({ id: studentId })
  if (!student) throw createNoCollectionError()
  const repo = createPhotosRepository({ db })
  const collection = await repo.collectionOfBatch({ batchYear: student.batchYear, batch: student.batch })
  if (!collection) throw createNoCollectionError()
  const refusal = uploadRefusal(collection, (await repo.photosOf({ collectionId: collection.id, studentId }))[0], now)
  if (refusal) throw createPhotoStateError({ message: refusal })
  const checked = checkPhoto(data, collection)
  const key = newFileKey({ prefix: PHOTO_KEY_PREFIX, tag: `s${studentId}-`, ext: 'jpg', now })
  await storage.put(key, data, { contentType: 'image/jpeg' })
  try {
    return await db.transaction(async (tx) => {
      const photo = await createPhotosRepository({ db: tx }).insertPhoto({
        collectionId: collection.id,
        studentId,
        key,
        ...checked,
        status: ApprovalStatus.pending,
        createdAt: now,
        updatedAt: now,
      })
      const klass = await classOfStudent({ db: tx, studentId })
      await submitApproval({
        db: tx,
        submission: {
          kind: 'graduationPhoto',
          subjectId: photo.id,
          title: `${student.name}的毕业照片`,
          fields: [
            { label: '照片采集', value: collection.title },
            { label: '批次', value: `${collection.batchYear}年${collection.batch}期` },
            { label: '学号', value: student.studentNo ?? '（无）' },
            { label: '照片', value: `${checked.width}×${checked.height}像素，${Math.round(checked.bytes / 1024)}KB` },
          ],
          applicant: { accountId: student.accountId, name: student.name },
          submittedBy: null,
          headTeacherId: klass?.headTeacherId ?? null,
        },
        kinds,
        now,
      })
      return photo
    })
  } catch (error) {
    await storage.remove(key)
    if (isUniqueViolation(error, 'graduation_photos_live_idx'))
      throw createPhotoStateError({ message: '照片正在审核中，审核结束后才能重新上传' })
    throw error
  }
}

/** The 毕业照片 kind of the approval engine: the photo takes its approval's status; approvers approve or refuse (the student uploads again). */
export const photoApprovalKind: ApprovalKindHandler = {
  returnable: false,
  async onStatus({ db, request, status, now }) {
    await createPhotosRepository({ db }).setPhotoStatus({ id: request.subjectId, status, now })
  },
}

/** The student's collection (of their batch) and their photos in it, latest first; null without one. */
export async function myPhotos({ db, studentId, now = new Date() }: { db: Executor; studentId: number; now?: Date }) {
  const student = await createStudentsRepository({ db }).findById({ id: studentId })
  if (!student) return null
  const repo = createPhotosRepository({ db })
  const collection = await repo.collectionOfBatch({ batchYear: student.batchYear, batch: student.batch })
  if (!collection) return null
  const photos = await repo.photosOf({ collectionId: collection.id, studentId })
  return { collection, photos, refusal: uploadRefusal(collection, photos[0], now) }
}

export async function photoById({ db, id }: { db: Executor; id: number }) {
  return createPhotosRepository({ db }).photo({ id })
}

/** The photo as its approver sees it: with its student's name and its collection. */
export async function photoWithStudent({ db, photo }: { db: Executor; photo: PhotoRow }) {
  const student = await createStudentsRepository({ db }).findById({ id: photo.studentId })
  return { photo, studentName: student?.name ?? '', collection: await collectionById({ db, id: photo.collectionId }) }
}

/** The approved photos of a collection (the ZIP's files), with the file name each gets, or why it has none. */
export async function approvedPhotos({ db, collection }: { db: Executor; collection: CollectionRow }) {
  const rows = await createPhotosRepository({ db }).approved({ collection })
  const taken = new Set<string>()
  return rows.map((r) => {
    const base = (collection.naming === PhotoNaming.studentNo ? r.studentNo : r.idCard)?.trim() || null
    const name = base && !taken.has(base) ? `${base}.jpg` : null
    if (name) taken.add(base!)
    return { ...r, fileName: name }
  })
}

export function toCollection(c: CollectionRow, now = new Date()) {
  return {
    id: c.id,
    title: c.title,
    batchYear: c.batchYear,
    batch: c.batch,
    deadlineDate: beijingDate(new Date(c.deadline.getTime() - 1)),
    open: now < c.deadline,
    width: c.width,
    height: c.height,
    minKb: c.minKb,
    maxKb: c.maxKb,
    background: c.background,
    naming: c.naming as PhotoNaming,
    createdBy: c.createdBy,
    createdAt: c.createdAt.toISOString(),
  }
}

export function toPhoto(p: Pick<PhotoRow, 'id' | 'key' | 'bytes' | 'width' | 'height' | 'status' | 'createdAt'>, secret: string) {
  return {
    id: p.id,
    url: fileUrl({ secret, key: p.key }),
    bytes: p.bytes,
    width: p.width,
    height: p.height,
    status: p.status as ApprovalStatus,
    uploadedAt: p.createdAt.toISOString(),
  }
}

/** The graduation audit's 照片已审核, per student: their batch's collection (absent: none opened) and their latest photo's status. */
export async function photoStatusOf({ db, studentIds }: { db: Executor; studentIds: number[] }) {
  const rows = await createPhotosRepository({ db }).latestOf({ studentIds })
  return new Map(rows.map((r) => [Number(r.studentId), { collection: r.title, status: r.status as ApprovalStatus | null }]))
}
