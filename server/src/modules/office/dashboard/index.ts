// The dashboard module's face: what other modules may use (they import nothing else from here).
export { dashboardRoutes } from './dashboard.routes.ts'
