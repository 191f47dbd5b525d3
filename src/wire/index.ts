export * from './envelope'
export * from './codes'
export * from './enums'
export * from './categories'
