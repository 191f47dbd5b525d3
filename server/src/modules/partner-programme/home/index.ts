// The home module's face: what other modules may use (they import nothing else from here).
export { homeRoutes } from './home.routes.ts'
