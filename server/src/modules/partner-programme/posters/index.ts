// The posters module's face: what other modules may use (they import nothing else from here).
export { createPostersRepository } from './posters.repository.ts'
export { postersRoutes } from './posters.routes.ts'
