import type { Executor } from '../../../db/types.ts'
import { isUniqueViolation } from '../../partner-programme/index.ts'
import { createAppVersionDuplicateError, createAppVersionNotFoundError } from './app-versions.errors.ts'
import { type AppVersionRow, createAppVersionsRepository } from './app-versions.repository.ts'

export interface AppVersionInput {
  platform: string
  version: string
  buildNumber: number
  downloadUrl: string
  releaseNotes: string
  forceUpdate: boolean
  releasedAt?: Date
}

export function toAppVersion(v: AppVersionRow) {
  return {
    id: v.id,
    platform: v.platform,
    version: v.version,
    buildNumber: v.buildNumber,
    downloadUrl: v.downloadUrl,
    releaseNotes: v.releaseNotes,
    forceUpdate: v.forceUpdate,
    releasedAt: v.releasedAt.toISOString(),
  }
}
export const toAdminAppVersion = (v: AppVersionRow) => ({
  ...toAppVersion(v),
  createdAt: v.createdAt.toISOString(),
  updatedAt: v.updatedAt.toISOString(),
})

async function unique<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (isUniqueViolation(error)) throw createAppVersionDuplicateError()
    throw error
  }
}

export async function createAppVersion({ db, input }: { db: Executor; input: AppVersionInput }) {
  return unique(() => createAppVersionsRepository({ db }).insert({ ...input, releasedAt: input.releasedAt ?? new Date() }))
}

/** A missing release time keeps the current one. */
export async function updateAppVersion({ db, id, input }: { db: Executor; id: number; input: AppVersionInput }) {
  const row = await unique(() => createAppVersionsRepository({ db }).update({ id, values: input }))
  if (!row) throw createAppVersionNotFoundError()
  return row
}
