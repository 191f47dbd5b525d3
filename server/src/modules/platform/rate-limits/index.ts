// The rate-limits module's face: what other modules may use (they import nothing else from here).
export { countHit, createDatabaseStore, deleteEndedWindows } from './rate-limits.store.ts'
