import type { Executor } from '../../../db/types.ts'
import { createStudyLiveRepository } from './study.live.repository.ts'
import { createStudyProgressRepository } from './study.progress.repository.ts'
import { createStudyReportsRepository } from './study.reports.repository.ts'

export { type SectionAccess, type ProgressRow } from './study.progress.repository.ts'
export { type AttendanceRow } from './study.live.repository.ts'
export { type CourseReportRow } from './study.reports.repository.ts'

/** The study module's queries, one file per concern (the player's progress, live classes, the office's reports). */
export function createStudyRepository({ db }: { db: Executor }) {
  return { ...createStudyProgressRepository({ db }), ...createStudyLiveRepository({ db }), ...createStudyReportsRepository({ db }) }
}
type StudyRepository = ReturnType<typeof createStudyRepository>
export type MyCourseRow = NonNullable<Awaited<ReturnType<StudyRepository['enrolment']>>>
