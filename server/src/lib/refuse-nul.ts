import type { preValidationAsyncHookHandler } from 'fastify'
import { createErrorFactory } from './errors.ts'
import { Code } from '../wire.ts'

export const createNulCharacterError = createErrorFactory({
  key: 'request.nulCharacter',
  code: Code.badRequest,
  message: '请求包含无法识别的字符',
})

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1))
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1))
}

/**
 * preValidation hook: PostgreSQL text cannot hold U+0000, so a query or body carrying one is a 400
 * here instead of a 500 from the database.
 */
export const refuseNulCharacters: preValidationAsyncHookHandler = async (request) => {
  if (hasNul(request.query) || hasNul(request.body) || hasNul(request.params)) throw createNulCharacterError()
}
