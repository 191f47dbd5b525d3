// The admins module's face: what other modules may use (they import nothing else from here).
export { builtinPositionId, createAdmin, createPosition, ensureFirstAdmin, operatorsByIds, operatorsWithRight } from './admins.service.ts'
// The weapp open id an operator bound (教职工 in the app): where their WeChat subscribe messages go.
export { miniOpenIdOfAdmin } from './admins.service.ts'
export { type AdminWithPosition, createAdminsRepository } from './admins.repository.ts'
export { adminsRoutes } from './admins.routes.ts'
// The 招生老师's own poster: their share code, and whose a code is (a prospect's clue is assigned to them).
export { adminOfShareCode, shareCodeOfAdmin } from './admins.share-code.ts'
export { findAdminSession } from './admins.sessions.ts'

export { adminsView, positionsView } from './admins.views.ts'
