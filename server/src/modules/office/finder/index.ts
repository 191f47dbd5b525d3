// The finder module's face: what other modules may use (they import nothing else from here).
export { finderRoutes } from './finder.routes.ts'
