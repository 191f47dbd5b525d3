import { beijingDate, beijingDayStart, PHOTO_SPEC_DEFAULTS, shiftDate } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import { createPhotosRepository } from './photos.repository.ts'

/** The demo's graduation term: 林小雨's batch (2026年1期) collects its photos for 30 days, the usual specification. */
export async function seedGraduationDemo({ db, now = new Date() }: { db: Executor; now?: Date }) {
  await createPhotosRepository({ db }).insertCollection({
    title: '2026年1期毕业照片采集',
    batchYear: 2026,
    batch: 1,
    deadline: beijingDayStart(shiftDate(beijingDate(now), 31)),
    ...PHOTO_SPEC_DEFAULTS,
    createdBy: '教务处演示',
  })
}
