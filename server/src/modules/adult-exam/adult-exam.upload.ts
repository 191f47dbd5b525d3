import type { FastifyRequest } from 'fastify'
import { createFileTooLargeError, createNoFileError, createNotXlsxError } from './adult-exam.errors.ts'

/** The uploaded .xlsx (multipart field `file`) as bytes; 413 when over `limit` (also the clue import's). */
export async function uploadedXlsx({ request, limit }: { request: FastifyRequest; limit: number }): Promise<Buffer> {
  if (!request.isMultipart()) throw createNoFileError()
  const file = await request.file()
  if (!file) throw createNoFileError()
  const data = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw createFileTooLargeError({
        message: `文件不能超过${limit >= 1024 * 1024 ? `${Math.floor(limit / 1024 / 1024)}MB` : `${Math.ceil(limit / 1024)}KB`}`,
      })
    throw error
  })
  if (!/\.xlsx$/i.test(file.filename)) throw createNotXlsxError()
  return data
}
