// The sensitive-data module's face: what other modules may use (they import nothing else from here).
export { sensitiveDataRoutes } from './sensitive-data.routes.ts'
export { countLookup, type LookedUp, recordLookup } from './sensitive-data.service.ts'
