// The roll area's face: what other areas may use (they import nothing else from here).
export * from './night/index.ts'
export * from './notices/index.ts'
export * from './students/index.ts'
export * from './users/index.ts'
export * from './leave/index.ts'
export * from './attendance/index.ts'
export * from './graduation/index.ts'
export * from './thesis/index.ts'
