// The adult-exam module's face: what other modules may use (they import nothing else from here).
export { adultExamRoutes } from './adult-exam.routes.ts'
export { seedAdultExamDemo, VOLUNTEER_DEMO } from './adult-exam.seed.ts'
