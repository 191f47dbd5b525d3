import { PRODUCT_NAME } from '@activity/domain'
import { inArray } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { SettingKey } from '../../../wire.ts'
import { settings } from './settings.table.ts'

/** Every setting with its type: what a key holds when no one has set it. */
export const SETTING_DEFAULTS = {
  [SettingKey.commissionUntilTuitionPaid]: false as boolean,
  [SettingKey.receiptPayee]: '学历教育服务中心' as string,
  [SettingKey.receiptSeal]: '' as string,
  [SettingKey.schoolName]: PRODUCT_NAME as string,
  [SettingKey.attendanceOpensMinutes]: 15 as number,
  [SettingKey.attendanceLateMinutes]: 10 as number,
  [SettingKey.attendanceLeaveCounted]: false as boolean,
  [SettingKey.attendanceWarnPercent]: 30 as number,
  [SettingKey.attendanceWarnMinSessions]: 3 as number,
  [SettingKey.attendanceMakeUpPerMonth]: 3 as number,
  [SettingKey.attendanceHolidays]: '' as string,
}
export type Settings = typeof SETTING_DEFAULTS

/** Every setting, stored or default (a stored value of the wrong type reads as the default). */
export async function readSettings({ db }: { db: Executor }): Promise<Settings> {
  const rows = await db.select().from(settings)
  const out: Settings = { ...SETTING_DEFAULTS }
  for (const row of rows) {
    const key = row.key as keyof Settings
    if (key in SETTING_DEFAULTS && typeof row.value === typeof SETTING_DEFAULTS[key]) (out as Record<string, unknown>)[key] = row.value
  }
  return out
}

/** One setting (read by other modules inside their own transaction). */
export async function readSetting<K extends keyof Settings>({ db, key }: { db: Executor; key: K }): Promise<Settings[K]> {
  const [row] = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [key]))
    .limit(1)
  return row && typeof row.value === typeof SETTING_DEFAULTS[key] ? (row.value as Settings[K]) : SETTING_DEFAULTS[key]
}

/** Sets the given settings (one upsert each, in the caller's transaction); answers what they were before. */
export async function writeSettings({
  db,
  values,
  adminId,
}: {
  db: Executor
  values: Partial<Settings>
  adminId: number
}): Promise<{ before: Settings; after: Settings }> {
  const before = await readSettings({ db })
  const now = new Date()
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue
    await db
      .insert(settings)
      .values({ key, value, updatedBy: adminId, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: adminId, updatedAt: now } })
  }
  return { before, after: await readSettings({ db }) }
}
