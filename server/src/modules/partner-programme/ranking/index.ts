// The ranking module's face: what other modules may use (they import nothing else from here).
export { rankingRoutes } from './ranking.routes.ts'
