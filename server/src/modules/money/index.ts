// The money area's face: what other areas may use (they import nothing else from here).
export * from './fees/index.ts'
export * from './orders/index.ts'
