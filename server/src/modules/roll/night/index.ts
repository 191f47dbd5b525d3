// The night classes module's face (夜校): what other modules may use.
export { nightRoutes } from './night.routes.ts'

export { seedNightDemo, NIGHT_DEMO } from './night.seed.ts'
export { checkInToken, countClassesForConsole } from './night.service.ts'
