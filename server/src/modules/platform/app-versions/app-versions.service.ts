import type { Executor } from '../../../db/types.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
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

/** The highest build released for a platform by `now`. */
export async function latestAppVersion({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createAppVersionsRepository>['latest']>[0]) {
  return createAppVersionsRepository({ db }).latest(query)
}

/** The versions, by platform, a page. */
export async function listAppVersions({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createAppVersionsRepository>['list']>[0]) {
  return createAppVersionsRepository({ db }).list(query)
}

/** One version. */
export async function findAppVersion({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createAppVersionsRepository>['findById']>[0]) {
  return createAppVersionsRepository({ db }).findById(query)
}

/** Removes a version (false: there was none). */
export async function deleteAppVersion({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createAppVersionsRepository>['delete']>[0]) {
  return createAppVersionsRepository({ db }).delete(query)
}
