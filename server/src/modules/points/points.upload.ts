import crypto from 'node:crypto'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { fileUrl } from '../../gateways/storage/index.ts'
import { createUploadMissingError, createUploadTooLargeError, createUploadTypeError } from './points.errors.ts'
import { POINTS_KEY_PREFIX } from './points.service.ts'

/** Pictures (an application's photos, a good's cover): at most this large each. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024

/** What a picture is, from its first bytes (never from its name or the type the browser claims). */
function sniffImage(head: Buffer): { contentType: string; ext: string } | undefined {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { contentType: 'image/png', ext: 'png' }
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return { contentType: 'image/jpeg', ext: 'jpg' }
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return { contentType: 'image/webp', ext: 'webp' }
  return undefined
}

const isTooLarge = (error: unknown) => (error as { code?: string } | undefined)?.code === 'FST_REQ_FILE_TOO_LARGE'

export async function registerImageUploads(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 2 } })
}

/**
 * Stores the picture of a multipart `file` under points/<yyyy>/<mm>/, named after its uploader
 * (`s<student id>-` or `t<operator id>-`, so a student may attach only their own), and answers its
 * key and a signed address.
 */
export async function storePointsImage({ app, request, tag }: { app: FastifyInstance; request: FastifyRequest; tag: string }) {
  if (!request.isMultipart()) throw createUploadMissingError()
  const file = await request.file().catch((error: unknown) => {
    if (isTooLarge(error)) throw createUploadTooLargeError()
    throw createUploadMissingError()
  })
  if (!file) throw createUploadMissingError()
  const data = await file.toBuffer().catch((error: unknown) => {
    if (isTooLarge(error)) throw createUploadTooLargeError()
    throw error
  })
  if (data.length === 0) throw createUploadMissingError()
  const what = sniffImage(data.subarray(0, 16))
  if (!what) throw createUploadTypeError()
  const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7).replace('-', '/')
  const key = `${POINTS_KEY_PREFIX}${month}/${tag}${crypto.randomBytes(12).toString('hex')}.${what.ext}`
  await app.storage.put(key, data, { contentType: what.contentType })
  return { key, url: fileUrl({ secret: app.config.secret, key }) }
}
