// The site-content module's face: what other modules may use (they import nothing else from here).
export { siteContentRoutes } from './site-content.routes.ts'
export { seedSiteContentDemo } from './site-content.seed.ts'
