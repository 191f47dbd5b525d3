// The sessions module's face: what other modules may use (they import nothing else from here).
export { COOKIE_NAMES, createSessionsService, type SessionsService } from './sessions.service.ts'
export { createForbiddenError, createSessionInvalidError } from './sessions.errors.ts'
export { parseSessionChange, SESSION_CHANGED_CHANNEL, SessionCache, sessionChanged } from './session-cache.ts'
export { createSessionsRepository } from './sessions.repository.ts'
export type { FindLiveSession, LiveSession, SessionKind, SessionRow } from './sessions.types.ts'
export { type PendingOpenId } from './sessions.table.ts'
export { sessionsView } from './sessions.views.ts'
