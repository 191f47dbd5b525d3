// Fee standards (收费标准): what a school, major and level pays for a kind of fee in a year.
import type { z } from 'zod'
import type { Executor } from '../../../db/types.ts'
import { createStandardInUseError, createStandardNotFoundError } from './fees.errors.ts'
import { createFeesRepository, type FeeStandardRow } from './fees.repository.ts'
import type { createStandardBody } from './fees.schemas.ts'

export type StandardInput = z.infer<typeof createStandardBody>

export async function listStandards({
  db,
  filter,
  page,
  size,
}: {
  db: Executor
  filter: { school?: string; feeKind?: string; academicYear?: string }
  page: number
  size: number
}) {
  return createFeesRepository({ db }).listStandards({ filter, page, size })
}

/** Adds a standard (in the caller's transaction: the route audits it). */
export async function createStandard({ db, input, adminId }: { db: Executor; input: StandardInput; adminId: number }) {
  return createFeesRepository({ db }).insertStandard({
    ...input,
    batchYear: input.batchYear ?? null,
    batch: input.batch ?? null,
    createdBy: adminId,
  })
}

/** Changes a standard (orders raised before keep their amount): the row before and after. */
export async function updateStandard({
  db,
  id,
  values,
}: {
  db: Executor
  id: number
  values: StandardInput
}): Promise<{ before: FeeStandardRow; after: FeeStandardRow }> {
  const repo = createFeesRepository({ db })
  const old = await repo.findStandard({ id })
  if (!old) throw createStandardNotFoundError()
  const row = await repo.updateStandard({
    id,
    values: { ...values, batchYear: values.batchYear ?? null, batch: values.batch ?? null },
  })
  return { before: old, after: row! }
}

/** Deletes a standard no order was raised from: the deleted row. */
export async function deleteStandard({ db, id }: { db: Executor; id: number }) {
  const repo = createFeesRepository({ db })
  const old = await repo.findStandard({ id })
  if (!old) throw createStandardNotFoundError()
  if (await repo.standardUsed({ id: old.id })) throw createStandardInUseError()
  await repo.deleteStandard({ id: old.id })
  return old
}
