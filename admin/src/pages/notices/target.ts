/**
 * A notice's target as the form holds it and as the server takes it (pure; target.test.ts): only
 * the fields set are sent, each one narrowing the audience; none set addresses every student.
 */
export const TARGET_FIELDS = ['targetSchool', 'targetMajor', 'targetLevel', 'targetBatchYear', 'targetBatch'] as const
export type TargetField = (typeof TARGET_FIELDS)[number]
export type TargetValues = Partial<Record<TargetField, string | number | null | undefined>>

/** The target fields that are set, trimmed. */
export function targetQuery(values: TargetValues): Partial<Record<TargetField, string | number>> {
  const out: Partial<Record<TargetField, string | number>> = {}
  for (const field of TARGET_FIELDS) {
    const raw = values[field]
    const value = typeof raw === 'string' ? raw.trim() : raw
    if (value !== undefined && value !== null && value !== '') out[field] = value
  }
  return out
}

/** The same target for an update: an unset field sent empty, so a restriction taken away is cleared on the server. */
export function targetBody(values: TargetValues): Record<TargetField, string | number> {
  const set = targetQuery(values)
  return Object.fromEntries(TARGET_FIELDS.map((f) => [f, set[f] ?? ''])) as Record<TargetField, string | number>
}

/** A cache key for an audience count: the same target asks once. */
export function targetKey(values: TargetValues): string {
  return JSON.stringify(targetQuery(values))
}
