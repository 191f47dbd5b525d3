import JSZip from 'jszip'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { createUploadMissingError, readUpload, registerImageUploads } from '../../../lib/image-upload.ts'
import { PhotoNaming } from '../../../wire.ts'
import {
  type ApprovalActor,
  type ApprovalKinds,
  actorOf,
  approvalDetails,
  approvalOf,
  mayReadApproval,
  recordAudit,
  toApprovalDetails,
} from '../../platform/index.ts'
import { createNamingNeedsUnmaskedError, createPhotoNotFoundError, NO_COLLECTION } from './graduation.errors.ts'
import {
  collectionBody,
  collectionListSchema,
  collectionSchema,
  collectionUpdateBody,
  downloadQuery,
  idQuery,
  mineSchema,
  photoForApproverSchema,
  studentsPageSchema,
  studentsQuery,
} from './photos.schemas.ts'
import {
  approvedPhotos,
  collectionById,
  collectionStudents,
  listCollections,
  myPhotos,
  photoById,
  photoWithStudent,
  saveCollection,
  toCollection,
  toPhoto,
  uploadPhoto,
  type CollectionInput,
} from './photos.service.ts'

/**
 * 毕业照片采集 under /api/ems/education/photoCollection: the office opens a collection per batch
 * (deadline and the photo's specification) and downloads the approved photos as a ZIP; the student
 * uploads (checked by the server against the specification) and follows the approval (head teacher,
 * then the education office: the approval engine's /api/zms/approval/approval/* decide it).
 */
