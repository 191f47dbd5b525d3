// The app-versions module's face: what other modules may use (they import nothing else from here).
export { appVersionsRoutes } from './app-versions.routes.ts'
export { seedAppVersionsDemo } from './app-versions.seed.ts'
