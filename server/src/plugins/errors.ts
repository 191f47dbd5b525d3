import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { isAppError } from '../lib/errors.ts'
import { BASELINE_SECURITY_HEADERS } from '../lib/security-headers.ts'
import { validationMessage } from '../lib/validation-message.ts'
import { Code, type CodeValue } from '../wire.ts'

export const INTERNAL_MESSAGE = '服务器繁忙，请稍后再试'
export const TRUNCATED_UPLOAD_MESSAGE = '上传的文件不完整，请重新上传'
export const MALFORMED_UPLOAD_MESSAGE = '上传内容格式不正确'

/**
 * The multipart parser's own errors carry no code, only a message. A body that ends inside a part
 * (busboy's "Part terminated early due to unexpected end of multipart data", "Unexpected end of
 * form"), or a stream closed before its end (how a cut-off body shows in app.inject, or a client
 * that hung up): truncated. A multipart type without its boundary, a part header it cannot read:
 * malformed. Bad input either way, never a fault of ours.
 */
const TRUNCATED = /unexpected end of (multipart data|form)|terminated early/i
const MALFORMED = /boundary not found|malformed part header/i

/** What is wrong with an upload the parser refused, if that is the error; along the `cause` chain too (a storage gateway may wrap it). */
export function brokenUpload(error: unknown): 'truncated' | 'malformed' | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE' || TRUNCATED.test(e.message)) return 'truncated'
    if (MALFORMED.test(e.message)) return 'malformed'
  }
  return undefined
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度不正确',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容不能为空',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容格式不正确',
  FST_ERR_CTP_EMPTY_TYPE: '请求内容类型不能为空',
  FST_ERR_CTP_INVALID_TYPE: '请求内容类型不正确',
  FST_ERR_BAD_URL: '请求地址不正确',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址过长',
  FST_ERR_ASYNC_CONSTRAINT: '请求无效',
  FST_PARTS_LIMIT: '上传的文件过多',
  FST_FILES_LIMIT: '上传的文件过多',
  FST_FIELDS_LIMIT: '请求字段过多',
  FST_REQ_FILE_TOO_LARGE: '上传的文件过大',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请使用 multipart/form-data 上传文件',
}

function codeForStatus(status: number): CodeValue {
  if (status === 401) return Code.sessionInvalid
  if (status === 403) return Code.forbidden
  if (status === 404) return Code.notFound
  if (status === 409) return Code.conflict
  if (status === 429) return Code.tooManyRequests
  return Code.badRequest
}

function send(reply: FastifyReply, status: number, code: CodeValue, message: string, data: unknown = null) {
  return reply.code(status).type('application/json; charset=utf-8').send({ code, message, data })
}

/**
 * Fastify's `frameworkErrors` option: errors its router raises before a route is chosen (a URL that
 * does not decode, a path parameter over `maxParamLength`) would otherwise be answered with Fastify's
 * own JSON, not the envelope, and without the security headers.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400
  for (const [name, value] of Object.entries(BASELINE_SECURITY_HEADERS)) reply.header(name, value)
  return send(reply, status, Code.badRequest, FASTIFY_MESSAGES[error.code] ?? '请求无效')
}

/** Serves the H5 app's index.html for history-mode deep links; set by the staticH5 plugin. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean

declare module 'fastify' {
  interface FastifyInstance {
    notFoundFallbacks: NotFoundFallback[]
  }
}

/**
 * The one boundary where errors become the `{code, message, data}` envelope: feature errors keep
 * their code and status, validation failures become 400 with a readable Chinese message, client
 * mistakes Fastify detects (body too large, bad JSON, bad content type) stay 4xx, and anything
 * unknown is a 500 whose message carries no internals (the details go to the log).
 */
export const errorsPlugin = fp(
  async (app) => {
    app.decorate('notFoundFallbacks', [] as NotFoundFallback[])

    app.setErrorHandler((thrown: unknown, request, reply) => {
      if (isAppError(thrown)) {
        if (thrown.statusCode >= 500) request.log.error({ err: thrown }, thrown.message)
        return send(reply, thrown.statusCode, thrown.code, thrown.message, thrown.data)
      }
      const error = thrown as FastifyError
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0]
        return send(reply, 400, Code.badRequest, first ? validationMessage(first) : '请求参数不正确')
      }
      if (Array.isArray(error.validation)) {
        const first = error.validation[0]
        return send(reply, 400, Code.badRequest, first ? validationMessage(first) : '请求参数不正确')
      }
      // A multipart body cut short (the client hung up, or sent less than its parts) or unreadable.
      const broken = brokenUpload(error)
      if (broken) return send(reply, 400, Code.badRequest, broken === 'truncated' ? TRUNCATED_UPLOAD_MESSAGE : MALFORMED_UPLOAD_MESSAGE)
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema')
        return send(reply, 500, Code.internal, INTERNAL_MESSAGE)
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500
      if (status >= 400 && status < 500) {
        const message =
          FASTIFY_MESSAGES[error.code] ??
          (error instanceof SyntaxError ? '请求内容格式不正确' : status === 429 ? '请求过于频繁，请稍后再试' : '请求无效')
        return send(reply, status, codeForStatus(status), message)
      }
      request.log.error({ err: error }, 'unhandled error')
      return send(reply, 500, Code.internal, INTERNAL_MESSAGE)
    })

    app.setNotFoundHandler((request, reply) => {
      for (const fallback of app.notFoundFallbacks) if (fallback(request, reply)) return reply
      return send(reply, 404, Code.notFound, '请求的接口不存在')
    })
  },
  { name: 'errors' },
)
