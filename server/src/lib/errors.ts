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
  /** What the envelope's `data` carries (null unless the refusal has something to show, e.g. the earlier clue). */
  readonly data: unknown
  constructor({
    key,
    code,
    message,
    statusCode,
    data,
  }: {
    key: string
    code: CodeValue
    message: string
    statusCode?: number
    data?: unknown
  }) {
    super(message)
    this.key = key
    this.data = data ?? null
    this.code = code
    this.statusCode = statusCode ?? CODE_HTTP_STATUS[code]
  }
}

export function createError(args: { key: string; code: CodeValue; message: string; statusCode?: number; data?: unknown }): AppError {
  return new AppError(args)
}

/** Declares an error once; calling the factory makes a fresh one, optionally with a specific message. */
export function createErrorFactory(base: { key: string; code: CodeValue; message: string; statusCode?: number }) {
  const factory = (overrides: { message?: string; data?: unknown } = {}) => createError({ ...base, ...overrides })
  factory.key = base.key
  return factory
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}
