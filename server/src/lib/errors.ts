import { CODE_HTTP_STATUS, type CodeValue } from '../wire.ts'

/**
 * A refusal a feature declares once (papra's createErrorFactory): a stable wire code, the
 * message a person reads, and the HTTP status. The one error handler turns it into the envelope.
 */
export class AppError extends Error {
  override name = 'AppError'
  readonly code: CodeValue
  readonly statusCode: number
  readonly key: string
  constructor({ key, code, message, statusCode }: { key: string; code: CodeValue; message: string; statusCode?: number }) {
    super(message)
    this.key = key
    this.code = code
    this.statusCode = statusCode ?? CODE_HTTP_STATUS[code]
  }
}

export function createError(args: { key: string; code: CodeValue; message: string; statusCode?: number }): AppError {
  return new AppError(args)
}

/** Declares an error once; calling the factory makes a fresh one, optionally with a specific message. */
export function createErrorFactory(base: { key: string; code: CodeValue; message: string; statusCode?: number }) {
  const factory = (overrides: { message?: string } = {}) => createError({ ...base, ...overrides })
  factory.key = base.key
  return factory
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}
