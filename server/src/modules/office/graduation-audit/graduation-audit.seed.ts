import { beijingDate, shiftDate } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import { createGraduationAuditRepository } from './graduation-audit.repository.ts'

/**
 * The demo's graduation audit: 林小雨's batch (2026年1期) graduates in about 7 months; no required
 * course (the demo's courses are hers to study, not to finish for the demo), so her checklist is her
 * roll, tuition (unpaid until she pays), thesis and photo.
 */
export async function seedGraduationAuditDemo({ db, now = new Date() }: { db: Executor; now?: Date }) {
  await createGraduationAuditRepository({ db }).insertAudit({
    title: '2026年1期毕业审核',
    batchYear: 2026,
    batch: 1,
    graduationDate: shiftDate(beijingDate(now), 210),
    requiredCourseIds: [],
    createdBy: '教务处演示',
  })
}
