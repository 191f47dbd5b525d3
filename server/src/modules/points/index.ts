// The points area's face: what other areas may use (they import nothing else from here).
export * from './points/index.ts'
