// The admins module's face: what other modules may use (they import nothing else from here).
export { builtinPositionId, createAdmin, createPosition, ensureFirstAdmin, operatorsWithRight } from './admins.service.ts'
export { type AdminWithPosition, createAdminsRepository } from './admins.repository.ts'
export { adminsRoutes } from './admins.routes.ts'
export { findAdminSession } from './admins.sessions.ts'

export { adminsView, positionsView } from './admins.views.ts'
