// What a database error is, by its SQLSTATE and constraint name, never by its message's words.
// postgres.js (PostgresError: code, constraint_name) and PGlite (DatabaseError: code, constraint)
// throw their own errors; Drizzle wraps them (DrizzleQueryError, the driver's error as `cause`).

/** The SQLSTATE codes the server reacts to. */
export const SqlState = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  exclusionViolation: '23P01',
  serializationFailure: '40001',
} as const

interface DriverError {
  code: string
  constraint?: string
}

/** The driver's error inside `error` (itself, or a cause down the chain), when it carries a SQLSTATE. */
export function driverError(error: unknown): DriverError | undefined {
  for (let e = error, depth = 0; e !== null && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint, constraint_name } = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const name = typeof constraint === 'string' ? constraint : typeof constraint_name === 'string' ? constraint_name : undefined
      return { code, constraint: name }
    }
  }
  return undefined
}

/** A unique index refused the write (of `constraint`, when given: the index's name). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = driverError(error)
  return found?.code === SqlState.uniqueViolation && (constraint === undefined || found.constraint === constraint)
}

/** The unique index a write ran into (undefined when the error is not a unique violation). */
export function violatedUniqueIndex(error: unknown): string | undefined {
  const found = driverError(error)
  return found?.code === SqlState.uniqueViolation ? found.constraint : undefined
}

/** A check constraint refused the write (of `constraint`, when given: the constraint's name). */
export function isCheckViolation(error: unknown, constraint?: string): boolean {
  const found = driverError(error)
  return found?.code === SqlState.checkViolation && (constraint === undefined || found.constraint === constraint)
}

/** An exclusion constraint refused the write (of `constraint`, when given: the constraint's name). */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  const found = driverError(error)
  return found?.code === SqlState.exclusionViolation && (constraint === undefined || found.constraint === constraint)
}
