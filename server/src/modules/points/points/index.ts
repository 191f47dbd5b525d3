// The points and shop module's face (积分, 积分商城): what other modules may use.
// Hooks, each called in the owning module's transaction (they earn once per cause, within the way's daily cap):
// - earnForStudyTime({ db, studentId, day, dayMs, addedMs }): study (each full 30 minutes of a day);
// - earnForExamPassed({ db, studentId, paperId, paperTitle }): exams (once per paper);
// - earnForReferral({ db, clueId }): students' 转为学员 (the clue's partner, through their own student profile).
export { pointsAdminRoutes } from './points.admin.routes.ts'
export { pointsRoutes } from './points.routes.ts'
export { countGoodOrdersForConsole } from './points.goods.ts'
export { countApplicationsForConsole } from './points.records.ts'
export { earnForExamPassed, earnForReferral, earnForStudyTime } from './points.service.ts'
export { seedPointsDemo } from './points.seed.ts'

export { goodOrdersView } from './points.views.ts'
