// The team module's face: what other modules may use (they import nothing else from here).
export { teamRoutes } from './team.routes.ts'
