import fp from 'fastify-plugin'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { canOpen, FILES_PREFIX, isValidKey, parseRange, PUBLIC_KEY_PREFIX } from '../gateways/storage/index.ts'
import { createErrorFactory } from '../lib/errors.ts'
import { Code } from '../wire.ts'

export const createFileNotFoundError = createErrorFactory({ key: 'file.notFound', code: Code.notFound, message: '文件不存在' })
export const createFileLinkError = createErrorFactory({
  key: 'file.link',
  code: Code.forbidden,
  message: '文件链接无效或已过期，请返回重新打开',
})
export const createRangeError = createErrorFactory({
  key: 'file.range',
  code: Code.badRequest,
  message: '请求的文件范围无效',
  statusCode: 416,
})

const PUBLIC_MAX_AGE = 7 * 86400

const filesQuery = z.object({
  e: z.string('链接参数格式不正确').max(20, '链接参数格式不正确').optional().describe('expiry, unix seconds (signed keys)'),
  s: z.string('链接参数格式不正确').max(100, '链接参数格式不正确').optional().describe('signature (signed keys)'),
})

/**
 * `GET|HEAD /files/<key>`: a stored file (gateways/storage), with HTTP range requests (a video
 * seeks without downloading the whole file). Keys under `public/` are open to anyone; others need
 * the signed `?e=&s=` the server handed to someone entitled (gateways/storage/signed-url.ts), so a
 * <video> element or a download works without a session.
 */
export const filesPlugin = fp(
  async (app) => {
    const secret = app.config.secret
    app.route({
      method: ['GET', 'HEAD'],
      url: `${FILES_PREFIX}*`,
      schema: {
        summary:
          'A stored file: public/ keys as they are, others with the signed e/s the server handed out; Range requests answer 206 (one range), a bad range 416',
        tags: ['system'],
        querystring: filesQuery,
      },
      handler: async (request, reply: FastifyReply) => {
        const key = (request.params as { '*'?: string })['*'] ?? ''
        const query = request.query as z.infer<typeof filesQuery>
        if (!isValidKey(key)) throw createFileNotFoundError()
        const now = Date.now()
        if (!canOpen({ secret, key, e: query.e, s: query.s, now })) throw createFileLinkError()
        const stat = await app.storage.stat(key)
        if (!stat) throw createFileNotFoundError()

        const etag = `"${stat.size.toString(16)}-${(stat.modifiedAt?.getTime() ?? 0).toString(16)}"`
        const maxAge = key.startsWith(PUBLIC_KEY_PREFIX) ? PUBLIC_MAX_AGE : Math.max(0, Number(query.e) - Math.ceil(now / 1000))
        reply.header('Accept-Ranges', 'bytes')
        reply.header('ETag', etag)
        if (stat.modifiedAt) reply.header('Last-Modified', stat.modifiedAt.toUTCString())
        reply.header('Cache-Control', key.startsWith(PUBLIC_KEY_PREFIX) ? `public, max-age=${maxAge}` : `private, max-age=${maxAge}`)
        if (request.headers['if-none-match'] === etag) return reply.code(304).send()

        // If-Range naming another version: the whole (new) file, not a range of it.
        const ifRange = request.headers['if-range']
        const range = ifRange && ifRange !== etag ? undefined : parseRange(request.headers.range, stat.size)
        if (range === 'unsatisfiable') {
          reply.header('Content-Range', `bytes */${stat.size}`)
          throw createRangeError()
        }
        reply.type(stat.contentType)
        if (request.method === 'HEAD') {
          reply.header('Content-Length', String(range ? range.end - range.start + 1 : stat.size))
          if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
          return reply.send()
        }
        const file = await app.storage.read(key, range)
        if (!file) throw createFileNotFoundError()
        reply.header('Content-Length', String(file.end - file.start + 1))
        if (range) reply.code(206).header('Content-Range', `bytes ${file.start}-${file.end}/${file.size}`)
        return reply.send(file.stream)
      },
    })
  },
  { name: 'files', dependencies: ['services', 'errors'] },
)
