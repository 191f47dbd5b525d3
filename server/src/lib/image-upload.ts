import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { fileUrl, newFileKey } from '../gateways/storage/index.ts'
import { Code } from '../wire.ts'
import { createErrorFactory } from './errors.ts'

/** A picture a person uploads (a question's, an application's photo, a good's cover): at most this large. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024

export const createUploadMissingError = createErrorFactory({
  key: 'image.uploadMissing',
  code: Code.badRequest,
  message: '请选择要上传的图片',
})
export const createUploadTypeError = createErrorFactory({
  key: 'image.uploadType',
  code: Code.badRequest,
  message: '只能上传 PNG、JPEG 或 WebP 图片',
})
export const createUploadTooLargeError = createErrorFactory({
  key: 'image.uploadTooLarge',
  code: Code.badRequest,
  message: '图片不能超过5MB',
})

/** What a picture is, from its first bytes (never from its name or the type the browser claims). */
export function sniffImage(head: Buffer): { contentType: string; ext: string } | undefined {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { contentType: 'image/png', ext: 'png' }
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return { contentType: 'image/jpeg', ext: 'jpg' }
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return { contentType: 'image/webp', ext: 'webp' }
  return undefined
}

const isTooLarge = (error: unknown) => (error as { code?: string } | undefined)?.code === 'FST_REQ_FILE_TOO_LARGE'

/** Registers multipart for a module's upload routes (their plugin's scope only): one file of IMAGE_MAX_BYTES at most. */
export async function registerImageUploads(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 2 } })
}

/**
 * Reads the multipart `file` of an upload route whole (its size is capped by the scope's multipart
 * limit). None, empty or unreadable: `missing`; over the limit: `tooLarge` (both readable 400s).
 */
export async function readUpload(
  request: FastifyRequest,
  {
    missing = () => createUploadMissingError(),
    tooLarge = () => createUploadTooLargeError(),
  }: { missing?: () => Error; tooLarge?: () => Error } = {},
): Promise<Buffer> {
  if (!request.isMultipart()) throw missing()
  const file = await request.file().catch((error: unknown) => {
    throw isTooLarge(error) ? tooLarge() : missing()
  })
  if (!file) throw missing()
  const data = await file.toBuffer().catch((error: unknown) => {
    if (isTooLarge(error)) throw tooLarge()
    throw error
  })
  if (data.length === 0) throw missing()
  return data
}

/**
 * Reads a multipart form's fields (the first of each name) and its one file, whole (its size capped
 * by the scope's multipart limit): not multipart, or no file when `required`: `missing`; over the
 * limit: `tooLarge`. A cut or malformed body is the error handler's (plugins/errors.ts).
 */
export async function readUploadForm(
  request: FastifyRequest,
  { required, missing, tooLarge }: { required: boolean; missing: () => Error; tooLarge: () => Error },
) {
  if (!request.isMultipart()) throw missing()
  const fields: Record<string, string> = {}
  let file: { name: string; data: Buffer } | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] ??= String(part.value)
      else {
        const data = await part.toBuffer()
        if (data.length) file = { name: part.filename, data }
      }
    }
  } catch (error) {
    throw isTooLarge(error) ? tooLarge() : error
  }
  if (required && !file) throw missing()
  return { fields, file }
}

/**
 * Stores the picture of a multipart `file` under `<prefix><yyyy>/<mm>/` (Beijing months), its name
 * starting with `tag` (its uploader, so a module can let a person attach only their own), and
 * answers its key and a signed address. Not a picture, empty, or over 5 MB: a readable 400.
 */
export async function storeImage({
  app,
  request,
  prefix,
  tag,
}: {
  app: FastifyInstance
  request: FastifyRequest
  prefix: string
  tag: string
}) {
  // At most 5 MB: read whole, then looked at.
  const data = await readUpload(request)
  const what = sniffImage(data.subarray(0, 16))
  if (!what) throw createUploadTypeError()
  const key = newFileKey({ prefix, tag, ext: what.ext })
  await app.storage.put(key, data, { contentType: what.contentType })
  return { key, url: fileUrl({ secret: app.config.secret, key }) }
}
