// The enroll-targets module's face: what other modules may use (they import nothing else from here).
export { enrollTargetsRoutes } from './enroll-targets.routes.ts'
export { targetStatistics } from './enroll-targets.service.ts'
