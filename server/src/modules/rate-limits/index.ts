// The rate-limits module's face: what other modules may use (they import nothing else from here).
export { createDatabaseStore, deleteEndedWindows } from './rate-limits.store.ts'
