// The levels module's face: what other modules may use (they import nothing else from here).
export { nextTier, referralBonusFor, tierFor, toLevel } from './levels.service.ts'
export { createLevelsRepository } from './levels.repository.ts'
export { levelsRoutes } from './levels.routes.ts'
export { seedLevelsDemo } from './levels.seed.ts'
export { levelSchema } from './levels.schemas.ts'

export { levelsView } from './levels.views.ts'
