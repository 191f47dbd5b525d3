/**
 * Error codes shared by client and server. SPEC.md section 8 fixes two of them (0 and
 * 100000004); the rest are the back-office's own, stable once published. Feature modules add
 * their refusals with codes from their own range and keep the HTTP status listed here.
 */
export const Code = {
  /** Success: the call resolves with the whole response. */
  ok: 0,
  /** A field is missing, malformed, oversized or out of range. HTTP 400. */
  badRequest: 100000001,
  /** The signed-in user may not do this (role or ownership). HTTP 403. */
  forbidden: 100000003,
  /** No session, or it expired: the client clears user info and app state. HTTP 401. */
  sessionInvalid: 100000004,
  /** The thing asked for does not exist (or is not yours). HTTP 404. */
  notFound: 100000005,
  /** The request conflicts with the current state (duplicate, already done). HTTP 409. */
  conflict: 100000006,
  /** Too many requests: wait and try again. HTTP 429. */
  tooManyRequests: 100000007,
  /** A business rule refused the request. HTTP 422. */
  ruleRefused: 100000008,
  /** An outside service (SMS, WeChat, pay) failed. HTTP 502. */
  upstreamFailed: 100000009,
  /** A high-risk action needs a fresh step-up (二次验证) of the operator's session first. HTTP 403. */
  stepUpRequired: 100000010,
  /** Not ready to serve (the readiness check: database or change feed down, or stopping). HTTP 503. */
  unavailable: 100000503,
  /** Unknown server error; the message never carries internals. HTTP 500. */
  internal: 100000500,
} as const

export type CodeName = keyof typeof Code
export type CodeValue = (typeof Code)[CodeName]

/** The HTTP status each general code travels with. */
export const CODE_HTTP_STATUS: Record<CodeValue, number> = {
  [Code.ok]: 200,
  [Code.badRequest]: 400,
  [Code.forbidden]: 403,
  [Code.sessionInvalid]: 401,
  [Code.notFound]: 404,
  [Code.conflict]: 409,
  [Code.tooManyRequests]: 429,
  [Code.ruleRefused]: 422,
  [Code.upstreamFailed]: 502,
  [Code.stepUpRequired]: 403,
  [Code.unavailable]: 503,
  [Code.internal]: 500,
}
