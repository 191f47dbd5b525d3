// The audit module's face: what other modules may use (they import nothing else from here).
export { type Actor, actorOf, audited, auditEntriesFor, type ReasonedAct, recordAudit } from './audit.service.ts'
export { createAuditRepository } from './audit.repository.ts'
export { auditRoutes } from './audit.routes.ts'
export { auditedDeleteRoute } from './audited-delete.ts'
