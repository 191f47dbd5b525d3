// The graduation audit's face (毕业审核, 毕业预览, 毕业生): it reads every area below it (the roll,
// tuition, courses and exams, the thesis and the photo) for each student's checklist.
export { graduationAuditRoutes } from './graduation-audit.routes.ts'
export { graduationApprovalKind } from './graduation-audit.service.ts'
export { seedGraduationAuditDemo } from './graduation-audit.seed.ts'
