// The public-config module's face: what other modules may use (they import nothing else from here).
export { publicConfigRoutes } from './public-config.routes.ts'
