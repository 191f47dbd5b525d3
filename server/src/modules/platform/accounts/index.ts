// The accounts module's face: what other modules may use (they import nothing else from here).
export { createNotPartnerError, createNotStudentError } from './accounts.errors.ts'
export { type AccountRow, createAccountsRepository } from './accounts.repository.ts'
export { findUserSession } from './accounts.sessions.ts'
export { createOpenIdBindingsRepository } from './open-id-bindings.repository.ts'