export const photoCollectionRoutes: FastifyPluginAsyncZod<{ kinds: ApprovalKinds }> = async (app, { kinds }) => {
  const base = '/api/ems/education/photoCollection'
  const security = [{ adminSession: [] }]
  const studentSecurity = [{ studentSession: [] }]
  const secret = app.config.secret
  await registerImageUploads(app)

  // ---- the student ----

  async function mine(studentId: number, accountId: number) {
    const found = await myPhotos({ db: app.db, studentId })
    if (!found) return { collection: null, photos: [], approval: null, canUpload: false, refusal: NO_COLLECTION }
    const latest = found.photos[0]
    const request = latest && (await approvalOf({ db: app.db, kind: 'graduationPhoto', subjectId: latest.id }))
    const details = request && (await approvalDetails({ db: app.db, id: request.id }))
    const viewer: ApprovalActor = { type: 'applicant', accountId, name: '' }
    return {
      collection: toCollection(found.collection),
      photos: found.photos.map((p) => toPhoto(p, secret)),
      approval: details ? toApprovalDetails(details, viewer) : null,
      canUpload: found.refusal === null,
      refusal: found.refusal,
    }
  }

  app.get(
    `${base}/mine`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary:
          "The student's graduation photo: their batch's collection and its specification, their photos (latest first) and the latest one's approval",
        security: studentSecurity,
        response: { 200: envelope(mineSchema) },
      },
    },
    async (request) => ok(await mine(request.studentId, request.accountId)),
  )

  app.post(
    `${base}/upload`,
    {
      preHandler: app.requireStudent,
      schema: {
        summary:
          "The student uploads their photo (multipart `file`): JPG of the collection's size and dimensions, else 400 saying what was found; under review or approved, or after the deadline: 422",
        security: studentSecurity,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(mineSchema) },
      },
    },
    async (request) => {
      const data = await readUpload(request, { missing: () => createUploadMissingError({ message: '请选择要上传的照片' }) })
      await uploadPhoto({ db: app.db, storage: app.storage, studentId: request.studentId, data, kinds })
      return ok(await mine(request.studentId, request.accountId))
    },
  )

  // ---- the office ----

  app.get(
    `${base}/list`,
    {
      preHandler: app.requireAdmin('graduation.view'),
      schema: {
        summary: 'Operators: every photo collection with its counts (students, uploaded, under review, approved)',
        security,
        response: { 200: envelope(collectionListSchema) },
      },
    },
    async () => {
      const rows = await listCollections({ db: app.db })
      return ok({ list: rows.map((c) => ({ ...toCollection(c), ...c.counts })) })
    },
  )

  app.post(
    `${base}/save`,
    {
      preHandler: app.requireAdmin('graduation.edit'),
      schema: {
        summary: 'Operators: open a collection for a batch (one per batch; 409 when it has one), with its deadline and photo specification',
        security,
        consumes: FORM_CONSUMES,
        body: collectionBody,
        response: { 200: envelope(collectionSchema) },
      },
    },
    async (request) =>
      ok(toCollection(await saveCollection({ db: app.db, input: request.body as CollectionInput, actor: actorOf(request) }))),
  )

  app.put(
    `${base}/update`,
    {
      preHandler: app.requireAdmin('graduation.edit'),
      schema: {
        summary: "Operators: change a collection's deadline, specification or naming (photos already uploaded stay as they were checked)",
        security,
        consumes: FORM_CONSUMES,
        body: collectionUpdateBody,
        response: { 200: envelope(collectionSchema) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body
      return ok(toCollection(await saveCollection({ db: app.db, id, input: input as CollectionInput, actor: actorOf(request) })))
    },
  )

  app.get(
    `${base}/students`,
    {
      preHandler: app.requireAdmin('graduation.view'),
      schema: {
        summary:
          "Operators: a page of the collection's students with their latest photo, filtered by its status (未上传 or an approval status) and name",
        security,
        querystring: studentsQuery,
        response: { 200: envelope(studentsPageSchema) },
      },
    },
    async (request) => {
      const { collectionId, status, name, page, size } = request.query
      const found = await collectionStudents({ db: app.db, collectionId, status, name, page, size })
      return ok({
        collection: toCollection(found.collection),
        list: found.list.map((r) => ({
          studentId: r.studentId,
          name: r.name,
          studentNo: r.studentNo,
          photo:
            r.photoId === null
              ? null
              : toPhoto(
                  {
                    id: r.photoId,
                    key: r.key!,
                    bytes: r.bytes!,
                    width: r.width!,
                    height: r.height!,
                    status: r.status!,
                    createdAt: r.uploadedAt!,
                  },
                  secret,
                ),
        })),
        total: found.total,
        page,
        size,
      })
    },
  )

  app.get(
    `${base}/photo`,
    {
      preHandler: app.requireAdmin(),
      schema: {
        summary: "Operators who may read the photo's approval (its approvers, 审批 · 查看全部): the photo, its student and collection",
        security,
        querystring: idQuery,
        response: { 200: envelope(photoForApproverSchema) },
      },
    },
    async (request) => {
      const photo = await photoById({ db: app.db, id: request.query.id })
      const approval = photo && (await approvalOf({ db: app.db, kind: 'graduationPhoto', subjectId: photo.id }))
      const details = approval && (await approvalDetails({ db: app.db, id: approval.id }))
      if (!photo || !details) throw createPhotoNotFoundError()
      if (!request.admin!.rights.has('graduation.view') && !(await mayReadApproval({ db: app.db, details, actor: actorOf(request) })))
        throw createPhotoNotFoundError()
      const found = await photoWithStudent({ db: app.db, photo })
      return ok({ photo: toPhoto(found.photo, secret), studentName: found.studentName, collection: toCollection(found.collection) })
    },
  )

  app.get(
    `${base}/download`,
    {
      preHandler: app.requireAdmin('graduation.export'),
      schema: {
        summary:
          "Operators: the collection's approved photos as a ZIP, each named by the collection's naming (身份证号 needs `unmasked=是`: 明文导出 and a step-up); a student without the number is listed in 未命名.txt",
        security,
        querystring: downloadQuery,
      },
    },
    async (request, reply) => {
      const collection = await collectionById({ db: app.db, id: request.query.collectionId })
      if (collection.naming === PhotoNaming.idCard && !request.exportUnmasked) throw createNamingNeedsUnmaskedError()
      const photos = await approvedPhotos({ db: app.db, collection })
      const zip = new JSZip()
      const unnamed: string[] = []
      for (const p of photos) {
        if (!p.fileName) {
          unnamed.push(`${p.name}（学员编号${p.studentId}）：没有${collection.naming}或与他人重复`)
          continue
        }
        const read = await app.storage.read(p.key!)
        if (!read) {
          unnamed.push(`${p.name}（学员编号${p.studentId}）：照片文件缺失`)
          continue
        }
        zip.file(p.fileName, read.stream, { binary: true })
      }
      if (unnamed.length) zip.file('未命名.txt', `以下学员的照片未放入压缩包：\r\n${unnamed.join('\r\n')}\r\n`)
      await recordAudit({
        tx: app.db,
        actor: actorOf(request),
        entry: {
          action: 'graduation.photos.download',
          entityType: 'photoCollection',
          entityId: collection.id,
          summary: `下载毕业照片：${collection.title}，${photos.length - unnamed.length}张，按${collection.naming}命名`,
          after: { count: photos.length, unnamed: unnamed.length, naming: collection.naming },
        },
      })
      const name = `${collection.title}-毕业照片.zip`
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="photos.zip"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('Cache-Control', 'no-store')
        .send(zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' }))
    },
  )
}
