// The levels module's face: what other modules may use (they import nothing else from here).
export { isUniqueViolation, nextTier, referralBonusFor, tierFor, toLevel } from './levels.service.ts'
export { createLevelsRepository } from './levels.repository.ts'
export { levelsRoutes } from './levels.routes.ts'
export { levelSchema } from './levels.schemas.ts'
export { levels } from './levels.table.ts'
