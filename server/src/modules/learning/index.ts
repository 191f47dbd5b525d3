// The learning area's face: what other areas may use (they import nothing else from here).
export * from './courses/index.ts'
export * from './exams/index.ts'
export * from './practice/index.ts'
export * from './question-bank/index.ts'
export * from './student-questions/index.ts'
export * from './study/index.ts'
export * from './study-report/index.ts'
