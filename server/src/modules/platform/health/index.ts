// The health module's face: what other modules may use (they import nothing else from here).
export { healthRoutes } from './health.routes.ts'
