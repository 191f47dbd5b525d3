import { shanghaiMonth } from '../../../lib/time-range.ts'
import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import multipart, { type MultipartValue } from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { fileUrl } from '../../../gateways/storage/index.ts'
import { envelope, ok } from '../../../lib/envelope.ts'
import { audited } from '../../platform/index.ts'
import { createUploadMissingError, createUploadTooLargeError, createUploadTypeError } from './courses.errors.ts'
import { UPLOAD_KINDS, type UploadKind, uploadSchema } from './courses.schemas.ts'

interface Sniffed {
  kind: UploadKind
  contentType: string
  ext: string
}

/** What a file is, from its first bytes (never from its name or the type the browser claims). */
export function sniff(head: Buffer): Sniffed | undefined {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1')
  if (ascii(4, 8) === 'ftyp') {
    // MP4 family; QuickTime (.mov, brand "qt  ") is left out: browsers do not all play it.
    if (ascii(8, 12) === 'qt  ') return undefined
    return { kind: 'video', contentType: 'video/mp4', ext: 'mp4' }
  }
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return { kind: 'video', contentType: 'video/webm', ext: 'webm' }
  if (ascii(0, 5) === '%PDF-') return { kind: 'document', contentType: 'application/pdf', ext: 'pdf' }
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { kind: 'image', contentType: 'image/png', ext: 'png' }
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return { kind: 'image', contentType: 'image/jpeg', ext: 'jpg' }
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { kind: 'image', contentType: 'image/webp', ext: 'webp' }
  return undefined
}

/** The types a browser may claim for each kind (or none: application/octet-stream). */
const CLAIMED: Record<UploadKind, string[]> = {
  video: ['video/mp4', 'video/webm', 'video/x-m4v', 'audio/mp4'],
  document: ['application/pdf', 'application/x-pdf'],
  image: ['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/webp'],
}
const KIND_LABEL: Record<UploadKind, string> = { video: '视频', document: '文档', image: '图片' }
const HEAD_BYTES = 16

const uploadQuery = z.object({
  kind: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(UPLOAD_KINDS, '文件类型只能是 video、document 或 image').optional())
    .describe('or the multipart field `kind` before `file`; unset: from the file itself'),
})

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`

const isTooLarge = (error: unknown) => (error as { code?: string } | undefined)?.code === 'FST_REQ_FILE_TOO_LARGE'

/**
 * `POST /api/bms/cont/resource/upload`: a course video (mp4/webm), document (pdf) or image
 * (png/jpeg/webp, a cover) streamed into storage as it arrives, never held whole in memory; its
 * type is read from its first bytes and must match the kind asked for and the type claimed; each
 * kind has its size limit (config).
 */
export const coursesUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.uploadLimits
  await app.register(multipart, { limits: { fileSize: Math.max(limits.video, limits.document, limits.image), files: 1, fields: 5 } })

  app.post(
    '/api/bms/cont/resource/upload',
    {
      preHandler: app.requireAdmin('courses.edit'),
      schema: {
        summary:
          '管理员: upload a course file (multipart field `file`; `kind` video | document | image): videos mp4/webm, documents pdf, images png/jpeg/webp; answers its storage key (mediaKey / cover) and a preview address',
        security: [{ adminSession: [] }],
        consumes: ['multipart/form-data'],
        querystring: uploadQuery,
        response: { 200: envelope(uploadSchema) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw createUploadMissingError()
      const file = await request.file().catch((error: unknown) => {
        if (isTooLarge(error)) throw createUploadTooLargeError()
        throw createUploadMissingError()
      })
      if (!file) throw createUploadMissingError()
      const field = file.fields.kind as MultipartValue | undefined
      const asked = request.query.kind ?? (typeof field?.value === 'string' && field.value ? field.value : undefined)
      if (asked !== undefined && !(UPLOAD_KINDS as readonly string[]).includes(asked))
        throw createUploadTypeError({ message: '文件类型只能是 video、document 或 image' })

      // The first bytes say what it is; the rest streams on behind them.
      const source = file.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>
      const head: Buffer[] = []
      let headBytes = 0
      try {
        while (headBytes < HEAD_BYTES) {
          const next = await source.next()
          if (next.done) break
          head.push(next.value)
          headBytes += next.value.length
        }
      } catch (error) {
        if (isTooLarge(error)) throw createUploadTooLargeError()
        throw error
      }
      const what = sniff(Buffer.concat(head))
      if (!what) throw createUploadTypeError()
      if (asked && asked !== what.kind)
        throw createUploadTypeError({ message: `文件内容不是${KIND_LABEL[asked as UploadKind]}，请重新选择` })
      const claimed = file.mimetype.toLowerCase()
      if (claimed && claimed !== 'application/octet-stream' && !CLAIMED[what.kind].includes(claimed))
        throw createUploadTypeError({ message: '文件类型与内容不符，请重新选择' })
      const limit = limits[what.kind]
      const tooLarge = () => createUploadTooLargeError({ message: `${KIND_LABEL[what.kind]}不能超过${sizeLabel(limit)}` })

      let size = 0
      const body = Readable.from(
        (async function* () {
          for (const chunk of head) {
            size += chunk.length
            if (size > limit) throw tooLarge()
            yield chunk
          }
          for (;;) {
            const next = await source.next()
            if (next.done) return
            size += next.value.length
            if (size > limit) throw tooLarge()
            yield next.value
          }
        })(),
      )
      const month = shanghaiMonth().replace('-', '/')
      const name = `${crypto.randomBytes(12).toString('hex')}.${what.ext}`
      const key = what.kind === 'image' ? `public/covers/${month}/${name}` : `media/${month}/${name}`
      let stored: { size: number }
      try {
        stored = await app.storage.put(key, body, { contentType: what.contentType })
      } catch (error) {
        if (isTooLarge(error)) throw tooLarge()
        throw error
      }
      const fileName = (file.filename.split(/[\\/]/).pop() ?? '').trim().slice(-120) || name
      await audited({
        app,
        request,
        run: async () => key,
        describe: () => ({
          action: 'course.upload',
          entityType: 'file',
          entityId: key,
          summary: `上传${KIND_LABEL[what.kind]}「${fileName}」（${(stored.size / 1024 / 1024).toFixed(1)}MB）`,
        }),
      })
      return ok({ key, url: fileUrl({ secret: app.config.secret, key }), fileName, size: stored.size, contentType: what.contentType })
    },
  )
}
