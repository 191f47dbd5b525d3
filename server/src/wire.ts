/** The shared wire types (../../src/wire), imported once here so server code has one path to them. */
export * from '../../src/wire/index.ts'
