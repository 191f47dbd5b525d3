import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'

/** Native app releases offered on /pages/main/appDownload; the latest released build per platform wins. */
export const appVersions = pgTable(
  'app_versions',
  {
    id: id(),
    /** AppPlatform: android | ios. */
    platform: text('platform').notNull(),
    /** Shown to people, e.g. 1.4.2. */
    version: text('version').notNull(),
    /** Compared to decide what is newer. */
    buildNumber: integer('build_number').notNull(),
    downloadUrl: text('download_url').notNull(),
    releaseNotes: text('release_notes').notNull(),
    forceUpdate: boolean('force_update').notNull().default(false),
    /** Offered from this instant (a future time schedules the release). */
    releasedAt: ts('released_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('app_versions_platform_build_uq').on(t.platform, t.buildNumber),
    uniqueIndex('app_versions_platform_version_uq').on(t.platform, t.version),
    index('app_versions_platform_released_idx').on(t.platform, t.releasedAt),
  ],
)
