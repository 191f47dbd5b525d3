// The office area's face: what other areas may use (they import nothing else from here).
export * from './dashboard/index.ts'
export * from './enroll-targets/index.ts'
export * from './finder/index.ts'
export * from './graduation-audit/index.ts'
export * from './sensitive-data/index.ts'
export * from './staff-home/index.ts'
