// The activities module's face: what other modules may use (they import nothing else from here).
export { assertActivityAcceptsClues, findActivity } from './activities.service.ts'
export { createActivityNotFoundError } from './activities.errors.ts'
export { createActivitiesRepository } from './activities.repository.ts'
export { activitiesRoutes } from './activities.routes.ts'
export { seedActivitiesDemo } from './activities.seed.ts'
